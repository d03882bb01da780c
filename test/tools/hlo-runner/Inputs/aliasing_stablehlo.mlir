// StableHLO as JAX writes donation: tf.aliasing_output and jax.buffer_donor.
func.func public @main(%a: tensor<3xf32> {tf.aliasing_output = 1 : i32}, %b: tensor<3xf32> {jax.buffer_donor = true}) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.multiply %a, %b : tensor<3xf32>
  %1 = stablehlo.subtract %a, %b : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
