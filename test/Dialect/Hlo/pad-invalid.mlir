// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.pad and hlo.reverse not covered in
// ops-data-invalid.mlir (pad_c2, pad_c3, pad_c4, reverse_c2, reverse_c3).

func.func @pad_c1_padding_value_element_type(%x: tensor<2x3xf32>, %z: tensor<f16>) -> tensor<2x3xf32> {
  // expected-error @+2 {{padding_value must have the operand's element type (pad_c1)}}
  // expected-error @+1 {{'hlo.pad' op failed to infer returned types}}
  %0 = hlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_c1_result_element_type(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf16> {
  // expected-error @+2 {{'hlo.pad' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf16>'}}
  // expected-error @+1 {{'hlo.pad' op failed to infer returned types}}
  %0 = hlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// Valid: the spec's example, negative edge padding and interior padding.
func.func @pad_valid_spec_example(%x: tensor<2x3xi64>, %z: tensor<i64>) -> tensor<7x5xi64> {
  %0 = hlo.pad %x, %z, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi64>
  %1 = hlo.pad %x, %z, low = [1, -1], high = [4, -1], interior = [0, 2] : (tensor<2x3xi64>, tensor<i64>) -> tensor<7x5xi64>
  return %1 : tensor<7x5xi64>
}

// -----

func.func @reverse_c1_result_type(%x: tensor<2x3xf32>) -> tensor<2x3xf16> {
  // expected-error @+2 {{'hlo.reverse' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf16>'}}
  // expected-error @+1 {{'hlo.reverse' op failed to infer returned types}}
  %0 = hlo.reverse %x, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}
