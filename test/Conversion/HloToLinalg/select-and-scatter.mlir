// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// A max pool gradient with stride = window: the windows do not overlap, so
// one elementwise generic over the windows selects among the four strided
// slices of the operand (row-major, the first maximum wins) and yields each
// position's share of the result; four strided inserts into the init-filled
// result put them in place.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK-SAME:    (%[[X:.*]]: tensor<2x8x8x3xf32>, %[[S:.*]]: tensor<2x4x4x3xf32>)
// CHECK:         %[[X0:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[X1:.*]] = tensor.extract_slice %[[X]][0, 0, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[X2:.*]] = tensor.extract_slice %[[X]][0, 1, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[X3:.*]] = tensor.extract_slice %[[X]][0, 1, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[R:.*]]:4 = linalg.generic
// CHECK-SAME:      ins(%[[X0]], %[[X1]], %[[X2]], %[[X3]], %[[S]] :
// CHECK:         ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32,
// CHECK:           %[[KEEP:.*]] = arith.cmpf oge, %[[A]], %[[B]] : f32
// CHECK:           arith.select %[[KEEP]], %[[A]], %[[B]] : f32
// CHECK-COUNT-2:   arith.cmpf oge
// CHECK:           %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-COUNT-4:   arith.select %{{.*}}, %[[SUM]], %{{.*}} : f32
// CHECK:           linalg.yield
// CHECK:         %[[FILL:.*]] = linalg.fill
// CHECK:         %[[I0:.*]] = tensor.insert_slice %[[R]]#0 into %[[FILL]][0, 0, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[I1:.*]] = tensor.insert_slice %[[R]]#1 into %[[I0]][0, 0, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[I2:.*]] = tensor.insert_slice %[[R]]#2 into %[[I1]][0, 1, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[I3:.*]] = tensor.insert_slice %[[R]]#3 into %[[I2]][0, 1, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         return %[[I3]]
func.func @max_pool_grad(%x: tensor<2x8x8x3xf32>, %s: tensor<2x4x4x3xf32>) -> tensor<2x8x8x3xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) : (tensor<2x8x8x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32>
  return %0 : tensor<2x8x8x3xf32>
}

// -----

// Overlapping windows (stride 1 < window 2) may scatter twice into one
// element: the loop nest over the source and the window instead.
// CHECK-LABEL: func.func @overlapping
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.if
func.func @overlapping(%x: tensor<6xf32>, %s: tensor<5xf32>) -> tensor<6xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) : (tensor<6xf32>, tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// Padding: the loop nest too (padding positions are never selected).
// CHECK-LABEL: func.func @padded
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for
func.func @padded(%x: tensor<6xf32>, %s: tensor<4xf32>) -> tensor<6xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) : (tensor<6xf32>, tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
