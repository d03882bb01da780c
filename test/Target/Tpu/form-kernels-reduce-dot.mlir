// RUN: hlo-opt --hlo-tpu-form-kernels %s | FileCheck %s
// RUN: hlo-opt --hlo-tpu-form-kernels="chip=v6e" %s | FileCheck %s --check-prefix=V6E
// RUN: hlo-opt --hlo-tpu-pipeline %s | FileCheck %s --check-prefix=PIPELINE

// Reductions on the VPU and dots on the MXU: kernels whose last grid
// dimension (the reduced one) is `arbitrary`, the output block the
// accumulator.

// Rows of [64, 300] across the lanes: blocks of 256 of the 300 columns,
// the edge block's padding masked to the identity (0), each register's
// row sums by tpu.reduce_lanes; the init value (1.5) at the first block,
// the resident output block at the next.
// CHECK-LABEL: func.func @reduce_rows(
// CHECK-SAME: %[[X:.*]]: memref<64x300xf32, #tpu.memory_space<hbm>>, %[[Y:.*]]: memref<64xf32, #tpu.memory_space<hbm>>)
// CHECK-DAG: %[[INIT:.*]] = memref.expand_shape %{{.*}} [] output_shape [1, 1]
// CHECK-DAG: %[[YV:.*]] = memref.expand_shape %[[Y]] {{\[}}[0, 1]] output_shape [64, 1]
// CHECK: tpu.kernel grid = [1, 2] semantics = [parallel, arbitrary] ins(%[[X]], %[[INIT]] :
// CHECK-SAME: outs(%[[YV]] :
// CHECK-SAME: blocks = [#tpu.block_spec<[64, 256], #{{.*}}>, #tpu.block_spec<[1, 1], #{{.*}}>, #tpu.block_spec<[64, 1], #{{.*}}>]
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[K:.*]]: index, %[[XB:.*]]: memref<64x256xf32, {{.*}}>, %[[IB:.*]]: memref<1x1xf32, {{.*}}>, %[[YB:.*]]: memref<64x1xf32, {{.*}}>):
// CHECK: %[[START:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK: %[[LEFT:.*]] = arith.subi %{{.*}}, %[[START]] : index
// CHECK: %[[VALID:.*]] = arith.minsi %[[LEFT]], %{{.*}} : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[ACC:.*]] = scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO:.*]]) -> (vector<8x128xf32>) {
// CHECK: %[[REG:.*]] = tpu.load %[[XB]][%[[R]], %[[C]]]
// CHECK: %[[IN:.*]] = arith.subi %[[VALID]], %[[C]] : index
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}}, %[[IN]] : vector<8x128xi1>
// CHECK: %[[SEL:.*]] = arith.select %[[MASK]], %[[REG]], %[[ZERO]]
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[SEL]] : vector<8x128xf32>
// CHECK: scf.yield %[[SUM]]
// CHECK: %[[ROW:.*]] = tpu.reduce_lanes <sum> %[[ACC]] : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: %[[ROWS:.*]] = tpu.broadcast_lanes %[[ROW]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: %[[PREV:.*]] = scf.if %[[FIRST]] -> (vector<8x128xf32>) {
// CHECK: tpu.load %[[IB]]
// CHECK: } else {
// CHECK: tpu.load %[[YB]][%[[R]], %{{.*}}]
// CHECK: }
// CHECK: %[[NEW:.*]] = arith.addf %[[PREV]], %[[ROWS]] : vector<8x128xf32>
// CHECK: tpu.store %[[NEW]], %[[YB]][%[[R]], %{{.*}}]
func.func @reduce_rows(%x: tensor<64x300xf32>) -> tensor<64xf32> {
  %z = hlo.constant dense<1.5> : tensor<f32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<64x300xf32>, tensor<f32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// The middle dimension of [5, 37, 260]: columns across the sublanes, grid
// (5, column blocks, row blocks). An unsigned maximum has no tpu reduction
// kind: the register is reduced by rotations of its sublanes (4, 2, 1).
// CHECK-LABEL: func.func @reduce_columns(
// CHECK: tpu.kernel grid = [5, 2, 2] semantics = [parallel, parallel, arbitrary]
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 32, 256], #[[IN:.*]]>, #tpu.block_spec<[1, 1], #{{.*}}>, #tpu.block_spec<[1, 1, 256], #[[OUT:.*]]>]
// CHECK: vector.create_mask %{{.*}}, %{{.*}} : vector<8x128xi1>
// CHECK: arith.maxui
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [4, 0], sizes = [4, 128], strides = [1, 1]}
// CHECK: arith.maxui
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [2, 0], sizes = [6, 128], strides = [1, 1]}
// CHECK: arith.maxui
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [1, 0], sizes = [7, 128], strides = [1, 1]}
// CHECK: arith.maxui
// CHECK: tpu.store
func.func @reduce_columns(%x: tensor<5x37x260xui32>) -> tensor<5x260xui32> {
  %z = hlo.constant dense<0> : tensor<ui32>
  %0 = hlo.reduce(%x init: %z) applies hlo.maximum across dimensions = [1] : (tensor<5x37x260xui32>, tensor<ui32>) -> tensor<5x260xui32>
  return %0 : tensor<5x260xui32>
}

