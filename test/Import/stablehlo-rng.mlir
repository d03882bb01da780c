// rng_bit_generator and rng as JAX writes them (StableHLO's pretty syntax)
// and in the generic form import by respelling and print back.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK: %output_state, %output = hlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
// CHECK: hlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
// CHECK: hlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui8>)
// CHECK: hlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
// CHECK: hlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<5xf32>
func.func public @main(%arg0: tensor<2xui64>) -> (tensor<2xui64> {jax.result_info = "result[0]"}, tensor<2x2xui64> {jax.result_info = "result[1]"}) {
  %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
  %1:2 = "stablehlo.rng_bit_generator"(%arg0) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui8>)
  %a = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.constant dense<2> : tensor<i32>
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %2 = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %m = stablehlo.constant dense<0.0> : tensor<f32>
  %sd = stablehlo.constant dense<1.0> : tensor<f32>
  %s5 = stablehlo.constant dense<[5]> : tensor<1xi64>
  %3 = stablehlo.rng %m, %sd, %s5, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<5xf32>
  return %output_state, %output : tensor<2xui64>, tensor<2x2xui64>
}
