// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file -mlir-print-op-generic | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @loop
// CHECK:         %[[R:.*]]:2 = hlo.while(%[[I:.*]] = %arg0, %[[A:.*]] = %arg1) : tensor<i64>, tensor<4xf32>
// CHECK-NEXT:     cond {
// CHECK:           %[[C:.*]] = hlo.compare LT, %[[I]], %arg0
// CHECK:           hlo.return %[[C]] : tensor<i1>
// CHECK:         } do {
// CHECK:           hlo.return %{{.*}}, %[[A]] : tensor<i64>, tensor<4xf32>
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
// CHECK:         "hlo.if"(%arg0) ({
// CHECK:           hlo.return %arg2 : tensor<2xf32>
// CHECK:         }, {
// CHECK:           hlo.return %arg3 : tensor<2xf32>
// CHECK:         }) : (tensor<i1>) -> tensor<2xf32>
// CHECK:         "hlo.case"(%arg1) ({
// CHECK:         }, {
// CHECK:         }, {
// CHECK:         }) : (tensor<i32>) -> tensor<2xf32>
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
  }, {
    %s = hlo.add %a, %b : tensor<2xf32>
    hlo.return %s : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
