// What the lowering cannot handle is an error naming the op, at its
// location, and the pass fails; nothing crashes.
// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg -verify-diagnostics

func.func @dynamic_broadcast(%x: tensor<?xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.broadcast_in_dim' that was explicitly marked illegal}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @dynamic_dot(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<?x16xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.dot_general'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

func.func @complex_remainder(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+2 {{'hlo.remainder' op has no scalar lowering for element type 'complex<f32>'}}
  // expected-error @+1 {{failed to legalize operation 'hlo.remainder'}}
  %0 = hlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @reduce_with_non_elementwise_body(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce'}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      // expected-error @+1 {{'hlo.broadcast_in_dim' op is not an elementwise op}}
      %c = hlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<f32>
      %s = hlo.add %a, %c : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @outfeed(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{'hlo.outfeed' op has no lowering for the CPU target, which has no host transfer queues and runs one process}}
  %r = "hlo.outfeed"(%x, %t) : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}

// -----

func.func @permute_to_other(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{'hlo.collective_permute' op pairs process 1, but the CPU target runs one process}}
  // expected-error@+1 {{failed to legalize operation 'hlo.collective_permute'}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @no_group_of_zero(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+2 {{'hlo.collective_broadcast' op has no group holding process 0, the one process the CPU target runs}}
  // expected-error@+1 {{failed to legalize operation 'hlo.collective_broadcast'}}
  %r = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[1]]> : tensor<1x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @dynamic_cholesky(%a: tensor<?x3x3xf32>) -> tensor<?x3x3xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.cholesky' that was explicitly marked illegal}}
  %0 = hlo.cholesky %a, lower = true : tensor<?x3x3xf32>
  return %0 : tensor<?x3x3xf32>
}

// -----

func.func @unknown_custom_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.custom_call' op has no lowering: unknown custom call target 'my_kernel'}}
  %0 = hlo.custom_call @my_kernel(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A sort whose line length is unknown (neither merge sort nor partial
// selection applies) is an error at the op.
func.func @dynamic_sort(%x: tensor<?xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.sort'}}
  %0 = "hlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = hlo.slice %0 [0:2] : (tensor<?xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A scan (cumsum form) of unknown length is an error too.
func.func @dynamic_scan(%x: tensor<?xf32>) -> tensor<?xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce_window'}}
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_fft(%x: tensor<?x8xcomplex<f32>>) -> tensor<?x8xcomplex<f32>> {
  // expected-error @+1 {{failed to legalize operation 'hlo.fft'}}
  %0 = hlo.fft %x, type = FFT, length = [8] : (tensor<?x8xcomplex<f32>>) -> tensor<?x8xcomplex<f32>>
  return %0 : tensor<?x8xcomplex<f32>>
}
