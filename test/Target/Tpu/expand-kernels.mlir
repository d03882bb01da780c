// RUN: hlo-opt --hlo-tpu-expand-kernels --split-input-file %s | FileCheck %s

// A 300 x 1000 array in 256 x 896 blocks on a 2 x 2 grid, run as one loop
// over its 4 points. Two VMEM buffers per operand (padded to whole tiles)
// and a semaphore per buffer; the loop carries which buffer holds each
// operand's current block. The first block of x is fetched before the
// loop; each step waits for its x block, starts the next step's into the
// other buffer (the body computes meanwhile), runs the body on the current
// buffers, waits for the previous step's copy out of y and starts its
// own. Blocks at the last row or column move only their part inside the
// array (a window of the buffer, one static shape per case).
// CHECK-LABEL: func.func @edges(
// CHECK-SAME: %[[X:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>, %[[Y:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>)
// CHECK: memref.alloca_scope {
// CHECK: %[[SEMS:.*]] = tpu.sem_alloc : memref<4x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: %[[X0:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: %[[X1:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: %[[Y0:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: %[[Y1:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: %[[FALSE:.*]] = arith.constant false
// The prologue: x's first block into buffer 0, on semaphore 0.
// CHECK: %[[P0:.*]] = arith.select %[[FALSE]], %[[X1]], %[[X0]]
// CHECK: %[[W0:.*]] = memref.subview %[[P0]][0, 0] [44, 104] [1, 1] : memref<256x896xf32, #tpu.memory_space<vmem>> to memref<44x104xf32, strided<[896, 1]>, #tpu.memory_space<vmem>>
// CHECK: %[[R0:.*]] = memref.subview %[[X]][%{{.*}}, %{{.*}}] [44, 104] [1, 1] : memref<300x1000xf32, #tpu.memory_space<hbm>> to memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>
// CHECK: tpu.dma_start %[[R0]], %[[W0]], %[[SEMS]][%{{.*}}]
// CHECK: %[[SLOTS:.*]]:2 = scf.for %[[STEP:.*]] = %{{.*}} to %c4 step %{{.*}} iter_args(%[[SX:.*]] = %[[FALSE]], %[[SY:.*]] = %[[FALSE]]) -> (i1, i1) {
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[STEP]], %{{.*}} : index
// This step's x block: waited for at the first step or when it changed.
// CHECK: %[[FETCHED:.*]] = arith.ori %[[FIRST]], %{{.*}} : i1
// CHECK: scf.if %[[FETCHED]] {
// CHECK: arith.select %[[SX]], %[[X1]], %[[X0]]
// CHECK: tpu.dma_wait %[[SEMS]][
// The next step's x block into the other buffer.
// CHECK: %[[OTHER:.*]] = arith.xori %[[SX]], %{{.*}} : i1
// CHECK: scf.if %{{.*}} {
// CHECK: arith.select %[[OTHER]], %[[X1]], %[[X0]]
// CHECK: tpu.dma_start
// The body on the current buffers.
// CHECK: %[[XB:.*]] = arith.select %[[SX]], %[[X1]], %[[X0]]
// CHECK: %[[YB:.*]] = arith.select %[[SY]], %[[Y1]], %[[Y0]]
// CHECK: tpu.load %[[XB]][
// CHECK: tpu.store %{{.*}}, %[[YB]][
// The previous y block's copy out (from the other buffer, semaphore 2 or
// 3), then this one's.
// CHECK: %[[YOTHER:.*]] = arith.xori %[[SY]], %{{.*}} : i1
// CHECK: arith.select %[[YOTHER]], %c3{{.*}}, %c2{{.*}} : index
// CHECK: tpu.dma_wait %[[SEMS]][%{{.*}}], %{{.*}} : {{.*}}, memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>
// CHECK: arith.select %[[SY]], %[[Y1]], %[[Y0]]
// CHECK: tpu.dma_start %{{.*}}, %{{.*}}, %[[SEMS]]
// The buffers flip where the blocks change.
// CHECK: %[[NX:.*]] = arith.xori %[[SX]], %{{.*}} : i1
// CHECK: %[[NY:.*]] = arith.xori %[[SY]], %{{.*}} : i1
// CHECK: scf.yield %[[NX]], %[[NY]] : i1, i1
// The epilogue: the last copy out.
// CHECK: arith.select %[[SLOTS]]#1, %[[Y1]], %[[Y0]]
// CHECK: tpu.dma_wait %[[SEMS]]
// CHECK-NOT: tpu.kernel
func.func @edges(%x: memref<300x1000xf32, #tpu.memory_space<hbm>>, %y: memref<300x1000xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel grid = [2, 2] semantics = [parallel, parallel]
      ins(%x : memref<300x1000xf32, #tpu.memory_space<hbm>>)
      outs(%y : memref<300x1000xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[256, 896], affine_map<(i, j) -> (i, j)>>,
                #tpu.block_spec<[256, 896], affine_map<(i, j) -> (i, j)>>]
      target = #tpu.target<v5e> {
  ^bb0(%i: index, %j: index, %xb: memref<256x896xf32, #tpu.memory_space<vmem>>,
       %yb: memref<256x896xf32, #tpu.memory_space<vmem>>):
    %c0 = arith.constant 0 : index
    %v = tpu.load %xb[%c0, %c0] : memref<256x896xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.store %v, %yb[%c0, %c0] : vector<8x128xf32>, memref<256x896xf32, #tpu.memory_space<vmem>>
  }
  return
}

// A whole-dimension block below one tile: the buffer is padded to the
// (16, 128) tile of bf16, and the DMA moves the block's 3 x 5 window.
// CHECK-LABEL: func.func @small_bf16
// CHECK: %[[B:.*]] = memref.alloca() : memref<16x128xbf16, #tpu.memory_space<vmem>>
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %[[B]]
// CHECK: %[[W:.*]] = memref.subview %[[S]][0, 0] [3, 5] [1, 1]
// CHECK: tpu.dma_start %{{.*}}, %[[W]]
func.func @small_bf16(%x: memref<3x5xbf16, #tpu.memory_space<hbm>>) {
  tpu.kernel grid = [1] semantics = [arbitrary]
      ins(%x : memref<3x5xbf16, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[3, 5], affine_map<(i) -> (0, 0)>>]
      target = #tpu.target<v5e> {
  ^bb0(%i: index, %xb: memref<3x5xbf16, #tpu.memory_space<vmem>>):
  }
  return
}

// -----

// A resident block and a block that never moves: x's block (i, k) changes
// every step; w's (0, 0) is fetched once and only waited for at the first
// step; y's (i, 0) stays in VMEM across the `arbitrary` k steps and goes
// back when i is about to change or at the end.
// CHECK-LABEL: func.func @resident(
// CHECK: %[[SEMS:.*]] = tpu.sem_alloc : memref<6x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: scf.for %[[STEP:.*]] = %{{.*}} to %c6 step %{{.*}} iter_args(%[[SX:.*]] = %{{.*}}, %[[SW:.*]] = %{{.*}}, %[[SY:.*]] = %{{.*}}) -> (i1, i1, i1) {
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[STEP]], %{{.*}} : index
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[STEP]], %c5{{.*}} : index
// x: waited for when fetched, the next one prefetched.
// CHECK: scf.if %{{.*}} {
// CHECK: tpu.dma_wait
// w: waited for at the first step only, never fetched again.
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: arith.select %[[SW]]
// CHECK: tpu.dma_wait
// CHECK: scf.if %{{.*}} {
// CHECK: tpu.dma_start
// CHECK: tpu.load
// y: the previous block's copy out waited for, this one's started when
// i changes next or at the last step.
// CHECK: scf.if %{{.*}} {
// CHECK: tpu.dma_wait
// CHECK: %[[BACK:.*]] = arith.ori %[[LAST]], %{{.*}} : i1
// CHECK: scf.if %[[BACK]] {
// CHECK: tpu.dma_start
// w's buffer never flips.
// CHECK: scf.yield %{{.*}}, %[[SW]], %{{.*}} : i1, i1, i1
func.func @resident(%x: memref<16x384xf32, #tpu.memory_space<hbm>>, %w: memref<8x128xf32, #tpu.memory_space<hbm>>, %y: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel grid = [2, 3] semantics = [parallel, arbitrary]
      ins(%x, %w : memref<16x384xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<hbm>>)
      outs(%y : memref<16x128xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[8, 128], affine_map<(i, k) -> (i, k)>>,
                #tpu.block_spec<[8, 128], affine_map<(i, k) -> (0, 0)>>,
                #tpu.block_spec<[8, 128], affine_map<(i, k) -> (i, 0)>>]
      target = #tpu.target<v5e> {
  ^bb0(%i: index, %k: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>,
       %wb: memref<8x128xf32, #tpu.memory_space<vmem>>,
       %yb: memref<8x128xf32, #tpu.memory_space<vmem>>):
    %c0 = arith.constant 0 : index
    %v = tpu.load %xb[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.store %v, %yb[%c0, %c0] : vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}
