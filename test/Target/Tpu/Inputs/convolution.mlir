// Convolutions of generated arrays (execute-convolution.mlir runs it on the
// simulator and the CPU path): a padded NHWC 3x3 convolution with a ReLU
// epilogue, a strided 1x1 NCHW one and a 1-D NCW one with a dilated kernel.
func.func @main(%x: tensor<2x5x6x3xf32>, %k: tensor<3x3x3x4xf32>, %y: tensor<2x8x9x7xf32>,
                %g: tensor<5x8x1x1xf32>, %v: tensor<2x3x9xf32>, %w: tensor<4x3x3xf32>)
    -> (tensor<2x5x6x4xf32>, tensor<2x5x5x4xf32>, tensor<2x4x5xf32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x6x4xf32>
  %z = hlo.constant dense<0.0> : tensor<2x5x6x4xf32>
  %1 = hlo.maximum %0, %z : tensor<2x5x6x4xf32>
  %2 = hlo.convolution(%y, %g) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x9x7xf32>, tensor<5x8x1x1xf32>) -> tensor<2x5x5x4xf32>
  %3 = hlo.convolution(%v, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x9xf32>, tensor<4x3x3xf32>) -> tensor<2x4x5xf32>
  return %1, %2, %3 : tensor<2x5x6x4xf32>, tensor<2x5x5x4xf32>, tensor<2x4x5xf32>
}
