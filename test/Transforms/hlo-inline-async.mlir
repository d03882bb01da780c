// RUN: hlo-opt %s -split-input-file --hlo-inline-async -verify-diagnostics | FileCheck %s

// The body's operation runs where the async_start was; the async_done
// results are its results.
// CHECK-LABEL: func.func @slice_then_use
// CHECK-NEXT:    %[[S:.*]] = hlo.slice %arg0 [2:6] : (tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[N:.*]] = hlo.negate %arg1 : tensor<4xf32>
// CHECK-NEXT:    %[[A:.*]] = hlo.add %[[S]], %[[N]] : tensor<4xf32>
// CHECK-NEXT:    return %[[A]]
// CHECK-NOT:     hlo.async
func.func @slice_then_use(%x: tensor<8xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [2:6] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
  %n = hlo.negate %y : tensor<4xf32>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %a = hlo.add %r, %n : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Several results, and a collective with a region.
// CHECK-LABEL: func.func @all_reduce_pair
// CHECK:         %[[R:.*]]:2 = "hlo.all_reduce"(%arg0, %arg1)
// CHECK:           hlo.add
// CHECK:         return %[[R]]#1, %[[R]]#0
// CHECK-NOT:     hlo.async
func.func @all_reduce_pair(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %f = "hlo.async_start"(%a, %b) ({
    %r:2 = "hlo.all_reduce"(%a, %b) ({
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = hlo.add %p, %q : tensor<f32>
        hlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    "hlo.return"(%r#0, %r#1) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> !hlo.future<tensor<4xf32>, tensor<4xf32>>
  %d:2 = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>, tensor<4xf32>>) -> (tensor<4xf32>, tensor<4xf32>)
  return %d#1, %d#0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A future that escapes (returned from the function) cannot run
// synchronously here: an error at the async_start, and the pass fails.
func.func @escaping(%x: tensor<8xf32>) -> !hlo.future<tensor<4xf32>> {
  // expected-error @+1 {{'hlo.async_start' op cannot run synchronously: its future is used by an op other than hlo.async_done}}
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
  return %f : !hlo.future<tensor<4xf32>>
}
