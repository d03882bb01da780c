// A self-checking StableHLO program: its inputs are constants returned by
// @inputs(), its expected values come from @expected(), and a check call
// compares. The runner makes every constant a run-time input, so the
// compiled code (not the constant folder) computes the result.
// RUN: hlo-runner %s | FileCheck %s
// CHECK: 2 passed, 0 failed

// The lowered module still contains the computation, and the constants are
// parameters of the entry.
// RUN: hlo-runner %s --print-lowered-ir 2>&1 >/dev/null | FileCheck %s --check-prefix=IR
// IR: llvm.func @main(
// IR: llvm.fmul
// IR: llvm.fadd
// IR-NOT: llvm.mlir.global {{.*}}dense<[1.500000e+00

module @jit_main {
  func.func public @main() -> (tensor<3xf32> {jax.result_info = ""}) {
    %0:2 = call @inputs() : () -> (tensor<3xf32>, tensor<3xf32>)
    %1 = call @expected() : () -> tensor<3xf32>
    %2 = stablehlo.multiply %0#0, %0#1 : tensor<3xf32>
    %3 = stablehlo.add %2, %0#0 : tensor<3xf32>
    stablehlo.custom_call @check.expect_close(%3, %1) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
    stablehlo.custom_call @check.expect_almost_eq(%3, %1) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
    return %3 : tensor<3xf32>
  }
  func.func private @inputs() -> (tensor<3xf32>, tensor<3xf32>) {
    %a = stablehlo.constant dense<[1.5, -2.0, 0.25]> : tensor<3xf32>
    %b = stablehlo.constant dense<[2.0, 3.0, -4.0]> : tensor<3xf32>
    return %a, %b : tensor<3xf32>, tensor<3xf32>
  }
  func.func private @expected() -> tensor<3xf32> {
    %e = stablehlo.constant dense<[4.5, -8.0, -0.75]> : tensor<3xf32>
    return %e : tensor<3xf32>
  }
}
