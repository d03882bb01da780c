// RUN: hlo-opt --hlo-tpu-form-kernels %s | FileCheck %s

// A sort of bf16 keys with i32 payloads along the middle dimension of
// [2, 20, 3]: each array in two VMEM buffers [2, 16 + 32 + 16, 128] (its
// rows the sorted dimension between 16 rows of padding: the bf16 tile),
// DMA'd in from row 16; ceil(20 / 2) pairs of odd-even transposition
// phases, each a pass from one buffer into the other that reads a
// register's rows, the rows one below and one above, applies the
// comparator to (below, rows) and (rows, above), and selects per row: the
// next row's elements where the row is the first of its pair and the next
// goes first, the previous row's where it is the second and goes first.
// The i32 payload moves with the keys (two 8-row registers per step). The
// first buffers are DMA'd to the results.
// CHECK-LABEL: func.func @sort_pairs(
// CHECK-SAME: %[[K:.*]]: memref<2x20x3xbf16, #tpu.memory_space<hbm>>, %[[P:.*]]: memref<2x20x3xi32, #tpu.memory_space<hbm>>, %[[KO:.*]]: memref<2x20x3xbf16, #tpu.memory_space<hbm>>, %[[PO:.*]]: memref<2x20x3xi32, #tpu.memory_space<hbm>>)
// CHECK: %[[A:.*]] = memref.alloca() : memref<2x64x128xbf16, #tpu.memory_space<vmem>>
// CHECK: %[[B:.*]] = memref.alloca() : memref<2x64x128xbf16, #tpu.memory_space<vmem>>
// CHECK: %[[AW:.*]] = memref.subview %[[A]][0, 16, 0] [2, 20, 3] [1, 1, 1]
// CHECK: tpu.dma_start %[[K]], %[[AW]],
// CHECK: %[[PA:.*]] = memref.alloca() : memref<2x64x128xi32, #tpu.memory_space<vmem>>
// CHECK: %[[PB:.*]] = memref.alloca() : memref<2x64x128xi32, #tpu.memory_space<vmem>>
// CHECK: %[[PW:.*]] = memref.subview %[[PA]][0, 16, 0] [2, 20, 3] [1, 1, 1]
// CHECK: tpu.dma_start %[[P]], %[[PW]],
// CHECK: scf.for %{{.*}} = %{{.*}} to %c10 step
// CHECK: scf.for %[[O:.*]] = %{{.*}} to %c2
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %c32 step %c16
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %c128 step %c128
// CHECK: %[[ROW:.*]] = arith.addi %[[R]], %c16
// CHECK: %[[ABOVE:.*]] = arith.subi %[[ROW]], %c1
// CHECK: %[[BELOW:.*]] = arith.addi %[[ROW]], %c1
// CHECK: %[[X:.*]] = tpu.load %[[A]][%[[O]], %[[ROW]], %[[C]]] {{.*}} vector<16x128xbf16>
// CHECK: %[[UP:.*]] = tpu.load %[[A]][%[[O]], %[[BELOW]], %[[C]]]
// CHECK: %[[DOWN:.*]] = tpu.load %[[A]][%[[O]], %[[ABOVE]], %[[C]]]
// CHECK-COUNT-6: tpu.load %[[PA]]{{.*}} vector<8x128xi32>
// CHECK: %[[NEXTFIRST:.*]] = arith.cmpf olt, %[[UP]], %[[X]] : vector<16x128xbf16>
// CHECK: %[[SELFFIRST:.*]] = arith.cmpf olt, %[[X]], %[[DOWN]] : vector<16x128xbf16>
// CHECK: %[[TAKENEXT:.*]] = arith.andi %{{.*}}, %[[NEXTFIRST]]
// CHECK: %[[TAKEPREV:.*]] = arith.andi %{{.*}}, %[[SELFFIRST]]
// CHECK: %[[KEPT:.*]] = arith.select %[[TAKEPREV]], %[[DOWN]], %[[X]]
// CHECK: %[[NEW:.*]] = arith.select %[[TAKENEXT]], %[[UP]], %[[KEPT]]
// CHECK: tpu.store %[[NEW]], %[[B]][%[[O]], %[[ROW]], %[[C]]]
// CHECK-COUNT-2: tpu.store %{{.*}}, %[[PB]]
// CHECK: tpu.load %[[B]]
// CHECK: tpu.store %{{.*}}, %[[A]]
// CHECK: tpu.dma_start %[[AW]], %[[KO]],
// CHECK: tpu.dma_start %[[PW]], %[[PO]],
func.func @sort_pairs(%k: tensor<2x20x3xbf16>, %p: tensor<2x20x3xi32>) -> (tensor<2x20x3xbf16>, tensor<2x20x3xi32>) {
  %0:2 = "hlo.sort"(%k, %p) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<2x20x3xbf16>, tensor<2x20x3xi32>) -> (tensor<2x20x3xbf16>, tensor<2x20x3xi32>)
  return %0#0, %0#1 : tensor<2x20x3xbf16>, tensor<2x20x3xi32>
}
