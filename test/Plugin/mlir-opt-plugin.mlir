// Stock mlir-opt (LLVM 22) loads the hlo dialect and passes from the plugin
// and runs hlo-canonicalize; plugin passes are reachable through
// --pass-pipeline only.
// RUN: %stock_mlir_opt --load-dialect-plugin=%hlo_plugin --load-pass-plugin=%hlo_plugin \
// RUN:   --pass-pipeline='builtin.module(hlo-canonicalize)' %s | FileCheck %s

// Without the plugin the same mlir-opt does not know the dialect.
// RUN: not %stock_mlir_opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: error: Dialect `hlo' not found for custom op 'hlo.constant'

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C:.*]] = hlo.constant dense<6.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    return %arg0, %[[C]]
func.func @fold(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<2.0> : tensor<4xf32>
  %b = hlo.constant dense<3.0> : tensor<4xf32>
  %c = hlo.multiply %a, %b : tensor<4xf32>
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %u = hlo.transpose %t, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %u, %c : tensor<2x3xf32>, tensor<4xf32>
}
