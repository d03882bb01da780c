// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.gather: one case per constraint of the StableHLO
// spec's gather (C1)..(C23), named after it (gather_cN); each program
// violates that constraint only. Positive cases are in gather.mlir.

func.func @gather_c1_too_few_dimension_numbers(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset_dims, collapsed_slice_dims and operand_batching_dims must together have one entry per operand dimension (gather_c1), found 1 + 0 + 0 for rank 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c2_index_vector_dim_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{index_vector_dim 3 must be in [0, 2] (gather_c2)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c3_start_index_map_size(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map must have 2 entries, one per index vector component (gather_c3), found 1}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// index_vector_dim = rank(start_indices): each index is a scalar.
func.func @gather_c3_implicit_index_vector_dim(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map must have 1 entries, one per index vector component (gather_c3), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c4_offset_dims_not_sorted(%x: tensor<4x3x5xf32>, %i: tensor<2x1xi32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{offset_dims [2, 1] must be sorted (gather_c4)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 5>}> : (tensor<4x3x5xf32>, tensor<2x1xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @gather_c4_offset_dims_repeated(%x: tensor<4x3x5xf32>, %i: tensor<2x1xi32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{offset_dims [1, 1] must not repeat a dimension (gather_c4), found 1 twice}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 5>}> : (tensor<4x3x5xf32>, tensor<2x1xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @gather_c5_offset_dims_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset_dims [2] must be in [0, 2) (gather_c5), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c6_collapsed_slice_dims_repeated(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{collapsed_slice_dims [0, 0] must not repeat a dimension (gather_c6), found 0 twice}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<collapsed_slice_dims = [0, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_c6_collapsed_and_batching_dims_overlap(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{dimension 0 must not be both in collapsed_slice_dims and operand_batching_dims (gather_c6)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c7_collapsed_slice_dims_not_sorted(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{collapsed_slice_dims [1, 0] must be sorted (gather_c7)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<collapsed_slice_dims = [1, 0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_c8_collapsed_slice_dims_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{collapsed_slice_dims [2] must be in [0, 2) (gather_c8), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c9_collapsed_slice_size(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{collapsed dimension 0 must have slice size 0 or 1 (gather_c9), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c10_operand_batching_dims_not_sorted(%x: tensor<2x3x4xf32>, %i: tensor<2x3x1xi32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{operand_batching_dims [1, 0] must be sorted (gather_c10)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], operand_batching_dims = [1, 0], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x3x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @gather_c11_operand_batching_dims_out_of_range(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand_batching_dims [4] must be in [0, 4) (gather_c11), found 4}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [4], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c12_operand_batching_slice_size(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand batching dimension 0 must have slice size 0 or 1 (gather_c12), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 2, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c13_start_indices_batching_dims_repeated(%x: tensor<2x2x4xf32>, %i: tensor<2x2x1xi32>) -> tensor<2x2x4xf32> {
  // expected-error @+1 {{start_indices_batching_dims [0, 0] must not repeat a dimension (gather_c13), found 0 twice}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<2x2x4xf32>, tensor<2x2x1xi32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

func.func @gather_c14_start_indices_batching_dims_out_of_range(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{start_indices_batching_dims [4] must be in [0, 4) (gather_c14), found 4}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [4], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c15_index_vector_dim_is_a_batching_dim(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{index_vector_dim 3 must not be in start_indices_batching_dims (gather_c15)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c16_batching_dims_sizes_differ(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand_batching_dims and start_indices_batching_dims must have the same size (gather_c16), found 1 and 0}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c17_batching_dim_sizes_differ(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand batching dimension 0 of size 2 must equal start_indices batching dimension 2 of size 3 (gather_c17)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c18_start_index_map_repeated(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map [0, 0] must not repeat a dimension (gather_c18), found 0 twice}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c18_start_index_map_has_a_batching_dim(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{dimension 0 must not be both in start_index_map and operand_batching_dims (gather_c18)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @gather_c19_start_index_map_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map [2] must be in [0, 2) (gather_c19), found 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c20_slice_sizes_count(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (gather_c20), found 3 for rank 2}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3, 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c21_slice_size_too_large(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{slice size 5 of dimension 1 must be in [0, 3] (gather_c21)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_c21_slice_size_negative(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{slice size -1 of dimension 0 must be in [0, 4] (gather_c21)}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: -1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_c22_result_shape(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x3xf32>' (gather_c22), found 'tensor<3x3xf32>'}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @gather_c22_result_rank(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{result must have rank 2, the batch dimensions of start_indices plus offset_dims (gather_c22), found 3}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @gather_c22_batching_result_shape(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x3xi32> {
  // expected-error @+1 {{result type must be 'tensor<2x2x3x2x2xi32>' (gather_c22), found 'tensor<2x2x3x2x3xi32>'}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x3xi32>
  return %0 : tensor<2x2x3x2x3xi32>
}

// -----

func.func @gather_c23_element_type(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{result must have the operand's element type 'f32' (gather_c23), found 'f16'}}
  %0 = "hlo.gather"(%x, %i) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}
