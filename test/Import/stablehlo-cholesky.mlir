// stablehlo.cholesky in StableHLO's pretty syntax (as XLA prints it; the
// attribute is left out when lower is false) and the spec's generic form
// import to hlo.cholesky.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @main
func.func @main(%a: tensor<3x3xf32>, %b: tensor<2x4x4xcomplex<f64>>) -> (tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>, tensor<3x3xf32>) {
  // CHECK: hlo.cholesky %arg0, lower = true : tensor<3x3xf32>
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  // CHECK: hlo.cholesky %arg1 : tensor<2x4x4xcomplex<f64>>
  %1 = stablehlo.cholesky %b : tensor<2x4x4xcomplex<f64>>
  // CHECK: hlo.cholesky %arg0, lower = true : tensor<3x3xf32>
  %2 = "stablehlo.cholesky"(%a) {
    lower = true
  } : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>, tensor<3x3xf32>
}
