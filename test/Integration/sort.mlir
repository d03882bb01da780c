// sort by key along each row, carrying a second tensor along; equal keys
// keep their order (stable), and the comparator is "greater than" on dim 1.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/k.npy f4 2x5 3 1 2 1 0 5 5 -1 7 5
// RUN: %python %hlo_src_root/utils/npy.py write %t/v.npy i4 2x5 0 1 2 3 4 0 1 2 3 4
// RUN: hlo-runner %s --input %t/k.npy --input %t/v.npy | FileCheck %s

// CHECK:      result #0: tensor<2x5xf32>
// CHECK-NEXT: {{\[\[}}3, 2, 1, 1, 0], [7, 5, 5, 5, -1]]
// CHECK-NEXT: result #1: tensor<2x5xi32>
// CHECK-NEXT: {{\[\[}}0, 2, 1, 3, 4], [3, 0, 1, 4, 2]]
func.func @main(%k: tensor<2x5xf32>, %v: tensor<2x5xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>) {
  %0:2 = "hlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<2x5xf32>, tensor<2x5xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>)
  return %0#0, %0#1 : tensor<2x5xf32>, tensor<2x5xi32>
}
