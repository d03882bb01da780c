// RUN: hlo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(hlo-parallelize{threads=2 min-iterations=64}))' | FileCheck %s
// RUN: hlo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(hlo-parallelize{threads=1}))' | FileCheck %s --check-prefix=ONE

// An elementwise op: two chunks of 512 elements, one per thread.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<1024xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<1024xf32>
// CHECK:         %[[R:.*]] = scf.forall (%[[I:.*]]) = (0) to (1024) step (512) shared_outs(%[[OUT:.*]] = %[[INIT]]) -> (tensor<1024xf32>)
// CHECK:           %[[SLICE:.*]] = tensor.extract_slice %[[A]][%[[I]]] [512] [1]
// CHECK:           %[[TILE:.*]] = linalg.generic {{.*}} ins(%[[SLICE]], %{{.*}} : tensor<512xf32>, tensor<512xf32>)
// CHECK:           scf.forall.in_parallel
// CHECK:             tensor.parallel_insert_slice %[[TILE]] into %[[OUT]][%[[I]]] [512] [1]
// CHECK:         return %[[R]]
// ONE-LABEL: func.func @elementwise
// ONE-NOT:     scf.forall
#id = affine_map<(d0) -> (d0)>
func.func @elementwise(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %init = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<1024xf32>, tensor<1024xf32>) outs(%init : tensor<1024xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A row reduction splits its rows (the parallel loop), not the reduced
// columns.
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.forall (%{{.*}}) = (0) to (64) step (32)
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<32x128xf32>)
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%x: tensor<64x128xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// The reduced dimension comes first: the first parallel loop is d1.
// CHECK-LABEL: func.func @column_sum
// CHECK:         scf.forall (%{{.*}}) = (0) to (128) step (64)
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<64x64xf32>)
#cin = affine_map<(d0, d1) -> (d0, d1)>
#cout = affine_map<(d0, d1) -> (d1)>
func.func @column_sum(%x: tensor<64x128xf32>, %init: tensor<128xf32>) -> tensor<128xf32> {
  %r = linalg.generic {indexing_maps = [#cin, #cout], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%init : tensor<128xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// -----

// Stay on one thread: a full reduction (no parallel loop), an odd extent,
// an iteration space below min-iterations, an op inside a loop.
// CHECK-LABEL: func.func @stays
// CHECK-NOT:     scf.forall
// CHECK:         return
#fin = affine_map<(d0) -> (d0)>
#fout = affine_map<(d0) -> ()>
#id1 = affine_map<(d0) -> (d0)>
func.func @stays(%x: tensor<4096xf32>, %acc: tensor<f32>, %odd: tensor<999xf32>,
                 %small: tensor<32xf32>) -> (tensor<f32>, tensor<999xf32>, tensor<32xf32>, tensor<4096xf32>) {
  %sum = linalg.generic {indexing_maps = [#fin, #fout], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %a: f32):
    %s = arith.addf %v, %a : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %o = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%odd : tensor<999xf32>) outs(%odd : tensor<999xf32>) {
  ^bb0(%v: f32, %a: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<999xf32>
  %sm = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%small : tensor<32xf32>) outs(%small : tensor<32xf32>) {
  ^bb0(%v: f32, %a: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %x) -> (tensor<4096xf32>) {
    %n = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
        ins(%t : tensor<4096xf32>) outs(%t : tensor<4096xf32>) {
    ^bb0(%v: f32, %a: f32):
      %s = arith.mulf %v, %v : f32
      linalg.yield %s : f32
    } -> tensor<4096xf32>
    scf.yield %n : tensor<4096xf32>
  }
  return %sum, %o, %sm, %l : tensor<f32>, tensor<999xf32>, tensor<32xf32>, tensor<4096xf32>
}
