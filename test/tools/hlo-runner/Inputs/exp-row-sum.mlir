// An input fusion (multiply, exponential, row sum) whose fused reduction
// sums in another order than the unfused reference: equal within the
// default tolerance, not bit for bit. (Rows of 1001: the fused row sum is
// vectorized with a one-element tail, the unfused reduce, whose length has
// no power-of-two divisor, sums element by element.)
func.func @main(%a: tensor<4x1001xf32>, %b: tensor<4x1001xf32>) -> tensor<4xf32> {
  %m = hlo.multiply %a, %b : tensor<4x1001xf32>
  %e = hlo.exponential %m : tensor<4x1001xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [1] : (tensor<4x1001xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