// Predicates (bytes in memory) reduced by `and`: identity true, rotations
// of the lanes.
// CHECK-LABEL: func.func @reduce_and(
// CHECK: tpu.kernel grid = [2, 1] semantics = [parallel, arbitrary]
// CHECK: arith.cmpi ne, %{{.*}} : vector<32x128xi8>
// CHECK: arith.select %{{.*}} : vector<32x128xi1>, vector<32x128xi1>
// CHECK: arith.andi
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0, 64], sizes = [32, 64], strides = [1, 1]}
// CHECK: arith.extui %{{.*}} : vector<32x128xi1> to vector<32x128xi8>
func.func @reduce_and(%x: tensor<40x100xi1>) -> tensor<40xi1> {
  %t = hlo.constant dense<true> : tensor<i1>
  %0 = hlo.reduce(%x init: %t) applies hlo.and across dimensions = [1] : (tensor<40x100xi1>, tensor<i1>) -> tensor<40xi1>
  return %0 : tensor<40xi1>
}

// An argmax of bf16 rows: two arrays in one kernel (their blocks, init
// values and results), registers of 16 rows (the bf16 tile) for both, the
// i32 indices loaded and stored as two 8-row registers. The body has no
// known identity: per element a predicate says whether the accumulator
// holds anything, the body's result is taken where both sides hold
// elements, the new element where only it does; then rotations of the
// lanes (64, 32, ..., 1) with their predicates.
// CHECK-LABEL: func.func @argmax_rows(
// CHECK: tpu.kernel grid = [1, 2] semantics = [parallel, arbitrary]
// CHECK-SAME: blocks = [#tpu.block_spec<[16, 256], #{{.*}}>, #tpu.block_spec<[16, 256], #{{.*}}>, #tpu.block_spec<[1, 1], #{{.*}}>, #tpu.block_spec<[1, 1], #{{.*}}>, #tpu.block_spec<[16, 1], #{{.*}}>, #tpu.block_spec<[16, 1], #{{.*}}>]
// CHECK: %[[ACC:.*]]:3 = scf.for %[[C:.*]] = %{{.*}} iter_args(%[[V:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}, %[[HAVE:.*]] = %{{.*}}) -> (vector<16x128xbf16>, vector<16x128xi32>, vector<16x128xi1>)
// CHECK: %[[X:.*]] = tpu.load %{{.*}} : memref<16x256xbf16, {{.*}}>, vector<16x128xbf16>
// CHECK: tpu.load %{{.*}} : memref<16x256xi32, {{.*}}>, vector<8x128xi32>
// CHECK: tpu.load %{{.*}} : memref<16x256xi32, {{.*}}>, vector<8x128xi32>
// CHECK: %[[XI:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [8, 0], strides = [1, 1]} : vector<8x128xi32> into vector<16x128xi32>
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<16x128xi1>
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[X]] : vector<16x128xbf16>
// CHECK: %[[BODYV:.*]] = arith.select %[[GT]], %[[V]], %[[X]]
// CHECK: %[[BODYI:.*]] = arith.select %[[GT]], %[[I]], %[[XI]]
// CHECK: %[[BOTH:.*]] = arith.andi %[[HAVE]], %[[MASK]] : vector<16x128xi1>
// CHECK: %[[NEWV:.*]] = arith.select %[[MASK]], %[[X]], %[[V]]
// CHECK: %[[V2:.*]] = arith.select %[[BOTH]], %[[BODYV]], %[[NEWV]]
// CHECK: %[[NEWI:.*]] = arith.select %[[MASK]], %[[XI]], %[[I]]
// CHECK: %[[I2:.*]] = arith.select %[[BOTH]], %[[BODYI]], %[[NEWI]]
// CHECK: %[[HAVE2:.*]] = arith.ori %[[HAVE]], %[[MASK]] : vector<16x128xi1>
// CHECK: scf.yield %[[V2]], %[[I2]], %[[HAVE2]]
// CHECK: vector.extract_strided_slice %[[ACC]]#2 {offsets = [0, 64], sizes = [16, 64], strides = [1, 1]} : vector<16x128xi1> to vector<16x64xi1>
// CHECK: arith.cmpf ogt
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0, 1], sizes = [16, 127], strides = [1, 1]} : vector<16x128xi1> to vector<16x127xi1>
// CHECK: scf.if %{{.*}} -> (vector<16x128xbf16>, vector<16x128xi32>)
// CHECK: tpu.store %{{.*}} : vector<16x128xbf16>, memref<16x1xbf16, {{.*}}>
// CHECK: tpu.store %{{.*}} : vector<8x128xi32>, memref<16x1xi32, {{.*}}>
// CHECK: tpu.store %{{.*}} : vector<8x128xi32>, memref<16x1xi32, {{.*}}>
func.func @argmax_rows(%x: tensor<16x300xbf16>, %i: tensor<16x300xi32>) -> (tensor<16xbf16>, tensor<16xi32>) {
  %ninf = hlo.constant dense<0xFF80> : tensor<bf16>
  %z = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%x init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<16x300xbf16>, tensor<16x300xi32>, tensor<bf16>, tensor<i32>) -> (tensor<16xbf16>, tensor<16xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%b: tensor<i32>, %d: tensor<i32>) {
    %1 = hlo.compare GT, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %2 = hlo.select %1, %a, %c : tensor<i1>, tensor<bf16>
    %3 = hlo.select %1, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %2, %3 : tensor<bf16>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<16xbf16>, tensor<16xi32>
}

