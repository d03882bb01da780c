// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dynamic_ops
func.func @dynamic_ops(%x: tensor<?x4xf32>, %s2: tensor<2xi32>, %s3: tensor<3xi64>,
                       %p: tensor<f32>, %i: tensor<2x1xi64>) -> tensor<i32> {
  // CHECK: hlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<1x?x4xf32>
  %0 = hlo.dynamic_broadcast_in_dim %x, %s3, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<1x?x4xf32>
  // CHECK: hlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [1, 2] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>}
  %1 = hlo.dynamic_broadcast_in_dim %x, %s3, dims = [1, 2] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<1x?x4xf32>
  // CHECK: hlo.dynamic_reshape %arg0, %arg1 : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  %2 = hlo.dynamic_reshape %x, %s2 : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  // CHECK: hlo.dynamic_iota %arg1, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
  %3 = hlo.dynamic_iota %s2, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
  // CHECK: hlo.dynamic_pad %arg0, %arg3, %arg1, %arg1, %arg1 : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %4 = hlo.dynamic_pad %x, %p, %s2, %s2, %s2 : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  // CHECK: hlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  %5 = hlo.real_dynamic_slice %x, %s2, %s2, %s2 : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  // CHECK: "hlo.dynamic_gather"(%arg0, %arg4, %arg1) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}>
  %6 = "hlo.dynamic_gather"(%x, %i, %s2) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<?x4xf32>, tensor<2x1xi64>, tensor<2xi32>) -> tensor<2x4xf32>
  // CHECK: hlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %7 = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  return %7 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @tuples_and_tokens
func.func @tuples_and_tokens(%a: tensor<2xf32>, %b: tensor<i64>) -> (tensor<2xf32>, tensor<i64>) {
  // CHECK: %[[T0:.*]] = hlo.after_all : !hlo.token
  %t0 = hlo.after_all : !hlo.token
  // CHECK: hlo.after_all %[[T0]], %[[T0]] : !hlo.token
  %t1 = hlo.after_all %t0, %t0 : !hlo.token
  // CHECK: %[[IN:.*]] = hlo.tuple %arg1 : tuple<tensor<i64>>
  %in = hlo.tuple %b : tuple<tensor<i64>>
  // CHECK: %[[T:.*]] = hlo.tuple %arg0, %[[IN]], %{{.*}} : tuple<tensor<2xf32>, tuple<tensor<i64>>, !hlo.token>
  %t = hlo.tuple %a, %in, %t1 : tuple<tensor<2xf32>, tuple<tensor<i64>>, !hlo.token>
  // CHECK: hlo.get_tuple_element %[[T]][1] : (tuple<tensor<2xf32>, tuple<tensor<i64>>, !hlo.token>) -> tuple<tensor<i64>>
  %e = hlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tuple<tensor<i64>>, !hlo.token>) -> tuple<tensor<i64>>
  %f = hlo.get_tuple_element %e[0] : (tuple<tensor<i64>>) -> tensor<i64>
  // CHECK: %{{.*}}:2 = hlo.optimization_barrier %arg0, %{{.*}} : tensor<2xf32>, tensor<i64>
  %r:2 = hlo.optimization_barrier %a, %f : tensor<2xf32>, tensor<i64>
  // CHECK: hlo.optimization_barrier{{$}}
  hlo.optimization_barrier
  return %r#0, %r#1 : tensor<2xf32>, tensor<i64>
}

// -----

func.func private @add_n.impl(%x: tensor<i64>) -> tensor<i64> {
  %c = hlo.constant dense<2> : tensor<i64>
  %r = hlo.add %x, %c : tensor<i64>
  return %r : tensor<i64>
}

// CHECK-LABEL: func.func @composite
// CHECK: hlo.composite "my.add_n" %arg0 {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
func.func @composite(%x: tensor<i64>) -> tensor<i64> {
  %r = hlo.composite "my.add_n" %x {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}

// -----

// The spec's dynamic_gather example, with constant slice sizes (checked
// like gather's) and with run-time ones (the offset sizes are then open).
// CHECK-LABEL: func.func @dynamic_gather_spec_example
func.func @dynamic_gather_spec_example(%x: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>, %s: tensor<3xi64>) -> (tensor<2x3x2x2xi64>, tensor<2x3x4x1xi64>) {
  %c = hlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // CHECK: "hlo.dynamic_gather"
  %0 = "hlo.dynamic_gather"(%x, %i, %c) <{dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  // CHECK: "hlo.dynamic_gather"
  %1 = "hlo.dynamic_gather"(%x, %i, %s) <{dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x4x1xi64>
  return %0, %1 : tensor<2x3x2x2xi64>, tensor<2x3x4x1xi64>
}
