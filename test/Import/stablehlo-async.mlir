// The spec's async_start/async_done example, verbatim: the generic ops and
// !stablehlo.future import by respelling to hlo.async_start,
// hlo.async_done and !hlo.future.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: %[[F:.*]] = "hlo.async_start"(%arg0) ({
// CHECK:   %[[G:.*]] = "hlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>}> : (tensor<8x2xf32>) -> tensor<8x8xf32>
// CHECK:   hlo.return %[[G]] : tensor<8x8xf32>
// CHECK: }) : (tensor<8x2xf32>) -> !hlo.future<tensor<8x8xf32>>
// CHECK: "hlo.async_done"(%[[F]]) : (!hlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
func.func @main(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
    } : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  func.return %2 : tensor<8x8xf32>
}
