// RUN: hlo-opt %s --hlo-decompose-chlo -split-input-file -verify-diagnostics

// A ragged batching dimension has no decomposition: a located error rather
// than an op no later pass can lower.
func.func @ragged_batch(%lhs: tensor<6x2x5xf32>, %rhs: tensor<6x5x7xf32>, %sizes: tensor<3xi64>) -> tensor<6x2x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op with a ragged batching dimension is not supported (only ragged non-contracting and contracting dimensions)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0]>
  } : (tensor<6x2x5xf32>, tensor<6x5x7xf32>, tensor<3xi64>) -> tensor<6x2x7xf32>
  return %0 : tensor<6x2x7xf32>
}

// -----

func.func @scan_dynamic(%x: tensor<?xi32>, %init: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'chlo.scan' op expects static shapes to be decomposed}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    %s = hlo.add %a, %c : tensor<i32>
    hlo.return %s, %s : tensor<i32>, tensor<i32>
  } : (tensor<?xi32>, tensor<i32>) -> (tensor<?xi32>, tensor<i32>)
  return %0#1 : tensor<i32>
}

// -----

func.func @ragged_dynamic(%lhs: tensor<?x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) -> tensor<?x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op expects static shapes to be decomposed}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<?x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}
