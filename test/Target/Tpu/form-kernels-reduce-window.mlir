// RUN: hlo-opt --hlo-tpu-form-kernels --split-input-file %s | FileCheck %s

// A reduce_window on the VPU: the accumulator and one window offset's
// elements are VMEM buffers of the result's shape (padded to whole
// registers). The accumulator starts as the init value; per window offset
// a strided DMA brings the elements that offset reads for every output,
// and the VPU combines them into the accumulator register by register.
// Offsets that read inside the array for every output are a loop (a DMA
// from a moving window); offsets that read padding for some outputs fill
// the buffer with the init value first and bring only the outputs inside
// (here offset 2 of each dimension, 5 of 6 outputs). The accumulator goes
// out at the end.
// CHECK-LABEL: func.func @pool(
// CHECK-SAME: %[[X:.*]]: memref<12x12xf32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<6x6xf32, #tpu.memory_space<hbm>>)
// CHECK: memref.alloca_scope {
// CHECK: %[[SEM:.*]] = tpu.sem_alloc : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[PART:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[INIT:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[INIT1:.*]] = memref.subview %[[INIT]][0, 0] [1, 1] [1, 1]
// CHECK: tpu.dma_start %{{.*}}, %[[INIT1]], %[[SEM]]
// CHECK: %[[SPLAT:.*]] = vector.broadcast %{{.*}} : f32 to vector<8x128xf32>
// CHECK: tpu.store %[[SPLAT]], %[[ACC]]
// CHECK: scf.for %[[KI:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[KJ:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[SRC:.*]] = memref.subview %[[X]][%{{.*}}, %{{.*}}] [6, 6] [2, 2] : memref<12x12xf32, #tpu.memory_space<hbm>> to memref<6x6xf32, strided<[24, 2], offset: ?>, #tpu.memory_space<hbm>>
// CHECK: %[[DST:.*]] = memref.subview %[[PART]][0, 0] [6, 6] [1, 1]
// CHECK: tpu.dma_start %[[SRC]], %[[DST]], %[[SEM]]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[DST]]
// CHECK: %[[A:.*]] = tpu.load %[[ACC]]
// CHECK: %[[P:.*]] = tpu.load %[[PART]]
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[P]] : vector<8x128xf32>
// CHECK: tpu.store %[[SUM]], %[[ACC]]
// CHECK: tpu.store %[[SPLAT]], %[[PART]]
// CHECK: memref.subview %[[X]][%{{.*}}, 2] [6, 5] [2, 2]
// CHECK: memref.subview %[[PART]][0, 0] [6, 5] [1, 1]
// CHECK: memref.subview %[[X]][2, %{{.*}}] [5, 6] [2, 2]
// CHECK: memref.subview %[[X]][2, 2] [5, 5] [2, 2] : memref<12x12xf32, #tpu.memory_space<hbm>> to memref<5x5xf32, strided<[24, 2], offset: 26>, #tpu.memory_space<hbm>>
// CHECK: %[[RESULT:.*]] = memref.subview %[[ACC]][0, 0] [6, 6] [1, 1]
// CHECK: tpu.dma_start %[[RESULT]], %[[OUT]], %[[SEM]]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[OUT]]
func.func @pool(%x: tensor<12x12xf32>) -> tensor<6x6xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<12x12xf32>, tensor<f32>) -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// -----

// A cumulative maximum of bf16 (window 4 over 4 rows, 3 of them padding
// above): offset k reads rows from 0 for outputs from 3 - k on, so offsets
// 0 to 2 fill the buffer with the init value and bring 1 to 3 rows; offset
// 3 reads inside for every output (no fill). bf16 registers are (16, 128).
// CHECK-LABEL: func.func @cummax(
// CHECK: memref.alloca() : memref<16x128xbf16, #tpu.memory_space<vmem>>
// CHECK: %[[PART2:.*]] = memref.alloca() : memref<16x128xbf16, #tpu.memory_space<vmem>>
// CHECK: memref.subview %{{.*}}[0, 0] [1, 5] [1, 1] : memref<4x5xbf16, #tpu.memory_space<hbm>> to memref<1x5xbf16
// CHECK: memref.subview %{{.*}}[3, 0] [1, 5] [1, 1] : memref<16x128xbf16, #tpu.memory_space<vmem>> to memref<1x5xbf16
// CHECK: arith.maximumf %{{.*}} : vector<16x128xbf16>
// CHECK: memref.subview %{{.*}}[0, 0] [2, 5] [1, 1] : memref<4x5xbf16, #tpu.memory_space<hbm>> to memref<2x5xbf16
// CHECK: memref.subview %{{.*}}[2, 0] [2, 5] [1, 1] : memref<16x128xbf16, #tpu.memory_space<vmem>> to memref<2x5xbf16
// CHECK: memref.subview %{{.*}}[0, 0] [3, 5] [1, 1] : memref<4x5xbf16, #tpu.memory_space<hbm>> to memref<3x5xbf16
// CHECK: memref.subview %{{.*}}[0, 0] [4, 5] [1, 1] : memref<4x5xbf16, #tpu.memory_space<hbm>> to memref<4x5xbf16
// CHECK-NOT: tpu.store %{{.*}}, %[[PART2]]
// CHECK: arith.maximumf
func.func @cummax(%x: tensor<4x5xbf16>) -> tensor<4x5xbf16> {
  %ninf = hlo.constant dense<0xFF80> : tensor<bf16>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 4, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = hlo.maximum %a, %b : tensor<bf16>
    hlo.return %s : tensor<bf16>
  }) : (tensor<4x5xbf16>, tensor<bf16>) -> tensor<4x5xbf16>
  return %0 : tensor<4x5xbf16>
}
