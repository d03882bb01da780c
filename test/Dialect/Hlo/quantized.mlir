// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s

// Quantized element types: uniform_quantize/dequantize, and ops whose
// quantized operands and results differ in their quantization parameters.
// CHECK-LABEL: func.func @quantized
func.func @quantized(%x: tensor<2xf32>, %i: tensor<2xi8>) -> tensor<2xf32> {
  // CHECK: %[[A:.*]] = hlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %a = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // CHECK: %[[B:.*]] = hlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>
  %b = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  // CHECK: hlo.uniform_quantize %[[A]] : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %r = hlo.uniform_quantize %a : tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // CHECK: hlo.add %[[A]], %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %c = hlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %s = hlo.add %a, %c : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: hlo.sqrt %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-20>>
  %q = hlo.sqrt %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-20>>
  // CHECK: hlo.bitcast_convert %arg1 : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %bc = hlo.bitcast_convert %i : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // CHECK: hlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-20>>) -> tensor<2xf32>
  %d = hlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 0.25:-20>>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}
