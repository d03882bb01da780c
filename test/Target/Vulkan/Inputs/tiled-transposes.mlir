// Transposes for tiled-execute.test: 2-D, 3-D and 4-D permutations that
// move the contiguous dimension, sizes that are not multiples of the tile,
// several element types, and a transpose fused with elementwise work.
func.func @main(%a: tensor<33x65xf32>, %b: tensor<3x40x17xf16>, %c: tensor<9x31x2x12xi8>, %d: tensor<20x70xf64>, %e: tensor<48x16xbf16>, %f: tensor<33x65xf32>, %g: tensor<40x40xf32>) -> (tensor<65x33xf32>, tensor<17x3x40xf16>, tensor<12x31x2x9xi8>, tensor<70x20xf64>, tensor<16x48xbf16>, tensor<65x33xf32>, tensor<40x40xf32>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<33x65xf32>) -> tensor<65x33xf32>
  %1 = stablehlo.transpose %b, dims = [2, 0, 1] : (tensor<3x40x17xf16>) -> tensor<17x3x40xf16>
  %2 = stablehlo.transpose %c, dims = [3, 1, 2, 0] : (tensor<9x31x2x12xi8>) -> tensor<12x31x2x9xi8>
  %3 = stablehlo.transpose %d, dims = [1, 0] : (tensor<20x70xf64>) -> tensor<70x20xf64>
  %4 = stablehlo.transpose %e, dims = [1, 0] : (tensor<48x16xbf16>) -> tensor<16x48xbf16>
  %s = stablehlo.add %a, %f : tensor<33x65xf32>
  %t = stablehlo.transpose %s, dims = [1, 0] : (tensor<33x65xf32>) -> tensor<65x33xf32>
  %5 = stablehlo.multiply %t, %0 : tensor<65x33xf32>
  %6 = stablehlo.transpose %g, dims = [1, 0] : (tensor<40x40xf32>) -> tensor<40x40xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<65x33xf32>, tensor<17x3x40xf16>, tensor<12x31x2x9xi8>, tensor<70x20xf64>, tensor<16x48xbf16>, tensor<65x33xf32>, tensor<40x40xf32>
}
