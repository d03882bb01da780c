// dot_general (matmul, batched, and a generic contraction over lhs dim 0)
// and reduce (sum, max, and a two-input argmax) on run-time inputs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 2x3 1 2 3 4 5 6
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 3x2 1 0 -1 2 0.5 1
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i4 2x3 3 -1 7 7 2 0
// RUN: hlo-runner %s --input %t/a.npy --input %t/b.npy --input %t/i.npy | FileCheck %s

// a·b = [[1-2+1.5, 4+3], [4-5+3, 10+6]]
// CHECK:      result #0: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}0.5, 7], [2, 16]]
// batch of (a·b, a·b) over a stacked pair
// CHECK-NEXT: result #1: tensor<2x2x2xf32>
// CHECK-NEXT: {{\[\[\[}}0.5, 7], [2, 16]], {{\[\[}}0.5, 7], [2, 16]]]
// bᵀ·a^T contracted over b's dim 0 and a's dim 1: (bᵀ aᵀ)[i][j] = sum_k b[k][i] a[j][k]
// CHECK-NEXT: result #2: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}0.5, 2], [7, 16]]
// CHECK-NEXT: result #3: tensor<2xf32>
// CHECK-NEXT: [6, 15]
// CHECK-NEXT: result #4: tensor<3xi32>
// CHECK-NEXT: [7, 2, 7]
// argmax over dim 1 of i (first index on ties): values and indices
// CHECK-NEXT: result #5: tensor<2xi32>
// CHECK-NEXT: [7, 7]
// CHECK-NEXT: result #6: tensor<2xi32>
// CHECK-NEXT: [2, 0]

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %i: tensor<2x3xi32>)
    -> (tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<2x2xf32>, tensor<2xf32>,
        tensor<3xi32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %a1 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  %aa = hlo.concatenate %a1, %a1, dim = 0 : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<2x2x3xf32>
  %b1 = hlo.reshape %b : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
  %bb = hlo.concatenate %b1, %b1, dim = 0 : (tensor<1x3x2xf32>, tensor<1x3x2xf32>) -> tensor<2x3x2xf32>
  %1 = hlo.dot_general %aa, %bb, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>
  %2 = hlo.dot_general %b, %a, contracting_dims = [0] x [1] : (tensor<3x2xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %3 = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %min = hlo.constant dense<-2147483648> : tensor<i32>
  %4 = hlo.reduce(%i init: %min) applies hlo.maximum across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  %idx = hlo.iota dim = 1 : tensor<2x3xi32>
  %zi = hlo.constant dense<0> : tensor<i32>
  %5:2 = hlo.reduce(%i init: %min), (%idx init: %zi) across dimensions = [1]
      : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
    reducer(%av: tensor<i32>, %bv: tensor<i32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = hlo.compare GT, %bv, %av : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %eq = hlo.compare EQ, %bv, %av : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %lt = hlo.compare LT, %bi, %ai : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = hlo.and %eq, %lt : tensor<i1>
      %take = hlo.or %gt, %tie : tensor<i1>
      %v = hlo.select %take, %bv, %av : tensor<i1>, tensor<i32>
      %k = hlo.select %take, %bi, %ai : tensor<i1>, tensor<i32>
      hlo.return %v, %k : tensor<i32>, tensor<i32>
    }
  return %0, %1, %2, %3, %4, %5#0, %5#1
      : tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<2x2xf32>, tensor<2xf32>,
        tensor<3xi32>, tensor<2xi32>, tensor<2xi32>
}
