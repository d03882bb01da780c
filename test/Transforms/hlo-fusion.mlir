// RUN: hlo-opt %s -split-input-file --hlo-fusion | FileCheck %s

// relu((a + b) * c): one loop fusion; the splat zero is an immediate inside.
// CHECK-LABEL: func.func @elementwise_chain
// CHECK:         %[[F:.*]] = hlo.fusion kind = loop (%[[X:.*]] = %arg0, %[[Y:.*]] = %arg1, %[[Z:.*]] = %arg2)
// CHECK-NEXT:      %[[S:.*]] = hlo.add %[[X]], %[[Y]]
// CHECK-NEXT:      %[[M:.*]] = hlo.multiply %[[S]], %[[Z]]
// CHECK-NEXT:      %[[C:.*]] = hlo.constant dense<0.000000e+00>
// CHECK-NEXT:      %[[R:.*]] = hlo.maximum %[[M]], %[[C]]
// CHECK-NEXT:      hlo.return %[[R]]
// CHECK:         return %[[F]]
func.func @elementwise_chain(%a: tensor<16xf32>, %b: tensor<16xf32>, %c: tensor<16xf32>) -> tensor<16xf32> {
  %0 = hlo.add %a, %b : tensor<16xf32>
  %1 = hlo.multiply %0, %c : tensor<16xf32>
  %z = hlo.constant dense<0.0> : tensor<16xf32>
  %2 = hlo.maximum %1, %z : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// Broadcasts, transposes and reshapes fuse into their consumers.
// CHECK-LABEL: func.func @shape_ops
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %arg1, %{{.*}} = %arg0, %{{.*}} = %arg2)
// CHECK-DAG:       hlo.broadcast_in_dim
// CHECK-DAG:       hlo.transpose
// CHECK-DAG:       hlo.reshape
// CHECK:           hlo.return
// CHECK-NOT:     hlo.
// CHECK:         return
func.func @shape_ops(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %y: tensor<32xf32>) -> tensor<8x4xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %s = hlo.add %x, %bb : tensor<4x8xf32>
  %t = hlo.transpose %s, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %r = hlo.reshape %y : (tensor<32xf32>) -> tensor<8x4xf32>
  %m = hlo.multiply %t, %r : tensor<8x4xf32>
  return %m : tensor<8x4xf32>
}

// -----

// softmax: both reductions, the broadcasts of their rows and the
// elementwise ops form one input fusion.
// CHECK-LABEL: func.func @softmax
// CHECK:         %[[F:.*]] = hlo.fusion kind = input (%{{.*}} = %arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK:           hlo.reduce
// CHECK:           hlo.exponential
// CHECK:           hlo.reduce
// CHECK:           hlo.divide
// CHECK:         return %[[F]]
func.func @softmax(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %sub = hlo.subtract %x, %maxb : tensor<8x16xf32>
  %exp = hlo.exponential %sub : tensor<8x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %div = hlo.divide %exp, %sumb : tensor<8x16xf32>
  return %div : tensor<8x16xf32>
}

// -----

// layernorm with a per-column scale: the rsqrt of the row variance joins
// through the broadcast over its row (it is computed once per row).
// CHECK-LABEL: func.func @layernorm
// CHECK:         %[[F:.*]] = hlo.fusion kind = input (%{{.*}} = %arg0, %{{.*}} = %arg1)
// CHECK:           hlo.rsqrt
// CHECK:         return %[[F]]
func.func @layernorm(%x: tensor<8x16xf32>, %g: tensor<16xf32>) -> tensor<8x16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<16.0> : tensor<8xf32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %mean = hlo.divide %sum, %n : tensor<8xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %c = hlo.subtract %x, %meanb : tensor<8x16xf32>
  %sq = hlo.multiply %c, %c : tensor<8x16xf32>
  %vs = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %var = hlo.divide %vs, %n : tensor<8xf32>
  %rs = hlo.rsqrt %var : tensor<8xf32>
  %rsb = hlo.broadcast_in_dim %rs, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %norm = hlo.multiply %c, %rsb : tensor<8x16xf32>
  %r = hlo.multiply %norm, %gb : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// dot + bias + relu: an output fusion; the dot's operands are inputs.
