// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @reduce_window_c4_window_rank(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_dimensions must have one entry per input dimension (reduce_window_c4), expected 2, found 1}}
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c7_positive_strides(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_strides must be positive (reduce_window_c7), found 0}}
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c12_padding_shape(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{padding must have shape [2, 2] (reduce_window_c12), found 'tensor<2xi64>'}}
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 1>, padding = dense<0> : tensor<2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c13_body(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{combiner must take 2 scalar tensor arguments (reduce_window_c13), found 1}}
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c15_result_shape(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{result #0 must have shape of 'tensor<3x4xf32>' (reduce_window_c15), found 'tensor<4x4xf32>'}}
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Valid: dilations and padding: 4 rows dilated to 7, padded to 9; a window
// dilated to 3 rows fits 7 times.
func.func @reduce_window_valid_dilated(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<7x4xf32> {
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}

// -----

func.func @reduce_window_c1_no_inputs() -> () {
  // expected-error @+1 {{expects one init value and one result per input, and at least one input (reduce_window_c1), found 0 inputs and 0 results}}
  "hlo.reduce_window"() <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0():
    hlo.return
  }) : () -> ()
  return
}

// -----

func.func @reduce_window_c1_results(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  // expected-error @+1 {{expects one init value and one result per input, and at least one input (reduce_window_c1), found 1 inputs and 2 results}}
  %0:2 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

func.func @reduce_window_c2_input_shapes(%x0: tensor<4x4xf32>, %x1: tensor<4x5xi32>, %i0: tensor<f32>, %i1: tensor<i32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  // expected-error @+1 {{inputs must have the same shape (reduce_window_c2), found 'tensor<4x4xf32>' and input #1 'tensor<4x5xi32>'}}
  %0:2 = "hlo.reduce_window"(%x0, %x1, %i0, %i1) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    hlo.return %a0, %a1 : tensor<f32>, tensor<i32>
  }) : (tensor<4x4xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

// -----

func.func @reduce_window_c3_init_element_type(%x0: tensor<4x4xf32>, %i0: tensor<i32>) -> tensor<3x4xi32> {
  // expected-error @+1 {{init value #0 must have the element type of input #0 (reduce_window_c3), found 'tensor<i32>' and 'tensor<4x4xf32>'}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    hlo.return %a0 : tensor<i32>
  }) : (tensor<4x4xf32>, tensor<i32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

func.func @reduce_window_c5_window_dimensions_positive(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_dimensions must be positive (reduce_window_c5), found 0}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 0>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c6_window_strides_size(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_strides must have one entry per input dimension (reduce_window_c6), expected 2, found 1}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c8_base_dilations_size(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{base_dilations must have one entry per input dimension (reduce_window_c8), expected 2, found 3}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 1, 1, 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c9_base_dilations_positive(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{base_dilations must be positive (reduce_window_c9), found 0}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 0, 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c10_window_dilations_size(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_dilations must have one entry per input dimension (reduce_window_c10), expected 2, found 1}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, window_dilations = array<i64: 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c11_window_dilations_positive(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{window_dilations must be positive (reduce_window_c11), found -2}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>, window_dilations = array<i64: 1, -2>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_c14_result_shapes(%x0: tensor<4x4xf32>, %x1: tensor<4x4xi32>, %i0: tensor<f32>, %i1: tensor<i32>) -> (tensor<3x4xf32>, tensor<3x3xi32>) {
  // expected-error @+1 {{results must have the same shape (reduce_window_c14), found 'tensor<3x4xf32>' and result #1 'tensor<3x3xi32>'}}
  %0:2 = "hlo.reduce_window"(%x0, %x1, %i0, %i1) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    hlo.return %a0, %a1 : tensor<f32>, tensor<i32>
  }) : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3x4xf32>, tensor<3x3xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x3xi32>
}

// -----

func.func @reduce_window_c16_result_element_type(%x0: tensor<4x4xf32>, %i0: tensor<f32>) -> tensor<3x4xf16> {
  // expected-error @+1 {{result #0 must have the body's result element type (reduce_window_c16)}}
  %0 = "hlo.reduce_window"(%x0, %i0) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    hlo.return %a0 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}
