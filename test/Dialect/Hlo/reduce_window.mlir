// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @pool
// CHECK:         "hlo.reduce_window"(%arg0, %arg1) <{base_dilations = array<i64: 1, 2>, padding = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 2, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>}>
func.func @pool(%x: tensor<4x4xf32>, %init: tensor<f32>) -> tensor<3x4xf32> {
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 2, 1>, padding = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
