// A dot and a softmax of its product: two kernels for hlo-runner --profile.
func.func @main(%a: tensor<64x96xf32>, %b: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  %init = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%d init: %init) applies hlo.maximum across dimensions = [1] : (tensor<64x80xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x80xf32>
  %s = hlo.subtract %d, %mb : tensor<64x80xf32>
  %e = hlo.exponential %s : tensor<64x80xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<64x80xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<64xf32>) -> tensor<64x80xf32>
  %r = hlo.divide %e, %sb : tensor<64x80xf32>
  return %r : tensor<64x80xf32>
}
