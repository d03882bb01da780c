// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @gather
// CHECK: "hlo.gather"(%arg0, %arg1) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
func.func @gather(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c1(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{must together have one entry per operand dimension (gather_c1)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c3(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map must have 2 entries, one per index vector component (gather_c3)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c14(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{slice size 5 of dimension 1 must be in [0, 3] (gather_c14)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_c22(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x3xf32>' (gather_c22), found 'tensor<3x3xf32>'}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
