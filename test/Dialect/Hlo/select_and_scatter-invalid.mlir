// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.select_and_scatter, one per StableHLO constraint
// (select_and_scatter_c<N>); c4 and c9 are in select_and_scatter.mlir.

// Valid: padding adds windows; a dynamic operand skips the window count.
func.func @select_and_scatter_valid_padded(%x: tensor<4x5xf32>, %src: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<4x5xf32> {
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @select_and_scatter_valid_dynamic(%x: tensor<?x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<?x4xf32> {
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<?x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @select_and_scatter_c1_source_element_type(%x: tensor<4x4xf32>, %src: tensor<2x2xf16>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{source must have the operand's element type (select_and_scatter_c1), found 'f16' and 'f32'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf16>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c2_source_shape(%x: tensor<4x4xf32>, %src: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{source must have one element per window, 'tensor<2x2xf32>' (select_and_scatter_c2), found 'tensor<2x3xf32>'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c2_source_shape_padding(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{source must have one element per window, 'tensor<3x2xf32>' (select_and_scatter_c2), found 'tensor<2x2xf32>'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c3_init_value_element_type(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f16>) -> tensor<4x4xf32> {
  // expected-error @+1 {{init_value must have the operand's element type (select_and_scatter_c3), found 'tensor<f16>' and 'f32'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f16>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c5_window_dimensions_positive(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{window_dimensions must be positive (select_and_scatter_c5), found 0}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 0>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c6_window_strides_size(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{window_strides must have one entry per input dimension (select_and_scatter_c6), expected 2, found 3}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c7_window_strides_positive(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{window_strides must be positive (select_and_scatter_c7), found -1}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, -1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c8_padding_shape(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{padding must have shape [2, 2] (select_and_scatter_c8), found 'tensor<2x3xi64>'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x3xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c10_scatter_type(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{scatter must map ('tensor<f32>', 'tensor<f32>') to 'tensor<f32>' (select_and_scatter_c10)}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = hlo.add %a, %b : tensor<f16>
    hlo.return %s : tensor<f16>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c11_result_shape(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{result must have the operand's shape (select_and_scatter_c11), found 'tensor<4x2xf32>' and 'tensor<4x4xf32>'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @select_and_scatter_c12_result_element_type(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf16> {
  // expected-error @+1 {{result must have the element type of scatter's result 'f32' (select_and_scatter_c12), found 'f16'}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf16>
  return %0 : tensor<4x4xf16>
}
