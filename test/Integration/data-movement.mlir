// broadcast_in_dim, reshape, transpose, slice, concatenate and iota on a
// run-time input x = [[0, 1, 2], [3, 4, 5]].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 2x3 0 1 2 3 4 5
// RUN: %python %hlo_src_root/utils/npy.py write %t/v.npy f4 3 10 20 30
// RUN: hlo-runner %s --input %t/x.npy --input %t/v.npy | FileCheck %s

// CHECK:      result #0: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}10, 20, 30], [10, 20, 30]]
// CHECK-NEXT: result #1: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}0, 1], [2, 3], [4, 5]]
// CHECK-NEXT: result #2: tensor<6xf32>
// CHECK-NEXT: [0, 1, 2, 3, 4, 5]
// CHECK-NEXT: result #3: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}0, 3], [1, 4], [2, 5]]
// CHECK-NEXT: result #4: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}0, 2], [3, 5]]
// CHECK-NEXT: result #5: tensor<3x3xf32>
// CHECK-NEXT: {{\[\[}}0, 1, 2], [3, 4, 5], [10, 20, 30]]
// CHECK-NEXT: result #6: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}0, 2, 4], [3, 5, 7]]
// CHECK-NEXT: result #7: tensor<3x2x1xf32>
// CHECK-NEXT: {{\[\[\[}}10], [10]], {{\[\[}}20], [20]], {{\[\[}}30], [30]]]
// CHECK-NEXT: result #8: tensor<f32>
// CHECK-NEXT: 4

func.func @main(%x: tensor<2x3xf32>, %v: tensor<3xf32>)
    -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<3x2xf32>,
        tensor<2x2xf32>, tensor<3x3xf32>, tensor<2x3xf32>, tensor<3x2x1xf32>,
        tensor<f32>) {
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %3 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %4 = hlo.slice %x [0:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %v2 = hlo.reshape %v : (tensor<3xf32>) -> tensor<1x3xf32>
  %5 = hlo.concatenate %x, %v2, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %iota = hlo.iota dim = 1 : tensor<2x3xf32>
  %6 = hlo.add %x, %iota : tensor<2x3xf32>
  %col = hlo.reshape %v : (tensor<3xf32>) -> tensor<3x1xf32>
  %7 = hlo.broadcast_in_dim %col, dims = [0, 2] : (tensor<3x1xf32>) -> tensor<3x2x1xf32>
  %one = hlo.slice %x [1:2, 1:2] : (tensor<2x3xf32>) -> tensor<1x1xf32>
  %8 = hlo.reshape %one : (tensor<1x1xf32>) -> tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<2x3xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<3x2xf32>,
        tensor<2x2xf32>, tensor<3x3xf32>, tensor<2x3xf32>, tensor<3x2x1xf32>,
        tensor<f32>
}
