// layernorm over the rows of f32[4096, 4096]: (x - mean) * rsqrt(var + 1e-5)
// * gamma + beta, with the variance of the centered values.
func.func @main(%x: tensor<4096x4096xf32>, %g: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096x4096xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<4096.0> : tensor<4096xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<4096xf32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %mean = hlo.divide %sum, %n : tensor<4096xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %c = hlo.subtract %x, %meanb : tensor<4096x4096xf32>
  %sq = hlo.multiply %c, %c : tensor<4096x4096xf32>
  %vs = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %var = hlo.divide %vs, %n : tensor<4096xf32>
  %ve = hlo.add %var, %eps : tensor<4096xf32>
  %rs = hlo.rsqrt %ve : tensor<4096xf32>
  %rsb = hlo.broadcast_in_dim %rs, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %norm = hlo.multiply %c, %rsb : tensor<4096x4096xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %s = hlo.multiply %norm, %gb : tensor<4096x4096xf32>
  %r = hlo.add %s, %bb : tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
