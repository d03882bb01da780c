// Dynamic-shape ops with static shapes, tuples, tokens, optimization
// barriers and composites, compiled and run; expected values worked out by
// hand from the spec's definitions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy i8 3x1 1 2 3
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy i8 5x4 0 0 0 0 0 1 2 0 0 3 4 0 0 5 6 0 0 0 0 0
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy | FileCheck %s

// CHECK:      result #0: tensor<3x2x2xi64>
// CHECK-NEXT: {{\[\[\[}}1, 1], [1, 1]], {{\[\[}}2, 2], [2, 2]], {{\[\[}}3, 3], [3, 3]]]
// CHECK-NEXT: result #1: tensor<3xi64>
// CHECK-NEXT: [1, 2, 3]
// CHECK-NEXT: result #2: tensor<2x3xi32>
// CHECK-NEXT: {{\[\[}}0, 1, 2], [0, 1, 2]]
// CHECK-NEXT: result #3: tensor<7x5xi64>
// CHECK-NEXT: {{\[\[}}-1, -1, -1, -1, -1], [-1, 0, -1, 0, -1], [-1, 1, -1, 2, -1], [-1, 3, -1, 4, -1], [-1, 5, -1, 6, -1], [-1, 0, -1, 0, -1], [-1, -1, -1, -1, -1]]
// CHECK-NEXT: result #4: tensor<2x2xi64>
// CHECK-NEXT: {{\[\[}}1, 2], [5, 6]]
// CHECK-NEXT: result #5: tensor<2x4xi64>
// CHECK-NEXT: {{\[\[}}0, 5, 6, 0], [0, 1, 2, 0]]
// CHECK-NEXT: result #6: tensor<i32>
// CHECK-NEXT: 4
// CHECK-NEXT: result #7: tensor<i64>
// CHECK-NEXT: 7
func.func private @add_n.impl(%x: tensor<i64>) -> tensor<i64> {
  %c = hlo.constant dense<2> : tensor<i64>
  %r = hlo.add %x, %c : tensor<i64>
  return %r : tensor<i64>
}

func.func @main(%x: tensor<3x1xi64>, %y: tensor<5x4xi64>)
    -> (tensor<3x2x2xi64>, tensor<3xi64>, tensor<2x3xi32>, tensor<7x5xi64>,
        tensor<2x2xi64>, tensor<2x4xi64>, tensor<i32>, tensor<i64>) {
  %dims = hlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  %0 = hlo.dynamic_broadcast_in_dim %x, %dims, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  %s1 = hlo.constant dense<3> : tensor<1xi64>
  %1 = hlo.dynamic_reshape %x, %s1 : (tensor<3x1xi64>, tensor<1xi64>) -> tensor<3xi64>
  %s2 = hlo.constant dense<[2, 3]> : tensor<2xi64>
  %2 = hlo.dynamic_iota %s2, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  %m1 = hlo.constant dense<-1> : tensor<i64>
  %low = hlo.constant dense<[1, -1]> : tensor<2xi64>
  %interior = hlo.constant dense<[0, 1]> : tensor<2xi64>
  %3 = hlo.dynamic_pad %y, %m1, %low, %low, %interior : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  %start = hlo.constant dense<[1, 1]> : tensor<2xi32>
  %limit = hlo.constant dense<[4, 3]> : tensor<2xi32>
  %strides = hlo.constant dense<[2, 1]> : tensor<2xi32>
  %4 = hlo.real_dynamic_slice %y, %start, %limit, %strides : (tensor<5x4xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi64>
  %idx = hlo.constant dense<[[3], [1]]> : tensor<2x1xi32>
  %sizes = hlo.constant dense<[1, 4]> : tensor<2xi32>
  %5 = "hlo.dynamic_gather"(%y, %idx, %sizes) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<5x4xi64>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x4xi64>
  %6 = hlo.get_dimension_size %y, dim = 1 : (tensor<5x4xi64>) -> tensor<i32>
  // ((x[2][0] = 3) + 2) + 2 through a tuple, a barrier and a composite.
  %t0 = hlo.after_all : !hlo.token
  %sc = hlo.slice %x [2:3, 0:1] : (tensor<3x1xi64>) -> tensor<1x1xi64>
  %scalar = hlo.reshape %sc : (tensor<1x1xi64>) -> tensor<i64>
  %in = hlo.tuple %scalar : tuple<tensor<i64>>
  %tup = hlo.tuple %in, %t0 : tuple<tuple<tensor<i64>>, !hlo.token>
  %e0 = hlo.get_tuple_element %tup[0] : (tuple<tuple<tensor<i64>>, !hlo.token>) -> tuple<tensor<i64>>
  %e = hlo.get_tuple_element %e0[0] : (tuple<tensor<i64>>) -> tensor<i64>
  %b = hlo.optimization_barrier %e : tensor<i64>
  %c1 = hlo.composite "my.add_n" %b {decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  %7 = hlo.composite "my.add_n" %c1 {decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<3x2x2xi64>, tensor<3xi64>, tensor<2x3xi32>, tensor<7x5xi64>,
        tensor<2x2xi64>, tensor<2x4xi64>, tensor<i32>, tensor<i64>
}
