// RUN: hlo-opt %s --hlo-inline-composites -split-input-file -verify-diagnostics | FileCheck %s

func.func private @add_n.impl(%x: tensor<i64>) -> tensor<i64> {
  %c = hlo.constant dense<2> : tensor<i64>
  %r = hlo.add %x, %c : tensor<i64>
  return %r : tensor<i64>
}

func.func private @twice.impl(%x: tensor<i64>) -> tensor<i64> {
  %a = hlo.composite "my.add_n" %x {decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  %b = hlo.composite "my.add_n" %a {decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  return %b : tensor<i64>
}

// Nested composites are inlined too.
// CHECK-LABEL: func.func @main
// CHECK-NOT: hlo.composite
// CHECK: %[[C:.*]] = hlo.constant dense<2>
// CHECK: %[[A:.*]] = hlo.add %arg0, %[[C]]
// CHECK: %[[C2:.*]] = hlo.constant dense<2>
// CHECK: %[[B:.*]] = hlo.add %[[A]], %[[C2]]
// CHECK: return %[[B]]
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %r = hlo.composite "my.twice" %x {composite_attributes = {n = 4 : i64}, decomposition = @twice.impl} : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}

// -----

func.func private @impl(%x: tensor<i64>) -> tensor<i64>

func.func @external(%x: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{'hlo.composite' op decomposition @impl must be a function with a single-block body}}
  %r = hlo.composite "my.op" %x {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}
