// Errors in StableHLO input point at the user's line and column, although the
// importer respells the dialect prefix, and name the op as the user wrote it.
// RUN: not hlo-translate --import-stablehlo %s 2>&1 | FileCheck %s
// RUN: not hlo-opt %s 2>&1 | FileCheck %s

func.func @main(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // CHECK: stablehlo-errors.mlir:[[@LINE+1]]:8: error: 'stablehlo.add' op all non-scalar operands/results must have the same shape and base type
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
