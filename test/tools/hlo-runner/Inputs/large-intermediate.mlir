// A scalar in, a scalar out, and 4 TB in between (input of
// ../max-memory.test).
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %b = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1000000x1000000xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%b init: %z) applies hlo.add across dimensions = [0, 1] : (tensor<1000000x1000000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