// CHECK-LABEL: func.func @dot_epilogue
// CHECK:         %[[F:.*]] = hlo.fusion kind = output (%{{.*}} = %arg0, %{{.*}} = %arg1, %{{.*}} = %arg2)
// CHECK-NEXT:      hlo.dot_general
// CHECK:           hlo.broadcast_in_dim
// CHECK:           hlo.add
// CHECK:           hlo.maximum
// CHECK:         return %[[F]]
func.func @dot_epilogue(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %a = hlo.add %d, %bb : tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.maximum %a, %z : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// An expensive producer also used outside becomes an extra result.
// CHECK-LABEL: func.func @multi_output
// CHECK:         %[[F:.*]]:2 = hlo.fusion kind = loop
// CHECK:           %[[E:.*]] = hlo.exponential
// CHECK:           %[[A:.*]] = hlo.add %[[E]]
// CHECK:           hlo.return %[[E]], %[[A]]
// CHECK:         return %[[F]]#1, %[[F]]#0
func.func @multi_output(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %r = hlo.add %e, %y : tensor<16xf32>
  return %r, %e : tensor<16xf32>, tensor<16xf32>
}

// -----

// A cheap broadcast used by an unfusible op as well is duplicated: the
// original stays for the sort.
// CHECK-LABEL: func.func @duplicate_cheap
// CHECK:         %[[B:.*]] = hlo.broadcast_in_dim %arg1
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %arg1, %{{.*}} = %arg0)
// CHECK:           hlo.broadcast_in_dim
// CHECK:           hlo.add
// CHECK:           hlo.exponential
// CHECK:         "hlo.sort"(%[[B]])
func.func @duplicate_cheap(%x: tensor<16xf32>, %b: tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %bb = hlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<16xf32>
  %r = hlo.add %x, %bb : tensor<16xf32>
  %e = hlo.exponential %r : tensor<16xf32>
  %s = "hlo.sort"(%bb) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %lt = hlo.compare LT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<16xf32>) -> tensor<16xf32>
  return %e, %s : tensor<16xf32>, tensor<16xf32>
}

// -----

// Siblings reading the same operand over the same shape merge.
// CHECK-LABEL: func.func @siblings
// CHECK:         %[[F:.*]]:2 = hlo.fusion kind = loop (%{{.*}} = %arg0)
// CHECK:           hlo.exponential
// CHECK:           hlo.log
// CHECK:         return %[[F]]#0, %[[F]]#1
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// -----

// Two reductions of the same rows merge into one input fusion.
// CHECK-LABEL: func.func @sibling_reductions
// CHECK:         %[[F:.*]]:2 = hlo.fusion kind = input (%{{.*}} = %arg0)
// CHECK-COUNT-2:   hlo.reduce
// CHECK:         return %[[F]]#0, %[[F]]#1
func.func @sibling_reductions(%x: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sq = hlo.multiply %x, %x : tensor<8x16xf32>
  %s2 = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %s, %s2 : tensor<8xf32>, tensor<8xf32>
}

// -----

