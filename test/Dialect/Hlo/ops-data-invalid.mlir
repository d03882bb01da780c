// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @pad_c2(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{low, high and interior must have one entry per operand dimension (pad_c2), expected 2}}
  // expected-error @+1 {{'hlo.pad' op failed to infer returned types}}
  %0 = hlo.pad %x, %z, low = [0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_c3(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{interior padding must be non-negative (pad_c3), found -1}}
  // expected-error @+1 {{'hlo.pad' op failed to infer returned types}}
  %0 = hlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [-1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_c4_result_shape(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.pad' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'hlo.pad' op failed to infer returned types}}
  %0 = hlo.pad %x, %z, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{dimensions must be unique (reverse_c2), found 0 twice}}
  // expected-error @+1 {{'hlo.reverse' op failed to infer returned types}}
  %0 = hlo.reverse %x, dims = [0, 0] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{dimension 2 must be in [0, 2) (reverse_c3)}}
  // expected-error @+1 {{'hlo.reverse' op failed to infer returned types}}
  %0 = hlo.reverse %x, dims = [2] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_c2(%x: tensor<2x3xf32>, %i: tensor<i64>) -> tensor<1x2xf32> {
  // expected-error @+2 {{expected one start index per operand dimension (dynamic_slice_c2), expected 2, found 1}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @dynamic_slice_c4(%x: tensor<2x3xf32>, %i: tensor<i64>) -> tensor<1x4xf32> {
  // expected-error @+2 {{slice size 4 of dimension 1 must be in [0, 3] (dynamic_slice_c4)}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [1, 4] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @dynamic_update_slice_c6(%x: tensor<2x3xf32>, %u: tensor<3x1xf32>, %i: tensor<i64>) -> tensor<2x3xf32> {
  // expected-error @+2 {{update dimension 0 of size 3 exceeds the operand's 2 (dynamic_update_slice_c6)}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<3x1xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @is_finite_needs_floats(%x: tensor<3xi32>) -> tensor<3xi1> {
  // expected-error @+1 {{'hlo.is_finite' op operand #0 must be ranked tensor of floating-point values}}
  %0 = hlo.is_finite %x : (tensor<3xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @complex_needs_f32_or_f64(%x: tensor<3xf16>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'hlo.complex' op operand #0 must be ranked tensor of 32-bit float or 64-bit float values}}
  %0 = hlo.complex %x, %x : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @real_result_type(%x: tensor<3xcomplex<f32>>) -> tensor<3xf64> {
  // expected-error @+2 {{'hlo.real' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf64>'}}
  // expected-error @+1 {{'hlo.real' op failed to infer returned types}}
  %0 = hlo.real %x : (tensor<3xcomplex<f32>>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

func.func @bitcast_convert_c1(%x: tensor<3xf32>) -> tensor<3xi16> {
  // expected-error @+1 {{converting 32-bit to 16-bit elements, the result must have the other's shape and a last dimension of 2 (bitcast_convert_c1), found 'tensor<3xf32>' and 'tensor<3xi16>'}}
  %0 = hlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<3xi16>
  return %0 : tensor<3xi16>
}

// -----

func.func @bitcast_convert_c2(%x: tensor<2xf32>) -> tensor<complex<f32>> {
  // expected-error @+1 {{converts between complex and non-complex element types (bitcast_convert_c2): 'f32' to 'complex<f32>'}}
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}
