// A dot_general with an algorithm computes at least as precisely as the
// algorithm asks: here exactly (small integers in f32).
// RUN: hlo-runner %s | FileCheck %s
// CHECK: result #0: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}19, 22], [43, 50]]
func.func @main() -> tensor<2x2xf32> {
  %a = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = hlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    precision = [DEFAULT, DEFAULT],
    algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32,
                 accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = 1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false>
    : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
