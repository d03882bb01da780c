// hlo.cholesky exports as XLA's `cholesky` (`lower=true`, nothing for the
// upper factor, as XLA prints it) and imports back.
// RUN: hlo-translate --export-hlo-text %s | FileCheck %s
// RUN: hlo-translate --export-hlo-text %s | hlo-translate --import-hlo-text | FileCheck %s --check-prefix=BACK

// CHECK: ENTRY
// CHECK: %[[L:.*]] = f32[2,3,3] cholesky(%[[A:.*]]), lower=true
// CHECK: %[[U:.*]] = c128[3,3] cholesky(%{{.*}}){{$}}
// BACK: hlo.cholesky %arg0, lower = true : tensor<2x3x3xf32>
// BACK: hlo.cholesky %arg1 : tensor<3x3xcomplex<f64>>
func.func @main(%a: tensor<2x3x3xf32>, %b: tensor<3x3xcomplex<f64>>) -> (tensor<2x3x3xf32>, tensor<3x3xcomplex<f64>>) {
  %0 = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  %1 = hlo.cholesky %b : tensor<3x3xcomplex<f64>>
  return %0, %1 : tensor<2x3x3xf32>, tensor<3x3xcomplex<f64>>
}
