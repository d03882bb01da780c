// A "hybrid" dot_general (float lhs, quantized rhs, float result; spec
// dot_general_c20) compiled and run: the rhs is dequantized, q * 0.5 with
// zero point 0. Worked out by hand: rhs = [[1, 2, 3, 4], [-1, 0, 1, 2],
// [0.5, 0.5, 0.5, 0.5]].
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<2x4xf32>
// CHECK-NEXT: {{\[\[}}0.5, 3.5, 6.5, 9.5], [2, 11, 20, 29]]
func.func @main() -> tensor<2x4xf32> {
  %a = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %storage = hlo.constant dense<[[2, 4, 6, 8], [-2, 0, 2, 4], [1, 1, 1, 1]]> : tensor<3x4xi8>
  %b = hlo.bitcast_convert %storage : (tensor<3x4xi8>) -> tensor<3x4x!quant.uniform<i8:f32, 0.5>>
  %r = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
