// RUN: hlo-opt --hlo-tpu-form-kernels %s | FileCheck %s
// RUN: hlo-opt --hlo-tpu-form-kernels="chip=v6e" %s | FileCheck %s --check-prefix=V6E
// RUN: hlo-opt --hlo-tpu-pipeline="chip=v5e" %s | FileCheck %s --check-prefix=PIPELINE

// A loop fusion with a row, a scalar and a whole operand: one kernel over
// [rows, columns] blocks of (8k x 128m) elements, the results written
// straight into the out-parameters.
// CHECK: module attributes {tpu.target = #tpu.target<v5e>}
// V6E: module attributes {tpu.target = #tpu.target<v6e>}
// CHECK-LABEL: func.func @row_scalar_full(
// CHECK-SAME: %[[X:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>, %[[B:.*]]: memref<1000xf32, #tpu.memory_space<hbm>>, %[[S:.*]]: memref<f32, #tpu.memory_space<hbm>>, %[[Y:.*]]: memref<300x1000xf32, #tpu.memory_space<hbm>>)
// CHECK-DAG: %[[BV:.*]] = memref.expand_shape %[[B]] {{\[}}[0, 1]] output_shape [1, 1000]
// CHECK-DAG: %[[SV:.*]] = memref.expand_shape %[[S]] [] output_shape [1, 1]
// The rows are 300 = 256 + 44 and the columns 1000 = 896 + 104: partial
// blocks at both edges, a 2-d grid.
// CHECK: tpu.kernel grid = [2, 2] semantics = [parallel, parallel]
// CHECK-SAME: ins(%[[BV]], %[[SV]], %[[X]] :
// CHECK-SAME: outs(%[[Y]] :
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 896], #[[ROW:.*]]>, #tpu.block_spec<[1, 1], #[[SCALAR:.*]]>, #tpu.block_spec<[256, 896], #[[FULL:.*]]>, #tpu.block_spec<[256, 896], #[[FULL]]>]
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[BB:.*]]: memref<1x896xf32, #tpu.memory_space<vmem>>, %[[SB:.*]]: memref<1x1xf32, #tpu.memory_space<vmem>>, %[[XB:.*]]: memref<256x896xf32, #tpu.memory_space<vmem>>, %[[YB:.*]]: memref<256x896xf32, #tpu.memory_space<vmem>>):
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[ROWREG:.*]] = tpu.load %[[BB]][%{{.*}}, %[[C]]] : memref<1x896xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[ROW1:.*]] = vector.extract_strided_slice %[[ROWREG]] {offsets = [0, 0], sizes = [1, 128], strides = [1, 1]}
// CHECK: %[[ROWB:.*]] = tpu.broadcast_sublanes %[[ROW1]] : vector<1x128xf32> -> vector<8x128xf32>
// CHECK: %[[SREG:.*]] = tpu.load %[[SB]]
// CHECK: %[[SCAL:.*]] = vector.extract %[[SREG]][0, 0]
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[SCAL]] : f32 to vector<8x128xf32>
// CHECK: %[[XREG:.*]] = tpu.load %[[XB]][%[[R]], %[[C]]] : memref<256x896xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[XREG]], %[[ROWB]] : vector<8x128xf32>
// CHECK: %[[PROD:.*]] = arith.mulf %[[SUM]], %[[SPLAT]] : vector<8x128xf32>
// CHECK: tpu.store %[[PROD]], %[[YB]][%{{.*}}, %[[C]]] : vector<8x128xf32>, memref<256x896xf32, #tpu.memory_space<vmem>>
// CHECK: return
func.func @row_scalar_full(%x: tensor<300x1000xf32>, %b: tensor<1000xf32>, %s: tensor<f32>) -> tensor<300x1000xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %b, %p1 = %s, %p2 = %x) : (tensor<1000xf32>, tensor<f32>, tensor<300x1000xf32>) -> tensor<300x1000xf32> {
    %1 = hlo.broadcast_in_dim %p0, dims = [1] : (tensor<1000xf32>) -> tensor<300x1000xf32>
    %2 = hlo.broadcast_in_dim %p1, dims = [] : (tensor<f32>) -> tensor<300x1000xf32>
    %3 = hlo.add %p2, %1 : tensor<300x1000xf32>
    %4 = hlo.multiply %3, %2 : tensor<300x1000xf32>
    hlo.return %4 : tensor<300x1000xf32>
  }
  return %0 : tensor<300x1000xf32>
}

// A column broadcast (the leading dimensions) reaches the lanes through
// tpu.broadcast_lanes.
// CHECK-LABEL: func.func @column
// CHECK: tpu.kernel grid = [1] semantics = [parallel]
// CHECK-SAME: blocks = [#tpu.block_spec<[16, 1], #{{.*}}>, #tpu.block_spec<[16, 128], #{{.*}}>, #tpu.block_spec<[16, 128], #{{.*}}>]
// CHECK: %[[COL:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 0], sizes = [8, 1], strides = [1, 1]} : vector<8x128xf32> to vector<8x1xf32>
// CHECK: tpu.broadcast_lanes %[[COL]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: arith.subf
func.func @column(%x: tensor<16x128xf32>, %m: tensor<16xf32>) -> tensor<16x128xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %m, %p1 = %x) : (tensor<16xf32>, tensor<16x128xf32>) -> tensor<16x128xf32> {
    %1 = hlo.broadcast_in_dim %p0, dims = [0] : (tensor<16xf32>) -> tensor<16x128xf32>
    %2 = hlo.subtract %p1, %1 : tensor<16x128xf32>
    hlo.return %2 : tensor<16x128xf32>
  }
  return %0 : tensor<16x128xf32>
}

