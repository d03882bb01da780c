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
