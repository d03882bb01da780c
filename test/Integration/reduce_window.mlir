// reduce_window on a run-time input x = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]:
// 2x2 sum pooling with stride 1; a padded cumulative sum over rows (the
// padding holds the init value); a max pool
// over a base-dilated input.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 3x4 1 2 3 4 5 6 7 8 9 10 11 12
// RUN: hlo-runner %s --input %t/x.npy | FileCheck %s

// CHECK:      result #0: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}14, 18, 22], [30, 34, 38]]
// Window 2 over rows with padding low 1 and init 100: each window starts
// from the init value, and row 0's window also holds a padding element,
// which is the init value too: 100 + 100 + x0.
// CHECK-NEXT: result #1: tensor<3x4xf32>
// CHECK-NEXT: {{\[\[}}201, 202, 203, 204], [106, 108, 110, 112], [114, 116, 118, 120]]
// Base dilation 2 on columns: [1, _, 2, _, 3, _, 4]; windows of 2 with stride 2.
// CHECK-NEXT: result #2: tensor<3x3xf32>
// CHECK-NEXT: {{\[\[}}1, 2, 3], [5, 6, 7], [9, 10, 11]]
func.func @main(%x: tensor<3x4xf32>) -> (tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x3xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %hundred = hlo.constant dense<100.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = "hlo.reduce_window"(%x, %hundred) <{window_dimensions = array<i64: 2, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %2 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x3xf32>
}
