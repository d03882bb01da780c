// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @uniform_quantize_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op all non-scalar operands/results must have the same shape and base type}}
  %q = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

func.func @uniform_quantize_c2(%x: tensor<2xf64>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result's expressed type must be 'f64' (uniform_quantize_c2), found 'f32'}}
  %q = hlo.uniform_quantize %x : (tensor<2xf64>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

func.func @uniform_quantize_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result #0 must be ranked tensor of uniform quantized integer values, but got 'tensor<2xi8>'}}
  %q = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2xi8>
  return
}

// -----

func.func @uniform_dequantize_c1(%q: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.uniform_dequantize' op all non-scalar operands/results must have the same shape and base type}}
  %x = hlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<4xf32>
  return
}

// -----

func.func @uniform_dequantize_c2(%q: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.uniform_dequantize' op result element type must be the operand's expressed type 'f32' (uniform_dequantize_c2), found 'f64'}}
  %x = hlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf64>
  return
}

// -----

func.func @mixed_quantized_and_float(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %s = "hlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @different_storage(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i16:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.add' op requires the same element type for all operands and results}}
  %s = "hlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i16:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}
