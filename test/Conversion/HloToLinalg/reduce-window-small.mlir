// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// A 2x2 max pool with stride 2 (NHWC): one elementwise generic over the four
// strided slices of the input (one per window position, row-major), folding
// them from the init in that order.
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME:    (%[[X:.*]]: tensor<2x8x8x3xf32>)
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[S1:.*]] = tensor.extract_slice %[[X]][0, 0, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[S2:.*]] = tensor.extract_slice %[[X]][0, 1, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         %[[S3:.*]] = tensor.extract_slice %[[X]][0, 1, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[S0]], %[[S1]], %[[S2]], %[[S3]] :
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[D:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[M0:.*]] = arith.maximumf %[[INIT:.*]], %[[A]] : f32
// CHECK:           %[[M1:.*]] = arith.maximumf %[[M0]], %[[B]] : f32
// CHECK:           %[[M2:.*]] = arith.maximumf %[[M1]], %[[C]] : f32
// CHECK:           %[[M3:.*]] = arith.maximumf %[[M2]], %[[D]] : f32
// CHECK:           linalg.yield %[[M3]]
// CHECK-NOT:     scf.for
func.func @max_pool(%x: tensor<2x8x8x3xf32>) -> tensor<2x4x4x3xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}

// -----

// Padding and base dilation are materialized once: a fill with the init
// value and a strided insert of the input; window dilation spaces the
// slices' offsets.
// CHECK-LABEL: func.func @padded_dilated_sum
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>)
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x12xf32>)
// CHECK:         %[[PADDED:.*]] = tensor.insert_slice %[[X]] into %[[FILL]][1, 2] [3, 5] [1, 2]
// CHECK:         tensor.extract_slice %[[PADDED]][0, 0] [3, 5] [1, 2]
// CHECK:         tensor.extract_slice %[[PADDED]][0, 2] [3, 5] [1, 2]
// CHECK:         tensor.extract_slice %[[PADDED]][1, 0] [3, 5] [1, 2]
// CHECK:         tensor.extract_slice %[[PADDED]][1, 2] [3, 5] [1, 2]
// CHECK:         linalg.generic
// CHECK-COUNT-4:   arith.addf
func.func @padded_dilated_sum(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [2, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Several inputs (an argmax pool: values and their indices) give a generic
// with one slice per position and input, and one result per input.
// CHECK-LABEL: func.func @argmax_pool
// CHECK:         %[[R:.*]]:2 = linalg.generic
// CHECK-SAME:      ins(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}} : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>)
// CHECK:           arith.cmpf
// CHECK:           linalg.yield
// CHECK:         return %[[R]]#0, %[[R]]#1
func.func @argmax_pool(%x: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:2 = "hlo.reduce_window"(%x, %i, %ninf, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %mi = hlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// More than 32 window positions: the loop nest over the result and the
// window instead (one operand per position would not pay).
// CHECK-LABEL: func.func @large_window
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.if
func.func @large_window(%x: tensor<40xf32>) -> tensor<8xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 33>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<40xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
