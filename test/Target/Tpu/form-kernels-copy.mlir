// RUN: hlo-opt --hlo-tpu-form-kernels --split-input-file %s | FileCheck %s

// Data movement as DMAs: each piece of the result is a view of an operand
// in HBM (a strided window, a permuted or a reversed view) copied into a
// VMEM buffer padded to whole tiles and from there to its window of the
// result, on one semaphore, waiting for each copy.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[X:.*]]: memref<20x300xf32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<8x150xf32, #tpu.memory_space<hbm>>)
// CHECK: %[[VIEW:.*]] = memref.subview %[[X]][2, 0] [8, 150] [2, 2] : memref<20x300xf32, #tpu.memory_space<hbm>> to memref<8x150xf32, strided<[600, 2], offset: 600>, #tpu.memory_space<hbm>>
// CHECK: memref.alloca_scope {
// CHECK: %[[SEM:.*]] = tpu.sem_alloc : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8x256xf32, #tpu.memory_space<vmem>>
// CHECK: %[[LOCAL:.*]] = memref.subview %[[BUF]][0, 0] [8, 150] [1, 1]
// CHECK: tpu.dma_start %[[VIEW]], %[[LOCAL]], %[[SEM]][%{{.*}}]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[LOCAL]]
// CHECK: tpu.dma_start %[[LOCAL]], %[[OUT]], %[[SEM]][%{{.*}}]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[OUT]]
func.func @slice(%x: tensor<20x300xf32>) -> tensor<8x150xf32> {
  %0 = hlo.slice %x [2:18:2, 0:300:2] : (tensor<20x300xf32>) -> tensor<8x150xf32>
  return %0 : tensor<8x150xf32>
}

// -----

// Each operand of a concatenation to its window of the result.
// CHECK-LABEL: func.func @concatenate(
// CHECK-SAME: %[[X:.*]]: memref<20x300xf32, {{.*}}>, %[[Y:.*]]: memref<4x300xf32, {{.*}}>, %[[OUT:.*]]: memref<24x300xf32, {{.*}}>)
// CHECK-DAG: %[[FIRST:.*]] = memref.subview %[[OUT]][0, 0] [20, 300] [1, 1]
// CHECK-DAG: %[[SECOND:.*]] = memref.subview %[[OUT]][20, 0] [4, 300] [1, 1]
// CHECK: tpu.dma_start %[[X]], %[[L1:.*]], %{{.*}}
// CHECK: tpu.dma_start %[[L1]], %[[FIRST]], %{{.*}}
// CHECK: memref.alloca() : memref<8x384xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %[[Y]], %[[L2:.*]], %{{.*}}
// CHECK: tpu.dma_start %[[L2]], %[[SECOND]], %{{.*}}
func.func @concatenate(%x: tensor<20x300xf32>, %y: tensor<4x300xf32>) -> tensor<24x300xf32> {
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<20x300xf32>, tensor<4x300xf32>) -> tensor<24x300xf32>
  return %0 : tensor<24x300xf32>
}

// -----

// A transpose reads a permuted view (the DMA gathers with strides); the
// bf16 buffer is padded to (16, 128) tiles.
// CHECK-LABEL: func.func @transpose(
// CHECK: %[[T:.*]] = memref.transpose %{{.*}} (d0, d1, d2) -> (d2, d0, d1) : memref<3x5x7xbf16, #tpu.memory_space<hbm>> to memref<7x3x5xbf16, strided<[1, 35, 7]>, #tpu.memory_space<hbm>>
// CHECK: memref.alloca() : memref<7x16x128xbf16, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %[[T]],
func.func @transpose(%h: tensor<3x5x7xbf16>) -> tensor<7x3x5xbf16> {
  %0 = hlo.transpose %h, dims = [2, 0, 1] : (tensor<3x5x7xbf16>) -> tensor<7x3x5xbf16>
  return %0 : tensor<7x3x5xbf16>
}

// -----

