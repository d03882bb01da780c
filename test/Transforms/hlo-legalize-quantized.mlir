// RUN: hlo-opt %s --hlo-legalize-quantized -split-input-file | FileCheck %s

// quantize: x / scale + zero_point, clamped to the storage range, rounded to
// nearest even, converted to the storage type.
// CHECK-LABEL: func.func @quantize
// CHECK-SAME: -> tensor<2xi8>
// CHECK-DAG: %[[S:.*]] = hlo.constant dense<1.000000e-01> : tensor<2xf32>
// CHECK-DAG: %[[Z:.*]] = hlo.constant dense<-3.000000e+01> : tensor<2xf32>
// CHECK: %[[D:.*]] = hlo.divide %arg0, %[[S]]
// CHECK: %[[A:.*]] = hlo.add %[[D]], %[[Z]]
// CHECK-DAG: %[[LO:.*]] = hlo.constant dense<-1.280000e+02> : tensor<f32>
// CHECK-DAG: %[[HI:.*]] = hlo.constant dense<1.270000e+02> : tensor<f32>
// CHECK: %[[C:.*]] = hlo.clamp %[[LO]], %[[A]], %[[HI]]
// CHECK: %[[R:.*]] = hlo.round_nearest_even %[[C]]
// CHECK: %[[Q:.*]] = hlo.convert %[[R]] : (tensor<2xf32>) -> tensor<2xi8>
// CHECK: return %[[Q]]
func.func @quantize(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>> {
  %q = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return %q : tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
}

// -----

// Per-axis parameters are vectors broadcast along the quantization dimension;
// dequantize is (q - zero_point) * scale.
// CHECK-LABEL: func.func @dequantize_per_axis
// CHECK-SAME: (%arg0: tensor<2x3xi8>) -> tensor<2x3xf32>
// CHECK-DAG: %[[SV:.*]] = hlo.constant dense<[1.000000e-01, 5.000000e-01]> : tensor<2xf32>
// CHECK-DAG: %[[ZV:.*]] = hlo.constant dense<[-3.000000e+01, -2.000000e+01]> : tensor<2xf32>
// CHECK-DAG: %[[X:.*]] = hlo.convert %arg0 : (tensor<2x3xi8>) -> tensor<2x3xf32>
// CHECK-DAG: %[[S:.*]] = hlo.broadcast_in_dim %[[SV]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-DAG: %[[Z:.*]] = hlo.broadcast_in_dim %[[ZV]], dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
// CHECK: %[[SUB:.*]] = hlo.subtract %[[X]], %[[Z]]
// CHECK: %[[M:.*]] = hlo.multiply %[[SUB]], %[[S]]
// CHECK: return %[[M]]
func.func @dequantize_per_axis(%q: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2x3xf32> {
  %x = hlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}

// -----

// Other ops are computed on dequantized values and quantized again; a
// bitcast to the storage type is the identity.
// CHECK-LABEL: func.func @add
// CHECK: %[[X:.*]] = hlo.convert %arg0 : (tensor<2xi8>) -> tensor<2xf32>
// CHECK: %[[Y:.*]] = hlo.convert %arg1 : (tensor<2xi8>) -> tensor<2xf32>
// CHECK: %[[S:.*]] = hlo.add %{{.*}}, %{{.*}} : tensor<2xf32>
// CHECK: hlo.divide %[[S]]
// CHECK: %[[R:.*]] = hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi8>
// CHECK-NOT: hlo.bitcast_convert
// CHECK: return %[[R]] : tensor<2xi8>
func.func @add(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi8> {
  %s = hlo.add %a, %b : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %i = hlo.bitcast_convert %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi8>
  return %i : tensor<2xi8>
}

// -----

// A dot of per-tensor quantized i8 operands runs on the integers: an
// i8 x i8 -> i32 dot_general, minus the lhs zero point (-3) times the
// rhs's sums over the contracting dimension (broadcast along the result's
// rhs dimension); an i32 result with the product of the scales is that
// sum as is.
// CHECK-LABEL: func.func @dot_on_integers
// CHECK: %[[D:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xi8>, tensor<8x5xi8>) -> tensor<4x5xi32>
// CHECK: %[[W:.*]] = hlo.convert %arg1 : (tensor<8x5xi8>) -> tensor<8x5xi32>
// CHECK: %[[C:.*]] = hlo.reduce(%[[W]] init: %{{.*}}) applies hlo.add across dimensions = [0]
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %[[C]], dims = [1] : (tensor<5xi32>) -> tensor<4x5xi32>
// CHECK: %[[Z:.*]] = hlo.multiply %[[B]], %{{.*}} : tensor<4x5xi32>
// CHECK: %[[S:.*]] = hlo.subtract %[[D]], %[[Z]] : tensor<4x5xi32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[S]] : tensor<4x5xi32>
func.func @dot_on_integers(%a: tensor<4x8x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<8x5x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x5xi32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8x!quant.uniform<i8:f32, 0.5:-3>>, tensor<8x5x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x5x!quant.uniform<i32:f32, 0.125>>
  %i = hlo.bitcast_convert %d : (tensor<4x5x!quant.uniform<i32:f32, 0.125>>) -> tensor<4x5xi32>
  return %i : tensor<4x5xi32>
}

// -----

// Other result types: the sum times both scales, quantized again. A hybrid
// dot (float lhs, per-axis quantized rhs) keeps the dequantizing form.
// CHECK-LABEL: func.func @dot_requantized
// CHECK: hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xi8>, tensor<8x5xi8>) -> tensor<4x5xi32>
// CHECK: %[[F:.*]] = hlo.convert %{{.*}} : (tensor<4x5xi32>) -> tensor<4x5xf32>
// CHECK: hlo.multiply %[[F]], %{{.*}} : tensor<4x5xf32>
// CHECK: hlo.round_nearest_even
// CHECK: hlo.convert %{{.*}} : (tensor<4x5xf32>) -> tensor<4x5xi8>
// CHECK-LABEL: func.func @dot_hybrid
// CHECK: hlo.dot_general %arg0, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
func.func @dot_requantized(%a: tensor<4x8x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<8x5x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x5xi8> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8x!quant.uniform<i8:f32, 0.5:-3>>, tensor<8x5x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x5x!quant.uniform<i8:f32, 2.0:1>>
  %i = hlo.bitcast_convert %d : (tensor<4x5x!quant.uniform<i8:f32, 2.0:1>>) -> tensor<4x5xi8>
  return %i : tensor<4x5xi8>
}
func.func @dot_hybrid(%a: tensor<4x8xf32>, %b: tensor<8x5x!quant.uniform<i8:f32:1, {0.25, 0.5, 0.25, 0.5, 0.25}>>) -> tensor<4x5xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5x!quant.uniform<i8:f32:1, {0.25, 0.5, 0.25, 0.5, 0.25}>>) -> tensor<4x5xf32>
  return %d : tensor<4x5xf32>
}
