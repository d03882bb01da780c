func.func @main(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<64x512xf32>, tensor<f32>) -> tensor<64xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<64xf32>) -> tensor<64x512xf32>
  %sub = hlo.subtract %x, %maxb : tensor<64x512xf32>
  %exp = hlo.exponential %sub : tensor<64x512xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<64x512xf32>, tensor<f32>) -> tensor<64xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<64xf32>) -> tensor<64x512xf32>
  %div = hlo.divide %exp, %sumb : tensor<64x512xf32>
  return %div : tensor<64x512xf32>
}
