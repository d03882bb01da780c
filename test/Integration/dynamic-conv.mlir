// dynamic_conv with a constant padding (a convolution after
// canonicalization): [1, 2, 3, 4] padded to [0, 1, 2, 3, 4, 0] with the
// kernel [1, 10], worked out by hand.
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<1x5x1xf32>
// CHECK-NEXT: {{\[\[\[}}10], [21], [32], [43], [4]]]
func.func @main() -> tensor<1x5x1xf32> {
  %lhs = hlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>
  %rhs = hlo.constant dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>
  %p = hlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  return %r : tensor<1x5x1xf32>
}
