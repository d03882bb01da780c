// StableHLO's dynamic-shape, tuple, token, barrier and composite ops and the
// chlo special functions import to their hlo (and chlo) forms, as JAX writes
// them (pretty and generic syntax).
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func public @main
func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x4xf32> {mhlo.sharding = ""}) -> tensor<2x?x4xf32> {
  %0 = stablehlo.constant dense<1> : tensor<1xi32>
  %1 = stablehlo.convert %arg0 : (tensor<i64>) -> tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.constant dense<4> : tensor<1xi32>
  %4 = stablehlo.concatenate %0, %2, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  // CHECK: hlo.dynamic_broadcast_in_dim %arg1, %{{.*}}, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  %5 = stablehlo.dynamic_broadcast_in_dim %arg1, %4, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  // CHECK: hlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %6 = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %7 = stablehlo.reshape %6 : (tensor<i32>) -> tensor<1xi32>
  %8 = stablehlo.concatenate %7, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // CHECK: hlo.dynamic_iota %{{.*}}, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
  %9 = stablehlo.dynamic_iota %8, dim = 1 : (tensor<2xi32>) -> tensor<?x4xi32>
  // CHECK: hlo.dynamic_reshape %arg1, %{{.*}} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %10 = stablehlo.dynamic_reshape %arg1, %8 : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  // CHECK: hlo.real_dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %11 = stablehlo.real_dynamic_slice %10, %8, %8, %8 : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // CHECK: hlo.dynamic_pad
  %12 = stablehlo.dynamic_pad %11, %cst, %8, %8, %8 : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  // CHECK: "hlo.dynamic_gather"(%arg1, %{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true}>
  %13 = "stablehlo.dynamic_gather"(%arg1, %0, %8) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true} : (tensor<?x4xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %5 : tensor<2x?x4xf32>
}

// CHECK-LABEL: func.func private @add_n.impl
func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}

// CHECK-LABEL: func.func @others
func.func @others(%x: tensor<i64>, %f: tensor<4xf32>) -> tensor<i64> {
  // CHECK: hlo.composite "hlo.add_n" %arg0 {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  %0 = stablehlo.composite "stablehlo.add_n" %x {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  // CHECK: %[[T0:.*]] = hlo.after_all : !hlo.token
  %t0 = stablehlo.after_all : !stablehlo.token
  // CHECK: %[[T:.*]] = hlo.tuple %arg0, %[[T0]] : tuple<tensor<i64>, !hlo.token>
  %t = stablehlo.tuple %x, %t0 : tuple<tensor<i64>, !stablehlo.token>
  // CHECK: hlo.get_tuple_element %[[T]][0] : (tuple<tensor<i64>, !hlo.token>) -> tensor<i64>
  %e = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i64>, !stablehlo.token>) -> tensor<i64>
  // CHECK: hlo.optimization_barrier %{{.*}}, %arg1 : tensor<i64>, tensor<4xf32>
  %r0, %r1 = stablehlo.optimization_barrier %e, %f : tensor<i64>, tensor<4xf32>
  // CHECK: chlo.lgamma %arg1 : tensor<4xf32> -> tensor<4xf32>
  %l = chlo.lgamma %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.top_k(%arg1, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %v, %i = chlo.top_k(%f, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return %0 : tensor<i64>
}