// An i8 dot with an i32 product on the VPU: grid (batch, M, N, K blocks),
// blocks of whole i8 tiles (32 rows) and lanes, K `arbitrary`. The last K
// block holds 44 of its 256: the right-hand side's rows from 44 on are
// zeroed (masked stores from the tile holding row 44), so the left-hand
// side's stale columns multiply zeros. Per register of the left-hand
// side's lanes, each row of a right-hand side register (32 of them, i8)
// is broadcast across the sublanes and the left-hand side's lane 0
// across the lanes, both sign-extended to i32, multiplied and added to
// the 32-row accumulator; the left-hand side then rotates by one lane.
// CHECK-LABEL: func.func @integer_dot(
// CHECK: tpu.kernel grid = [1, 2, 2, 2] semantics = [parallel, parallel, parallel, arbitrary]
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 32, 256], #{{.*}}>, #tpu.block_spec<[1, 256, 128], #{{.*}}>, #tpu.block_spec<[1, 32, 128], #{{.*}}>]
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[K:.*]]: index, %[[LB:.*]]: memref<1x32x256xi8, {{.*}}>, %[[RB:.*]]: memref<1x256x128xi8, {{.*}}>, %[[OB:.*]]: memref<1x32x128xi32, {{.*}}>):
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[K]], %c1
// CHECK: scf.if %[[LAST]] {
// CHECK: scf.for %[[ROW:.*]] = %c32{{.*}} to %c256
// CHECK: tpu.store %{{.*}}, %[[RB]][%{{.*}}, %[[ROW]], %{{.*}}] masked %{{.*}} : vector<32x128xi8>
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %c32
// CHECK: scf.for %[[N:.*]] = %{{.*}} to %c128
// CHECK: scf.if %{{.*}} -> (vector<32x128xi32>) {
// CHECK: } else {
// CHECK-COUNT-4: tpu.load %[[OB]]{{.*}} vector<8x128xi32>
// CHECK: %[[ACC:.*]] = scf.for %[[K0:.*]] = %{{.*}} to %c256{{.*}} step %c128
// CHECK: %[[L:.*]] = tpu.load %[[LB]][%{{.*}}, %[[M]], %[[K0]]] : memref<1x32x256xi8, {{.*}}>, vector<32x128xi8>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c128{{.*}} step %c32{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[LANES:.*]] = %[[L]]) -> (vector<32x128xi32>, vector<32x128xi8>)
// CHECK: %[[R:.*]] = tpu.load %[[RB]]
// CHECK: %[[COL:.*]] = vector.extract_strided_slice %[[LANES]] {offsets = [0, 0], sizes = [32, 1], strides = [1, 1]}
// CHECK: %[[COL32:.*]] = arith.extsi %[[COL]] : vector<32x1xi8> to vector<32x1xi32>
// CHECK: %[[X:.*]] = tpu.broadcast_lanes %[[COL32]] : vector<32x1xi32> -> vector<32x128xi32>
// CHECK: %[[ROW0:.*]] = vector.extract_strided_slice %[[R]] {offsets = [0, 0], sizes = [1, 128], strides = [1, 1]}
// CHECK: %[[ROW32:.*]] = arith.extsi %[[ROW0]] : vector<1x128xi8> to vector<1x128xi32>
// CHECK: %[[Y:.*]] = tpu.broadcast_sublanes %[[ROW32]] : vector<1x128xi32> -> vector<32x128xi32>
// CHECK: %[[P:.*]] = arith.muli %[[X]], %[[Y]] : vector<32x128xi32>
// CHECK: arith.addi %{{.*}}, %[[P]] : vector<32x128xi32>
// CHECK: vector.extract_strided_slice %[[LANES]] {offsets = [0, 1], sizes = [32, 127], strides = [1, 1]}
// CHECK: vector.extract_strided_slice %[[R]] {offsets = [31, 0], sizes = [1, 128], strides = [1, 1]}
// CHECK-COUNT-4: tpu.store %{{.*}}, %[[OB]]{{.*}} : vector<8x128xi32>
func.func @integer_dot(%a: tensor<40x300xi8>, %b: tensor<300x200xi8>) -> tensor<40x200xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<40x300xi8>, tensor<300x200xi8>) -> tensor<40x200xi32>
  return %0 : tensor<40x200xi32>
}

