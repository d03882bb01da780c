// triangular_solve on run-time inputs, checked by multiplying back:
// a = [[2, 0, 0], [1, 4, 0], [3, 5, 5]] (the upper triangle is garbage the
// solver must ignore), b = [[2, 4], [9, 10], [28, 30]].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 3x3 2 99 99 1 4 99 3 5 5
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 3x2 2 4 9 10 28 30
// RUN: %python %hlo_src_root/utils/npy.py write %t/c.npy f4 2x3 2 4 6 8 10 12
// RUN: hlo-runner %s --input %t/a.npy --input %t/b.npy --input %t/c.npy | FileCheck %s

// L x = b: x = [[1, 2], [2, 2], [3, 2.8]].
// CHECK:      result #0: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [2, 2], [3, 2.79999995]]
// x L^T = c with L^T upper: x[:,0] = c[:,0] / 2, then x1 = (c1 - x0 * 1) / 4,
// x2 = (c2 - 3 x0 - 5 x1) / 5: rows [1, 0.75, -0.15], [4, 1.5, -1.5].
// CHECK-NEXT: result #1: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}1, 0.75, -0.150000006], [4, 1.5, -1.5]]
func.func @main(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %1 = "hlo.triangular_solve"(%a, %c) <{left_side = false, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE>}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<2x3xf32>
}
