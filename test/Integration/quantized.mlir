// Quantized values through hlo-legalize-quantized, compiled and run. Worked
// out by hand from the spec: quantize(x) = round_nearest_even(clamp(x / 0.5
// - 3, -128, 127)); dequantize(q) = (q + 3) * 0.5; the quantized add
// dequantizes, adds and quantizes with scale 1 (ties to even: -61.5 -> -62,
// 1.5 -> 2); per-axis scales apply along dimension 0.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 4 4 15 -100 0.25
// RUN: hlo-runner %s --input %t/x.npy | FileCheck %s

// CHECK:      result #0: tensor<4xi8>
// CHECK-NEXT: [5, 27, -128, -2]
// CHECK-NEXT: result #1: tensor<4xf32>
// CHECK-NEXT: [4, 15, -62.5, 0.5]
// CHECK-NEXT: result #2: tensor<4xi8>
// CHECK-NEXT: [5, 16, -62, 2]
// CHECK-NEXT: result #3: tensor<2x2xi8>
// CHECK-NEXT: {{\[\[}}5, 27], [-28, -27]]
func.func @main(%x: tensor<4xf32>) -> (tensor<4xi8>, tensor<4xf32>, tensor<4xi8>, tensor<2x2xi8>) {
  %q = hlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %qi = hlo.bitcast_convert %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xi8>
  %d = hlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %b = hlo.uniform_quantize %one : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  %s = hlo.add %q, %b : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  %si = hlo.bitcast_convert %s : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<4xi8>
  // Per axis: row 0 [4, 15] with (0.5, -3) gives [5, 27]; row 1
  // [-1, 0.0025] with (1.0, -27) gives [-28, -26.9975 -> -27].
  %m = hlo.reshape %x : (tensor<4xf32>) -> tensor<2x2xf32>
  %half = hlo.constant dense<[[1.0, 1.0], [0.01, 0.01]]> : tensor<2x2xf32>
  %mm = hlo.multiply %m, %half : tensor<2x2xf32>
  %pa = hlo.uniform_quantize %mm : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:-3, 1.0:-27}>>
  %pai = hlo.bitcast_convert %pa : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:-3, 1.0:-27}>>) -> tensor<2x2xi8>
  return %qi, %d, %si, %pai : tensor<4xi8>, tensor<4xf32>, tensor<4xi8>, tensor<2x2xi8>
}