// A reverse reads its operand backwards: negative strides from the last
// element of the reversed dimensions.
// CHECK-LABEL: func.func @reverse(
// CHECK: %[[R:.*]] = memref.reinterpret_cast %{{.*}} to offset: [5999], sizes: [20, 300], strides: [-300, -1] : memref<20x300xf32, #tpu.memory_space<hbm>> to memref<20x300xf32, strided<[-300, -1], offset: 5999>, #tpu.memory_space<hbm>>
// CHECK: tpu.dma_start %[[R]],
func.func @reverse(%x: tensor<20x300xf32>) -> tensor<20x300xf32> {
  %0 = hlo.reverse %x, dims = [0, 1] : tensor<20x300xf32>
  return %0 : tensor<20x300xf32>
}

// -----

// A broadcast a kernel cannot read as rows, columns or a scalar (here the
// middle dimension of [2, 4, 3] expanded) is taken out of its fusion and
// copied as a view of its operand with a zero stride along the broadcast
// dimension; the fusion's kernel reads the copy whole.
// CHECK-LABEL: func.func @middle_broadcast(
// CHECK-SAME: %[[X:.*]]: memref<2x4x3xf32, #tpu.memory_space<hbm>>, %[[Y:.*]]: memref<2x1x3xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<2x4x3xf32, #tpu.memory_space<hbm>>)
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<2x4x3xf32, #tpu.memory_space<hbm>>
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [2, 4, 3], strides: [3, 0, 1]
// CHECK: tpu.dma_start %[[VIEW]],
// CHECK: tpu.dma_start %{{.*}}, %[[COPY]],
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[COPY]]
// CHECK: %[[READ:.*]] = memref.expand_shape %[[FLAT]] {{.*}} output_shape [8, 3]
// CHECK: tpu.kernel grid = [1] semantics = [parallel] ins(%{{.*}}, %[[READ]] :
func.func @middle_broadcast(%x: tensor<2x4x3xf32>, %y: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %y) : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
    %1 = hlo.broadcast_in_dim %p1, dims = [0, 1, 2] : (tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
    %2 = hlo.add %p0, %1 : tensor<2x4x3xf32>
    hlo.return %2 : tensor<2x4x3xf32>
  }
  return %0 : tensor<2x4x3xf32>
}

// -----

// A broadcast permuting its operand's dimensions: the strides of the
// operand's dimensions where they land, zero along the new one.
// CHECK-LABEL: func.func @permuting_broadcast(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3, 2, 2], strides: [1, 0, 3]
func.func @permuting_broadcast(%x: tensor<2x3xi32>) -> tensor<3x2x2xi32> {
  %0 = hlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x2x2xi32>
  return %0 : tensor<3x2x2xi32>
}

// -----

