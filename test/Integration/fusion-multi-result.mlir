// An input fusion returning two intermediates of one multi-result producer
// (x - m and sqrt(v), broadcast along rows) besides its row sums of
// (x - m) / sqrt(v); see test/Transforms/hlo-emit-fusions-multi-result.mlir.
// The values are exact (small integers and square roots of squares).
// RUN: hlo-runner %s | FileCheck %s
// CHECK-NOT: check failed
// CHECK: 3 passed, 0 failed
func.func @two_returned_intermediates() {
  %m = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %v = hlo.constant dense<[4.0, 16.0, 64.0]> : tensor<3xf64>
  %x = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [2.0, 6.0, 10.0, 14.0], [3.0, 11.0, 19.0, 27.0]]> : tensor<3x4xf64>
  %zero = hlo.constant dense<0.000000e+00> : tensor<f64>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<3xf64>) -> tensor<3x4xf64>
  %vb = hlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf64>) -> tensor<3x4xf64>
  %c = hlo.subtract %x, %mb : tensor<3x4xf64>
  %s = hlo.sqrt %vb : tensor<3x4xf64>
  %n = hlo.divide %c, %s : tensor<3x4xf64>
  %r = hlo.reduce(%n init: %zero) applies hlo.add across dimensions = [1] : (tensor<3x4xf64>, tensor<f64>) -> tensor<3xf64>
  // x - m: rows [0, 1, 2, 3], [0, 4, 8, 12], [0, 8, 16, 24].
  check.expect_eq_const %c, dense<[[0.0, 1.0, 2.0, 3.0], [0.0, 4.0, 8.0, 12.0], [0.0, 8.0, 16.0, 24.0]]> : tensor<3x4xf64>
  check.expect_eq_const %s, dense<[[2.0, 2.0, 2.0, 2.0], [4.0, 4.0, 4.0, 4.0], [8.0, 8.0, 8.0, 8.0]]> : tensor<3x4xf64>
  // Row sums of (x - m) / sqrt(v): 6 / 2, 24 / 4, 48 / 8.
  check.expect_eq_const %r, dense<[3.0, 6.0, 6.0]> : tensor<3xf64>
  func.return
}
