// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @close_needs_floats(%a: tensor<3xi32>) {
  // expected-error @+1 {{'check.expect_close' op needs float or complex elements, found 'i32'}}
  check.expect_close %a, %a : tensor<3xi32>, tensor<3xi32>
  return
}

// -----

func.func @close_types_differ(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'check.expect_close' op compares values of different types 'tensor<3xf32>' and 'tensor<4xf32>'}}
  check.expect_close %a, %b : tensor<3xf32>, tensor<4xf32>
  return
}

// -----

func.func @close_negative_ulps(%a: tensor<3xf32>) {
  // expected-error @+1 {{max_ulp_difference must be non-negative}}
  check.expect_close %a, %a, max_ulp_difference = -1 : tensor<3xf32>, tensor<3xf32>
  return
}

// -----

func.func @eq_const_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_eq_const' op failed to verify that all of {actual, value} have same type}}
  "check.expect_eq_const"(%a) <{value = dense<[1, 2, 3]> : tensor<3xi32>}> : (tensor<2xi32>) -> ()
  return
}

// -----

func.func @probe_changes_type(%a: tensor<3xf32>) {
  // expected-error @+1 {{failed to verify that all of {operand, result} have same type}}
  %0 = "check.probe"(%a) {probe_id = "p"} : (tensor<3xf32>) -> tensor<3xf16>
  return
}
