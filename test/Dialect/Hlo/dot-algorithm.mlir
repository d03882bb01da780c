// dot_general's algorithm (StableHLO DotAlgorithm) parses, prints and
// round-trips; its constraints (C21)-(C24) are checked.
// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: hlo-opt %s -split-input-file -verify-diagnostics | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @algorithm
// CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
func.func @algorithm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    precision = [DEFAULT, DEFAULT],
    algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32,
                 accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = 1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false>
    : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @precision_with_algorithm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{with an algorithm, every precision must be DEFAULT (dot_general_c21)}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    precision = [HIGHEST, DEFAULT],
    algorithm = <lhs_precision_type = f32, rhs_precision_type = f32,
                 accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = 1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false>
    : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @lhs_components(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{lhs_component_count must be positive (dot_general_c22)}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    algorithm = <lhs_precision_type = f32, rhs_precision_type = f32,
                 accumulation_type = f32, lhs_component_count = 0,
                 rhs_component_count = 1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false>
    : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @rhs_components(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{rhs_component_count must be positive (dot_general_c23)}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    algorithm = <lhs_precision_type = f32, rhs_precision_type = f32,
                 accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = -1, num_primitive_operations = 1,
                 allow_imprecise_accumulation = false>
    : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @primitive_operations(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{num_primitive_operations must be positive (dot_general_c24)}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0],
    algorithm = <lhs_precision_type = f32, rhs_precision_type = f32,
                 accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = 1, num_primitive_operations = 0,
                 allow_imprecise_accumulation = false>
    : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
