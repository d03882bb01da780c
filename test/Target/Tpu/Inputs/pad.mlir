// Pads of generated arrays (execute-pad.mlir): a 3-D f32 array with
// interior padding of its leading dimensions and a negative high padding
// of its last, an i8 matrix padded by more than a register.
func.func @main(%x: tensor<3x5x140xf32>, %v: tensor<f32>, %i: tensor<7x9xi8>, %c: tensor<i8>) -> (tensor<8x14x139xf32>, tensor<40x140xi8>) {
  %0 = hlo.pad %x, %v, low = [1, 0, 2], high = [2, 1, -3], interior = [1, 2, 0] : (tensor<3x5x140xf32>, tensor<f32>) -> tensor<8x14x139xf32>
  %1 = hlo.pad %i, %c, low = [30, 1], high = [3, 130], interior = [0, 0] : (tensor<7x9xi8>, tensor<i8>) -> tensor<40x140xi8>
  return %0, %1 : tensor<8x14x139xf32>, tensor<40x140xi8>
}
