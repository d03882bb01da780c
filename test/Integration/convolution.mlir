// A 1-D convolution on run-time inputs, compared with a direct evaluation:
// x = [1, 2, 3, 4, 5] (one batch, one feature), kernel [1, 0, -1] with
// padding 1 on both sides: y[p] = x[p-1] - x[p+1].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 1x1x5 1 2 3 4 5
// RUN: %python %hlo_src_root/utils/npy.py write %t/k.npy f4 1x1x3 1 0 -1
// RUN: hlo-runner %s --input %t/x.npy --input %t/k.npy | FileCheck %s

// CHECK:      result #0: tensor<1x1x5xf32>
// CHECK-NEXT: {{\[\[\[}}-2, -2, -2, -2, 4]]]
// Stride 2 and lhs dilation 2: x becomes [1, 0, 2, 0, 3, 0, 4, 0, 5], and
// each window [a, 0, b] gives a - b = -1.
// CHECK-NEXT: result #1: tensor<1x1x4xf32>
// CHECK-NEXT: {{\[\[\[}}-1, -1, -1, -1]]]
func.func @main(%x: tensor<1x1x5xf32>, %k: tensor<1x1x3xf32>) -> (tensor<1x1x5xf32>, tensor<1x1x4xf32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x5xf32>
  %1 = hlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x4xf32>
  return %0, %1 : tensor<1x1x5xf32>, tensor<1x1x4xf32>
}
