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
