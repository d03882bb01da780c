// RUN: hlo-opt %s -split-input-file -verify-diagnostics
//
// dot_general on quantized element types (spec dot_general_c14..c20): a
// quantized rhs with zero points 0, and either a quantized lhs and result
// or a float lhs and result ("hybrid"). The two valid forms come last.

func.func @dot_general_c14_float_result(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) {
  // expected-error @+1 {{a quantized dot_general needs a quantized rhs, and a quantized result exactly when lhs is quantized (dot_general_c14), found '!quant.uniform<i8:f32, 1.000000e-01>', '!quant.uniform<i8:f32, 1.000000e-01>' -> 'f32'}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dot_general_c15_rhs_zero_point(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:5>>) {
  // expected-error @+1 {{rhs zero point must be 0 (dot_general_c15), found 5}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.1:5>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.1:0>>
  return
}

// -----

func.func @dot_general_c16_contracted_quantization_dimension(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>) {
  // expected-error @+1 {{rhs quantization dimension 0 must not be a contracting dimension (dot_general_c16)}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.1:0>>
  return
}

// -----

func.func @dot_general_c17_storage_types(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i16:f32, 0.1:0>>) {
  // expected-error @+1 {{lhs and rhs must have the same storage type (dot_general_c17), found 'i8' and 'i16'}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i16:f32, 0.1:0>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.1:0>>
  return
}

// -----

func.func @dot_general_c18_expressed_types(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) {
  // expected-error @+1 {{lhs, rhs and result must have the same expressed type (dot_general_c18), found 'f32', 'f32' and 'f16'}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x4x!quant.uniform<i32:f16, 0.1:0>>
  return
}

// -----

func.func @dot_general_c19_per_axis_result(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) {
  // expected-error @+1 {{a per-tensor quantized rhs needs a per-tensor quantized result (dot_general_c19), found '!quant.uniform<i32:f32:1, {1.000000e-01,2.000000e-01,3.000000e-01,4.000000e-01}>'}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {0.1:0, 0.2:0, 0.3:0, 0.4:0}>>
  return
}

// -----

func.func @dot_general_c20_hybrid_result_type(%a: tensor<2x3xf32>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) {
  // expected-error @+1 {{with a float lhs, lhs and result must have rhs's expressed type 'f32' (dot_general_c20), found 'f32' and 'f16'}}
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x4xf16>
  return
}

// -----

func.func @dot_general_ok_hybrid(%a: tensor<2x3xf32>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) {
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dot_general_ok_quant(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, %b: tensor<3x4x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3, 0.4}>>) {
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x4x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3, 0.4}>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {0.1:0, 0.2:0, 0.3:0, 0.4:0}>>
  return
}
