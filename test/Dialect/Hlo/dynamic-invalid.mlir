// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of the dynamic-shape, tuple, token and composite ops: one
// case per verifier rule, named after the StableHLO constraint.

func.func @dynamic_broadcast_in_dim_c2(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{broadcast_dimensions [1] must have one entry per operand dimension (dynamic_broadcast_in_dim_c2), expected 2 entries}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c5(%x: tensor<3x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{operand dimension 1 of size 4 must be 1 or equal result dimension 1 of size 5 (dynamic_broadcast_in_dim_c5)}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c7(%x: tensor<?x4xf32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{output_dimensions must have one entry per result dimension (dynamic_broadcast_in_dim_c7), found 3 for rank 2}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c8(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{dimension 0 is listed twice in known_expanding_dimensions and known_nonexpanding_dimensions (dynamic_broadcast_in_dim_c8)}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c9(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{known (non)expanding dimension 2 must be in [0, 2) (dynamic_broadcast_in_dim_c9)}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 2>} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_reshape_c1(%x: tensor<?xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result must have the operand's element type (dynamic_reshape_c1), found 'f32' and 'f64'}}
  %0 = hlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x2xf64>
  return
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<6xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{operand and result must have the same number of elements (dynamic_reshape_c2), found 6 and 8}}
  %0 = hlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @dynamic_reshape_c4(%x: tensor<?xf32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{output_shape must have one entry per result dimension (dynamic_reshape_c4), found 3 for rank 2}}
  %0 = hlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<3xi32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @dynamic_iota_c1(%s: tensor<2xi32>) {
  // expected-error @+1 {{iota_dimension 2 must be in [0, 2) (dynamic_iota_c1)}}
  %0 = hlo.dynamic_iota %s, dim = 2 : (tensor<2xi32>) -> tensor<?x4xi32>
  return
}

// -----

func.func @dynamic_iota_c2(%s: tensor<3xi32>) {
  // expected-error @+1 {{output_shape must have one entry per result dimension (dynamic_iota_c2), found 3 for rank 2}}
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<3xi32>) -> tensor<?x4xi32>
  return
}

// -----

func.func @dynamic_pad_c1(%x: tensor<?xf32>, %p: tensor<f64>, %s: tensor<1xi32>) {
  // expected-error @+1 {{operand, padding_value and result must have the same element type (dynamic_pad_c1)}}
  %0 = hlo.dynamic_pad %x, %p, %s, %s, %s : (tensor<?xf32>, tensor<f64>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c2(%x: tensor<?xf32>, %p: tensor<f32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{paddings must have one entry per operand dimension (dynamic_pad_c2), found 2 for rank 1}}
  %0 = hlo.dynamic_pad %x, %p, %s, %s, %s : (tensor<?xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c3(%x: tensor<?xf32>, %p: tensor<f32>, %s: tensor<1xi32>) {
  %n = hlo.constant dense<-1> : tensor<1xi32>
  // expected-error @+1 {{interior_padding must be non-negative (dynamic_pad_c3), found -1}}
  %0 = hlo.dynamic_pad %x, %p, %s, %s, %n : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c4(%x: tensor<?xf32>, %p: tensor<f32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{result must have the operand's rank (dynamic_pad_c4), found 2 and 1}}
  %0 = hlo.dynamic_pad %x, %p, %s, %s, %s : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x1xf32>
  return
}

// -----

func.func @real_dynamic_slice_c1(%x: tensor<?xf32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{result must have the operand's element type and rank (real_dynamic_slice_c1)}}
  %0 = hlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  return
}

// -----

func.func @real_dynamic_slice_c2(%x: tensor<?xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{start_indices, limit_indices and strides must have one entry per operand dimension (real_dynamic_slice_c2), found 2 for rank 1}}
  %0 = hlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_c3(%x: tensor<?xf32>, %s: tensor<1xi32>) {
  %z = hlo.constant dense<0> : tensor<1xi32>
  // expected-error @+1 {{strides must be positive (real_dynamic_slice_c3), found 0}}
  %0 = hlo.real_dynamic_slice %x, %s, %s, %z : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_gather_c1(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{offset_dims, collapsed_slice_dims and operand_batching_dims must together have one entry per operand dimension (dynamic_gather_c1)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_gather_c2(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{index_vector_dim 3 must be in [0, 2] (dynamic_gather_c2)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_gather_c3(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{start_index_map must have 1 entries, one per index vector component (dynamic_gather_c3)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_gather_c11(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (dynamic_gather_c11), found 3 for rank 2}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_gather_c14(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result must have the operand's element type 'f32' (dynamic_gather_c14), found 'i32'}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @dynamic_gather_c4_offset_dims_not_sorted(%x: tensor<4x3x5xf32>, %i: tensor<2x1xi32>, %s: tensor<3xi32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{offset_dims [2, 1] must be sorted (dynamic_gather_c4)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3x5xf32>, tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dynamic_gather_c5_offset_dims_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset_dims [2] must be in [0, 2) (dynamic_gather_c5), found 2}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_gather_c6_collapsed_slice_dims_not_sorted(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>, %s: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{collapsed_slice_dims [1, 0] must be sorted (dynamic_gather_c6)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<collapsed_slice_dims = [1, 0], start_index_map = [0, 1], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x2xi32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_gather_c6_collapsed_slice_dims_repeated(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{collapsed_slice_dims [0, 0] must not repeat a dimension (dynamic_gather_c6), found 0 twice}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<collapsed_slice_dims = [0, 0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_gather_c7_collapsed_slice_dims_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{collapsed_slice_dims [2] must be in [0, 2) (dynamic_gather_c7), found 2}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Slice sizes are checked when they are constants.
func.func @dynamic_gather_c8_collapsed_slice_size(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %s = hlo.constant dense<[2, 3]> : tensor<2xi32>
  // expected-error @+1 {{collapsed dimension 0 must have slice size 0 or 1 (dynamic_gather_c8), found 2}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_gather_c9_start_index_map_repeated(%x: tensor<4x3xf32>, %i: tensor<2x2xi32>, %s: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map [0, 0] must not repeat a dimension (dynamic_gather_c9), found 0 twice}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_gather_c10_start_index_map_out_of_range(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map [2] must be in [0, 2) (dynamic_gather_c10), found 2}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_gather_c12_slice_size_too_large(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  %s = hlo.constant dense<[1, 5]> : tensor<2xi32>
  // expected-error @+1 {{slice size 5 of dimension 1 must be in [0, 3] (dynamic_gather_c12)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Run-time slice sizes bounded through the result: an offset dimension
// larger than the operand's cannot be a valid slice size.
func.func @dynamic_gather_c12_result_offset_too_large(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{result dimension 1 of size 5 is a slice of operand dimension 1 and must be in [0, 3] (dynamic_gather_c12)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Run-time slice sizes: the batch dimensions are still known.
func.func @dynamic_gather_c13_batch_dims(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x?xf32>' (dynamic_gather_c13), found 'tensor<3x3xf32>'}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @dynamic_gather_c13_constant_slice_sizes(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x2xf32> {
  %s = hlo.constant dense<[1, 3]> : tensor<2xi32>
  // expected-error @+1 {{result type must be 'tensor<2x3xf32>' (dynamic_gather_c13), found 'tensor<2x2xf32>'}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_gather_c13_result_rank(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %s: tensor<2xi32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{result must have rank 2, the batch dimensions of start_indices plus offset_dims (dynamic_gather_c13), found 3}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

// dynamic_gather's spec has no batching dimensions; those rules carry gather's numbers.
func.func @dynamic_gather_batching_dim_sizes_differ(%x: tensor<2x3x4x2xi32>, %i: tensor<2x2x3x2xi64>, %s: tensor<4xi32>) -> tensor<2x2x3x2x2xi32> {
  // expected-error @+1 {{operand batching dimension 0 of size 2 must equal start_indices batching dimension 2 of size 3 (gather_c17)}}
  %0 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2, 1], index_vector_dim = 3>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>, tensor<4xi32>) -> tensor<2x2x3x2x2xi32>
  return %0 : tensor<2x2x3x2x2xi32>
}

// -----

func.func @get_dimension_size_c1(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{dimension 2 must be in [0, 2) (get_dimension_size_c1)}}
  %0 = hlo.get_dimension_size %x, dim = 2 : (tensor<?x4xf32>) -> tensor<i32>
  return
}

// -----

func.func @tuple_c1(%a: tensor<2xf32>) {
  // expected-error @+2 {{'hlo.tuple' op inferred type(s) 'tuple<tensor<2xf32>>' are incompatible with return type(s) of operation 'tuple<tensor<2xf64>>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = "hlo.tuple"(%a) : (tensor<2xf32>) -> tuple<tensor<2xf64>>
  return
}

// -----

func.func @get_tuple_element_c1(%t: tuple<tensor<2xf32>>) {
  // expected-error @+2 {{index 1 must be in [0, 1) (get_tuple_element_c1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = hlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return
}

// -----

func.func @get_tuple_element_c2(%t: tuple<tensor<2xf32>>) {
  // expected-error @+2 {{'hlo.get_tuple_element' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>>) -> tensor<2xi32>
  return
}

// -----

func.func @optimization_barrier_c1(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.optimization_barrier' op failed to verify that operand i and result i have the same type}}
  %r = "hlo.optimization_barrier"(%a) : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @after_all_operands(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.after_all' op operand #0 must be variadic of token, but got 'tensor<2xf32>'}}
  %t = "hlo.after_all"(%a) : (tensor<2xf32>) -> !hlo.token
  return
}

// -----

func.func private @impl(%x: tensor<i64>) -> tensor<i64>

func.func @composite_c1(%x: tensor<i64>) {
  // expected-error @+1 {{name 'add_n' must be namespaced, as in 'ns.op' (composite_c1)}}
  %r = hlo.composite "add_n" %x {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @composite_c2(%x: tensor<i64>) {
  // expected-error @+1 {{decomposition @missing must name a function (composite_c2)}}
  %r = hlo.composite "my.add_n" %x {decomposition = @missing} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func private @impl(%x: tensor<i32>) -> tensor<i64>

func.func @composite_c3(%x: tensor<i64>) {
  // expected-error @+1 {{operand types must be the decomposition's argument types (composite_c3)}}
  %r = hlo.composite "my.add_n" %x {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func private @impl(%x: tensor<i64>) -> tensor<i32>

func.func @composite_c4(%x: tensor<i64>) {
  // expected-error @+1 {{result types must be the decomposition's result types (composite_c4)}}
  %r = hlo.composite "my.add_n" %x {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @bad_tuple_syntax(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected a tuple type, found 'tensor<2xf32>'}}
  %t = hlo.tuple %a : tensor<2xf32>
  return
}
