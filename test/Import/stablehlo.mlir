// StableHLO text as JAX writes it imports to the hlo form: pretty and generic
// op syntax, #stablehlo attributes, func.call, JAX attributes, and the
// conformance check calls, which become check ops.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s
// hlo-opt reads StableHLO directly too (check calls stay custom calls).
// RUN: hlo-opt %s | FileCheck %s --check-prefix=OPT

// CHECK-LABEL: module @jit_main attributes {mhlo.num_partitions = 1 : i32
module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  // CHECK-LABEL: func.func public @main
  // CHECK-SAME:    jax.result_info = ""
  func.func public @main() -> (tensor<2x2xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    // CHECK: %[[IN:.*]]:2 = call @inputs()
    %0:2 = call @inputs() : () -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %1 = call @expected() : () -> tensor<2x2xf32>
    // CHECK: %[[D:.*]] = hlo.dot_general %[[IN]]#0, %[[IN]]#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %2 = "stablehlo.dot_general"(%0#0, %0#1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    // CHECK: %[[C:.*]] = hlo.compare GT, %[[D]], %[[IN]]#1, FLOAT : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xi1>
    %3 = stablehlo.compare  GT, %2, %0#1,  FLOAT : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xi1>
    // CHECK: %[[S:.*]] = hlo.select %[[C]], %[[D]], %[[IN]]#1 : tensor<2x2xi1>, tensor<2x2xf32>
    %4 = stablehlo.select %3, %2, %0#1 : tensor<2x2xi1>, tensor<2x2xf32>
    // CHECK: check.expect_close %[[S]], %{{.*}} : tensor<2x2xf32>, tensor<2x2xf32>
    stablehlo.custom_call @check.expect_close(%4, %1) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
    // CHECK: check.expect_almost_eq %[[S]], %{{.*}}, tolerance = 1.000000e-03 : tensor<2x2xf32>
    stablehlo.custom_call @check.expect_almost_eq(%4, %1) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
    // Other custom calls stay.
    // CHECK: hlo.custom_call @my.target(%[[S]]) {backend_config = "cfg"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %5 = stablehlo.custom_call @my.target(%4) {backend_config = "cfg"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %4 : tensor<2x2xf32>
  }
  // CHECK-LABEL: func.func private @inputs
  func.func private @inputs() -> (tensor<2x2xf32> {mhlo.layout_mode = "default"}, tensor<2x2xf32> {mhlo.layout_mode = "default"}) {
    // Hex constants (little-endian) parse as they are.
    // CHECK: hlo.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
    %cst = stablehlo.constant dense<"0x0000803F000000400000404000008040"> : tensor<2x2xf32>
    %cst_0 = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>
    return %cst, %cst_0 : tensor<2x2xf32>, tensor<2x2xf32>
  }
  func.func private @expected() -> (tensor<2x2xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    return %cst : tensor<2x2xf32>
  }
}

// OPT: hlo.dot_general
// OPT: hlo.custom_call @check.expect_close
