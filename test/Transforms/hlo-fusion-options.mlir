// RUN: hlo-opt %s --hlo-fusion=max-fused-ops=2 | FileCheck %s --check-prefix=LIMIT
// RUN: hlo-opt %s --hlo-fusion=multi-output=false | FileCheck %s --check-prefix=NOMULTI
// RUN: hlo-opt %s --hlo-fusion=sibling-fusion=false | FileCheck %s --check-prefix=NOSIBLING
// RUN: hlo-opt %s --hlo-fusion=producer-merge=false | FileCheck %s --check-prefix=NOMERGE
// RUN: hlo-opt %s --hlo-fusion | FileCheck %s --check-prefix=MERGE

// LIMIT-LABEL: func.func @chain
// LIMIT:         %[[A:.*]] = hlo.fusion kind = loop
// LIMIT-COUNT-2:   hlo.negate
// LIMIT:         hlo.fusion kind = loop (%{{.*}} = %[[A]])
// LIMIT-COUNT-2:   hlo.negate
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.negate %1 : tensor<4xf32>
  %3 = hlo.negate %2 : tensor<4xf32>
  return %3 : tensor<4xf32>
}

// NOMULTI-LABEL: func.func @multi_output
// NOMULTI:         %[[E:.*]] = hlo.exponential %arg0
// NOMULTI:         hlo.fusion kind = loop (%{{.*}} = %[[E]], %{{.*}} = %arg1)
// NOMULTI-NOT:       hlo.exponential
// NOMULTI:           hlo.return
func.func @multi_output(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %r = hlo.add %e, %y : tensor<16xf32>
  %s = hlo.multiply %r, %y : tensor<16xf32>
  return %s, %e : tensor<16xf32>, tensor<16xf32>
}

// NOSIBLING-LABEL: func.func @siblings
// NOSIBLING-NOT:     hlo.fusion
// NOSIBLING:         return
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// Two rounds of threefry (x' = x + y, y' = rotl(y, r) ^ x', r read from a
// table): without producer-merge, the fusions the planner forms first stay
// apart; with it, one fusion returns both chains.
// NOMERGE-LABEL: func.func @interleaved
// NOMERGE-COUNT-2: hlo.fusion kind = loop
// MERGE-LABEL: func.func @interleaved
// MERGE:         hlo.fusion kind = loop
// MERGE-NOT:     hlo.fusion
// MERGE:         return
func.func @interleaved(%x: tensor<64xui32>, %y: tensor<64xui32>, %rot: tensor<4xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
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
