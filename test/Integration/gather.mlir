// gather rows of x = [[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]] at
// run-time indices [3, 0, 9]: 9 is clamped to the last row; and 2x2 windows
// at (row, col) index pairs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 4x3 0 1 2 10 11 12 20 21 22 30 31 32
// RUN: %python %hlo_src_root/utils/npy.py write %t/rows.npy i4 3x1 3 0 9
// RUN: %python %hlo_src_root/utils/npy.py write %t/pairs.npy i4 2x2 1 1 0 -5
// RUN: hlo-runner %s --input %t/x.npy --input %t/rows.npy --input %t/pairs.npy | FileCheck %s

// CHECK:      result #0: tensor<3x3xf32>
// CHECK-NEXT: {{\[\[}}30, 31, 32], [0, 1, 2], [30, 31, 32]]
// CHECK-NEXT: result #1: tensor<2x2x2xf32>
// CHECK-NEXT: {{\[\[\[}}11, 12], [21, 22]], {{\[\[}}0, 1], [10, 11]]]
func.func @main(%x: tensor<4x3xf32>, %rows: tensor<3x1xi32>, %pairs: tensor<2x2xi32>) -> (tensor<3x3xf32>, tensor<2x2x2xf32>) {
  %0 = "hlo.gather"(%x, %rows) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  %1 = "hlo.gather"(%x, %pairs) <{dimension_numbers = #hlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  return %0, %1 : tensor<3x3xf32>, tensor<2x2x2xf32>
}
