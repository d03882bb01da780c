// RUN: hlo-opt %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @checks
func.func @checks(%a: tensor<3xf16>, %b: tensor<3xf16>, %i: tensor<2xi4>) {
  // CHECK: check.expect_eq %arg0, %arg1 : tensor<3xf16>
  check.expect_eq %a, %b : tensor<3xf16>
  // CHECK: check.expect_close %arg0, %arg1 : tensor<3xf16>, tensor<3xf16>
  check.expect_close %a, %b : tensor<3xf16>, tensor<3xf16>
  // CHECK: check.expect_close %arg0, %arg1, max_ulp_difference = 5 : tensor<3xf16>, tensor<3xf16>
  check.expect_close %a, %b, max_ulp_difference = 5 : tensor<3xf16>, tensor<3xf16>
  // CHECK: check.expect_almost_eq %arg0, %arg1 : tensor<3xf16>
  check.expect_almost_eq %a, %b : tensor<3xf16>
  // CHECK: check.expect_almost_eq %arg0, %arg1, tolerance = 1.000000e-01 : tensor<3xf16>
  check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<3xf16>
  // CHECK: check.expect_eq_const %arg2, dense<[1, -2]> : tensor<2xi4>
  check.expect_eq_const %i, dense<[1, -2]> : tensor<2xi4>
  // CHECK: check.expect_almost_eq_const %arg0, dense<1.000000e+00> : tensor<3xf16> {tolerance = 1.000000e-01 : f64}
  check.expect_almost_eq_const %a, dense<1.0> : tensor<3xf16> {tolerance = 0.1 : f64}
  // CHECK: check.expect_serialized_eq %arg0, probe_id = "p0" : tensor<3xf16>
  check.expect_serialized_eq %a, probe_id = "p0" : tensor<3xf16>
  // CHECK: check.expect_serialized_eq %arg0, probe_id = "p0", iter = 2 : tensor<3xf16>
  check.expect_serialized_eq %a, probe_id = "p0", iter = 2 : tensor<3xf16>
  // CHECK: %[[P:.*]] = check.probe %arg0, probe_id = "p0" : tensor<3xf16>
  // CHECK: check.expect_eq %[[P]], %arg1
  %p = check.probe %a, probe_id = "p0" : tensor<3xf16>
  check.expect_eq %p, %b : tensor<3xf16>
  return
}
