func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<1.0> : tensor<1xf32>
  %b = hlo.broadcast_in_dim %c, dims = [0] : (tensor<1xf32>) -> tensor<?xf32>
  %y = hlo.add %b, %x : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
