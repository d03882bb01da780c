// RUN: hlo-opt %s -split-input-file -verify-diagnostics
//
// The spec constraints of the elementwise ops, one negative test per rule
// and op (named <op>_c<N>_..., see utils/spec_coverage.py). Most come from
// ODS traits (same shape, same element type up to quantization) and from
// result type inference (abs/real/imag/complex element types).

func.func @cbrt_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.cbrt' op requires the same element type for all operands and results}}
  %0 = "hlo.cbrt"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @cbrt_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.cbrt' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.cbrt"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @ceil_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.ceil' op requires the same element type for all operands and results}}
  %0 = "hlo.ceil"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @ceil_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.ceil' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.ceil"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @cosine_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.cosine' op requires the same element type for all operands and results}}
  %0 = "hlo.cosine"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @cosine_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.cosine' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.cosine"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @exponential_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.exponential' op requires the same element type for all operands and results}}
  %0 = "hlo.exponential"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @exponential_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.exponential' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.exponential"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @exponential_minus_one_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.exponential_minus_one' op requires the same element type for all operands and results}}
  %0 = "hlo.exponential_minus_one"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @exponential_minus_one_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.exponential_minus_one' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.exponential_minus_one"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @floor_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.floor' op requires the same element type for all operands and results}}
  %0 = "hlo.floor"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @floor_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.floor' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.floor"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @log_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.log' op requires the same element type for all operands and results}}
  %0 = "hlo.log"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @log_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.log' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.log"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @log_plus_one_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.log_plus_one' op requires the same element type for all operands and results}}
  %0 = "hlo.log_plus_one"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @log_plus_one_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.log_plus_one' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.log_plus_one"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @logistic_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.logistic' op requires the same element type for all operands and results}}
  %0 = "hlo.logistic"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @logistic_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.logistic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.logistic"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @negate_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.negate' op requires the same element type for all operands and results}}
  %0 = "hlo.negate"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @negate_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.negate' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.negate"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @round_nearest_afz_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.round_nearest_afz' op requires the same element type for all operands and results}}
  %0 = "hlo.round_nearest_afz"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @round_nearest_afz_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.round_nearest_afz' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.round_nearest_afz"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @round_nearest_even_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.round_nearest_even' op requires the same element type for all operands and results}}
  %0 = "hlo.round_nearest_even"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @round_nearest_even_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.round_nearest_even' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.round_nearest_even"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @rsqrt_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.rsqrt' op requires the same element type for all operands and results}}
  %0 = "hlo.rsqrt"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @rsqrt_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.rsqrt' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.rsqrt"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @sign_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sign' op requires the same element type for all operands and results}}
  %0 = "hlo.sign"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @sign_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sign' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.sign"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @sine_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sine' op requires the same element type for all operands and results}}
  %0 = "hlo.sine"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @sine_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sine' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.sine"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @sqrt_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sqrt' op requires the same element type for all operands and results}}
  %0 = "hlo.sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @sqrt_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sqrt' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.sqrt"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @tan_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.tan' op requires the same element type for all operands and results}}
  %0 = "hlo.tan"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @tan_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.tan' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.tan"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @tanh_c1_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.tanh' op requires the same element type for all operands and results}}
  %0 = "hlo.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @tanh_c1_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.tanh' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.tanh"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @count_leading_zeros_c1_element_type(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.count_leading_zeros' op requires the same element type for all operands and results}}
  %0 = "hlo.count_leading_zeros"(%x) : (tensor<4xi32>) -> tensor<4xi16>
  return
}

// -----

func.func @count_leading_zeros_c1_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.count_leading_zeros' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.count_leading_zeros"(%x) : (tensor<4xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @not_c1_element_type(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.not' op requires the same element type for all operands and results}}
  %0 = "hlo.not"(%x) : (tensor<4xi32>) -> tensor<4xi16>
  return
}

// -----

func.func @not_c1_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.not' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.not"(%x) : (tensor<4xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @popcnt_c1_element_type(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.popcnt' op requires the same element type for all operands and results}}
  %0 = "hlo.popcnt"(%x) : (tensor<4xi32>) -> tensor<4xi16>
  return
}

// -----

func.func @popcnt_c1_shape(%x: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.popcnt' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.popcnt"(%x) : (tensor<4xi32>) -> tensor<2x2xi32>
  return
}

// -----

