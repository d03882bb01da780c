// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @top_k_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'chlo.top_k' op expects an operand of rank at least 1, got rank 0}}
  %v, %i = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @top_k_negative(%x: tensor<5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects k >= 0, got -1}}
  %v, %i = chlo.top_k(%x, k = -1) : tensor<5xf32> -> (tensor<0xf32>, tensor<0xi32>)
  return
}

// -----

func.func @top_k_too_large(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects k <= the size of the last dimension (5), got 6}}
  %v, %i = chlo.top_k(%x, k = 6) : tensor<2x5xf32> -> (tensor<2x6xf32>, tensor<2x6xi32>)
  return
}

// -----

func.func @top_k_values_shape(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects values of type 'tensor<2x3xf32>' (the operand's with the last dimension k), got 'tensor<2x2xf32>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x2xf32>, tensor<2x3xi32>)
  return
}

// -----

func.func @top_k_values_type(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects values of type 'tensor<2x3xf32>' (the operand's with the last dimension k), got 'tensor<2x3xf16>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf16>, tensor<2x3xi32>)
  return
}

// -----

func.func @top_k_indices(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects indices of type 'tensor<2x3xi32>', got 'tensor<2x4xi32>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x4xi32>)
  return
}

// -----

func.func @lgamma_needs_floats(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.lgamma %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @next_after_types(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{'chlo.next_after' op requires the same type for all operands and results}}
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return
}

// -----

func.func @mulhi_needs_integers(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values}}
  %0 = chlo.mulhi %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @mulhi_types(%x: tensor<4xi32>, %y: tensor<4xi64>) {
  // expected-error @+1 {{'chlo.mulhi' op requires the same type for all operands and results}}
  %0 = chlo.mulhi %x, %y : tensor<4xi32>, tensor<4xi64> -> tensor<4xi32>
  return
}

// -----

func.func @ragged_dot_c1_count(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects exactly one lhs ragged dimension (ragged_dot_c1), found 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c1_range(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects the lhs ragged dimension to be in [0, 2) (ragged_dot_c1), found 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c2_missing_group(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects one rhs group dimension when the lhs ragged dimension is non-contracting (ragged_dot_c2), found 0}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c2_group_range(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects the rhs group dimension to be in [0, 3) (ragged_dot_c2), found 3}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [3]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c2_group_contracted(%lhs: tensor<11x5xf32>, %rhs: tensor<5x5x7xf32>, %sizes: tensor<5xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects the rhs group dimension 1 not to be a batching or contracting dimension (ragged_dot_c2)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x5x7xf32>, tensor<5xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c2_extra_group(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects no rhs group dimension when the lhs ragged dimension is a contracting dimension (ragged_dot_c2), found 1}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return
}

// -----

func.func @ragged_dot_c3_rank(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<2x3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects group_sizes of rank 1 or 1 (the lhs batching dimensions, then the groups) (ragged_dot_c3), found rank 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<2x3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c3_batch(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %sizes: tensor<4x3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects group_sizes dimension 0 of size 4 to equal lhs batching dimension 0 of size 2 (ragged_dot_c3)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<4x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @ragged_dot_c3_groups(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<4xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects the last dimension of group_sizes (4) to equal the rhs group dimension's size (3) (ragged_dot_c3)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_c4(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{'chlo.ragged_dot' op expects a result whose first dimension is the 3 groups when the lhs ragged dimension is contracting (ragged_dot_c4), found 'tensor<11x7xf32>'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_result(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{result type must be 'tensor<11x7xf32>' (dot_general_c12), found 'tensor<11x3x7xf32>'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x3x7xf32>
  return
}

// -----

func.func @ragged_dot_contracting_sizes(%lhs: tensor<11x5xf32>, %rhs: tensor<3x4x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+1 {{lhs contracting dimension 1 of size 5 must equal rhs contracting dimension 0 of size 4 (dot_general_c10)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x4x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_unknown_field(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) {
  // expected-error @+2 {{unknown ragged dot dimension field 'lhs_group_dimensions'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @scan_c1_rank(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects input #0 to have dimension 1 (scan_c1), found rank 1}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_c1_length(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects every input and output to have size 4 along dimension 0 (scan_c1), found 5 for output #0}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<5xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_c2(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects carry #0 to have the type of init #0 (scan_c2), 'tensor<i32>', found 'tensor<i64>'}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i64>)
  return
}

// -----

func.func @scan_c3_count(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects the body to take 2 arguments (a slice of each input, then the carries) (scan_c3), found 1}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>):
    hlo.return %a, %a : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_c3_type(%x: tensor<4x2xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects body argument #0 to be 'tensor<2xi32>' (scan_c3), found 'tensor<4xi32>'}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<4xi32>, %b: tensor<i32>):
    hlo.return %b, %b : tensor<i32>, tensor<i32>
  } : (tensor<4x2xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_c4_count(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects the body to return 2 values (a slice of each output, then the carries) (scan_c4), found 1}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_c4_type(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op expects body result #0 to be 'tensor<f32>' (scan_c4), found 'tensor<i32>'}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
  return
}

// -----

func.func @scan_result_count(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+4 {{expected at least 1 result types (one per init), found 0}}
  chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> ()
  return
}

// -----

func.func @scan_negative_dimension(%x: tensor<4xi32>, %init: tensor<i32>) {
  // expected-error @+1 {{'chlo.scan' op attribute 'dimension' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0:2 = chlo.scan(%x) inits(%init) dimension=-1 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}
