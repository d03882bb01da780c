// A convolution of i8 operands accumulating in i32 (operands converted to
// the result type element by element): sums beyond the i8 range, worked out
// by hand (100*2 + 100*3 = 500, 100*2 + 50*3 = 350).
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<1x3x1xi32>
// CHECK-NEXT: {{\[\[\[}}500], [500], [350]]]
func.func @main() -> tensor<1x3x1xi32> {
  %lhs = hlo.constant dense<[[[100], [100], [100], [50]]]> : tensor<1x4x1xi8>
  %rhs = hlo.constant dense<[[[2]], [[3]]]> : tensor<2x1x1xi8>
  %r = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
         window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
       : (tensor<1x4x1xi8>, tensor<2x1x1xi8>) -> tensor<1x3x1xi32>
  return %r : tensor<1x3x1xi32>
}
