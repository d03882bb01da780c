// An MLP layer relu(x . W + b), x f32[4096, 1024], W f32[1024, 1024].
func.func @main(%x: tensor<4096x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4096x1024xf32>, tensor<1024x1024xf32>) -> tensor<4096x1024xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xf32>) -> tensor<4096x1024xf32>
  %a = hlo.add %d, %bb : tensor<4096x1024xf32>
  %z = hlo.constant dense<0.0> : tensor<4096x1024xf32>
  %r = hlo.maximum %a, %z : tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
