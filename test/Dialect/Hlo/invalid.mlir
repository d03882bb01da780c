// RUN: hlo-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Negative tests of the hlo dialect: one case per verifier rule (named after
// the StableHLO constraint it enforces, e.g. transpose_c2), per ODS type
// constraint of every op, and per malformed-syntax diagnostic. Rules that
// infer the result type report the violated constraint and then "failed to
// infer returned types". Unregistered ops are allowed only to build a
// reduction body that does not end in a terminator.

//===----------------------------------------------------------------------===//
// hlo.constant
//===----------------------------------------------------------------------===//

func.func @constant_value_and_output_types_differ() -> tensor<4xi64> {
  // expected-error @+1 {{'hlo.constant' op failed to verify that all of {value, output} have same type}}
  %0 = "hlo.constant"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @constant_rejects_unsupported_element_type() -> tensor<2xi128> {
  // expected-error @+1 {{'hlo.constant' op result #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<2xi128>'}}
  %0 = hlo.constant dense<1> : tensor<2xi128>
  return %0 : tensor<2xi128>
}

// -----

func.func @constant_requires_elements_attr() -> tensor<i32> {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = hlo.constant 1 : i32
  return %0 : tensor<i32>
}

//===----------------------------------------------------------------------===//
// hlo.iota
//===----------------------------------------------------------------------===//

// -----

func.func @iota_c1_dimension_out_of_range() -> tensor<4x5xi32> {
  // expected-error @+1 {{iota_dimension 2 must be in [0, 2) (iota_c1)}}
  %0 = hlo.iota dim = 2 : tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

// -----

func.func @iota_c1_negative_dimension() -> tensor<4xf32> {
  // expected-error @+1 {{iota_dimension -1 must be in [0, 1) (iota_c1)}}
  %0 = hlo.iota dim = -1 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @iota_c1_scalar_output() -> tensor<i32> {
  // expected-error @+1 {{iota_dimension 0 must be in [0, 0) (iota_c1)}}
  %0 = hlo.iota dim = 0 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @iota_rejects_pred_output() -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.iota' op result #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xi1>'}}
  %0 = hlo.iota dim = 0 : tensor<4xi1>
  return %0 : tensor<4xi1>
}

//===----------------------------------------------------------------------===//
// Elementwise ops: shapes and element types
//===----------------------------------------------------------------------===//

// -----

func.func @abs_c1_complex_operand_wrong_result_type(%z: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+2 {{'hlo.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.abs' op failed to infer returned types}}
  %0 = hlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @abs_c1_complex_result(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.abs' op result #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = hlo.abs %z : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @abs_c1_float_result_element_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+2 {{'hlo.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{'hlo.abs' op failed to infer returned types}}
  %0 = hlo.abs %x : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @unary_result_shape_mismatch(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.negate' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.negate %x : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @unary_result_element_type_mismatch(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.sqrt' op requires the same element type for all operands and results}}
  %0 = hlo.sqrt %x : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unary_dynamic_result_shape_mismatch(%x: tensor<?x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.exponential' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.exponential %x : (tensor<?x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @binary_operand_shape_mismatch(%x: tensor<4xf32>, %y: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.add %x, %y : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @binary_operand_rank_mismatch(%x: tensor<4xf32>, %y: tensor<4x1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.multiply' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.multiply %x, %y : (tensor<4xf32>, tensor<4x1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @binary_dynamic_operand_shape_mismatch(%x: tensor<?x4xf32>, %y: tensor<3x5xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'hlo.subtract' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.subtract %x, %y : (tensor<?x4xf32>, tensor<3x5xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @binary_operand_element_type_mismatch(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.maximum' op requires the same element type for all operands and results}}
  %0 = hlo.maximum %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @binary_result_element_type_mismatch(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{'hlo.and' op requires the same element type for all operands and results}}
  %0 = hlo.and %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @binary_functional_type_wrong_operand_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 operand types, found 1}}
  %0 = hlo.add %x, %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unary_functional_type_two_results(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 result type, found 2}}
  %0 = hlo.negate %x : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0 : tensor<4xf32>
}

// -----

func.func @unary_missing_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = hlo.negate %x
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// hlo.compare
//===----------------------------------------------------------------------===//

// -----

func.func @compare_c3_float_with_signed_type(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type for operands of element type 'f32' must be FLOAT or TOTALORDER (compare_c3)}}
  %0 = hlo.compare LT, %x, %x, SIGNED : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_signless_int_with_unsigned_type(%x: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type for operands of element type 'i32' must be SIGNED (compare_c3)}}
  %0 = hlo.compare LT, %x, %x, UNSIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_unsigned_int_with_signed_type(%x: tensor<4xui32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type for operands of element type 'ui32' must be UNSIGNED (compare_c3)}}
  %0 = hlo.compare GE, %x, %x, SIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_pred_with_float_type(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type for operands of element type 'i1' must be UNSIGNED (compare_c3)}}
  %0 = hlo.compare EQ, %x, %x, FLOAT : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c3_complex_with_totalorder_type(%x: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type for operands of element type 'complex<f32>' must be FLOAT (compare_c3)}}
  %0 = hlo.compare NE, %x, %x, TOTALORDER : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c2_operand_types_differ(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op requires all operands to have the same type}}
  %0 = hlo.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_c4_result_not_pred(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.compare' op result #0 must be ranked tensor of pred (1-bit boolean) values, but got 'tensor<4xi32>'}}
  %0 = hlo.compare LT, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @compare_c4_result_shape_mismatch(%x: tensor<4xf32>) -> tensor<5xi1> {
  // expected-error @+1 {{'hlo.compare' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.compare LT, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

func.func @compare_bad_direction(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+2 {{expected ::mlir::hlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{failed to parse HLO_ComparisonDirectionAttr parameter 'value'}}
  %0 = hlo.compare LTE, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_bad_compare_type(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+2 {{expected ::mlir::hlo::ComparisonType to be one of: NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED}}
  // expected-error @+1 {{failed to parse HLO_ComparisonTypeAttr parameter 'value'}}
  %0 = hlo.compare LT, %x, %x, PARTIALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

//===----------------------------------------------------------------------===//
// hlo.select
//===----------------------------------------------------------------------===//

// -----

func.func @select_c1_pred_shape_mismatch(%p: tensor<3xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{pred must be a scalar or have the shape of on_true (select_c1), found 'tensor<3xi1>' and 'tensor<4xf32>'}}
  // expected-error @+1 {{'hlo.select' op failed to infer returned types}}
  %0 = hlo.select %p, %x, %x : tensor<3xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c1_pred_rank_mismatch(%p: tensor<2x2xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{pred must be a scalar or have the shape of on_true (select_c1), found 'tensor<2x2xi1>' and 'tensor<4xf32>'}}
  // expected-error @+1 {{'hlo.select' op failed to infer returned types}}
  %0 = hlo.select %p, %x, %x : (tensor<2x2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c2_element_types_differ(%p: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+2 {{on_true and on_false must have the same type (select_c2), found 'tensor<4xf32>' and 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.select' op failed to infer returned types}}
  %0 = hlo.select %p, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c2_shapes_differ(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{on_true and on_false must have the same type (select_c2), found 'tensor<4xf32>' and 'tensor<5xf32>'}}
  // expected-error @+1 {{'hlo.select' op failed to infer returned types}}
  %0 = hlo.select %p, %x, %y : (tensor<i1>, tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_c3_result_type_mismatch(%p: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{'hlo.select' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error @+1 {{'hlo.select' op failed to infer returned types}}
  %0 = hlo.select %p, %x, %x : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @select_pred_must_be_i1(%p: tensor<4xi32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op operand #0 must be ranked tensor of pred (1-bit boolean) values, but got 'tensor<4xi32>'}}
  %0 = hlo.select %p, %x, %x : tensor<4xi32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_three_type_list(%p: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected `pred_type, value_type` or a function type with 3 inputs and 1 result}}
  %0 = hlo.select %p, %x, %x : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// hlo.clamp
//===----------------------------------------------------------------------===//

// -----

func.func @clamp_c1_min_shape_mismatch(%lo: tensor<3xf32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{min must be a scalar or have the shape of the operand (clamp_c1), found 'tensor<3xf32>' and 'tensor<4xf32>'}}
  // expected-error @+1 {{'hlo.clamp' op failed to infer returned types}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<3xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_c2_max_shape_mismatch(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<4x1xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{max must be a scalar or have the shape of the operand (clamp_c2), found 'tensor<4x1xf32>' and 'tensor<4xf32>'}}
  // expected-error @+1 {{'hlo.clamp' op failed to infer returned types}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<4x1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_c3_element_types_differ(%lo: tensor<f64>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{min, operand and max must have the same element type (clamp_c3), found 'tensor<f64>', 'tensor<4xf32>' and 'tensor<f32>'}}
  // expected-error @+1 {{'hlo.clamp' op failed to infer returned types}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f64>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_c4_result_type_mismatch(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+2 {{'hlo.clamp' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{'hlo.clamp' op failed to infer returned types}}
  %0 = hlo.clamp %x, %x, %x : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @clamp_rejects_index_operands(%x: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.clamp' op operand #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.clamp %x, %x, %x : tensor<4xindex>
  return %0 : tensor<4xindex>
}

//===----------------------------------------------------------------------===//
// hlo.convert
//===----------------------------------------------------------------------===//

// -----

func.func @convert_c1_shape_mismatch(%x: tensor<4xf32>) -> tensor<5xi32> {
  // expected-error @+1 {{'hlo.convert' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @convert_rejects_index_result(%x: tensor<4xi32>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.convert' op result #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.convert %x : (tensor<4xi32>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}

//===----------------------------------------------------------------------===//
// hlo.broadcast_in_dim
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_in_dim_c1_element_type_mismatch(%x: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{result must have the operand's element type (broadcast_in_dim_c1), found 'f32' and 'f64'}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @broadcast_in_dim_c2_dims_size_mismatch(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [0, 1] must have one entry per operand dimension (broadcast_in_dim_c2), expected 1 entries}}
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c3_dim_out_of_range(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [2] must be in [0, 2) (broadcast_in_dim_c3), found 2}}
  %0 = hlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c3_negative_dim(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [-1] must be in [0, 2) (broadcast_in_dim_c3), found -1}}
  %0 = hlo.broadcast_in_dim %x, dims = [-1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_c4_dims_not_unique(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [1, 1] must not repeat a dimension (broadcast_in_dim_c4), found 1 twice}}
  %0 = hlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_in_dim_c5_dim_size_mismatch(%x: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{operand dimension 0 of size 3 must be 1 or equal result dimension 1 of size 4 (broadcast_in_dim_c5)}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

//===----------------------------------------------------------------------===//
// hlo.reshape
//===----------------------------------------------------------------------===//

// -----

func.func @reshape_c1_element_type_mismatch(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{result must have the operand's element type (reshape_c1), found 'f32' and 'i32'}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @reshape_c2_element_count_mismatch(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{operand and result must have the same number of elements (reshape_c2), found 6 and 7}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

//===----------------------------------------------------------------------===//
// hlo.transpose
//===----------------------------------------------------------------------===//

// -----

func.func @transpose_c2_not_a_permutation(%x: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+2 {{permutation [1, 1] must not repeat a dimension (transpose_c2), found 1 twice}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %0 = hlo.transpose %x, dims = [1, 1] : (tensor<4x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @transpose_c2_dimension_out_of_range(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{permutation [2, 0] must be in [0, 2) (transpose_c2), found 2}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %0 = hlo.transpose %x, dims = [2, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_c2_wrong_length(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{permutation [1] must have one entry per operand dimension (transpose_c2), expected 2 entries}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %0 = hlo.transpose %x, dims = [1] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_c3_result_shape_mismatch(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'hlo.transpose' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>'}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @transpose_c1_element_type_mismatch(%x: tensor<4x8xf32>) -> tensor<8x4xf16> {
  // expected-error @+2 {{'hlo.transpose' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<8x4xf16>'}}
  // expected-error @+1 {{'hlo.transpose' op failed to infer returned types}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf16>
  return %0 : tensor<8x4xf16>
}

//===----------------------------------------------------------------------===//
// hlo.slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_c2_too_few_ranges(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{start_indices, limit_indices and strides must have one entry per operand dimension (slice_c2), expected 2 entries, found 1, 1 and 1}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [1:3] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_c2_array_lengths_differ(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{start_indices, limit_indices and strides must have one entry per operand dimension (slice_c2), expected 2 entries, found 2, 2 and 1}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = "hlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1>}> : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_c3_negative_start(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{start index -1 of dimension 0 must be non-negative (slice_c3)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [-1:1, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_c3_limit_below_start(%x: tensor<3x4xf32>) -> tensor<3x0xf32> {
  // expected-error @+2 {{limit index 1 of dimension 1 must not be smaller than its start index 2 (slice_c3)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [0:3, 2:1] : (tensor<3x4xf32>) -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

// -----

func.func @slice_c3_limit_exceeds_dim(%x: tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error @+2 {{limit index 5 of dimension 1 must not exceed the dimension size 4 (slice_c3)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [0:3, 0:5] : (tensor<3x4xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @slice_c4_zero_stride(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{stride 0 of dimension 1 must be positive (slice_c4)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [0:3, 0:4:0] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @slice_c4_negative_stride(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{stride -1 of dimension 0 must be positive (slice_c4)}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [0:3:-1, 0:4] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @slice_c5_result_shape_mismatch(%x: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_range_missing_limit(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = hlo.slice %x [0:3, 0] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

//===----------------------------------------------------------------------===//
// hlo.concatenate
//===----------------------------------------------------------------------===//

// -----

func.func @concatenate_c1_element_types_differ(%x: tensor<1x2xf32>, %y: tensor<3x2xf64>) -> tensor<4x2xf32> {
  // expected-error @+2 {{inputs must have the same element type (concatenate_c1), found 'tensor<1x2xf32>' and 'tensor<3x2xf64>'}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_c2_ranks_differ(%x: tensor<1x2xf32>, %y: tensor<3xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{inputs must have the same rank (concatenate_c2), found 'tensor<1x2xf32>' and 'tensor<3xf32>'}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<1x2xf32>, tensor<3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_c2_shapes_differ(%x: tensor<1x2xf32>, %y: tensor<3x5xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{inputs must have the same shape except in dimension 0 (concatenate_c2), found 'tensor<1x2xf32>' and 'tensor<3x5xf32>' differing in dimension 1}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<1x2xf32>, tensor<3x5xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_c3_no_inputs() -> tensor<0xf32> {
  // expected-error @+2 {{expected at least one input (concatenate_c3)}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = "hlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_c4_dimension_out_of_range(%x: tensor<1x2xf32>) -> tensor<1x4xf32> {
  // expected-error @+2 {{dimension 2 must be in [0, 2) (concatenate_c4)}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %x, dim = 2 : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @concatenate_c4_negative_dimension(%x: tensor<1x2xf32>) -> tensor<1x4xf32> {
  // expected-error @+2 {{dimension -1 must be in [0, 2) (concatenate_c4)}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %x, dim = -1 : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @concatenate_c5_result_element_type_mismatch(%x: tensor<1x2xf32>, %y: tensor<3x2xf32>) -> tensor<4x2xf64> {
  // expected-error @+2 {{'hlo.concatenate' op inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<4x2xf64>'}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}

// -----

func.func @concatenate_c6_result_shape_mismatch(%x: tensor<1x2xf32>, %y: tensor<3x2xf32>) -> tensor<5x2xf32> {
  // expected-error @+2 {{'hlo.concatenate' op inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<5x2xf32>'}}
  // expected-error @+1 {{'hlo.concatenate' op failed to infer returned types}}
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @concatenate_missing_comma_before_dim(%x: tensor<1x2xf32>, %y: tensor<3x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = hlo.concatenate %x, %y dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @concatenate_missing_dim(%x: tensor<1x2xf32>, %y: tensor<3x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{expected 'dim'}}
  %0 = hlo.concatenate %x, %y, : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

//===----------------------------------------------------------------------===//
// hlo.dot_general
//===----------------------------------------------------------------------===//

// -----

func.func @dot_general_c1_batching_sizes_differ(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same number of batching dimensions (dot_general_c1), found [0] and []}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @dot_general_c2_contracting_sizes_differ(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same number of contracting dimensions (dot_general_c2), found [1] and [0, 1]}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0, 1] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c3_lhs_dims_not_unique(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{lhs batching and contracting dimensions must be unique (dot_general_c3), found 0 twice}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @dot_general_c4_rhs_dims_not_unique(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{rhs batching and contracting dimensions must be unique (dot_general_c4), found 1 twice}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [1], contracting_dims = [1] x [1] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @dot_general_c5_lhs_batching_out_of_range(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{lhs batching dimensions [3] must be in [0, 3) (dot_general_c5), found 3}}
  %0 = hlo.dot_general %x, %y, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @dot_general_c6_lhs_contracting_out_of_range(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{lhs contracting dimensions [-1] must be in [0, 2) (dot_general_c6), found -1}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [-1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c7_rhs_batching_out_of_range(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{rhs batching dimensions [5] must be in [0, 3) (dot_general_c7), found 5}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [5], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @dot_general_c8_rhs_contracting_out_of_range(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{rhs contracting dimensions [2] must be in [0, 2) (dot_general_c8), found 2}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [2] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c9_batching_dim_sizes_differ(%x: tensor<2x4x8xf32>, %y: tensor<3x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{lhs batching dimension 0 of size 2 must equal rhs batching dimension 0 of size 3 (dot_general_c9)}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<3x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @dot_general_c10_contracting_dim_sizes_differ(%x: tensor<4x8xf32>, %y: tensor<7x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{lhs contracting dimension 1 of size 8 must equal rhs contracting dimension 0 of size 7 (dot_general_c10)}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<7x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c11_one_precision(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (dot_general_c11), found 1}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0], precision = [HIGH] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c11_three_precisions(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (dot_general_c11), found 3}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0], precision = [HIGH, HIGH, HIGH] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_c12_result_shape_mismatch(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<4x2x16xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x4x16xf32>' (dot_general_c12), found 'tensor<4x2x16xf32>'}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<4x2x16xf32>
  return %0 : tensor<4x2x16xf32>
}

// -----

func.func @dot_general_c13_element_types_differ(%x: tensor<4x8xf32>, %y: tensor<8x16xbf16>) -> tensor<4x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same element type (dot_general_c13), found 'f32' and 'bf16'}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_bad_precision_keyword(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{expected DEFAULT, HIGH or HIGHEST, found 'FASTEST'}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] x [0], precision = [DEFAULT, FASTEST] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_missing_x(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{expected 'x'}}
  %0 = hlo.dot_general %x, %y, contracting_dims = [1] [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_missing_contracting_dims(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<2x4x8x8x16xf32> {
  // expected-error @+1 {{expected 'contracting_dims'}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x8x8x16xf32>
  return %0 : tensor<2x4x8x8x16xf32>
}

// -----

func.func @dot_general_batching_dims_without_contracting_dims(%x: tensor<2x4x8xf32>, %y: tensor<2x8x16xf32>) -> tensor<2x4x8x8x16xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x8x8x16xf32>
  return %0 : tensor<2x4x8x8x16xf32>
}

// -----

func.func @dot_general_unknown_dot_field(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{unknown dot dimension field 'lhs_contracting_dims'}}
  %0 = "hlo.dot_general"(%x, %y) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dims = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_duplicate_dot_field(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{duplicate dot dimension field 'lhs_contracting_dimensions'}}
  %0 = "hlo.dot_general"(%x, %y) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], lhs_contracting_dimensions = [1]>}> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @dot_general_missing_dot_dimension_numbers(%x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'hlo.dot_general' op requires attribute 'dot_dimension_numbers'}}
  %0 = "hlo.dot_general"(%x, %y) : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

//===----------------------------------------------------------------------===//
// hlo.reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_c1_input_shapes_differ(%x: tensor<4x8xf32>, %y: tensor<4x7xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+2 {{inputs must have the same shape (reduce_c1), found 'tensor<4x8xf32>' and 'tensor<4x7xf32>'}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  %0:2 = hlo.reduce(%x init: %z), (%y init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x7xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
    reducer(%a0: tensor<f32>, %e0: tensor<f32>) (%a1: tensor<f32>, %e1: tensor<f32>) {
      hlo.return %a0, %a1 : tensor<f32>, tensor<f32>
    }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reduce_c2_init_element_type_differs(%x: tensor<4x8xf32>, %z: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{init value #0 must have the element type of input #0 (reduce_c2), found 'tensor<i32>' and 'tensor<4x8xf32>'}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_c2_init_not_scalar(%x: tensor<4x8xf32>, %z: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op operand #1 must be variadic of 0D tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<1xf32>'}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c3_no_inputs() {
  // expected-error @+2 {{expected at least one input (reduce_c3)}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  "hlo.reduce"() <{dimensions = array<i64>}> ({
    ^bb0:
      "hlo.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @reduce_c3_inputs_and_inits_differ_in_number(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op operand #1 must be variadic of 0D tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4x8xf32>'}}
  %0 = "hlo.reduce"(%x, %x, %z) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c4_dimension_out_of_range(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{dimensions [2] must be in [0, 2) (reduce_c4), found 2}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c5_dimensions_not_unique(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{dimensions [1, 1] must not repeat a dimension (reduce_c5), found 1 twice}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_wrong_argument_count(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body must take 2 scalar tensor arguments (reduce_c6), found 1}}
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<f32>):
      "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_argument_not_scalar(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body arguments #0 and #1 must be 'tensor<f32>' (reduce_c6), found 'tensor<f32>' and 'tensor<1xf32>'}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<1xf32>) {
      hlo.return %a : tensor<f32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_argument_element_type(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body arguments #0 and #1 must be 'tensor<f32>' (reduce_c6), found 'tensor<f64>' and 'tensor<f32>'}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f64>, %b: tensor<f32>) {
      hlo.return %b : tensor<f32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_returns_too_many_values(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body must return 1 values (reduce_c6), found 2}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      hlo.return %a, %b : tensor<f32>, tensor<f32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_returns_nothing(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body must return 1 values (reduce_c6), found 0}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      hlo.return
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_result_type(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xi1> {
  // expected-error @+1 {{reduction body result #0 must be 'tensor<f32>' (reduce_c6), found 'tensor<i1>'}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xi1>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %c = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    }
  return %0 : tensor<4xi1>
}

// -----

func.func @reduce_c6_body_has_two_blocks(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      cf.br ^bb1
    ^bb1:
      hlo.return %a : tensor<f32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_body_without_terminator(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{reduction body must end with hlo.return (reduce_c6)}}
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "test.unknown"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c6_empty_body(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 1>}> ({
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_c7_result_shape_mismatch(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_c8_result_element_type_mismatch(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf64> {
  // expected-error @+2 {{'hlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.reduce' op failed to infer returned types}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @reduce_applies_with_two_inputs(%x: tensor<4x8xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{the compact `applies` form takes exactly one input}}
  %0:2 = hlo.reduce(%x init: %z), (%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reduce_applies_unary_op(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.negate' op requires a single operand}}
  %0 = hlo.reduce(%x init: %z) applies hlo.negate across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_applies_unknown_op(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'hlo.frobnicate' found in dialect ('hlo') that does not allow unknown operations}}
  %0 = hlo.reduce(%x init: %z) applies hlo.frobnicate across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_wrong_number_of_operand_types(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 operand types, found 1}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_missing_across(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 'across'}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_missing_reducer(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // expected-error @+1 {{expected 'reducer'}}
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// hlo.return
//===----------------------------------------------------------------------===//

// -----

func.func @return_outside_reduce(%x: tensor<f32>) -> tensor<f32> {
  // expected-error-re @+1 {{'hlo.return' op expects parent op to be one of '{{.*}}hlo.reduce{{.*}}'}}
  hlo.return %x : tensor<f32>
}

// -----

func.func @return_non_tensor_operand(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %c = arith.constant 1.0 : f32
      // expected-error @+1 {{'hlo.return' op operand #0 must be variadic of ranked tensor of pred, integer, floating-point, complex or quantized values or token, but got 'f32'}}
      hlo.return %c : f32
    }
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// ODS element-type constraints of the elementwise ops
//===----------------------------------------------------------------------===//

// -----

func.func @abs_rejects_unsigned_operand(%x: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'hlo.abs' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xui32>'}}
  %0 = hlo.abs %x : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

func.func @negate_rejects_pred_operand(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.negate' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.negate %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @not_rejects_float_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.not' op operand #0 must be ranked tensor of pred (1-bit boolean) or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = hlo.not %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sign_rejects_unsigned_operand(%x: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{'hlo.sign' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xui8>'}}
  %0 = hlo.sign %x : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

func.func @exponential_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.exponential' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.exponential %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @exponential_minus_one_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.exponential_minus_one' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.exponential_minus_one %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @log_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.log' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.log %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @log_plus_one_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.log_plus_one' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.log_plus_one %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @logistic_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.logistic' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.logistic %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @tanh_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.tanh' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.tanh %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @sqrt_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.sqrt' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.sqrt %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @rsqrt_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.rsqrt' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.rsqrt %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cbrt_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.cbrt' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.cbrt %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cosine_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.cosine' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.cosine %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @sine_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.sine' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.sine %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @tan_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.tan' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.tan %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @floor_rejects_complex_operand(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.floor' op operand #0 must be ranked tensor of floating-point or uniform quantized integer values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = hlo.floor %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @ceil_rejects_complex_operand(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.ceil' op operand #0 must be ranked tensor of floating-point or uniform quantized integer values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = hlo.ceil %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @round_nearest_afz_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.round_nearest_afz' op operand #0 must be ranked tensor of floating-point or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.round_nearest_afz %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @round_nearest_even_rejects_complex_operand(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.round_nearest_even' op operand #0 must be ranked tensor of floating-point or uniform quantized integer values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = hlo.round_nearest_even %x : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @popcnt_rejects_float_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.popcnt' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = hlo.popcnt %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @count_leading_zeros_rejects_pred_operand(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.count_leading_zeros' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.count_leading_zeros %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @add_rejects_index_operands(%x: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.add' op operand #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.add %x, %x : tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @subtract_rejects_pred_operands(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.subtract' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.subtract %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @multiply_rejects_index_operands(%x: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.multiply' op operand #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.multiply %x, %x : tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @divide_rejects_pred_operands(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.divide' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.divide %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @remainder_rejects_pred_operands(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.remainder' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.remainder %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @maximum_rejects_index_operands(%x: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.maximum' op operand #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.maximum %x, %x : tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @minimum_rejects_index_operands(%x: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'hlo.minimum' op operand #0 must be ranked tensor of pred, integer, floating-point, complex or quantized values, but got 'tensor<4xindex>'}}
  %0 = hlo.minimum %x, %x : tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @power_rejects_pred_operands(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.power' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer or floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.power %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @atan2_rejects_integer_operands(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.atan2' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements or uniform quantized integer values, but got 'tensor<4xi32>'}}
  %0 = hlo.atan2 %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @and_rejects_float_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.and' op operand #0 must be ranked tensor of pred (1-bit boolean) or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = hlo.and %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @or_rejects_float_operands(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'hlo.or' op operand #0 must be ranked tensor of pred (1-bit boolean) or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xbf16>'}}
  %0 = hlo.or %x, %x : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @xor_rejects_float_operands(%x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{'hlo.xor' op operand #0 must be ranked tensor of pred (1-bit boolean) or 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf16>'}}
  %0 = hlo.xor %x, %x : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @shift_left_rejects_float_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.shift_left' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = hlo.shift_left %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @shift_right_arithmetic_rejects_pred_operands(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.shift_right_arithmetic' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<4xi1>'}}
  %0 = hlo.shift_right_arithmetic %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @shift_right_logical_rejects_float_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.shift_right_logical' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<4xf32>'}}
  %0 = hlo.shift_right_logical %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
