// RUN: hlo-opt %s --split-input-file --hlo-algebraic-simplifier | FileCheck %s

// CHECK-LABEL: func.func @integer_identities
// CHECK-SAME:    (%[[X:.*]]: tensor<4xi32>)
// CHECK-DAG:     %[[ZERO:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG:     %[[ONES:.*]] = hlo.constant dense<-1> : tensor<4xi32>
// CHECK-DAG:     %[[TRUE:.*]] = hlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG:     %[[FALSE:.*]] = hlo.constant dense<false> : tensor<4xi1>
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[ZERO]], %[[X]], %[[ZERO]], %[[ZERO]], %[[X]], %[[ONES]], %[[X]], %[[ZERO]], %[[X]], %[[X]], %[[TRUE]], %[[FALSE]]
func.func @integer_identities(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>) {
  %zero = hlo.constant dense<0> : tensor<4xi32>
  %one = hlo.constant dense<1> : tensor<4xi32>
  %ones = hlo.constant dense<-1> : tensor<4xi32>
  %0 = hlo.add %zero, %x : tensor<4xi32>
  %1 = hlo.subtract %x, %zero : tensor<4xi32>
  %2 = hlo.multiply %one, %x : tensor<4xi32>
  %3 = hlo.multiply %x, %zero : tensor<4xi32>
  %4 = hlo.divide %x, %one : tensor<4xi32>
  %5 = hlo.subtract %x, %x : tensor<4xi32>
  %6 = hlo.and %x, %zero : tensor<4xi32>
  %7 = hlo.and %ones, %x : tensor<4xi32>
  %8 = hlo.or %x, %ones : tensor<4xi32>
  %9 = hlo.or %x, %zero : tensor<4xi32>
  %10 = hlo.xor %x, %x : tensor<4xi32>
  %11 = hlo.maximum %x, %x : tensor<4xi32>
  %12 = hlo.minimum %x, %x : tensor<4xi32>
  %13 = hlo.compare GE, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %14 = hlo.compare LT, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Exact float identities apply; the ones IEEE arithmetic does not
// guarantee (x * 0, x - x, x + +0.0, compare(x, x)) stay.
// CHECK-LABEL: func.func @float_identities
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>)
// CHECK:         %[[MUL0:.*]] = hlo.multiply %[[X]], %{{.*}}
// CHECK:         %[[SUB:.*]] = hlo.subtract %[[X]], %[[X]]
// CHECK:         %[[ADD0:.*]] = hlo.add %[[X]], %{{.*}}
// CHECK:         %[[CMP:.*]] = hlo.compare EQ, %[[X]], %[[X]]
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[MUL0]], %[[SUB]], %[[ADD0]], %[[CMP]]
func.func @float_identities(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %nzero = hlo.constant dense<-0.0> : tensor<4xf32>
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<4xf32>
  %inf = hlo.constant dense<0x7F800000> : tensor<4xf32>
  %0 = hlo.add %x, %nzero : tensor<4xf32>
  %1 = hlo.subtract %x, %zero : tensor<4xf32>
  %2 = hlo.multiply %x, %one : tensor<4xf32>
  %3 = hlo.divide %x, %one : tensor<4xf32>
  %4 = hlo.maximum %ninf, %x : tensor<4xf32>
  %5 = hlo.minimum %x, %inf : tensor<4xf32>
  %6 = hlo.multiply %x, %zero : tensor<4xf32>
  %7 = hlo.subtract %x, %x : tensor<4xf32>
  %8 = hlo.add %x, %zero : tensor<4xf32>
  %9 = hlo.compare EQ, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// The constant must be the right operand of a subtraction or division.
// CHECK-LABEL: func.func @not_commuted
// CHECK:         hlo.subtract
// CHECK:         hlo.divide
func.func @not_commuted(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %zero = hlo.constant dense<0> : tensor<4xi32>
  %one = hlo.constant dense<1> : tensor<4xi32>
  %0 = hlo.subtract %zero, %x : tensor<4xi32>
  %1 = hlo.divide %one, %x : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @involutions
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<4xi1>)
// CHECK-NEXT:    return %[[X]], %[[P]]
func.func @involutions(%x: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi1>) {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.not %p : tensor<4xi1>
  %3 = hlo.not %2 : tensor<4xi1>
  return %1, %3 : tensor<4xf32>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @slice_of_slice
// CHECK-NEXT:    %[[S:.*]] = hlo.slice %arg0 [3:8:4, 1:3] : (tensor<16x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    return %[[S]]
func.func @slice_of_slice(%x: tensor<16x8xf32>) -> tensor<2x2xf32> {
  %0 = hlo.slice %x [1:15:2, 0:8] : (tensor<16x8xf32>) -> tensor<7x8xf32>
  %1 = hlo.slice %0 [1:5:2, 1:3] : (tensor<7x8xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @no_padding
// CHECK-NEXT:    return %arg0
func.func @no_padding(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// (aᵀ)·b contracts a over its dimension 0; a transpose that would reorder
// the free dimensions of a batched operand stays.
// CHECK-LABEL: func.func @transposed_dot
// CHECK-NEXT:    %[[D:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    return %[[D]]
func.func @transposed_dot(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %t = hlo.transpose %a, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %d = hlo.dot_general %t, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %d : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @reordering_transpose_stays
// CHECK:         hlo.transpose
// CHECK:         hlo.dot_general
func.func @reordering_transpose_stays(%a: tensor<3x4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x3x16xf32> {
  %t = hlo.transpose %a, dims = [1, 0, 2] : (tensor<3x4x8xf32>) -> tensor<4x3x8xf32>
  %d = hlo.dot_general %t, %b, contracting_dims = [2] x [0] : (tensor<4x3x8xf32>, tensor<8x16xf32>) -> tensor<4x3x16xf32>
  return %d : tensor<4x3x16xf32>
}

// -----

// A reduction over a dimension of size 1 is its body applied once.
// CHECK-LABEL: func.func @unit_reduce
// CHECK-SAME:    (%[[X:.*]]: tensor<4x1xi32>, %[[Y:.*]]: tensor<4x1xf32>)
// CHECK:         %[[R:.*]] = hlo.reshape %[[X]] : (tensor<4x1xi32>) -> tensor<4xi32>
// CHECK:         %[[Q:.*]] = hlo.reshape %[[Y]] : (tensor<4x1xf32>) -> tensor<4xf32>
// CHECK:         %[[S:.*]] = hlo.add %[[Q]], %{{.*}} : tensor<4xf32>
// CHECK:         return %[[R]], %[[S]]
func.func @unit_reduce(%x: tensor<4x1xi32>, %y: tensor<4x1xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %fzero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<4x1xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = hlo.reduce(%y init: %fzero) applies hlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xi32>, tensor<4xf32>
}

// -----

// (a·b)ᵀ = bᵀ·aᵀ: the transpose of a dot's product is the dot with its
// operands swapped (a weight gradient computed in the weight's layout); the
// precision config follows its operands.
// CHECK-LABEL: func.func @transpose_of_dot
// CHECK-NEXT:    %[[D:.*]] = hlo.dot_general %arg1, %arg0, contracting_dims = [0] x [0], precision = [HIGHEST, DEFAULT] : (tensor<8x16xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
// CHECK-NEXT:    return %[[D]]
func.func @transpose_of_dot(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) -> tensor<16x4xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [0] x [0], precision = [DEFAULT, HIGHEST] : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %t = hlo.transpose %d, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return %t : tensor<16x4xf32>
}

// -----

// Batched, with two free dimensions on the left: the batch dimensions may
// be permuted among themselves, each free group keeps its order.
// CHECK-LABEL: func.func @transpose_of_batched_dot
// CHECK-NEXT:    %[[D:.*]] = hlo.dot_general %arg1, %arg0, batching_dims = [1, 0] x [3, 0], contracting_dims = [2] x [4] : (tensor<2x3x7x5xf32>, tensor<2x4x6x3x7xf32>) -> tensor<3x2x5x4x6xf32>
// CHECK-NEXT:    return %[[D]]
func.func @transpose_of_batched_dot(%a: tensor<2x4x6x3x7xf32>, %b: tensor<2x3x7x5xf32>) -> tensor<3x2x5x4x6xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0, 3] x [0, 1], contracting_dims = [4] x [2] : (tensor<2x4x6x3x7xf32>, tensor<2x3x7x5xf32>) -> tensor<2x3x4x6x5xf32>
  %t = hlo.transpose %d, dims = [1, 0, 4, 2, 3] : (tensor<2x3x4x6x5xf32>) -> tensor<3x2x5x4x6xf32>
  return %t : tensor<3x2x5x4x6xf32>
}

// -----

// Only the batch dimensions permuted: the batch pairs are reordered.
// CHECK-LABEL: func.func @batch_transpose_of_dot
// CHECK-NEXT:    %[[D:.*]] = hlo.dot_general %arg0, %arg1, batching_dims = [1, 0] x [1, 0], contracting_dims = [3] x [2] : (tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>) -> tensor<3x2x4x6xf32>
// CHECK-NEXT:    return %[[D]]
func.func @batch_transpose_of_dot(%a: tensor<2x3x4x5xf32>, %b: tensor<2x3x5x6xf32>) -> tensor<3x2x4x6xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>) -> tensor<2x3x4x6xf32>
  %t = hlo.transpose %d, dims = [1, 0, 2, 3] : (tensor<2x3x4x6xf32>) -> tensor<3x2x4x6xf32>
  return %t : tensor<3x2x4x6xf32>
}

// -----

// Transposes that stay: the dot has another user (it would be computed
// twice), a permutation that interleaves the free groups, one that moves a
// batch dimension among the free ones, one that reorders a free group.
// CHECK-LABEL: func.func @transposes_of_dots_that_stay
// CHECK-COUNT-4: hlo.transpose
func.func @transposes_of_dots_that_stay(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %c: tensor<2x3x4x5xf32>, %d: tensor<2x5x6xf32>)
    -> (tensor<4x16xf32>, tensor<16x4xf32>, tensor<3x6x2x4xf32>, tensor<2x6x4x3xf32>, tensor<4x2x3x6xf32>) {
  %p = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %pt = hlo.transpose %p, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %q = hlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x4x6xf32>
  %q1 = hlo.transpose %q, dims = [1, 3, 0, 2] : (tensor<2x3x4x6xf32>) -> tensor<3x6x2x4xf32>
  %r = hlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x4x6xf32>
  %r1 = hlo.transpose %r, dims = [0, 3, 2, 1] : (tensor<2x3x4x6xf32>) -> tensor<2x6x4x3xf32>
  %s = hlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x4x6xf32>
  %s1 = hlo.transpose %s, dims = [2, 0, 1, 3] : (tensor<2x3x4x6xf32>) -> tensor<4x2x3x6xf32>
  return %p, %pt, %q1, %r1, %s1 : tensor<4x16xf32>, tensor<16x4xf32>, tensor<3x6x2x4xf32>, tensor<2x6x4x3xf32>, tensor<4x2x3x6xf32>
}
