// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Per-axis quantization rules of the layout ops: broadcast_in_dim_c1/c6,
// dynamic_broadcast_in_dim_c1/c6, reshape_c1/c3, dynamic_reshape_c3,
// transpose_c1/c4. Valid cases first: they must still verify.

// Valid: the quantization dimension follows broadcast_dimensions, the
// scales may change; a size-1 quantized dimension broadcasts its scale.
func.func @broadcast_in_dim_valid_per_axis(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>, %y: tensor<1x!quant.uniform<i8:f32:0, {0.1:-30}>>) {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.2:-30, 0.5:-20}>>
  %1 = hlo.broadcast_in_dim %y, dims = [1] : (tensor<1x!quant.uniform<i8:f32:0, {0.1:-30}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.1:-30}>>
  return
}

// -----

// Valid: the quantization dimension keeps its size and neighbours' counts.
func.func @reshape_valid_per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) {
  %0 = hlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) -> tensor<2x1x3x!quant.uniform<i8:f32:2, {0.1:-30, 0.2:-30, 0.3:-30}>>
  %1 = hlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:-30, 0.2:-30, 0.3:-30}>>
  return
}

// -----

// Valid: result dimension 1 is operand dimension 0.
func.func @transpose_valid_per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>
}

// -----

func.func @broadcast_in_dim_c1_per_axis_storage(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) {
  // expected-error @+1 {{result must have the operand's element type, up to its quantization dimension, scales and zero points (broadcast_in_dim_c1)}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3x2x!quant.uniform<i16:f32:1, {0.1:-30, 0.5:-20}>>
  return
}

// -----

func.func @broadcast_in_dim_c6_quantization_dimension(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) {
  // expected-error @+1 {{result quantization dimension 0 must be broadcast_dimensions[0] = 1 (broadcast_in_dim_c6)}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  return
}

// -----

func.func @broadcast_in_dim_c6_broadcast_scales(%y: tensor<1x!quant.uniform<i8:f32:0, {0.1:-30}>>) {
  // expected-error @+1 {{result scales and zero points must all be the operand's single scale and zero point, since operand dimension 0 of size 1 is broadcast (broadcast_in_dim_c6)}}
  %0 = hlo.broadcast_in_dim %y, dims = [1] : (tensor<1x!quant.uniform<i8:f32:0, {0.1:-30}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-30}>>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c6_quantization_dimension(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result quantization dimension 0 must be broadcast_dimensions[0] = 1 (dynamic_broadcast_in_dim_c6)}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>, tensor<2xi32>) -> tensor<?x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  return
}

// -----

func.func @reshape_c1_per_axis_scales(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) {
  // expected-error @+1 {{result must have the operand's element type, up to its quantization dimension (reshape_c1)}}
  %0 = hlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) -> tensor<2x1x3x!quant.uniform<i8:f32:2, {0.1:-30, 0.2:-30, 0.4:-30}>>
  return
}

// -----

func.func @reshape_c3_merges_quantization_dimension(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) {
  // expected-error @+1 {{reshape must keep operand quantization dimension 1 as result dimension 0, with the same elements before and after it (reshape_c3)}}
  %0 = hlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) -> tensor<6x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30, 0.3:-30}>>
  return
}

// -----

func.func @reshape_c3_moves_elements_across(%x: tensor<2x3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) {
  // expected-error @+1 {{reshape must keep operand quantization dimension 1 as result dimension 1, with the same elements before and after it (reshape_c3)}}
  %0 = hlo.reshape %x : (tensor<2x3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>) -> tensor<4x3x1x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>
  return
}

// -----

func.func @dynamic_reshape_c3_merges_quantization_dimension(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>, %s: tensor<1xi32>) {
  // expected-error @+1 {{reshape must keep operand quantization dimension 1 as result dimension 0, with the same elements before and after it (dynamic_reshape_c3)}}
  %0 = hlo.dynamic_reshape %x, %s : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30, 0.2:-30, 0.3:-30}>>, tensor<1xi32>) -> tensor<6x!quant.uniform<i8:f32:0, {0.1:-30, 0.2:-30, 0.3:-30}>>
  return
}

// -----

func.func @transpose_c1_per_axis_scales(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) {
  // expected-error @+1 {{result must have the operand's element type, up to its quantization dimension (transpose_c1)}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.6:-20}>>
  return
}

// -----

func.func @transpose_c4_quantization_dimension(%x: tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) {
  // expected-error @+1 {{result quantization dimension 0 must be the one permutation [1, 0] maps operand quantization dimension 0 to (transpose_c4)}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  return
}