// An i16 product with a transposed right-hand side: the operand is
// transposed first (a DMA copy), the product computed in i32 and
// truncated (the wrapped i32 sums' low bits are the wrapped i16 sums).
// CHECK-LABEL: func.func @integer_dot_narrow(
// CHECK: memref.transpose %{{.*}} (d0, d1) -> (d1, d0)
// CHECK: tpu.kernel grid = [1, 1, 1, 1]
// CHECK-SAME: memref<1x3x6xi16, {{.*}}>) outs(%{{.*}} : memref<1x4x6xi32, {{.*}}>)
// CHECK: arith.extsi %{{.*}} : vector<16x1xi16> to vector<16x1xi32>
// CHECK: tpu.kernel
// CHECK: arith.trunci %{{.*}} : vector<16x128xi32> to vector<16x128xi16>
func.func @integer_dot_narrow(%a: tensor<4x3xi16>, %b: tensor<6x3xi16>) -> tensor<4x6xi16> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<4x3xi16>, tensor<6x3xi16>) -> tensor<4x6xi16>
  return %0 : tensor<4x6xi16>
}

// A float dot contracting the left-hand side's leading dimension (a^T b):
// the left-hand side is transposed first (a DMA copy to [M, K]), then an
// MXU kernel multiplies.
// CHECK-LABEL: func.func @transposed_lhs(
// CHECK: %[[T:.*]] = memref.alloc() : memref<8x128xf32, #tpu.memory_space<hbm>>
// CHECK: memref.transpose %{{.*}} (d0, d1) -> (d1, d0)
// CHECK: tpu.dma_start %{{.*}}, %[[T]],
// CHECK: %[[TV:.*]] = memref.expand_shape %[[T]]
// CHECK: tpu.kernel grid = [1, 1, 1, 1] {{.*}} ins(%[[TV]], %{{.*}} :
// CHECK: tpu.matmul
func.func @transposed_lhs(%a: tensor<128x8xf32>, %b: tensor<128x128xf32>) -> tensor<8x128xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<128x8xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}

