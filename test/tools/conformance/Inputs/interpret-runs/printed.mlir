// Interpreter-style tests without check ops (test data for
// interpret-runs.test): the printed results are matched by FileCheck, in
// the interpreter's format and in the dense one.
// RUN: stablehlo-translate --interpret -split-input-file %s | FileCheck %s
// RUN: stablehlo-translate --interpret --interpreter-print-dense -split-input-file %s | FileCheck %s --check-prefix=DENSE

func.func @matrix() -> (tensor<2x3xi16>, tensor<f32>) {
  // CHECK:      tensor<2x3xi16> {
  // CHECK-NEXT:   [
  // CHECK-NEXT:     [1, 2, 3],
  // CHECK-NEXT:     [4, 5, -6]
  // CHECK-NEXT:   ]
  // CHECK-NEXT: }
  // CHECK-NEXT: tensor<f32> {2.500000e-01}
  // DENSE{LITERAL}: dense<[[1, 2, 3], [4, 5, -6]]> : tensor<2x3xi16>
  // DENSE-NEXT: dense<2.500000e-01> : tensor<f32>
  %0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, -6]]> : tensor<2x3xi16>
  %1 = stablehlo.constant dense<0.5> : tensor<f32>
  %2 = stablehlo.multiply %1, %1 : tensor<f32>
  func.return %0, %2 : tensor<2x3xi16>, tensor<f32>
}

// -----

func.func @complex() -> tensor<2xcomplex<f32>> {
  // CHECK:      tensor<2xcomplex<f32>> {
  // CHECK-NEXT{LITERAL}:   [[1.000000e+00, -2.000000e+00], [1.000000e+00, -2.000000e+00]]
  // CHECK-NEXT: }
  // DENSE: dense<(1.000000e+00,-2.000000e+00)> : tensor<2xcomplex<f32>>
  %0 = stablehlo.constant dense<(1.0, -2.0)> : tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// -----

// A wrong expectation fails the case.
func.func @wrong() -> tensor<2xi32> {
  // CHECK:      tensor<2xi32> {
  // CHECK-NEXT:   [7, 8]
  // CHECK-NEXT: }
  // DENSE: dense<[7, 8]> : tensor<2xi32>
  %0 = stablehlo.constant dense<[7, 9]> : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
