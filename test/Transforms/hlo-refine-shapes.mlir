// RUN: hlo-opt %s --hlo-refine-shapes --split-input-file | FileCheck %s

// Shape computations on get_dimension_size fold; the dynamic ops become
// static; elementwise results, broadcasts, reshapes, dots and reductions
// take their operands' shapes; the passed shape assertion disappears; the
// function returns the refined type.
// CHECK-LABEL: func.func @main
// CHECK-SAME:    -> tensor<8x4xf32>
// CHECK-NOT:     tensor<?
// CHECK-NOT:     shape_assertion
// The iota, static now, folds to a constant.
// CHECK:         hlo.constant dense<{{.*}}> : tensor<8x4xf32>
// CHECK:         hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
// CHECK:         hlo.add
// CHECK-SAME:      tensor<8x4xf32>
func.func @main(%static: tensor<8x4xf32>, %arg1: tensor<4xf32>) -> tensor<?x4xf32> {
  %x = tensor.cast %static : tensor<8x4xf32> to tensor<?x4xf32>
  %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %ok = hlo.compare GE, %n, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  hlo.custom_call @shape_assertion(%ok, %n) {error_message = "b = {0} < 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %s = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %c4 = hlo.constant dense<4> : tensor<1xi32>
  %shape = hlo.concatenate %s, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %b = hlo.dynamic_broadcast_in_dim %arg1, %shape, dims = [1] : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %iota = hlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
  %t = hlo.tanh %x : tensor<?x4xf32>
  %m = hlo.multiply %t, %b : tensor<?x4xf32>
  %r = hlo.add %m, %iota : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A while loop carries its initial values' shapes; a reshape with one
// unknown dimension and a dot follow from their operands.
// CHECK-LABEL: func.func @loop
// CHECK-SAME:    -> (tensor<6xf32>, tensor<2x2xf32>)
// CHECK:         hlo.while
// CHECK-SAME:      tensor<6xf32>
// CHECK:         hlo.reshape {{.*}} -> tensor<2x3xf32>
// CHECK:         hlo.dot_general {{.*}} -> tensor<2x2xf32>
func.func @loop(%static: tensor<6xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %x = tensor.cast %static : tensor<6xf32> to tensor<?xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %i, %v = hlo.while(%a = %zero, %b = %x) : tensor<i32>, tensor<?xf32>
  cond {
    %c = hlo.compare LT, %a, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %d = hlo.add %b, %b : tensor<?xf32>
    %j = hlo.add %a, %one : tensor<i32>
    hlo.return %j, %d : tensor<i32>, tensor<?xf32>
  }
  %m = hlo.reshape %v : (tensor<?xf32>) -> tensor<2x?xf32>
  %p = "hlo.dot_general"(%m, %m) {dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  return %v, %p : tensor<?xf32>, tensor<?x?xf32>
}

// -----

// JAX's dynamic_reduce_window custom call becomes a reduce_window once its
// window operands are constants; a dynamic gather with constant slice
// sizes becomes a static gather.
// CHECK-LABEL: func.func @windows
// CHECK-SAME:    -> (tensor<5xf32>, tensor<4x2xf32>)
// CHECK:         hlo.reduce_window
// CHECK-SAME:      window_dimensions = array<i64: 5>
// CHECK:           hlo.add
// CHECK:         hlo.gather
// CHECK-SAME:      -> tensor<4x2xf32>
func.func @windows(%static: tensor<5xf32>, %m: tensor<5x2xf32>) -> (tensor<?xf32>, tensor<?x2xf32>) {
  %x = tensor.cast %static : tensor<5xf32> to tensor<?xf32>
  %init = hlo.constant dense<0.0> : tensor<f32>
  %size = hlo.constant dense<5> : tensor<1xi32>
  %ones = hlo.constant dense<1> : tensor<1xi32>
  %padding = hlo.constant dense<[[4, 0]]> : tensor<1x2xi32>
  %sum = hlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %size, %ones, %ones, %ones, %padding) {called_computations = [@sum]} : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xf32>
  %start = hlo.constant dense<1> : tensor<1xi32>
  %sizes = hlo.constant dense<[4, 2]> : tensor<2xi32>
  %g = "hlo.dynamic_gather"(%m, %start, %sizes) {dimension_numbers = #hlo.gather<offset_dims = [0, 1], start_index_map = [0]>, indices_are_sorted = true} : (tensor<5x2xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %sum, %g : tensor<?xf32>, tensor<?x2xf32>
}
func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = hlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}

// -----

// Shapes that do not follow from the arguments stay dynamic.
// CHECK-LABEL: func.func @data_dependent
// CHECK:         hlo.dynamic_iota {{.*}} -> tensor<?xf32>
func.func @data_dependent(%n: tensor<1xi32>) -> tensor<?xf32> {
  %iota = hlo.dynamic_iota %n, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %iota : tensor<?xf32>
}