// Scalars computed in a fusion (a negated input times itself) are
// registers splatted with the scalar; the broadcast reads them as they are.
// CHECK-LABEL: func.func @scalar_ops(
// CHECK: tpu.kernel grid = [1] semantics = [parallel] ins(%{{.*}}, %{{.*}} : memref<1x3xf32, {{.*}}>, memref<1x1xf32, {{.*}}>)
// CHECK: %[[S:.*]] = tpu.load %{{.*}} : memref<1x1xf32, {{.*}}>, vector<8x128xf32>
// CHECK: %[[E:.*]] = vector.extract %[[S]][0, 0]
// CHECK: %[[Q:.*]] = vector.broadcast %[[E]] : f32 to vector<8x128xf32>
// CHECK: %[[N:.*]] = arith.negf %[[Q]] : vector<8x128xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[N]], %[[Q]] : vector<8x128xf32>
// CHECK: arith.addf %{{.*}}, %[[M]] : vector<8x128xf32>
func.func @scalar_ops(%x: tensor<3xf32>, %s: tensor<f32>) -> tensor<3xf32> {
  %0 = hlo.fusion kind = loop (%p = %x, %q = %s) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32> {
    %n = hlo.negate %q : tensor<f32>
    %m = hlo.multiply %n, %q : tensor<f32>
    %b = hlo.broadcast_in_dim %m, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %r = hlo.add %p, %b : tensor<3xf32>
    hlo.return %r : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}

// -----

// A dynamic slice: the scalar core reads each start index (a DMA from HBM
// into SMEM, a load, extended as its type says), clamps it so that the
// window lies inside the array, and the window (a subview at those
// offsets) is copied through VMEM like the other copies.
// CHECK-LABEL: func.func @dynamic_slice(
// CHECK-SAME: %[[X:.*]]: memref<40x300xf32, #tpu.memory_space<hbm>>, %[[I:.*]]: memref<i8, #tpu.memory_space<hbm>>, %[[J:.*]]: memref<i8, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<16x130xf32, #tpu.memory_space<hbm>>)
// CHECK: %[[SEM:.*]] = tpu.sem_alloc
// CHECK: %[[SI:.*]] = memref.alloca() : memref<i8, #tpu.memory_space<smem>>
// CHECK: tpu.dma_start %[[I]], %[[SI]], %[[SEM]]
// CHECK: tpu.dma_wait %[[SEM]][%{{.*}}], %[[SI]]
// CHECK: %[[VI:.*]] = memref.load %[[SI]][] : memref<i8, #tpu.memory_space<smem>>
// CHECK: %[[XI:.*]] = arith.index_castui %[[VI]] : i8 to index
// CHECK: %[[C24:.*]] = arith.constant 24 : index
// CHECK: %[[LI:.*]] = arith.maxsi %[[XI]], %{{.*}} : index
// CHECK: %[[OI:.*]] = arith.minsi %[[LI]], %[[C24]] : index
// CHECK: tpu.dma_start %[[J]],
// CHECK: %[[C170:.*]] = arith.constant 170 : index
// CHECK: %[[OJ:.*]] = arith.minsi %{{.*}}, %[[C170]] : index
// CHECK: %[[WIN:.*]] = memref.subview %[[X]][%[[OI]], %[[OJ]]] [16, 130] [1, 1]
// CHECK: tpu.dma_start %[[WIN]], %[[BUF:.*]], %[[SEM]]
// CHECK: tpu.dma_start %[[BUF]], %[[OUT]], %[[SEM]]
func.func @dynamic_slice(%x: tensor<40x300xf32>, %i: tensor<ui8>, %j: tensor<ui8>) -> tensor<16x130xf32> {
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [16, 130] : (tensor<40x300xf32>, tensor<ui8>, tensor<ui8>) -> tensor<16x130xf32>
  return %0 : tensor<16x130xf32>
}

// -----

// A dynamic update: the operand copied to the result, then the update
// into its window of the result (signed indices: index_cast).
// CHECK-LABEL: func.func @dynamic_update_slice(
// CHECK-SAME: %[[X:.*]]: memref<40x300xbf16, #tpu.memory_space<hbm>>, %[[U:.*]]: memref<2x3xbf16, #tpu.memory_space<hbm>>, %{{.*}}: memref<i32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<40x300xbf16, #tpu.memory_space<hbm>>)
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[WIN:.*]] = memref.subview %[[OUT]][%{{.*}}, %{{.*}}] [2, 3] [1, 1]
// CHECK: tpu.dma_start %[[X]], %[[XB:.*]], %{{.*}}
// CHECK: tpu.dma_start %[[XB]], %[[OUT]], %{{.*}}
// CHECK: tpu.dma_start %[[U]], %[[UB:.*]], %{{.*}}
// CHECK: tpu.dma_start %[[UB]], %[[WIN]], %{{.*}}
func.func @dynamic_update_slice(%x: tensor<40x300xbf16>, %u: tensor<2x3xbf16>, %i: tensor<i32>) -> tensor<40x300xbf16> {
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<40x300xbf16>, tensor<2x3xbf16>, tensor<i32>, tensor<i32>) -> tensor<40x300xbf16>
  return %0 : tensor<40x300xbf16>
}