func.func @add_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %0 = "hlo.add"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @add_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.add' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.add"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @divide_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.divide' op requires the same element type for all operands and results}}
  %0 = "hlo.divide"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @divide_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.divide' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.divide"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @maximum_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.maximum' op requires the same element type for all operands and results}}
  %0 = "hlo.maximum"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @maximum_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.maximum' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.maximum"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @minimum_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.minimum' op requires the same element type for all operands and results}}
  %0 = "hlo.minimum"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @minimum_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.minimum' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.minimum"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @multiply_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.multiply' op requires the same element type for all operands and results}}
  %0 = "hlo.multiply"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @multiply_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.multiply' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.multiply"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @power_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.power' op requires the same element type for all operands and results}}
  %0 = "hlo.power"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @power_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.power' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.power"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @remainder_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.remainder' op requires the same element type for all operands and results}}
  %0 = "hlo.remainder"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @remainder_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.remainder' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.remainder"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @subtract_c1_element_type(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.subtract' op requires the same element type for all operands and results}}
  %0 = "hlo.subtract"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @subtract_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.subtract' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.subtract"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @and_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.and' op requires the same element type for all operands and results}}
  %0 = "hlo.and"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @and_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.and' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.and"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @or_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.or' op requires the same element type for all operands and results}}
  %0 = "hlo.or"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @or_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.or' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.or"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @xor_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.xor' op requires the same element type for all operands and results}}
  %0 = "hlo.xor"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @xor_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.xor' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.xor"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_left_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.shift_left' op requires the same element type for all operands and results}}
  %0 = "hlo.shift_left"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_left_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.shift_left' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.shift_left"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_right_arithmetic_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.shift_right_arithmetic' op requires the same element type for all operands and results}}
  %0 = "hlo.shift_right_arithmetic"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_right_arithmetic_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.shift_right_arithmetic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.shift_right_arithmetic"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_right_logical_c1_element_type(%x: tensor<4xi32>, %y: tensor<4xi16>) {
  // expected-error @+1 {{'hlo.shift_right_logical' op requires the same element type for all operands and results}}
  %0 = "hlo.shift_right_logical"(%x, %y) : (tensor<4xi32>, tensor<4xi16>) -> tensor<4xi32>
  return
}

// -----

func.func @shift_right_logical_c1_shape(%x: tensor<4xi32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.shift_right_logical' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.shift_right_logical"(%x, %y) : (tensor<4xi32>, tensor<2xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @abs_c2(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+2 {{'hlo.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.abs' op failed to infer returned types}}
  %0 = "hlo.abs"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @abs_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.abs' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.abs"(%x) : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @real_c1(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.real' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.real"(%x) : (tensor<4xcomplex<f32>>) -> tensor<2xf32>
  return
}

// -----

func.func @real_c2(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+2 {{'hlo.real' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.real' op failed to infer returned types}}
  %0 = "hlo.real"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @real_c2_float(%x: tensor<4xf32>) {
  // expected-error @+2 {{'hlo.real' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{'hlo.real' op failed to infer returned types}}
  %0 = "hlo.real"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @imag_c1(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.imag' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.imag"(%x) : (tensor<4xcomplex<f32>>) -> tensor<2xf32>
  return
}

// -----

func.func @imag_c2(%x: tensor<4xcomplex<f64>>) {
  // expected-error @+2 {{'hlo.imag' op inferred type(s) 'tensor<4xf64>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'hlo.imag' op failed to infer returned types}}
  %0 = "hlo.imag"(%x) : (tensor<4xcomplex<f64>>) -> tensor<4xf32>
  return
}

// -----

func.func @complex_c1(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{'hlo.complex' op requires all operands to have the same type}}
  %0 = "hlo.complex"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @complex_c1_shape(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.complex' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.complex"(%x, %y) : (tensor<4xf32>, tensor<2xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @complex_c2(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.complex' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.complex"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_c3(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error @+2 {{'hlo.complex' op inferred type(s) 'tensor<4xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f64>>'}}
  // expected-error @+1 {{'hlo.complex' op failed to infer returned types}}
  %0 = "hlo.complex"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return
}

// -----

func.func @compare_c1(%x: tensor<4xf32>, %y: tensor<4xf16>) {
  // expected-error @+1 {{'hlo.compare' op requires all operands to have the same type}}
  %0 = hlo.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xi1>
  return
}

// -----

func.func @compare_c2(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.compare' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.compare LT, %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_c3(%x: tensor<4xi32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{compare_type for operands of element type 'i32' must be SIGNED (compare_c3)}}
  %0 = hlo.compare LT, %x, %y, FLOAT : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @constant_c1() {
  // expected-error @+1 {{'hlo.constant' op failed to verify that all of {value, output} have same type}}
  %0 = "hlo.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf64>
  return
}

// -----

func.func @is_finite_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.is_finite' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "hlo.is_finite"(%x) : (tensor<4xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @reduce_precision_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op requires the same type for all operands and results}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @reduce_precision_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op attribute 'exponent_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = hlo.reduce_precision %x, format = e0m10 : tensor<4xf32>
  return
}

// -----

func.func @reduce_precision_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op attribute 'mantissa_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Quantized add (add_c2..add_c7).

func.func @add_c2_mixed(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %s = "hlo.add"(%a, %a) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf32>
  return
}

// -----

func.func @add_c3_storage(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i16:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %s = "hlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i16:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

func.func @add_c4_expressed(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i8:f16, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %s = "hlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f16, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

func.func @add_c5_per_axis_operand(%a: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>, %b: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{result must be per-axis quantized exactly when an operand is (add_c5)}}
  %s = "hlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>, tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

func.func @add_c5_per_axis_result(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{result must be per-axis quantized exactly when an operand is (add_c5)}}
  %s = "hlo.add"(%a, %a) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>
  return
}

// -----

func.func @add_c6_lhs_dimension(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{result quantization dimension 1 must be lhs's quantization dimension 0 (add_c6)}}
  %s = "hlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>, tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30}>>
  return
}

// -----

func.func @add_c7_rhs_dimension(%a: tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30}>>) {
  // expected-error @+1 {{result quantization dimension 0 must be rhs's quantization dimension 1 (add_c7)}}
  %s = "hlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30}>>
  return
}

// -----

// Valid: a per-tensor and a per-axis operand give a per-axis result on the
// per-axis operand's dimension; quantization parameters may differ.
func.func @add_quantized_ok(%a: tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30}>>) {
  %s = "hlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.3:-30, 0.4:-30}>>
  return
}