// An f32 matmul: grid (batch, M, N, K blocks), K `arbitrary`; one
// tpu.matmul per (8 x 128) x (128 x 128) piece on v5e, (8 x 256) x
// (256 x 256) on v6e. The last K block holds 44 of its 256: zeros are
// stored past them in both operands' buffers (columns of the left-hand
// side from 44, rows of the right-hand side from 40 on, masked), once per
// block; the products need no masks.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<64x300xf32, {{.*}}>, %[[B:.*]]: memref<300x200xf32, {{.*}}>, %[[C:.*]]: memref<64x200xf32, {{.*}}>)
// CHECK-DAG: %[[AV:.*]] = memref.expand_shape %[[A]] {{\[}}[0, 1], [2]] output_shape [1, 64, 300]
// CHECK-DAG: %[[BV:.*]] = memref.expand_shape %[[B]] {{\[}}[0, 1], [2]] output_shape [1, 300, 200]
// CHECK-DAG: %[[CV:.*]] = memref.expand_shape %[[C]] {{\[}}[0, 1], [2]] output_shape [1, 64, 200]
// CHECK: tpu.kernel grid = [1, 1, 2, 2] semantics = [parallel, parallel, parallel, arbitrary] ins(%[[AV]], %[[BV]] :
// CHECK-SAME: outs(%[[CV]] :
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 64, 256], #{{.*}}>, #tpu.block_spec<[1, 256, 128], #{{.*}}>, #tpu.block_spec<[1, 64, 128], #{{.*}}>]
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[K:.*]]: index, %[[AB:.*]]: memref<1x64x256xf32, {{.*}}>, %[[BB:.*]]: memref<1x256x128xf32, {{.*}}>,
// CHECK: %[[LASTK:.*]] = arith.cmpi eq, %[[K]], %c1 : index
// CHECK: scf.if %[[LASTK]] {
// CHECK: scf.for %[[COL:.*]] = %c0{{.*}} to %c256 step %c128
// CHECK: %[[BEFORE:.*]] = arith.subi %c44, %[[COL]]
// CHECK: %[[KEEP:.*]] = vector.create_mask %c8{{.*}}, %[[BEFORE]] : vector<8x128xi1>
// CHECK: %[[MASK:.*]] = arith.xori %[[KEEP]], %{{.*}} : vector<8x128xi1>
// CHECK: tpu.store %{{.*}}, %[[AB]][%{{.*}}, %{{.*}}, %[[COL]]] masked %[[MASK]] : vector<8x128xf32>
// CHECK: scf.for %[[ROW:.*]] = %c40 to %c256{{.*}} step %c8
// CHECK: vector.create_mask %{{.*}}, %c128{{.*}} : vector<8x128xi1>
// CHECK: tpu.store %{{.*}}, %[[BB]][%{{.*}}, %[[ROW]], %{{.*}}] masked
// CHECK: scf.if
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8x128xf32>)
// CHECK-NOT: vector.create_mask
// CHECK: %[[P:.*]] = tpu.matmul %{{.*}}, %{{.*}}, %[[ACC]] : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
// CHECK: scf.yield %[[P]]
// CHECK: tpu.store
// V6E-LABEL: func.func @matmul(
// V6E: tpu.kernel grid = [1, 1, 1, 2]
// V6E-SAME: blocks = [#tpu.block_spec<[1, 64, 256], #{{.*}}>, #tpu.block_spec<[1, 256, 200], #{{.*}}>, #tpu.block_spec<[1, 64, 200], #{{.*}}>]
// V6E: tpu.matmul %{{.*}} : vector<8x256xf32>, vector<256x256xf32>, vector<8x256xf32> -> vector<8x256xf32>
func.func @matmul(%a: tensor<64x300xf32>, %b: tensor<300x200xf32>) -> tensor<64x200xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x300xf32>, tensor<300x200xf32>) -> tensor<64x200xf32>
  return %0 : tensor<64x200xf32>
}

// A batched bf16 dot with the right-hand side [batch, N, K] (q k^T): bf16
// pieces of (16 x 128), the MXU's weights loaded transposed, f32
// accumulation into a temporary converted to the bf16 result.
// CHECK-LABEL: func.func @batched_bf16(
// CHECK: %[[T:.*]] = memref.alloc() : memref<2x50x40xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.kernel grid = [2, 2, 1, 2] semantics = [parallel, parallel, parallel, arbitrary]
// CHECK-SAME: outs(%[[T]] :
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 32, 256], #{{.*}}>, #tpu.block_spec<[1, 40, 256], #{{.*}}>, #tpu.block_spec<[1, 32, 40], #{{.*}}>]
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} transpose_rhs : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
// CHECK: tpu.kernel
// CHECK: arith.truncf %{{.*}} : vector<16x128xf32> to vector<16x128xbf16>
func.func @batched_bf16(%a: tensor<2x50x300xbf16>, %b: tensor<2x40x300xbf16>) -> tensor<2x50x40xbf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x50x300xbf16>, tensor<2x40x300xbf16>) -> tensor<2x50x40xbf16>
  return %0 : tensor<2x50x40xbf16>
}

// After the graph stage: the dot's output fusion (with its epilogue) and
// the softmax-like input fusion run as kernels of one op each.
// PIPELINE-LABEL: func.func @fused(
// PIPELINE-COUNT-4: tpu.kernel
// PIPELINE-NOT: tpu.kernel
// PIPELINE: return
func.func @fused(%a: tensor<16x128xf32>, %b: tensor<128x128xf32>) -> tensor<16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x128xf32>, tensor<128x128xf32>) -> tensor<16x128xf32>
  %1 = hlo.exponential %0 : tensor<16x128xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %2 = hlo.reduce(%1 init: %z) applies hlo.add across dimensions = [1] : (tensor<16x128xf32>, tensor<f32>) -> tensor<16xf32>
  %3 = hlo.sqrt %2 : tensor<16xf32>
  return %3 : tensor<16xf32>
}
