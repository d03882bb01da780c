// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @max_pool_grad
// CHECK: "hlo.select_and_scatter"(%arg0, %arg1, %arg2) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}>
func.func @max_pool_grad(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
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

func.func @select_and_scatter_c9_select_result(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{select must map ('tensor<f32>', 'tensor<f32>') to 'tensor<i1>' (select_and_scatter_c9)}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @select_and_scatter_c4_window(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{window_dimensions must have one entry per input dimension (select_and_scatter_c4), expected 2, found 1}}
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
