// Grouped, depthwise and batch-grouped convolutions for tiled-execute.test:
// groups 2, 4 and 3, depthwise with channel multipliers 1 and 2,
// batch_group_count 2; strided, padded, dilated; NHWC and NCHW; odd sizes;
// f32, f16 and i32.
func.func @main(%a: tensor<1x10x10x8xf32>, %fa: tensor<3x3x4x64xf32>,
                %b: tensor<2x12x9x7xf32>, %fb: tensor<20x3x3x3xf32>,
                %c: tensor<1x11x13x24xf32>, %fc: tensor<3x3x1x24xf32>,
                %d: tensor<2x9x10x5xf32>, %fd: tensor<3x3x1x10xf32>,
                %e: tensor<1x6x15x14xf32>, %fe: tensor<12x1x5x5xf32>,
                %f: tensor<2x7x10x10xf32>, %ff: tensor<7x1x3x3xf32>,
                %g: tensor<4x7x7x6xf32>, %fg: tensor<3x3x6x10xf32>, %fg2: tensor<3x3x6x40xf32>,
                %h: tensor<1x8x8x16xf16>, %fh: tensor<3x3x1x16xf16>,
                %i: tensor<1x6x6x6xi32>, %fi: tensor<2x2x2x9xi32>)
    -> (tensor<1x8x8x64xf32>, tensor<2x20x5x4xf32>, tensor<1x11x13x24xf32>, tensor<2x9x10x10xf32>,
        tensor<1x12x8x7xf32>, tensor<2x7x8x8xf32>, tensor<2x5x5x10xf32>, tensor<2x5x5x40xf32>,
        tensor<1x8x8x16xf16>, tensor<1x5x5x9xi32>) {
  %0 = stablehlo.convolution(%a, %fa) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x10x10x8xf32>, tensor<3x3x4x64xf32>) -> tensor<1x8x8x64xf32>
  %1 = stablehlo.convolution(%b, %fb) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x12x9x7xf32>, tensor<20x3x3x3xf32>) -> tensor<2x20x5x4xf32>
  %2 = stablehlo.convolution(%c, %fc) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 24 : i64} : (tensor<1x11x13x24xf32>, tensor<3x3x1x24xf32>) -> tensor<1x11x13x24xf32>
  %3 = stablehlo.convolution(%d, %fd) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[2, 2], [2, 2]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 5 : i64} : (tensor<2x9x10x5xf32>, tensor<3x3x1x10xf32>) -> tensor<2x9x10x10xf32>
  %4 = stablehlo.convolution(%e, %fe) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[2, 2], [2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 6 : i64} : (tensor<1x6x15x14xf32>, tensor<12x1x5x5xf32>) -> tensor<1x12x8x7xf32>
  %5 = stablehlo.convolution(%f, %ff) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 7 : i64} : (tensor<2x7x10x10xf32>, tensor<7x1x3x3xf32>) -> tensor<2x7x8x8xf32>
  %6 = stablehlo.convolution(%g, %fg) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x7x7x6xf32>, tensor<3x3x6x10xf32>) -> tensor<2x5x5x10xf32>
  %7 = stablehlo.convolution(%g, %fg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x7x7x6xf32>, tensor<3x3x6x40xf32>) -> tensor<2x5x5x40xf32>
  %8 = stablehlo.convolution(%h, %fh) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64} : (tensor<1x8x8x16xf16>, tensor<3x3x1x16xf16>) -> tensor<1x8x8x16xf16>
  %9 = stablehlo.convolution(%i, %fi) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x6x6x6xi32>, tensor<2x2x2x9xi32>) -> tensor<1x5x5x9xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<1x8x8x64xf32>, tensor<2x20x5x4xf32>, tensor<1x11x13x24xf32>, tensor<2x9x10x10xf32>, tensor<1x12x8x7xf32>, tensor<2x7x8x8xf32>, tensor<2x5x5x10xf32>, tensor<2x5x5x40xf32>, tensor<1x8x8x16xf16>, tensor<1x5x5x9xi32>
}