// A last dimension that is not a multiple of 128 whose element count is:
// the lane-dense view [count / 128, 128]. Predicates are bytes in memory,
// i1 in registers; a kernel with 8-bit data steps by 32 rows (several f32
// registers per step).
// CHECK-LABEL: func.func @lane_dense_compare(
// CHECK-SAME: %{{.*}}: memref<64x100xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<64x100xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<64x100xi8, #tpu.memory_space<hbm>>)
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<64x100xf32, #tpu.memory_space<hbm>> into memref<6400xf32, #tpu.memory_space<hbm>>
// CHECK: memref.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [50, 128]
// CHECK: tpu.kernel grid = [2] semantics = [parallel]
// CHECK-SAME: blocks = [#tpu.block_spec<[32, 128], #{{.*}}>, #tpu.block_spec<[32, 128], #{{.*}}>, #tpu.block_spec<[32, 128], #{{.*}}>]
// CHECK-COUNT-4: tpu.load %{{.*}} : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[P:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<32x128xf32>
// CHECK: %[[BYTES:.*]] = arith.extui %[[P]] : vector<32x128xi1> to vector<32x128xi8>
// CHECK: tpu.store %[[BYTES]], %{{.*}} : vector<32x128xi8>, memref<32x128xi8, #tpu.memory_space<vmem>>
func.func @lane_dense_compare(%a: tensor<64x100xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xi1> {
  %0 = hlo.compare LT, %a, %b : (tensor<64x100xf32>, tensor<64x100xf32>) -> tensor<64x100xi1>
  return %0 : tensor<64x100xi1>
}

// 16-bit data in (16, 128) registers; a dimension below one tile is a
// whole-dimension block (VMEM pads it); a reshape is a view; a constant is
// a global in HBM; a value returned twice is copied.
// CHECK: memref.global "private" constant @__tpu_constant : memref<3x5xbf16, #tpu.memory_space<hbm>>
// CHECK-LABEL: func.func @bf16_small
// CHECK: memref.get_global @__tpu_constant : memref<3x5xbf16, #tpu.memory_space<hbm>>
// CHECK: tpu.kernel grid = [1] semantics = [parallel]
// CHECK-SAME: blocks = [#tpu.block_spec<[3, 5], #{{.*}}>, #tpu.block_spec<[3, 5], #{{.*}}>, #tpu.block_spec<[3, 5], #{{.*}}>]
// CHECK: tpu.load %{{.*}} : memref<3x5xbf16, #tpu.memory_space<vmem>>, vector<16x128xbf16>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<16x128xbf16>
// CHECK: memref.collapse_shape
// CHECK: memref.copy
// CHECK: memref.copy
func.func @bf16_small(%x: tensor<3x5xbf16>) -> (tensor<15xbf16>, tensor<15xbf16>) {
  %c = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0], [0.5, 0.5, 0.5, 0.5, 0.5]]> : tensor<3x5xbf16>
  %0 = hlo.maximum %x, %c : tensor<3x5xbf16>
  %1 = hlo.reshape %0 : (tensor<3x5xbf16>) -> tensor<15xbf16>
  return %1, %1 : tensor<15xbf16>, tensor<15xbf16>
}

// The pipeline fuses first: one kernel for the whole chain.
// PIPELINE-LABEL: func.func @row_scalar_full
// PIPELINE-COUNT-1: tpu.kernel
// PIPELINE-NOT: tpu.kernel
// PIPELINE-LABEL: func.func @column

// -----

// XLA's fusions compute on a smaller array and broadcast the result (a
// layernorm's per-row mean, scaled, then subtracted from every element; the
// fusion returns the [8, 128, 256] result as [1024, 256]). The multiply is
// applied after the broadcast, to the input broadcast alike: the kernel
// reads the [8, 128] input as a column (one value per row of its [1024,
// 256] view, a broadcast to [8, 128, 256] having that view's rows), the
// constant as a splat, and computes everything on registers.
// CHECK-LABEL: func.func @sunk_broadcast(
// CHECK: tpu.kernel grid = [4] semantics = [parallel]
// CHECK-SAME: blocks = [#tpu.block_spec<[256, 256], {{.*}}>, #tpu.block_spec<[256, 1], {{.*}}>, #tpu.block_spec<[256, 256], {{.*}}>]
// CHECK: tpu.broadcast_lanes
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK-NOT: tpu.kernel
// CHECK: return
func.func @sunk_broadcast(%x: tensor<8x128x256xf32>, %sum: tensor<8x128xf32>) -> tensor<1024x256xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %sum) : (tensor<8x128x256xf32>, tensor<8x128xf32>) -> tensor<1024x256xf32> {
    %c = hlo.constant dense<0.00390625> : tensor<f32>
    %cb = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
    %mean = hlo.multiply %p1, %cb : tensor<8x128xf32>
    %b = hlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x256xf32>
    %d = hlo.subtract %p0, %b : tensor<8x128x256xf32>
    %r = hlo.reshape %d : (tensor<8x128x256xf32>) -> tensor<1024x256xf32>
    hlo.return %r : tensor<1024x256xf32>
  }
  return %0 : tensor<1024x256xf32>
}