// -----

// A loop fusion that moves data (a transpose fused with an exponential) is
// inlined: the transpose is a DMA copy of its own, the exponential a
// kernel reading the copy.
// CHECK-LABEL: func.func @fused_transpose(
// CHECK: %[[T:.*]] = memref.alloc() : memref<5x3xf32, #tpu.memory_space<hbm>>
// CHECK: memref.transpose
// CHECK: tpu.dma_start %{{.*}}, %[[T]],
// CHECK: tpu.kernel grid = [1] semantics = [parallel] ins(%[[T]] :
// CHECK: math.exp
func.func @fused_transpose(%x: tensor<3x5xf32>) -> tensor<5x3xf32> {
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<3x5xf32>) -> tensor<5x3xf32> {
    %t = hlo.transpose %p, dims = [1, 0] : (tensor<3x5xf32>) -> tensor<5x3xf32>
    %e = hlo.exponential %t : tensor<5x3xf32>
    hlo.return %e : tensor<5x3xf32>
  }
  return %0 : tensor<5x3xf32>
}

// -----

// An op whose results are all empty computes nothing: no kernel, no copy.
// CHECK-LABEL: func.func @empty_result(
// CHECK-SAME: %{{.*}}: memref<3x0xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<0x3xf32, #tpu.memory_space<hbm>>) {
// CHECK-NEXT: return
func.func @empty_result(%x: tensor<3x0xf32>) -> tensor<0x3xf32> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<3x0xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// -----

// A copy larger than a VMEM chunk (a 32nd of VMEM: 4 MiB on v5e) streams
// through two buffers: 128 MiB here, cut into 32 chunks of 256 rows (the
// outermost dimension whose inner ones fit, in whole 8-row tiles). Chunk j
// comes into buffer j mod 2 (the DMA in waited for at once) and goes out on
// that buffer's semaphore, waited for when the buffer is filled again (two
// chunks later) or after the loop.
// CHECK-LABEL: func.func @huge_transpose(
// CHECK-SAME: %{{.*}}: memref<4096x8192xf32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<8192x4096xf32, #tpu.memory_space<hbm>>)
// CHECK: %[[T:.*]] = memref.transpose
// CHECK: %[[IN_SEM:.*]] = tpu.sem_alloc : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<2x256x4096xf32, #tpu.memory_space<vmem>>
// CHECK: %[[OUT_SEM:.*]] = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[C32:.*]] step
// CHECK: %[[SLOT:.*]] = arith.remui %[[J]], %{{.*}} : index
// CHECK: %[[AGAIN:.*]] = arith.cmpi uge, %[[J]],
// CHECK: scf.if %[[AGAIN]] {
// CHECK: %[[OLD:.*]] = memref.subview %[[BUF]][%[[SLOT]], 0, 0] [1, 256, 4096] [1, 1, 1]
// CHECK: tpu.dma_wait %[[OUT_SEM]][%[[SLOT]]], %[[OLD]]
// CHECK: }
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// CHECK: %[[FROM:.*]] = memref.subview %[[T]][%[[FIRST]], 0] [256, 4096] [1, 1]
// CHECK: %[[TO:.*]] = memref.subview %[[OUT]][%[[FIRST]], 0] [256, 4096] [1, 1]
// CHECK: %[[LOCAL:.*]] = memref.subview %[[BUF]][%[[SLOT]], 0, 0] [1, 256, 4096] [1, 1, 1] : memref<2x256x4096xf32, #tpu.memory_space<vmem>> to memref<256x4096xf32, strided<[4096, 1], offset: ?>, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %[[FROM]], %[[LOCAL]], %[[IN_SEM]]
// CHECK: tpu.dma_wait %[[IN_SEM]][%{{.*}}], %[[LOCAL]]
// CHECK: tpu.dma_start %[[LOCAL]], %[[TO]], %[[OUT_SEM]][%[[SLOT]]]
// CHECK: }
// CHECK: tpu.dma_wait %[[OUT_SEM]]
// CHECK: tpu.dma_wait %[[OUT_SEM]]
// CHECK: return
func.func @huge_transpose(%x: tensor<4096x8192xf32>) -> tensor<8192x4096xf32> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<4096x8192xf32>) -> tensor<8192x4096xf32>
  return %0 : tensor<8192x4096xf32>
}

