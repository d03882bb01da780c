// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @map
// CHECK: "hlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0, 1>}>
// An elementwise computation becomes its ops on the whole tensors, scalar
// constants broadcast.
// CANON-LABEL: func.func @map
// CANON-DAG: %[[C:.*]] = hlo.constant dense<2> : tensor<2x2xi64>
// CANON-DAG: %[[M:.*]] = hlo.multiply %arg0, %arg1 : tensor<2x2xi64>
// CANON: %[[A:.*]] = hlo.add %[[M]], %[[C]] : tensor<2x2xi64>
// CANON: return %[[A]]
func.func @map(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %r = "hlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %m = hlo.multiply %x, %y : tensor<i64>
      %c = hlo.constant dense<2> : tensor<i64>
      %s = hlo.add %m, %c : tensor<i64>
      hlo.return %s : tensor<i64>
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}