// An expensive op is not recomputed for every row of a broadcast.
// CHECK-LABEL: func.func @broadcast_reuse
// CHECK:         %[[E:.*]] = hlo.exponential %arg1
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %[[E]], %{{.*}} = %arg0)
// CHECK-NOT:       hlo.exponential
// CHECK:           hlo.return
func.func @broadcast_reuse(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %e = hlo.exponential %b : tensor<16xf32>
  %eb = hlo.broadcast_in_dim %e, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %r = hlo.add %x, %eb : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// Reductions over different dimensions are different loop nests: the row
// sums stay out of the fusion of the column sums.
// CHECK-LABEL: func.func @different_reductions
// CHECK:         %[[R:.*]] = hlo.reduce(%arg0 init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK:         hlo.fusion kind = input (%{{.*}} = %[[R]], %{{.*}} = %arg0)
// CHECK:           hlo.broadcast_in_dim
// CHECK:           hlo.reduce
// CHECK-SAME:        dimensions = [0]
// CHECK:           hlo.return
func.func @different_reductions(%x: tensor<8x16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %rows = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %b = hlo.broadcast_in_dim %rows, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %m = hlo.multiply %b, %x : tensor<8x16xf32>
  %cols = hlo.reduce(%m init: %zero) applies hlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %cols : tensor<16xf32>
}

// -----

// A producer whose other user leads back into the fusion stays out (no
// cycle through the sort).
// CHECK-LABEL: func.func @no_cycle
// CHECK:         %[[E:.*]] = hlo.exponential %arg0
// CHECK:         %[[S:.*]] = "hlo.sort"(%[[E]])
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %[[E]], %{{.*}} = %[[S]])
func.func @no_cycle(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = hlo.exponential %x : tensor<4xf32>
  %s = "hlo.sort"(%e) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %r = hlo.add %e, %s : tensor<4xf32>
  %t = hlo.multiply %r, %r : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A dot whose result is also returned is not fused (never computed twice).
// CHECK-LABEL: func.func @dot_used_outside
// CHECK:         %[[D:.*]] = hlo.dot_general
// CHECK:         %[[F:.*]] = hlo.fusion kind = loop (%{{.*}} = %[[D]])
// CHECK:         return %[[F]], %[[D]]
func.func @dot_used_outside(%x: tensor<8x4xf32>, %w: tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x16xf32>
  %r = hlo.maximum %d, %z : tensor<8x16xf32>
  %s = hlo.multiply %r, %r : tensor<8x16xf32>
  return %s, %d : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// Dynamic shapes are not fused; a single op is no fusion.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT:     hlo.fusion
// CHECK:         return
func.func @not_fused(%x: tensor<?xf32>, %y: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %0 = hlo.add %x, %x : tensor<?xf32>
  %1 = hlo.exponential %0 : tensor<?xf32>
  %2 = hlo.negate %y : tensor<4xf32>
  return %1, %2 : tensor<?xf32>, tensor<4xf32>
}

// -----

// Fusions form inside control flow too.
// CHECK-LABEL: func.func @in_loop_body
// CHECK:         hlo.while
// CHECK:         do {
// CHECK:           hlo.fusion kind = loop
func.func @in_loop_body(%n: tensor<i64>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0:2 = hlo.while(%i = %n, %acc = %x) : tensor<i64>, tensor<4xf32>
    cond {
      %c = hlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      %e = hlo.exponential %acc : tensor<4xf32>
      %m = hlo.multiply %e, %acc : tensor<4xf32>
      hlo.return %i, %m : tensor<i64>, tensor<4xf32>
    }
  return %0#1 : tensor<4xf32>
}

// -----

// Two interleaved chains (threefry rounds: x' = x + y, y' = rotl(y) ^ x',
// rotation amounts read from a small table): each value feeds both chains,
// so the planner first forms several fusions, and merging each into the
// fusion that reads its results elementwise over the same index space
// leaves one loop fusion returning both chains. The slices of the table are
// reads inside it.
// CHECK-LABEL: func.func @interleaved_chains
// CHECK:         %[[F:.*]]:2 = hlo.fusion kind = loop (%[[T:.*]] = %arg2, %{{.*}} = %arg0, %{{.*}} = %arg1)
// CHECK:           hlo.slice %[[T]] [0:1]
// CHECK:           hlo.slice %[[T]] [1:2]
// CHECK:           hlo.return
// CHECK-NOT:     hlo.
// CHECK:         return %[[F]]#0, %[[F]]#1
func.func @interleaved_chains(%x: tensor<64xui32>, %y: tensor<64xui32>, %rot: tensor<4xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
  %c32 = hlo.constant dense<32> : tensor<ui32>
  %s0 = hlo.slice %rot [0:1] : (tensor<4xui32>) -> tensor<1xui32>
  %r0 = hlo.reshape %s0 : (tensor<1xui32>) -> tensor<ui32>
  %x1 = hlo.add %x, %y : tensor<64xui32>
  %bl0 = hlo.broadcast_in_dim %r0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
  %shl0 = hlo.shift_left %y, %bl0 : tensor<64xui32>
  %rr0 = hlo.subtract %c32, %r0 : tensor<ui32>
  %br0 = hlo.broadcast_in_dim %rr0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
  %shr0 = hlo.shift_right_logical %y, %br0 : tensor<64xui32>
  %rot0 = hlo.or %shl0, %shr0 : tensor<64xui32>
  %y1 = hlo.xor %x1, %rot0 : tensor<64xui32>
  %s1 = hlo.slice %rot [1:2] : (tensor<4xui32>) -> tensor<1xui32>
  %r1 = hlo.reshape %s1 : (tensor<1xui32>) -> tensor<ui32>
  %x2 = hlo.add %x1, %y1 : tensor<64xui32>
  %bl1 = hlo.broadcast_in_dim %r1, dims = [] : (tensor<ui32>) -> tensor<64xui32>
  %shl1 = hlo.shift_left %y1, %bl1 : tensor<64xui32>
  %rr1 = hlo.subtract %c32, %r1 : tensor<ui32>
  %br1 = hlo.broadcast_in_dim %rr1, dims = [] : (tensor<ui32>) -> tensor<64xui32>
  %shr1 = hlo.shift_right_logical %y1, %br1 : tensor<64xui32>
  %rot1 = hlo.or %shl1, %shr1 : tensor<64xui32>
  %y2 = hlo.xor %x2, %rot1 : tensor<64xui32>
  return %x2, %y2 : tensor<64xui32>, tensor<64xui32>
}

// -----

// A slice of more than a few elements is not a fused read: it stays a
// view outside the fusion.
// CHECK-LABEL: func.func @large_slice
// CHECK:         %[[S:.*]] = hlo.slice %arg0 [0:32]
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %[[S]]
// CHECK-NOT:       hlo.slice
// CHECK:           hlo.return
func.func @large_slice(%x: tensor<64xf32>, %y: tensor<32xf32>) -> tensor<32xf32> {
  %s = hlo.slice %x [0:32] : (tensor<64xf32>) -> tensor<32xf32>
  %a = hlo.add %s, %y : tensor<32xf32>
  %m = hlo.multiply %a, %a : tensor<32xf32>
  return %m : tensor<32xf32>
}

// -----

// A loop fusion is not merged into one that reads its result through a
// broadcast: the consumer would compute each of its elements many times.
// CHECK-LABEL: func.func @no_merge_through_broadcast
// CHECK:         %[[P:[0-9]+]]:2 = hlo.fusion kind = loop (%{{.*}} = %arg0)
// CHECK:           hlo.exponential
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %[[P]]#0, %{{.*}} = %arg1)
// CHECK-NOT:       hlo.exponential
// CHECK:           hlo.return
func.func @no_merge_through_broadcast(%x: tensor<16xf32>, %y: tensor<8x16xf32>) -> (tensor<16xf32>, tensor<8x16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %e : tensor<16xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %r = hlo.add %b, %y : tensor<8x16xf32>
  %n = hlo.negate %r : tensor<8x16xf32>
  return %l, %n : tensor<16xf32>, tensor<8x16xf32>
}

// -----

// The cycle check's search may not stop at every op after the target
// group's last op: a group holding ops on both sides of it (%m with %t's
// fusion) leads back. Stopping there fused a producer into a group that
// also read, through that group, a value computed from the producer:
// "operand does not dominate this use" (random 300-op modules, 1 in 15).
// CHECK-LABEL: func.func @group_spanning_the_target
// CHECK:         %[[E:.*]]:2 = hlo.fusion kind = loop (%{{.*}} = %arg0)
// CHECK:           hlo.exponential
// CHECK:           hlo.subtract
// CHECK:         %[[M:.*]]:3 = hlo.fusion kind = loop (%{{.*}} = %arg0, %{{.*}} = %[[E]]#0)
// CHECK:           hlo.minimum
// CHECK:           hlo.abs
// CHECK:           hlo.abs
// CHECK:           hlo.add
// CHECK:           hlo.transpose
// CHECK:         %[[T:.*]] = hlo.fusion kind = loop (%{{.*}} = %[[E]]#1)
// CHECK:         return %[[M]]#0, %[[M]]#1, %[[M]]#2, %[[T]]
func.func @group_spanning_the_target(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %e = hlo.exponential %x : tensor<64x64xf32>
  %m = hlo.minimum %x, %x : tensor<64x64xf32>
  %a1 = hlo.abs %m : tensor<64x64xf32>
  %a2 = hlo.abs %a1 : tensor<64x64xf32>
  %s1 = hlo.add %a2, %x : tensor<64x64xf32>
  %d = hlo.subtract %e, %x : tensor<64x64xf32>
  %t = hlo.transpose %d, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s2 = hlo.add %t, %x : tensor<64x64xf32>
  %a3 = hlo.abs %m : tensor<64x64xf32>
  %a4 = hlo.abs %t : tensor<64x64xf32>
  return %s1, %s2, %a3, %a4 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
