// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @gather
// CHECK: "hlo.gather"(%arg0, %arg1) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
func.func @gather(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The spec's example: batching dimensions on both sides.
// CHECK-LABEL: func.func @gather_spec_example
// CHECK: "hlo.gather"(%arg0, %arg1) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
func.func @gather_spec_example(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

// Two batching dimensions, paired in order; unsorted start_indices batching
// dimensions are fine (only operand_batching_dims must be sorted).
// CHECK-LABEL: func.func @gather_two_batching_dims
func.func @gather_two_batching_dims(%x: tensor<2x3x4xf32>, %i: tensor<3x2x1xi32>) -> tensor<3x2x4xf32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x3x4xf32>, tensor<3x2x1xi32>) -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}

// -----

// A collapsed dimension may have slice size 0 (an empty result), and the
// index vector may be implicit (index_vector_dim = rank(start_indices)).
// CHECK-LABEL: func.func @gather_empty_collapsed_slice
func.func @gather_empty_collapsed_slice(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 0, 3>}> : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Dynamic dimensions are compatible with any size.
// CHECK-LABEL: func.func @gather_dynamic
func.func @gather_dynamic(%x: tensor<?x3xf32>, %i: tensor<?x1xi32>) -> tensor<?x3xf32> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<?x3xf32>, tensor<?x1xi32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// Quantized elements: the result keeps the operand's type.
// CHECK-LABEL: func.func @gather_quantized
func.func @gather_quantized(%x: tensor<4x3x!quant.uniform<i8:f32, 0.5:-3>>, %i: tensor<2x1xi32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x1xi32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
}
