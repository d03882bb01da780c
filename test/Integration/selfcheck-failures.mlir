// Checks really compare: wrong expectations fail with the check's location,
// the error and the first mismatching index; the run exits non-zero.
// RUN: not hlo-runner %s --split-input-file | FileCheck %s

// A perturbed expected value (1 ulp is fine for expect_close, 4 ulp is not).
// CHECK: selfcheck-failures.mlir:{{.*}}:3: check failed: expect_close: max error 4 ulp, 1 of 3 elements differ, first at index [1]: expected 2.00000095, found 2
func.func @close() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %one = stablehlo.constant dense<1.0> : tensor<3xf32>
  %b = stablehlo.multiply %a, %one : tensor<3xf32>
  // 0x40000004 is 2 + 4 ulp; 0x40400001 is 3 + 1 ulp.
  %e = stablehlo.constant dense<[1.0, 0x40000004, 0x40400001]> : tensor<3xf32>
  check.expect_close %b, %b, max_ulp_difference = 3 : tensor<3xf32>, tensor<3xf32>
  check.expect_close %b, %e, max_ulp_difference = 3 : tensor<3xf32>, tensor<3xf32>
  func.return
}

// -----

// expect_eq on integers and booleans is exact; NaN equals nothing.
// CHECK: selfcheck-failures.mlir:{{.*}}:3: check failed: expect_eq: {{.*}}1 of 4 elements differ, first at index [2]: expected 7, found 6
// CHECK: selfcheck-failures.mlir:{{.*}}:3: check failed: expect_eq: {{.*}}first at index []: expected nan, found nan
func.func @eq() {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %b = stablehlo.add %a, %a : tensor<4xi4>
  check.expect_eq_const %b, dense<[2, 4, 6, 8]> : tensor<4xi4>
  check.expect_eq_const %b, dense<[2, 4, 7, -8]> : tensor<4xi4>
  %n = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %m = stablehlo.negate %n : tensor<f32>
  check.expect_eq_const %m, dense<0x7FC00000> : tensor<f32>
  func.return
}

// -----

// expect_almost_eq: absolute tolerance, two NaNs pass.
// CHECK: selfcheck-failures.mlir:{{.*}}:3: check failed: expect_almost_eq: max error 0.5, 1 of 2 elements differ, first at index [1]: expected 2.5, found 2
// CHECK-NOT: check failed
func.func @almost() {
  %a = stablehlo.constant dense<[0x7FF8000000000000, 2.0]> : tensor<2xf64>
  %b = stablehlo.abs %a : tensor<2xf64>
  check.expect_almost_eq_const %b, dense<[0x7FF8000000000000, 2.00001]> : tensor<2xf64>
  check.expect_almost_eq_const %b, dense<[0x7FF8000000000000, 2.5]> : tensor<2xf64> {tolerance = 0.1 : f64}
  check.expect_almost_eq_const %b, dense<[0x7FF8000000000000, 2.5]> : tensor<2xf64> {tolerance = 0.5 : f64}
  func.return
}

// CHECK: 4 passed, 4 failed
