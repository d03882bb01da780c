// hlo-expand-rng reports the ops it cannot expand instead of leaving them
// to fail later.
// RUN: hlo-opt %s -split-input-file --hlo-expand-rng -verify-diagnostics

func.func @dynamic_output(%s: tensor<2xui64>) -> tensor<?xui32> {
  // expected-error@+1 {{'hlo.rng_bit_generator' op cannot be expanded: it needs static shapes}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<?xui32>)
  return %0#1 : tensor<?xui32>
}

// -----

func.func @f6_output(%s: tensor<2xui64>) -> tensor<4xf6E2M3FN> {
  // expected-error@+1 {{'hlo.rng_bit_generator' op cannot be expanded: it needs an output element type of 2, 4, 8, 16, 32 or 64 bits}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf6E2M3FN>)
  return %0#1 : tensor<4xf6E2M3FN>
}

// -----

func.func @dynamic_rng(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error@+1 {{'hlo.rng' op cannot be expanded: it needs a static result shape}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
