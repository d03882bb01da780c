// hlo.rng_bit_generator and hlo.rng in StableHLO's pretty syntax and the
// generic form parse, verify and print back in the pretty form.
// RUN: hlo-opt %s | FileCheck %s
// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// RUN: hlo-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @bit_generator
// CHECK: %output_state, %output = hlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
// CHECK: hlo.rng_bit_generator %arg1, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui8>)
// CHECK: hlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<f32>)
// CHECK: hlo.rng_bit_generator %arg0, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x?xi16>)
// GENERIC: "hlo.rng_bit_generator"(%{{.*}}) <{rng_algorithm = #hlo<rng_algorithm THREE_FRY>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
func.func @bit_generator(%s: tensor<2xui64>, %s3: tensor<3xui64>) -> (tensor<2xui64>, tensor<2x2xui64>) {
  %output_state, %output = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %0:2 = hlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui8>)
  %1:2 = "hlo.rng_bit_generator"(%s) {rng_algorithm = #hlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<f32>)
  %2:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x?xi16>)
  return %output_state, %output : tensor<2xui64>, tensor<2x2xui64>
}

// CHECK-LABEL: func.func @rng
// CHECK: hlo.rng %arg0, %arg1, %{{.*}}, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
// CHECK: hlo.rng %arg2, %arg3, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
// CHECK: hlo.rng %arg4, %arg4, %arg5, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<?xi64>) -> tensor<4xi1>
// GENERIC: "hlo.rng"(%{{.*}}, %{{.*}}, %{{.*}}) <{rng_distribution = #hlo<rng_distribution UNIFORM>}>
func.func @rng(%a: tensor<i32>, %b: tensor<i32>, %m: tensor<f32>, %sd: tensor<f32>, %p: tensor<i1>, %dyn: tensor<?xi64>) -> (tensor<3x3xi32>, tensor<3x3xf32>) {
  %shape = hlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %1 = "hlo.rng"(%m, %sd, %shape) {rng_distribution = #hlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %2 = hlo.rng %p, %p, %dyn, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<?xi64>) -> tensor<4xi1>
  return %0, %1 : tensor<3x3xi32>, tensor<3x3xf32>
}
