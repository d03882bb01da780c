// RUN: hlo-opt %s --hlo-canonicalize -split-input-file | FileCheck %s

// Dynamic-shape ops with static result types (or constant bounds) become
// their static counterparts; get_dimension_size of a static dimension and
// get_tuple_element of a tuple fold.

// CHECK-LABEL: func.func @static_results
func.func @static_results(%x: tensor<3x1xi64>, %s: tensor<3xi64>, %s2: tensor<2xi64>,
                          %i: tensor<2x1xi32>, %y: tensor<4x3xf32>, %s1: tensor<1xi64>)
    -> (tensor<3x2x2xi64>, tensor<3xi64>, tensor<3x4xi32>, tensor<2x3xf32>) {
  // CHECK-DAG: hlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  // CHECK-DAG: hlo.reshape %arg0 : (tensor<3x1xi64>) -> tensor<3xi64>
  %1 = hlo.dynamic_reshape %x, %s1 : (tensor<3x1xi64>, tensor<1xi64>) -> tensor<3xi64>
  // (an iota, which folds to its constant)
  // CHECK-DAG: hlo.constant dense<{{\[\[}}0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<3x4xi32>
  %2 = hlo.dynamic_iota %s2, dim = 1 : (tensor<2xi64>) -> tensor<3x4xi32>
  // CHECK-DAG: "hlo.gather"(%arg4, %arg3) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}>
  %3 = "hlo.dynamic_gather"(%y, %i, %s2) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<3x2x2xi64>, tensor<3xi64>, tensor<3x4xi32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @constant_bounds
func.func @constant_bounds(%x: tensor<5x4xi64>, %p: tensor<i64>) -> (tensor<7x5xi64>, tensor<2x2xi64>) {
  %low = hlo.constant dense<[1, -1]> : tensor<2xi64>
  %interior = hlo.constant dense<[0, 1]> : tensor<2xi64>
  // CHECK: hlo.pad %arg0, %arg1, low = [1, -1], high = [1, -1], interior = [0, 1] : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  %0 = hlo.dynamic_pad %x, %p, %low, %low, %interior : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  %start = hlo.constant dense<[1, 0]> : tensor<2xi32>
  %limit = hlo.constant dense<[3, 4]> : tensor<2xi32>
  %strides = hlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: hlo.slice %arg0 [1:3, 0:4:2] : (tensor<5x4xi64>) -> tensor<2x2xi64>
  %1 = hlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<5x4xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi64>
  return %0, %1 : tensor<7x5xi64>, tensor<2x2xi64>
}

// -----

// Dynamic results and run-time bounds stay.
// CHECK-LABEL: func.func @dynamic_stays
// CHECK: %[[C:.*]] = hlo.constant dense<4> : tensor<i32>
// CHECK: hlo.dynamic_broadcast_in_dim
// CHECK: hlo.dynamic_pad
// CHECK: %[[N:.*]] = hlo.get_dimension_size %arg0, dim = 0
// CHECK: return %{{.*}}, %{{.*}}, %[[N]], %[[C]] :
func.func @dynamic_stays(%x: tensor<?x4xf32>, %s: tensor<2xi32>, %p: tensor<f32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<i32>, tensor<i32>) {
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %1 = hlo.dynamic_pad %x, %p, %s, %s, %s : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %2 = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %3 = hlo.get_dimension_size %x, dim = 1 : (tensor<?x4xf32>) -> tensor<i32>
  return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<i32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @tuples
// CHECK-NEXT: return %arg0, %arg1
func.func @tuples(%a: tensor<2xf32>, %b: tensor<i64>) -> (tensor<2xf32>, tensor<i64>) {
  %in = hlo.tuple %b : tuple<tensor<i64>>
  %t = hlo.tuple %a, %in : tuple<tensor<2xf32>, tuple<tensor<i64>>>
  %0 = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tensor<2xf32>
  %1 = hlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %2 = hlo.get_tuple_element %1[0] : (tuple<tensor<i64>>) -> tensor<i64>
  %tok = hlo.after_all : !hlo.token
  return %0, %2 : tensor<2xf32>, tensor<i64>
}
