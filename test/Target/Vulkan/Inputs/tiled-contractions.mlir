// Dots and convolutions for tiled-execute.test: odd M/N/K, batched, bf16,
// i32, f64; convolutions strided, padded, dilated, grouped, NHWC and NCHW.
func.func @main(%a: tensor<33x70xf32>, %b: tensor<70x47xf32>, %c: tensor<3x20x37xf32>, %d: tensor<3x37x18xf32>, %e: tensor<40x64xbf16>, %f: tensor<64x24xbf16>, %g: tensor<20x30xi32>, %h: tensor<30x17xi32>, %i: tensor<17x33xf64>, %j: tensor<33x19xf64>, %k: tensor<2x13x11x6xf32>, %l: tensor<3x3x6x20xf32>, %m: tensor<2x6x12x10xf32>, %n: tensor<24x3x3x3xf32>, %o: tensor<1x9x9x4xf16>, %p: tensor<3x3x4x17xf16>) -> (tensor<33x47xf32>, tensor<3x20x18xf32>, tensor<40x24xbf16>, tensor<20x17xi32>, tensor<17x19xf64>, tensor<2x7x6x20xf32>, tensor<2x10x7x20xf32>, tensor<2x24x6x4xf32>, tensor<1x9x9x17xf16>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<33x70xf32>, tensor<70x47xf32>) -> tensor<33x47xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x20x37xf32>, tensor<3x37x18xf32>) -> tensor<3x20x18xf32>
  %2 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<40x64xbf16>, tensor<64x24xbf16>) -> tensor<40x24xbf16>
  %3 = stablehlo.dot_general %g, %h, contracting_dims = [1] x [0] : (tensor<20x30xi32>, tensor<30x17xi32>) -> tensor<20x17xi32>
  %4 = stablehlo.dot_general %i, %j, contracting_dims = [1] x [0] : (tensor<17x33xf64>, tensor<33x19xf64>) -> tensor<17x19xf64>
  %5 = stablehlo.convolution(%k, %l) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x13x11x6xf32>, tensor<3x3x6x20xf32>) -> tensor<2x7x6x20xf32>
  %6 = stablehlo.convolution(%k, %l) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [2, 2], pad = [[1, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x13x11x6xf32>, tensor<3x3x6x20xf32>) -> tensor<2x10x7x20xf32>
  %7 = stablehlo.convolution(%m, %n) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x6x12x10xf32>, tensor<24x3x3x3xf32>) -> tensor<2x24x6x4xf32>
  %8 = stablehlo.convolution(%o, %p) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf16>, tensor<3x3x4x17xf16>) -> tensor<1x9x9x17xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<33x47xf32>, tensor<3x20x18xf32>, tensor<40x24xbf16>, tensor<20x17xi32>, tensor<17x19xf64>, tensor<2x7x6x20xf32>, tensor<2x10x7x20xf32>, tensor<2x24x6x4xf32>, tensor<1x9x9x17xf16>
}
