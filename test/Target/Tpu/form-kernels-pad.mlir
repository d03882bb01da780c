// RUN: hlo-opt --hlo-tpu-form-kernels --split-input-file %s | FileCheck %s

// A pad as DMAs: the result in VMEM (padded to whole registers) is filled
// with the padding value (copied from HBM and broadcast), the operand's
// elements that land in the result go to their places (every interior + 1
// rows; a negative low padding drops the first columns: the operand's
// window starts at column 1), and the result goes out.
// CHECK-LABEL: func.func @pad(
// CHECK-SAME: %[[X:.*]]: memref<2x3xf32, #tpu.memory_space<hbm>>, %[[V:.*]]: memref<f32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<6x4xf32, #tpu.memory_space<hbm>>)
// CHECK: memref.alloca_scope {
// CHECK: %[[SEM:.*]] = tpu.sem_alloc
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[SCALAR:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %{{.*}}, %{{.*}}, %[[SEM]]
// CHECK: %[[SPLAT:.*]] = vector.broadcast %{{.*}} : f32 to vector<8x128xf32>
// CHECK: tpu.store %[[SPLAT]], %[[BUF]]
// CHECK: %[[SRC:.*]] = memref.subview %[[X]][0, 1] [2, 2] [1, 1]
// CHECK: %[[DST:.*]] = memref.subview %[[BUF]][1, 0] [2, 2] [2, 1] : memref<8x128xf32, #tpu.memory_space<vmem>> to memref<2x2xf32, strided<[256, 1], offset: 128>, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %[[SRC]], %[[DST]], %[[SEM]]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[DST]]
// CHECK: %[[RESULT:.*]] = memref.subview %[[BUF]][0, 0] [6, 4] [1, 1]
// CHECK: tpu.dma_start %[[RESULT]], %[[OUT]], %[[SEM]]
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<6x4xf32> {
  %0 = hlo.pad %x, %v, low = [1, -1], high = [2, 2], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
