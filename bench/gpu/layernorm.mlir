// Layernorm over the rows of f32[8192, 8192].
func.func @main(%x: tensor<8192x8192xf32>, %g: tensor<8192xf32>, %b: tensor<8192xf32>) -> tensor<8192x8192xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<8192.0> : tensor<8192xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<8192xf32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8192x8192xf32>, tensor<f32>) -> tensor<8192xf32>
  %mean = hlo.divide %sum, %n : tensor<8192xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %c = hlo.subtract %x, %meanb : tensor<8192x8192xf32>
  %sq = hlo.multiply %c, %c : tensor<8192x8192xf32>
  %vs = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<8192x8192xf32>, tensor<f32>) -> tensor<8192xf32>
  %var = hlo.divide %vs, %n : tensor<8192xf32>
  %ve = hlo.add %var, %eps : tensor<8192xf32>
  %rs = hlo.rsqrt %ve : tensor<8192xf32>
  %rsb = hlo.broadcast_in_dim %rs, dims = [0] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %norm = hlo.multiply %c, %rsb : tensor<8192x8192xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %s = hlo.multiply %norm, %gb : tensor<8192x8192xf32>
  %r = hlo.add %s, %bb : tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
