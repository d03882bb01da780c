// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @loop
// CHECK:         %[[R:.*]]:2 = scf.while (%[[I:.*]] = %arg0, %[[A:.*]] = %arg1) : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>) {
// CHECK:           %[[C:.*]] = linalg.generic
// CHECK:           %[[B:.*]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK:           scf.condition(%[[B]]) %[[I]], %[[A]] : tensor<i64>, tensor<4xf32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[I2:.*]]: tensor<i64>, %[[A2:.*]]: tensor<4xf32>):
// CHECK:           scf.yield %{{.*}}, %[[A2]] : tensor<i64>, tensor<4xf32>
// CHECK:         return %[[R]]#1
func.func @loop(%n: tensor<i64>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0:2 = hlo.while(%i = %n, %acc = %x) : tensor<i64>, tensor<4xf32>
    cond {
      %c = hlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      %next = hlo.add %i, %i : tensor<i64>
      hlo.return %next, %acc : tensor<i64>, tensor<4xf32>
    }
  return %0#1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @branches
// CHECK:         %[[P:.*]] = tensor.extract %arg0[] : tensor<i1>
// CHECK:         scf.if %[[P]] -> (tensor<2xf32>) {
// CHECK:           scf.yield %arg2 : tensor<2xf32>
// CHECK:         } else {
// CHECK:           scf.yield %arg3 : tensor<2xf32>
// CHECK:         %[[K:.*]] = tensor.extract %arg1[] : tensor<i32>
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK:         scf.index_switch %[[IDX]] -> tensor<2xf32>
// CHECK:         case 0 {
// CHECK:           scf.yield %arg2 : tensor<2xf32>
// CHECK:         default {
// CHECK:           scf.yield %arg3 : tensor<2xf32>
func.func @branches(%p: tensor<i1>, %k: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = "hlo.if"(%p) ({
    hlo.return %a : tensor<2xf32>
  }, {
    hlo.return %b : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  %1 = "hlo.case"(%k) ({
    hlo.return %a : tensor<2xf32>
  }, {
    hlo.return %b : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// An optimization barrier forwards its operands; an unused token is dropped.
// CHECK-LABEL: func.func @barrier
// CHECK-NOT: hlo.
// CHECK: return %arg0, %arg1 : tensor<2xf32>, tensor<i64>
func.func @barrier(%a: tensor<2xf32>, %b: tensor<i64>) -> (tensor<2xf32>, tensor<i64>) {
  %t = hlo.after_all : !hlo.token
  %r:2 = hlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<i64>
  return %r#0, %r#1 : tensor<2xf32>, tensor<i64>
}
