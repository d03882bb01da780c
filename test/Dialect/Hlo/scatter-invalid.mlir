// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @scatter_c2_window_dims_do_not_cover_input(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{must together have one entry per input dimension (scatter_c2)}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c4_update_rank(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3x1xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{updates must have rank 2 (the index dimensions plus update_window_dims) (scatter_c4), found 3}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3x1xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c6_element_types(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf16>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update #0 must have the element type of input #0 (scatter_c6)}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c19_index_vector_size(%input: tensor<4x3xf32>, %indices: tensor<2x2xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims must have 2 entries, one per index vector component (scatter_c19)}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x2xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c22_index_vector_dim(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{index_vector_dim 3 must be in [0, 2] (scatter_c22)}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c23_combiner_arguments(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{combiner argument #1 must be 'tensor<f32>' (scatter_c23), found 'tensor<i32>'}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<i32>):
    hlo.return %old : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c24_result_type(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{result type 'tensor<4x4xf32>' must equal its input's type (scatter_c24)}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @scatter_unknown_field(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{unknown scatter field 'window_dims'}}
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<window_dims = [1]>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
