// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: hlo-opt %s -split-input-file -verify-diagnostics | hlo-opt -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @pretty
// CHECK: hlo.cholesky %arg0, lower = true : tensor<3x3xf32>
// CHECK: hlo.cholesky %arg1 : tensor<2x4x4xcomplex<f64>>
// CHECK: hlo.cholesky %arg0 : tensor<3x3xf32>
func.func @pretty(%a: tensor<3x3xf32>, %b: tensor<2x4x4xcomplex<f64>>) -> (tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>, tensor<3x3xf32>) {
  %0 = hlo.cholesky %a, lower = true : tensor<3x3xf32>
  %1 = hlo.cholesky %b : tensor<2x4x4xcomplex<f64>>
  %2 = hlo.cholesky %a, lower = false : tensor<3x3xf32>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>, tensor<3x3xf32>
}

// -----

// The spec's example in the generic form (with the result type corrected:
// the spec's tensor<3x3xf64> contradicts its own (C1)).
// CHECK-LABEL: func.func @generic
// CHECK: hlo.cholesky %arg0, lower = true : tensor<3x3xf32>
func.func @generic(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %result = "hlo.cholesky"(%a) {
    lower = true
  } : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %result : tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK: hlo.cholesky %arg0, lower = true : (tensor<?x3x3xf32>) -> tensor<2x3x3xf32>
func.func @dynamic(%a: tensor<?x3x3xf32>) -> tensor<2x3x3xf32> {
  %0 = hlo.cholesky %a, lower = true : (tensor<?x3x3xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

func.func @cholesky_c1_result_type(%a: tensor<3x3xf32>) -> tensor<3x3xf64> {
  // expected-error @+2 {{'hlo.cholesky' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error @+1 {{'hlo.cholesky' op failed to infer returned types}}
  %0 = hlo.cholesky %a, lower = true : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

func.func @cholesky_c1_result_shape(%a: tensor<3x3xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'hlo.cholesky' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{'hlo.cholesky' op failed to infer returned types}}
  %0 = hlo.cholesky %a : (tensor<3x3xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @cholesky_c2_rank(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{a must have rank at least 2 (cholesky_c2), found rank 1}}
  // expected-error @+1 {{'hlo.cholesky' op failed to infer returned types}}
  %0 = hlo.cholesky %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_c3_square(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{a must be square in its last two dimensions (cholesky_c3), found 3x4}}
  // expected-error @+1 {{'hlo.cholesky' op failed to infer returned types}}
  %0 = hlo.cholesky %a, lower = true : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @cholesky_integer_operand(%a: tensor<3x3xi32>) -> tensor<3x3xi32> {
  // expected-error @+1 {{'hlo.cholesky' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = hlo.cholesky %a : tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
