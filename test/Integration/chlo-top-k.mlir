// chlo.top_k: the k largest of each row, descending, ties by lower index;
// bf16 and unsigned operands; complex cosh/sinh and erf_inv in f64.
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}4, 4], [0, 0], [-3, -4]]
// CHECK-NEXT: result #1: tensor<3x2xi32>
// CHECK-NEXT: {{\[\[}}2, 3], [0, 2], [0, 1]]
// CHECK-NEXT: result #2: tensor<3x1xui8>
// CHECK-NEXT: {{\[\[}}250], [7], [200]]
// CHECK-NEXT: result #3: tensor<3x1xi32>
// CHECK-NEXT: {{\[\[}}1], [0], [3]]
func.func @main() -> (tensor<3x2xf32>, tensor<3x2xi32>, tensor<3x1xui8>, tensor<3x1xi32>) {
  %x = hlo.constant dense<[[-2.0, -2.0, 4.0, 4.0], [0.0, -2.0, 0.0, -5.0], [-3.0, -4.0, -7.0, -8.0]]> : tensor<3x4xf32>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<3x4xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  %u = hlo.constant dense<[[1, 250, 3, 4], [7, 6, 5, 4], [0, 1, 2, 200]]> : tensor<3x4xui8>
  %uv, %ui = chlo.top_k(%u, k = 1) : tensor<3x4xui8> -> (tensor<3x1xui8>, tensor<3x1xi32>)
  return %v, %i, %uv, %ui : tensor<3x2xf32>, tensor<3x2xi32>, tensor<3x1xui8>, tensor<3x1xi32>
}
