// RUN: hlo-opt --hlo-tpu-expand-kernels %s | FileCheck %s

// A 300 x 1000 array in 256 x 896 blocks: the grid loops, one VMEM buffer
// per operand padded to whole tiles, the DMAs in, the body, the DMAs out.
// Blocks at the last row or column move only their part inside the array
// (a window of the buffer, one static shape per case).
// CHECK-LABEL: func.func @edges(
// CHECK-SAME: %[[X:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>, %[[Y:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>)
// CHECK: memref.alloca_scope {
// CHECK: %[[SEMS:.*]] = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: %[[XB:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: %[[YB:.*]] = memref.alloca() : memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[LASTI:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: scf.if %[[LASTI]] {
// CHECK: %[[LASTJ:.*]] = arith.cmpi eq, %[[J]], %{{.*}} : index
// CHECK: scf.if %[[LASTJ]] {
// CHECK: %[[LOCAL:.*]] = memref.subview %[[XB]][0, 0] [44, 104] [1, 1] : memref<256x896xf32, #tpu.memory_space<vmem>> to memref<44x104xf32, strided<[896, 1]>, #tpu.memory_space<vmem>>
// CHECK: %[[REMOTE:.*]] = memref.subview %[[X]][%{{.*}}, %{{.*}}] [44, 104] [1, 1] : memref<300x1000xf32, #tpu.memory_space<hbm>> to memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>
// CHECK: tpu.dma_start %[[REMOTE]], %[[LOCAL]], %[[SEMS]][%{{.*}}]
// CHECK: } else {
// CHECK: memref.subview %[[XB]][0, 0] [44, 896] [1, 1]
// CHECK: tpu.dma_start
// CHECK: tpu.dma_wait %[[SEMS]]
// The body on the buffers.
// CHECK: tpu.load %[[XB]][
// CHECK: tpu.store %{{.*}}, %[[YB]][
// The full block out: the whole buffer.
// CHECK: memref.subview %[[Y]][%{{.*}}, %{{.*}}] [256, 896] [1, 1]
// CHECK: tpu.dma_start %[[YB]], %{{.*}}, %[[SEMS]]
// CHECK: tpu.dma_wait
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
// CHECK: %[[W:.*]] = memref.subview %[[B]][0, 0] [3, 5] [1, 1]
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
