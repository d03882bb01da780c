// RUN: hlo-opt %s -split-input-file --hlo-fusion-explain -verify-diagnostics -o /dev/null
// RUN: hlo-opt %s -split-input-file --hlo-fusion=explain=true -verify-diagnostics -o /dev/null

// Every rejected candidate gets a remark with the reason, every fusion one
// with what it saves.

func.func @broadcast_reuse(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  // expected-remark @+1 {{'hlo.exponential' not fused into the fusion of 'hlo.add': the fusion reads each of its elements 8 times through a broadcast, and 'hlo.exponential' is too expensive to recompute}}
  %e = hlo.exponential %b : tensor<16xf32>
  %eb = hlo.broadcast_in_dim %e, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.exponential' was considered for}}
  // expected-remark @+1 {{loop fusion of 2 ops: 1088 bytes accessed instead of 2112}}
  %r = hlo.add %x, %eb : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

func.func @not_fusible(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @+1 {{'hlo.sort' not fused into the fusion of 'hlo.multiply': 'hlo.sort' is not fusible}}
  %s = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %e = hlo.exponential %s : tensor<4xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.sort' was considered for}}
  // expected-remark @+1 {{loop fusion of 2 ops: 32 bytes accessed instead of 80}}
  %t = hlo.multiply %e, %e : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func @cycle(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @+1 {{'hlo.exponential' not fused into the fusion of 'hlo.multiply': it has 1 user(s) outside the fusion and is too expensive to compute twice; making it an extra result would create a cycle through 'hlo.sort'}}
  %e = hlo.exponential %x : tensor<4xf32>
  // expected-remark @+1 {{'hlo.sort' not fused}}
  %s = "hlo.sort"(%e) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %r = hlo.add %e, %s : tensor<4xf32>
  // expected-note @+3 {{the root of the fusion 'hlo.exponential' was considered for}}
  // expected-note @+2 {{the root of the fusion 'hlo.sort' was considered for}}
  // expected-remark @+1 {{loop fusion of 2 ops}}
  %t = hlo.multiply %r, %r : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func @dot_used_outside(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-remark @+1 {{'hlo.dot_general' not fused into the fusion of 'hlo.multiply': its result has users outside the epilogue, and a contraction is never computed twice}}
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.maximum %d, %z : tensor<8x16xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.dot_general' was considered for}}
  // expected-remark @+1 {{loop fusion of 3 ops}}
  %s = hlo.multiply %r, %r : tensor<8x16xf32>
  return %s, %d : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// An output fusion returns its root alone: with the pre-activation returned
// too, the tile loop would compute the product once per returned value. The
// dot stays on its own and the epilogue is a two-result loop fusion.
func.func @dot_epilogue_returns_intermediate(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>, %b: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  // expected-remark @+1 {{'hlo.dot_general' not fused into the fusion of 'hlo.maximum': the epilogue returns an intermediate value besides its root, for which the tile loop would compute the contraction again}}
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %s = hlo.add %d, %bb : tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.dot_general' was considered for}}
  // expected-remark @+1 {{loop fusion of 4 ops}}
  %r = hlo.maximum %s, %z : tensor<8x16xf32>
  return %r, %s : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

func.func @different_reductions(%x: tensor<8x16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{'hlo.reduce' not fused into the fusion of 'hlo.reduce': it reduces [8, 16] over dimensions [1], the fusion's reduction reduces [8, 16] over [0]}}
  %rows = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %b = hlo.broadcast_in_dim %rows, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %m = hlo.multiply %b, %x : tensor<8x16xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.reduce' was considered for}}
  // expected-remark @+1 {{input fusion of 4 ops}}
  %cols = hlo.reduce(%m init: %zero) applies hlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %cols : tensor<16xf32>
}

// -----

func.func @reduced_value_transposed(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{'hlo.reduce' not fused into the fusion of 'hlo.add': its result is used by 'hlo.broadcast_in_dim', which does not map the rows of the reduction to rows}}
  %rows = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %b = hlo.broadcast_in_dim %rows, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.reduce' was considered for}}
  // expected-remark @+1 {{loop fusion of 2 ops}}
  %r = hlo.add %b, %x : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}


// -----

// A loop fusion is merged into one that reads its results only where both
// iterate over the same index space: here the consumer reads the
// exponential through a broadcast.
func.func @merge_rejected(%x: tensor<16xf32>, %y: tensor<8x16xf32>) -> (tensor<16xf32>, tensor<8x16xf32>) {
  // expected-remark @+1 {{'hlo.exponential' not fused into the fusion of 'hlo.add': the fusion reads each of its elements 8 times through a broadcast, and 'hlo.exponential' is too expensive to recompute; its fusion is not merged into this one: it iterates over [16], the fusion over [8, 16]}}
  %e = hlo.exponential %x : tensor<16xf32>
  // expected-remark @+1 {{loop fusion of 2 ops: 192 bytes accessed instead of 256}}
  %l = hlo.log %e : tensor<16xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  // expected-note @+2 {{the root of the fusion 'hlo.exponential' was considered for}}
  // expected-remark @+1 {{loop fusion of 2 ops: 1088 bytes accessed instead of 2112}}
  %r = hlo.add %b, %y : tensor<8x16xf32>
  return %l, %r : tensor<16xf32>, tensor<8x16xf32>
}
