// Copies and an elementwise kernel on generated inputs (execute-copy.mlir).
func.func @main(%x: tensor<4x20x300xf32>, %y: tensor<3x130xi32>) -> (tensor<2x3x3xf32>, tensor<300x4x20xf32>, tensor<4x20x300xf32>, tensor<6x130xi32>) {
  %0 = hlo.slice %x [1:4:2, 3:20:8, 7:300:100] : (tensor<4x20x300xf32>) -> tensor<2x3x3xf32>
  %1 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<4x20x300xf32>) -> tensor<300x4x20xf32>
  %2 = hlo.add %x, %x : tensor<4x20x300xf32>
  %3 = hlo.reverse %2, dims = [1] : tensor<4x20x300xf32>
  %4 = hlo.concatenate %y, %y, dim = 0 : (tensor<3x130xi32>, tensor<3x130xi32>) -> tensor<6x130xi32>
  return %0, %1, %3, %4 : tensor<2x3x3xf32>, tensor<300x4x20xf32>, tensor<4x20x300xf32>, tensor<6x130xi32>
}
