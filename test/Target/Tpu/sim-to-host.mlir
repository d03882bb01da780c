// RUN: hlo-opt --hlo-tpu-sim-to-host %s | FileCheck %s

// VMEM buffers are views of one arena per function (sized to what the
// function needs at most: a scope's buffers are released with it, and the
// scope, planned, is inlined),
// semaphores byte counters, DMAs copies that count their bytes, a wait
// without enough bytes counted an error of the runtime, loads and stores
// row by row. No TPU memory space is left.
// CHECK-LABEL: func.func @copy_block(
// CHECK-SAME: %[[X:.*]]: memref<8x128xf32>, %[[Y:.*]]: memref<8x128xf32>)
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8192xi8>
// CHECK-NOT: memref.alloca_scope
// CHECK: %[[COUNTERS:.*]] = memref.alloca() : memref<2xi64>
// CHECK: memref.store %{{.*}}, %[[COUNTERS]][%{{.*}}] : memref<2xi64>
// CHECK: %[[XB:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<8192xi8> to memref<8x128xf32>
// CHECK: %[[YB:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<8192xi8> to memref<8x128xf32>
// CHECK: memref.copy %[[X]], %[[XB]] : memref<8x128xf32> to memref<8x128xf32>
// CHECK: %[[COUNT:.*]] = memref.load %[[COUNTERS]][%{{.*}}] : memref<2xi64>
// CHECK: %[[MORE:.*]] = arith.addi %[[COUNT]], %[[BYTES:.*]] : i64
// CHECK: memref.store %[[MORE]], %[[COUNTERS]]
// CHECK: call @hlo_tpu_sim_count_dma(%[[BYTES]]) : (i64) -> ()
// CHECK: %[[SEEN:.*]] = memref.load %[[COUNTERS]]
// CHECK: %[[ENOUGH:.*]] = arith.cmpi sge, %[[SEEN]], %[[WANTED:.*]] : i64
// CHECK: scf.if %[[ENOUGH]] {
// CHECK: arith.subi %[[SEEN]], %[[WANTED]]
// CHECK: } else {
// CHECK: call @hlo_tpu_sim_error(%{{.*}}, %{{.*}}) : (i64, i64) -> ()
// CHECK: %[[ROW0:.*]] = vector.load %[[XB]][%{{.*}}, %{{.*}}] : memref<8x128xf32>, vector<128xf32>
// CHECK: vector.insert %[[ROW0]], %{{.*}} [0] : vector<128xf32> into vector<8x128xf32>
// CHECK-COUNT-7: vector.load %[[XB]]
// CHECK: %[[OUT0:.*]] = vector.extract %{{.*}}[0] : vector<128xf32> from vector<8x128xf32>
// CHECK: vector.store %[[OUT0]], %[[YB]][%{{.*}}, %{{.*}}] : memref<8x128xf32>, vector<128xf32>
// CHECK: memref.copy %[[YB]], %[[Y]]
// CHECK: memref.dealloc %[[ARENA]] : memref<8192xi8>
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @copy_block(%x: memref<8x128xf32, #tpu.memory_space<hbm>>, %y: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  memref.alloca_scope {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %sems = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
    %xb = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
    %yb = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_start %x, %xb, %sems[%c0] : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
    tpu.dma_wait %sems[%c0], %xb : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<vmem>>
    %v = tpu.load %xb[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.store %v, %yb[%c0, %c0] : vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_start %yb, %y, %sems[%c1] : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
    tpu.dma_wait %sems[%c1], %y : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<hbm>>
  }
  return
}

// Cross-lane ops and the MXU: vector broadcasts, reductions, and a
// matmul as loops over host buffers allocated in the entry block: the
// operands widened to f32 and stored row by row, a fused multiply-add of a
// row of `rhs` per element of `lhs` (a dot product per element with
// `transpose_rhs`), the result read back row by row.
// CHECK-LABEL: func.func @registers
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<16x128xf32>
// CHECK: %[[RHS:.*]] = memref.alloca() : memref<128x128xf32>
// CHECK: %[[LHS:.*]] = memref.alloca() : memref<16x128xf32>
// CHECK: vector.broadcast %{{.*}} : vector<1x128xf32> to vector<8x128xf32>
// CHECK: vector.broadcast %{{.*}} : vector<8x1xf32> to vector<8x128xf32>
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<8x128xf32> to vector<8xf32>
// CHECK: vector.multi_reduction <maximumf>, %{{.*}}, %{{.*}} [0] : vector<8x128xf32> to vector<128xf32>
// CHECK: arith.extf %{{.*}} : vector<16x128xbf16> to vector<16x128xf32>
// CHECK-COUNT-16: vector.store %{{.*}}, %[[LHS]]
// CHECK: arith.extf %{{.*}} : vector<128x128xbf16> to vector<128x128xf32>
// CHECK-COUNT-128: vector.store %{{.*}}, %[[RHS]]
// CHECK-COUNT-16: vector.store %{{.*}}, %[[ACC]]
// CHECK: %[[X:.*]] = memref.load %[[LHS]][%[[I:.*]], %[[L:.*]]]
// CHECK: %[[XS:.*]] = vector.broadcast %[[X]] : f32 to vector<128xf32>
// CHECK: %[[Y:.*]] = vector.load %[[RHS]][%[[L]], %{{.*}}] : memref<128x128xf32>, vector<128xf32>
// CHECK: %[[A:.*]] = vector.load %[[ACC]][%[[I]], %{{.*}}]
// CHECK: %[[S:.*]] = vector.fma %[[XS]], %[[Y]], %[[A]] : vector<128xf32>
// CHECK: vector.store %[[S]], %[[ACC]][%[[I]], %{{.*}}]
// CHECK-COUNT-16: vector.load %[[ACC]]
// CHECK: %[[TX:.*]] = vector.load %[[LHS]][%{{.*}}, %{{.*}}] : memref<16x128xf32>, vector<128xf32>
// CHECK: %[[TY:.*]] = vector.load %[[RHS]][%{{.*}}, %{{.*}}] : memref<128x128xf32>, vector<128xf32>
// CHECK: %[[TP:.*]] = arith.mulf %[[TX]], %[[TY]]
// CHECK: vector.reduction <add>, %[[TP]], %{{.*}} : vector<128xf32> into f32
// CHECK: func.func private @hlo_tpu_sim_error(i64, i64)
// CHECK: func.func private @hlo_tpu_sim_count_dma(i64)
// CHECK-NOT: memory_space
func.func @registers(%row: vector<1x128xf32>, %column: vector<8x1xf32>,
                     %a: vector<16x128xbf16>, %b: vector<128x128xbf16>,
                     %acc: vector<16x128xf32>) -> (vector<8x1xf32>, vector<1x128xf32>, vector<16x128xf32>) {
  %0 = tpu.broadcast_sublanes %row : vector<1x128xf32> -> vector<8x128xf32>
  %1 = tpu.broadcast_lanes %column : vector<8x1xf32> -> vector<8x128xf32>
  %2 = tpu.reduce_lanes <sum> %0 : vector<8x128xf32> -> vector<8x1xf32>
  %3 = tpu.reduce_sublanes <max> %1 : vector<8x128xf32> -> vector<1x128xf32>
  %4 = tpu.matmul %a, %b, %acc : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
  %5 = tpu.matmul %a, %b, %4 transpose_rhs : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
  return %2, %3, %5 : vector<8x1xf32>, vector<1x128xf32>, vector<16x128xf32>
}
}
