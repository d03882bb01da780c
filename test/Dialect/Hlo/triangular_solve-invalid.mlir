// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.triangular_solve, one per StableHLO constraint
// (triangular_solve_c<N>); c3 is in triangular_solve.mlir.

func.func @triangular_solve_c1_element_types(%a: tensor<3x3xf32>, %b: tensor<3x2xf64>) -> tensor<3x2xf64> {
  // expected-error @+2 {{a and b must have the same element type (triangular_solve_c1), found 'f32' and 'f64'}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @triangular_solve_c2_rank_below_2(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{a and b must have the same rank, at least 2 (triangular_solve_c2), found 1 and 1}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @triangular_solve_c2_ranks_differ(%a: tensor<3x3xf32>, %b: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+2 {{a and b must have the same rank, at least 2 (triangular_solve_c2), found 2 and 3}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @triangular_solve_c4_result_type(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.triangular_solve' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
