// RUN: hlo-opt %s --hlo-cpu-to-linalg | FileCheck %s

// A product whose result is a reshaped view (the rows of a 2x24x40 batch of
// activations times a matrix, computed as one 48x40 matmul): the register
// tile's accumulators are read once before the k loop, carried in vector
// registers through it, and written once after; they used to be loaded
// and stored on every k step (the hoisting on buffers cannot see through
// the collapsed view).
// CHECK-LABEL: func.func @collapsed_result(
// CHECK:         vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK-NEXT:    scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8x32xf32>)
// CHECK-NOT:       tensor<8x32xf32>
// CHECK:           vector.contract {{.*}} %[[ACC]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-NEXT:      scf.yield {{.*}} : vector<8x32xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<8x32xf32>
func.func @collapsed_result(%a: tensor<2x24x40xf32>, %b: tensor<40x32xf32>) -> tensor<2x24x32xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<2x24x40xf32>, tensor<40x32xf32>) -> tensor<2x24x32xf32>
  return %0 : tensor<2x24x32xf32>
}
