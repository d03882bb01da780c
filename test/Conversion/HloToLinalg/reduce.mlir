// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// The init value fills the result once; the body is scalarized.
// CHECK-LABEL: func.func @reduce_sum
// CHECK:         %[[I:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[I]] : f32)
// CHECK:         linalg.reduce { arith.addf } ins(%arg0 : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>) dimensions = [1]
func.func @reduce_sum(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// linalg.reduce passes (elements, accumulators); the hlo body takes
// (accumulators, elements).
// CHECK-LABEL: func.func @reduce_two_inputs
// CHECK:         linalg.reduce ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xi32>)
// CHECK:           (%[[V:.*]]: f32, %[[I:.*]]: i32, %[[AV:.*]]: f32, %[[AI:.*]]: i32) {
// CHECK:             %[[M:.*]] = arith.maximumf %[[AV]], %[[V]] : f32
// CHECK:             %[[K:.*]] = arith.addi %[[AI]], %[[I]] : i32
// CHECK:             linalg.yield %[[M]], %[[K]] : f32, i32
func.func @reduce_two_inputs(%v: tensor<4x8xf32>, %i: tensor<4x8xi32>, %zv: tensor<f32>, %zi: tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0:2 = hlo.reduce(%v init: %zv), (%i init: %zi) across dimensions = [0]
      : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %m = hlo.maximum %a, %b : tensor<f32>
      %k = hlo.add %ai, %bi : tensor<i32>
      hlo.return %m, %k : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// A result type only compatible with the reduction's (tensor<?xf32> of a
// static input): the loop nest is built on the static shape and cast to the
// declared type (the empty tensor of the declared type had nothing to take
// its size from: a crash).
// CHECK-LABEL: func.func @dynamic_result
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3xf32>
// CHECK: %[[R:.*]] = linalg.reduce
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<3xf32> to tensor<?xf32>
// CHECK: return %[[C]]
func.func @dynamic_result(%a: tensor<4x3xf32>, %z: tensor<f32>) -> tensor<?xf32> {
  %r = hlo.reduce(%a init: %z) applies hlo.add across dimensions = [0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
