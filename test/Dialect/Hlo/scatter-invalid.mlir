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
  // expected-error @+1 {{result #0 'tensor<4x4xf32>' must have the shape of input #0 (scatter_c24), found 'tensor<4x3xf32>'}}
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

// -----

// Valid: batching dimensions (input_batching_dims/scatter_indices_batching_dims) must still verify.
func.func @scatter_valid_batching(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// Valid: two inputs, dynamic dimensions compatible with static ones.
func.func @scatter_valid_two_inputs_dynamic(%in0: tensor<?x3xf32>, %in1: tensor<4x3xi32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>, %up1: tensor<2x?xi32>) -> (tensor<4x3xf32>, tensor<?x3xi32>) {
  %0:2 = "hlo.scatter"(%in0, %in1, %indices, %up0, %up1) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %old1: tensor<i32>, %new0: tensor<f32>, %new1: tensor<i32>):
    hlo.return %new0, %new1 : tensor<f32>, tensor<i32>
  }) : (tensor<?x3xf32>, tensor<4x3xi32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x?xi32>) -> (tensor<4x3xf32>, tensor<?x3xi32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<?x3xi32>
}

// -----

func.func @scatter_c1_input_shapes(%in0: tensor<4x3xf32>, %in1: tensor<5x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>, %up1: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<5x3xf32>) {
  // expected-error @+1 {{inputs must have the same shape (scatter_c1), found 'tensor<4x3xf32>' and input #1 'tensor<5x3xf32>'}}
  %0:2 = "hlo.scatter"(%in0, %in1, %indices, %up0, %up1) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %old1: tensor<f32>, %new0: tensor<f32>, %new1: tensor<f32>):
    hlo.return %new0, %new1 : tensor<f32>, tensor<f32>
  }) : (tensor<4x3xf32>, tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<5x3xf32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<5x3xf32>
}

// -----

func.func @scatter_c3_update_shapes(%in0: tensor<4x3xf32>, %in1: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>, %up1: tensor<2x2xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  // expected-error @+1 {{updates must have the same shape (scatter_c3), found 'tensor<2x3xf32>' and update #1 'tensor<2x2xf32>'}}
  %0:2 = "hlo.scatter"(%in0, %in1, %indices, %up0, %up1) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %old1: tensor<f32>, %new0: tensor<f32>, %new1: tensor<f32>):
    hlo.return %new0, %new1 : tensor<f32>, tensor<f32>
  }) : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x2xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

func.func @scatter_c4_update_window_too_large(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x5xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update window dimension 1 of size 5 must not exceed input dimension 1 of size 3 (scatter_c4)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c4_update_scatter_dims(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<3x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update scatter dimension 0 of size 3 must equal scatter_indices dimension 0 of size 2 (scatter_c4)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<3x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c5_no_inputs(%indices: tensor<2x1xi32>) -> () {
  // expected-error @+1 {{expected as many updates as inputs, and at least one (scatter_c5), found 0 inputs and 0 updates}}
  "hlo.scatter"(%indices) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0():
    hlo.return
  }) : (tensor<2x1xi32>) -> ()
  return
}

// -----

func.func @scatter_c7_update_window_dims_unsorted(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update_window_dims [2, 1] must be sorted (scatter_c7)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c7_update_window_dims_repeat(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update_window_dims [1, 1] must not repeat a dimension (scatter_c7), found 1 twice}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c8_update_window_dims_range(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update_window_dims [2] must be in [0, 2) (scatter_c8), found 2}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c9_inserted_and_batching_repeat(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{inserted_window_dims [0] and input_batching_dims [0] must not repeat a dimension (scatter_c9), found 0 twice}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c10_inserted_window_dims_unsorted(%in0: tensor<4x3x5xf32>, %indices: tensor<2x2xi32>, %up0: tensor<2x5xf32>) -> tensor<4x3x5xf32> {
  // expected-error @+1 {{inserted_window_dims [1, 0] must be sorted (scatter_c10)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3x5xf32>, tensor<2x2xi32>, tensor<2x5xf32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

func.func @scatter_c11_inserted_window_dims_range(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{inserted_window_dims [2] must be in [0, 2) (scatter_c11), found 2}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c12_input_batching_dims_unsorted(%in0: tensor<2x2x3xf32>, %indices: tensor<2x2x1xi32>, %up0: tensor<2x2x3xf32>) -> tensor<2x2x3xf32> {
  // expected-error @+1 {{input_batching_dims [1, 0] must be sorted (scatter_c12)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x2x3xf32>, tensor<2x2x1xi32>, tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

func.func @scatter_c13_input_batching_dims_range(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{input_batching_dims [3] must be in [0, 3) (scatter_c13), found 3}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [3], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c14_indices_batching_dims_repeat(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{scatter_indices_batching_dims [0, 0] must not repeat a dimension (scatter_c14), found 0 twice}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c15_indices_batching_dims_range(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{scatter_indices_batching_dims [3] must be in [0, 3) (scatter_c15), found 3}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [3], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c16_index_vector_dim_is_batching(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{index_vector_dim 2 must not be in scatter_indices_batching_dims [2] (scatter_c16)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c17_batching_dims_sizes(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{input_batching_dims [0] and scatter_indices_batching_dims [0, 1] must have the same size (scatter_c17)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c18_batching_dim_sizes(%in0: tensor<3x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<3x4x3xf32> {
  // expected-error @+1 {{input batching dimension 0 of size 3 must equal scatter_indices batching dimension 0 of size 2 (scatter_c18)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<3x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<3x4x3xf32>
  return %0 : tensor<3x4x3xf32>
}

// -----

func.func @scatter_c20_operand_dims_and_batching_repeat(%in0: tensor<2x4x3xf32>, %indices: tensor<2x5x1xi32>, %up0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims [0] and input_batching_dims [0] must not repeat a dimension (scatter_c20), found 0 twice}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x5x1xi32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @scatter_c21_operand_dims_range(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims [2] must be in [0, 2) (scatter_c21), found 2}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [2], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @scatter_c25_result_element_type(%in0: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %up0: tensor<2x3xf32>) -> tensor<4x3xf16> {
  // expected-error @+1 {{result #0 'tensor<4x3xf16>' must have the element type of the update_computation's result #0 'tensor<f32>' (scatter_c25)}}
  %0 = "hlo.scatter"(%in0, %indices, %up0) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old0: tensor<f32>, %new0: tensor<f32>):
    hlo.return %new0 : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}