// -----

// 1100 rows in chunks of 336 (4 MiB of 3072-lane rows, in whole tiles):
// three streamed, then the 92 left in a buffer of their own.
// CHECK-LABEL: func.func @remainder(
// CHECK: memref.alloca() : memref<2x336x3072xf32, #tpu.memory_space<vmem>>
// CHECK: scf.for
// CHECK: }
// CHECK: %[[REST:.*]] = memref.alloca() : memref<96x3072xf32, #tpu.memory_space<vmem>>
// CHECK: %[[LOCAL:.*]] = memref.subview %[[REST]][0, 0] [92, 3000] [1, 1]
// CHECK: %[[FROM:.*]] = memref.subview %{{.*}}[1008, 0] [92, 3000] [1, 1]
// CHECK: %[[TO:.*]] = memref.subview %{{.*}}[1008, 0] [92, 3000] [1, 1]
// CHECK: tpu.dma_start %[[FROM]], %[[LOCAL]],
// CHECK: tpu.dma_start %[[LOCAL]], %[[TO]],
func.func @remainder(%x: tensor<3000x1100xf32>) -> tensor<1100x3000xf32> {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<3000x1100xf32>) -> tensor<1100x3000xf32>
  return %0 : tensor<1100x3000xf32>
}

// -----

// A dimension of one element is dropped from a copy's VMEM buffer (rank-
// reducing views of HBM and VMEM): a [8, 32, 1, 3] window takes 8 x 32 x
// 128 words, not 8 x 32 x 8 x 128. Each piece of a concatenation copies
// in an alloca scope of its own, releasing its buffers.
// CHECK-LABEL: func.func @unit_dimension(
// CHECK: memref.alloca_scope {
// CHECK: memref.alloca_scope {
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8x32x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[LOCAL:.*]] = memref.subview %[[BUF]][0, 0, 0] [8, 32, 3] [1, 1, 1]
// CHECK: %[[FROM:.*]] = memref.subview %{{.*}}[0, 0, 0, 0] [8, 32, 1, 3] [1, 1, 1, 1] : memref<8x32x1x3xf32, #tpu.memory_space<hbm>> to memref<8x32x3xf32, strided<[96, 3, 1]>, #tpu.memory_space<hbm>>
// CHECK: tpu.dma_start %[[FROM]], %[[LOCAL]],
// CHECK: }
// CHECK: memref.alloca_scope {
// CHECK: memref.alloca() : memref<8x32x128xf32, #tpu.memory_space<vmem>>
func.func @unit_dimension(%p: tensor<8x32x1x3xf32>, %q: tensor<8x32x1x3xf32>) -> tensor<8x32x2x3xf32> {
  %0 = hlo.concatenate %p, %q, dim = 2 : (tensor<8x32x1x3xf32>, tensor<8x32x1x3xf32>) -> tensor<8x32x2x3xf32>
  return %0 : tensor<8x32x2x3xf32>
}

// -----

// A dynamic update copies its operand (128 MiB here) in chunks, then the
// update into its window.
// CHECK-LABEL: func.func @huge_dynamic_update(
// CHECK: memref.alloca() : memref<2x128x8192xf32, #tpu.memory_space<vmem>>
// CHECK: scf.for
// CHECK: memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
func.func @huge_dynamic_update(%x: tensor<4096x8192xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) -> tensor<4096x8192xf32> {
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4096x8192xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4096x8192xf32>
  return %0 : tensor<4096x8192xf32>
}
