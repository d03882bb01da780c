// RUN: hlo-opt %s -split-input-file --hlo-canonicalize -verify-diagnostics
// RUN: not hlo-opt %s -split-input-file --hlo-canonicalize 2>&1 | FileCheck %s --implicit-check-not="PLEASE submit a bug report" --implicit-check-not="Stack dump"

// --hlo-canonicalize never sees invalid IR: the verifier rejects it first
// with a located error (and `not` fails on a crash). Each case is IR that a
// folder or pattern would mishandle if it ran: out-of-range indices into
// permutations and broadcast dimensions, constants reshaped to another
// element count, slices beyond the operand.

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+6]]:{{[0-9]+}}: error: permutation [0, 2] must be in [0, 2) (transpose_c2), found 2
// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'hlo.transpose' op failed to infer returned types
func.func @transpose_of_transpose_bad_permutation(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // expected-error @+2 {{permutation [0, 2] must be in [0, 2) (transpose_c2), found 2}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %1 = hlo.transpose %0, dims = [0, 2] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: broadcast_dimensions [1, 3] must be in [0, 3) (broadcast_in_dim_c3), found 3
func.func @broadcast_of_broadcast_bad_dimension(%x: tensor<3xf32>) -> tensor<5x2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // expected-error @+1 {{broadcast_dimensions [1, 3] must be in [0, 3) (broadcast_in_dim_c3), found 3}}
  %1 = hlo.broadcast_in_dim %0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  return %1 : tensor<5x2x3xf32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: operand and result must have the same number of elements (reshape_c2), found 6 and 8
func.func @reshape_constant_wrong_element_count() -> tensor<2x4xi32> {
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  // expected-error @+1 {{operand and result must have the same number of elements (reshape_c2), found 6 and 8}}
  %0 = hlo.reshape %c : (tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+6]]:{{[0-9]+}}: error: limit index 5 of dimension 0 must not exceed the dimension size 4 (slice_c3)
// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'hlo.slice' op failed to infer returned types
func.func @slice_of_splat_out_of_bounds() -> tensor<5xf32> {
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  // expected-error @+2 {{limit index 5 of dimension 0 must not exceed the dimension size 4 (slice_c3)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %c [0:5] : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'hlo.add' op requires the same element type for all operands and results
func.func @add_constants_of_different_types() -> tensor<2xf32> {
  %a = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = hlo.constant dense<[1, 2]> : tensor<2xi32>
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %0 = hlo.add %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error: iota_dimension 1 must be in [0, 1) (iota_c1)
func.func @iota_bad_dimension() -> tensor<4xi32> {
  // expected-error @+1 {{iota_dimension 1 must be in [0, 1) (iota_c1)}}
  %0 = hlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'hlo.convert' op all non-scalar operands/results must have the same shape and base type
func.func @convert_constant_shape_mismatch() -> tensor<3xi32> {
  %c = hlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  // expected-error @+1 {{'hlo.convert' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.convert %c : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK: hlo-canonicalize-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: reduction body must take 2 scalar tensor arguments (reduce_c6), found 1
func.func @reduce_bad_body(%x: tensor<4xf32>) -> tensor<f32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  // expected-error @+1 {{reduction body must take 2 scalar tensor arguments (reduce_c6), found 1}}
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a: tensor<f32>):
      %s = hlo.add %one, %one : tensor<f32>
      "hlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
