// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @solve
// CHECK: "hlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #hlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xcomplex<f32>>
func.func @solve(%a: tensor<2x3x3xcomplex<f32>>, %b: tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xcomplex<f32>> {
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose ADJOINT>}> : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xcomplex<f32>>
  return %0 : tensor<2x3x4xcomplex<f32>>
}

// -----

func.func @triangular_solve_c3_square(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{a must be square in its last two dimensions (triangular_solve_c3)}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @triangular_solve_c3_rows(%a: tensor<3x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{b's rows must match a's size (triangular_solve_c3)}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @triangular_solve_invalid_transpose(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+2 {{transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT, found TRANSPOSE_INVALID}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE_INVALID>}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
