// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: hlo-opt %s -split-input-file -verify-diagnostics | hlo-opt -split-input-file | FileCheck %s

// The spec's example (with a replica group of one process, which the CPU
// target can run), and a slice with a future of one tensor.
// CHECK-LABEL: func.func @all_gather
// CHECK: %[[F:.*]] = "hlo.async_start"(%arg0) ({
// CHECK:   %[[G:.*]] = "hlo.all_gather"(%arg0)
// CHECK:   hlo.return %[[G]] : tensor<8x2xf32>
// CHECK: }) : (tensor<8x2xf32>) -> !hlo.future<tensor<8x2xf32>>
// CHECK: "hlo.async_done"(%[[F]]) : (!hlo.future<tensor<8x2xf32>>) -> tensor<8x2xf32>
func.func @all_gather(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %0 = "hlo.async_start"(%arg0) ({
    %1 = "hlo.all_gather"(%arg0) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0]]> : tensor<1x1xi64>
    } : (tensor<8x2xf32>) -> tensor<8x2xf32>
    "hlo.return"(%1) : (tensor<8x2xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !hlo.future<tensor<8x2xf32>>
  %2 = "hlo.async_done"(%0) : (!hlo.future<tensor<8x2xf32>>) -> tensor<8x2xf32>
  return %2 : tensor<8x2xf32>
}

// -----

// A future of several tensors: all_to_all with two operands.
// CHECK-LABEL: func.func @two_results
// CHECK: !hlo.future<tensor<4x2xf32>, tensor<4x2xi32>>
// CHECK: "hlo.async_done"(%{{.*}}) : (!hlo.future<tensor<4x2xf32>, tensor<4x2xi32>>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
func.func @two_results(%a: tensor<4x2xf32>, %b: tensor<4x2xi32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %f = "hlo.async_start"(%a, %b) ({
    %r:2 = "hlo.all_to_all"(%a, %b) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4x2xf32>, tensor<4x2xi32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
    "hlo.return"(%r#0, %r#1) : (tensor<4x2xf32>, tensor<4x2xi32>) -> ()
  }) : (tensor<4x2xf32>, tensor<4x2xi32>) -> !hlo.future<tensor<4x2xf32>, tensor<4x2xi32>>
  %d:2 = "hlo.async_done"(%f) : (!hlo.future<tensor<4x2xf32>, tensor<4x2xi32>>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return %d#0, %d#1 : tensor<4x2xf32>, tensor<4x2xi32>
}

// -----

func.func @async_start_c1_two_ops(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.async_start' op body must contain a single operation and a return (async_start_c1), found 3 operations}}
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    %n = hlo.negate %s : tensor<4xf32>
    "hlo.return"(%n) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @async_start_c1_arguments(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.async_start' op body must take no arguments (async_start_c1), found 1}}
  %f = "hlo.async_start"(%x) ({
  ^bb0(%y: tensor<8xf32>):
    %s = hlo.slice %y [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @async_start_c2_not_allowed(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.async_start' op body operation must be a collective (all_reduce, all_gather, all_to_all, collective_permute, reduce_scatter, collective_broadcast) or a slice (slice, dynamic_slice, dynamic_update_slice) (async_start_c2), found 'hlo.negate'}}
  %f = "hlo.async_start"(%x) ({
    %n = hlo.negate %x : tensor<8xf32>
    "hlo.return"(%n) : (tensor<8xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<8xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<8xf32>>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @async_start_c3_operands(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.async_start' op operands must be the operands of the body operation, in order (async_start_c3)}}
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %y [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @async_start_c4_return(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.async_start' op body must return the results of its operation (async_start_c4)}}
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%x) : (tensor<8xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<8xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<8xf32>>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @async_start_c4_future_type(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.async_start' op result must be a future of the body operation's result types 'tensor<4xf32>' (async_start_c4), found '!hlo.future<tensor<8xf32>>'}}
  %f = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    "hlo.return"(%s) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !hlo.future<tensor<8xf32>>
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<8xf32>>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @async_done_c1_result_type(%f: !hlo.future<tensor<4xf32>>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.async_done' op results must have the types of the future, 'tensor<4xf32>' (async_done_c1), found 'tensor<4xf64>'}}
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

func.func @async_done_c1_result_count(%f: !hlo.future<tensor<4xf32>, tensor<2xi32>>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.async_done' op results must have the types of the future, 'tensor<4xf32>', 'tensor<2xi32>' (async_done_c1), found 'tensor<4xf32>'}}
  %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>, tensor<2xi32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{a future holds ranked tensor types, found 'f32'}}
func.func @future_of_scalar(%f: !hlo.future<f32>) {
  return
}

// -----

func.func @async_done_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.async_done' op operand #0 must be future, but got 'tensor<4xf32>'}}
  %r = "hlo.async_done"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