// -----

// An op on a smaller array broadcast along a middle dimension: the
// exponential is applied after the broadcast, and the broadcast of the
// input (neither rows, columns nor a scalar) is a DMA copy of its own
// (zero strides along the broadcast dimensions) that the kernel reads
// whole.
// CHECK-LABEL: func.func @middle_broadcast_computed(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 4, 3], strides: [0, 1, 0]
// CHECK: tpu.dma_start
// CHECK: tpu.kernel
// CHECK: math.exp
// CHECK: arith.addf
func.func @middle_broadcast_computed(%x: tensor<2x4x3xf32>, %y: tensor<4xf32>) -> tensor<2x4x3xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %y) : (tensor<2x4x3xf32>, tensor<4xf32>) -> tensor<2x4x3xf32> {
    %e = hlo.exponential %p1 : tensor<4xf32>
    %1 = hlo.broadcast_in_dim %e, dims = [1] : (tensor<4xf32>) -> tensor<2x4x3xf32>
    %2 = hlo.add %p0, %1 : tensor<2x4x3xf32>
    hlo.return %2 : tensor<2x4x3xf32>
  }
  return %0 : tensor<2x4x3xf32>
}

// -----

// An iota is computed by the kernel: each element's row-major index in the
// kernel's [rows, columns] view (the block's first row and column plus
// the register's, plus constant sublane and lane iotas, as i32), divided
// by the product of the dimensions after the iota's and taken modulo its
// size.
// CHECK-LABEL: func.func @iota(
// CHECK: tpu.kernel
// CHECK: ^bb0(%[[I:.*]]: index, %{{.*}}: memref<{{.*}}xi32, #tpu.memory_space<vmem>>):
// CHECK: arith.muli %[[I]], %{{.*}} : index
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: %[[START:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<8x128xi32>
// CHECK: %[[FLAT:.*]] = arith.addi %[[START]], %{{.*}} : vector<8x128xi32>
// CHECK: %[[OUTER:.*]] = arith.divui %[[FLAT]], %{{.*}} : vector<8x128xi32>
// CHECK: arith.remui %[[OUTER]], %{{.*}} : vector<8x128xi32>
// CHECK: tpu.store
func.func @iota() -> tensor<8x32x32x16xi32> {
  %0 = hlo.iota dim = 1 : tensor<8x32x32x16xi32>
  return %0 : tensor<8x32x32x16xi32>
}

// -----

// A constant that is not a splat (a causal mask the graph stage folded)
// is taken out of its fusion: an array in HBM (a global) read by the
// kernel.
// CHECK-LABEL: func.func @fused_constant(
// CHECK: %[[MASK:.*]] = memref.get_global @{{.*}} : memref<2x2xi8, #tpu.memory_space<hbm>>
// CHECK: tpu.kernel {{.*}}ins(%{{.*}}, %{{.*}} :
func.func @fused_constant(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = hlo.fusion kind = loop (%p = %x) : (tensor<2x2xf32>) -> tensor<2x2xf32> {
    %m = hlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
    %z = hlo.constant dense<0.0> : tensor<2x2xf32>
    %s = hlo.select %m, %p, %z : tensor<2x2xi1>, tensor<2x2xf32>
    hlo.return %s : tensor<2x2xf32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

// Reshapes that add or drop a dimension of one element between the ops
// and the broadcast (XLA's unoptimized layernorm) are looked through: the
// broadcast reads the reshape's operand, its unit dimension mapped to the
// broadcast dimension.
// CHECK-LABEL: func.func @unit_reshape_broadcast(
// CHECK: tpu.kernel grid = [1] semantics = [parallel]
// CHECK: tpu.broadcast_lanes
// CHECK: math.rsqrt
// CHECK: arith.mulf
func.func @unit_reshape_broadcast(%x: tensor<8x16x256xf32>, %v: tensor<8x16xf32>) -> tensor<8x16x256xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %v) : (tensor<8x16x256xf32>, tensor<8x16xf32>) -> tensor<8x16x256xf32> {
    %r = hlo.reshape %p1 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %q = hlo.rsqrt %r : tensor<8x16x1xf32>
    %d = hlo.reshape %q : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %b = hlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x256xf32>
    %m = hlo.multiply %p0, %b : tensor<8x16x256xf32>
    hlo.return %m : tensor<8x16x256xf32>
  }
  return %0 : tensor<8x16x256xf32>
}
