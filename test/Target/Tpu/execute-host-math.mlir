// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: sed 's/dense<\[\[7, 0, 32767\]/dense<[[7, 1, 32767]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED

// Integer absolute values (wrapping at the minimum) and the floating-point
// classes on the simulator's registers, each against its expected value.
// CHECK: 4 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 3 passed, 1 failed
func.func @main() {
  %i = stablehlo.constant dense<[[-7, 0, 32767], [-32768, 5, -1]]> : tensor<2x3xi16>
  %0 = stablehlo.abs %i : tensor<2x3xi16>
  %e0 = stablehlo.constant dense<[[7, 0, 32767], [-32768, 5, 1]]> : tensor<2x3xi16>
  stablehlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x3xi16>, tensor<2x3xi16>) -> ()

  %j = stablehlo.constant dense<[-2147483648, -3, 4]> : tensor<3xi32>
  %1 = stablehlo.abs %j : tensor<3xi32>
  %e1 = stablehlo.constant dense<[-2147483648, 3, 4]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()

  %f = stablehlo.constant dense<[[1.5, 0x7F80, 0xFF80, 0x7FC0], [-0.0, 3.0e38, 0x0001, -2.0]]> : tensor<2x4xbf16>
  %2 = stablehlo.is_finite %f : (tensor<2x4xbf16>) -> tensor<2x4xi1>
  %e2 = stablehlo.constant dense<[[true, false, false, false], [true, true, true, true]]> : tensor<2x4xi1>
  stablehlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<2x4xi1>, tensor<2x4xi1>) -> ()

  %g = stablehlo.constant dense<[[1.0, 0x7F800000, 0xFF800000, 0x7FC00000]]> : tensor<1x4xf32>
  %3 = stablehlo.is_finite %g : (tensor<1x4xf32>) -> tensor<1x4xi1>
  %e3 = stablehlo.constant dense<[[true, false, false, false]]> : tensor<1x4xi1>
  stablehlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<1x4xi1>, tensor<1x4xi1>) -> ()
  return
}
