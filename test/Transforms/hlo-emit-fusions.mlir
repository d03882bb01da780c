// RUN: hlo-opt %s -split-input-file --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions --hlo-cpu-bufferize | FileCheck %s --check-prefix=BUFFERS
// RUN: hlo-opt %s -split-input-file --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions=threads=2 --canonicalize --cse | FileCheck %s --check-prefix=THREADS

// softmax: one loop over rows; in it, the two row reductions, the
// exponentials written into the result row, and the division in place.
// With two threads: one chunk of 4 rows per thread, rows inside.
// THREADS-LABEL: func.func @softmax
// THREADS:         scf.forall (%[[C:.*]]) = (0) to (8) step (4) shared_outs(%[[SH:.*]] = %{{.*}}) -> (tensor<8x16xf32>)
// THREADS:           %[[CHUNK:.*]] = scf.for {{.*}} -> (tensor<4x16xf32>)
// THREADS:             linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<1x16xf32>)
// THREADS:           scf.forall.in_parallel
// THREADS:             tensor.parallel_insert_slice %[[CHUNK]] into %[[SH]][%[[C]], 0] [4, 16] [1, 1]
// CHECK-LABEL: func.func @softmax
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK:         %[[LOOP:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %[[EMPTY]])
// CHECK:           %[[ROW:.*]] = tensor.extract_slice %arg0[%[[I]], 0] [1, 16] [1, 1]
// CHECK:           %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[ROW]]
// CHECK:             arith.maximumf
// CHECK:           %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[ROW]], %[[MAX]]
// CHECK:             math.exp
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[EXP]]
// CHECK:           %[[DIV:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<1xf32>) outs(%[[EXP]] : tensor<1x16xf32>)
// CHECK:             arith.divf
// CHECK:           tensor.insert_slice %[[DIV]] into %[[OUT]][%[[I]], 0] [1, 16] [1, 1]
// CHECK:         return %[[LOOP]]
// After bufferization the row's values live in the result, written
// through a view of the out-parameter; only the two running scalars remain,
// on the stack: no heap allocation, no copy.
// BUFFERS-LABEL: func.func @softmax
// BUFFERS-SAME:    (%{{.*}}: memref<8x16xf32>, %[[RES:.*]]: memref<8x16xf32> {bufferize.result})
// BUFFERS-NOT:     memref.alloc(
// BUFFERS-COUNT-2: memref.alloca() {{.*}} : memref<1xf32>
// BUFFERS:         scf.for
// BUFFERS:           memref.subview %[[RES]]
// BUFFERS-NOT:     memref.alloc(
// BUFFERS-NOT:     memref.copy
// BUFFERS:         return
func.func @softmax(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %sub = hlo.subtract %x, %maxb : tensor<8x16xf32>
  %exp = hlo.exponential %sub : tensor<8x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %div = hlo.divide %exp, %sumb : tensor<8x16xf32>
  return %div : tensor<8x16xf32>
}

// -----

// dot + bias + relu: a loop over tiles of the product; the fill, the
// matmul and the epilogue (computing in place of the product) per tile.
// THREADS-LABEL: func.func @dot_epilogue
// THREADS:         scf.forall (%{{.*}}) = (0) to (128) step (64)
// THREADS:           scf.for {{.*}} step %c256
// THREADS:             linalg.fill {{.*}} -> tensor<64x256xf32>
// THREADS:             linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<64x256xf32>)
// CHECK-LABEL: func.func @dot_epilogue
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[FILL:.*]] = linalg.fill
// CHECK:             %[[MM:.*]] = linalg.matmul {{.*}} outs(%[[FILL]]
// CHECK:             %[[EP:.*]] = linalg.generic {{.*}} outs(%[[MM]]
// CHECK:               arith.addf
// CHECK:               arith.maximumf
// CHECK:             tensor.insert_slice %[[EP]]
// BUFFERS-LABEL: func.func @dot_epilogue
// BUFFERS-NOT:     memref.alloc
// BUFFERS:         linalg.matmul
// BUFFERS-NOT:     memref.alloc
// BUFFERS-NOT:     memref.copy
// BUFFERS:         return
func.func @dot_epilogue(%x: tensor<128x64xf32>, %w: tensor<64x512xf32>, %b: tensor<512xf32>) -> tensor<128x512xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x512xf32>) -> tensor<128x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<128x512xf32>
  %a = hlo.add %d, %bb : tensor<128x512xf32>
  %z = hlo.constant dense<0.0> : tensor<128x512xf32>
  %r = hlo.maximum %a, %z : tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

// -----

// Two reductions of the same rows become one generic with two results,
// computed row by row with their fills.
// A fusion returning two values stays on one thread.
// THREADS-LABEL: func.func @sibling_reductions
// THREADS-NOT:     scf.forall
// THREADS:         return
// CHECK-LABEL: func.func @sibling_reductions
// CHECK:         %[[R:.*]]:2 = scf.for
// CHECK:           linalg.fill
// CHECK:           linalg.fill
// CHECK:           %{{.*}}:2 = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:             arith.addf
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:             linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK-NOT:       linalg.generic
// CHECK:         return %[[R]]#0, %[[R]]#1
func.func @sibling_reductions(%x: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  %sq = hlo.multiply %x, %x : tensor<8x16xf32>
  %s2 = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %s, %s2 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A reduction with elementwise producers is one generic over each row.
// CHECK-LABEL: func.func @reduce_of_exp
// CHECK:         %[[R:.*]] = scf.for
// CHECK:           linalg.fill
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:             math.exp
// CHECK:             arith.addf
// CHECK-NOT:       linalg.generic
// CHECK:         return %[[R]]
func.func @reduce_of_exp(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %e = hlo.exponential %x : tensor<8x16xf32>
  %s = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Column reductions feeding their columns: strips of 16 columns per tile,
// so that every row's reads stay contiguous.
// CHECK-LABEL: func.func @column_normalize
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C16:.*]] iter_args
// CHECK:           tensor.extract_slice %arg0[0, %{{.*}}] [8, 16] [1, 1]
// CHECK:           iterator_types = ["reduction", "parallel"]
func.func @column_normalize(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0] : (tensor<8x64xf32>, tensor<f32>) -> tensor<64xf32>
  %b = hlo.broadcast_in_dim %s, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
  %d = hlo.divide %x, %b : tensor<8x64xf32>
  return %d : tensor<8x64xf32>
}
