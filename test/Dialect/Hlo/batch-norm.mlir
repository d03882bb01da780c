// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file -mlir-print-op-generic | hlo-opt -split-input-file | FileCheck %s

// The three batch norms print in the generic form, with their attributes as
// properties (as StableHLO prints them); the attribute-dictionary spelling
// of the spec's examples parses to the same op.

// CHECK-LABEL: func.func @training
// CHECK: = "hlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
func.func @training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %out, %mean, %var = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %out, %mean, %var : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @inference
// CHECK: "hlo.batch_norm_inference"(%arg0, %arg1, %arg2, %arg3, %arg4) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
func.func @inference(%x: tensor<2x2x2xf64>, %s: tensor<2xf64>, %o: tensor<2xf64>, %m: tensor<2xf64>, %v: tensor<2xf64>) -> tensor<2x2x2xf64> {
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 0.0 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  return %r : tensor<2x2x2xf64>
}

// -----

// CHECK-LABEL: func.func @grad
// CHECK: = "hlo.batch_norm_grad"(%arg0, %arg1, %arg2, %arg3, %arg4) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4x3xbf16>) -> (tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>)
func.func @grad(%x: tensor<4x3xbf16>, %s: tensor<4xbf16>, %m: tensor<4xbf16>, %v: tensor<4xbf16>, %dy: tensor<4x3xbf16>) -> (tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %g:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 0 : i64} : (tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4x3xbf16>) -> (tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>)
  return %g#0, %g#1, %g#2 : tensor<4x3xbf16>, tensor<4xbf16>, tensor<4xbf16>
}

// -----

// Dynamic dimensions: the feature count may be known from either side.
// CHECK-LABEL: func.func @dynamic
// CHECK: "hlo.batch_norm_training"(%arg0, %arg1, %arg2) {{.*}} : (tensor<?x?xf32>, tensor<3xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>)
func.func @dynamic(%x: tensor<?x?xf32>, %s: tensor<3xf32>, %o: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>) {
  %out, %mean, %var = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<?x?xf32>, tensor<3xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>)
  return %out, %mean, %var : tensor<?x?xf32>, tensor<?xf32>, tensor<3xf32>
}

// -----

// Per-tensor quantized operands (the spec's dequantize_op_quantize; results
// may have other quantization parameters).
// CHECK-LABEL: func.func @quantized
// CHECK: "hlo.batch_norm_inference"{{.*}} -> tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:-1>>
func.func @quantized(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %v: tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25:-1>> {
  %r = "hlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25:-1>>
  return %r : tensor<2x3x!quant.uniform<i8:f32, 0.25:-1>>
}
