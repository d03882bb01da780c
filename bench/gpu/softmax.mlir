// Row softmax of f32[8192, 8192] (max-shifted, as JAX writes it): one block
// per row on the GPU; gpu-peers softmax is its yardstick.
func.func @main(%x: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8192x8192xf32>, tensor<f32>) -> tensor<8192xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %sub = hlo.subtract %x, %maxb : tensor<8192x8192xf32>
  %exp = hlo.exponential %sub : tensor<8192x8192xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<8192x8192xf32>, tensor<f32>) -> tensor<8192xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<8192xf32>) -> tensor<8192x8192xf32>
  %div = hlo.divide %exp, %sumb : tensor<8192x8192xf32>
  return %div : tensor<8192x8192xf32>
}
