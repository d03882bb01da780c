// RUN: hlo-opt %s --split-input-file --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s
// RUN: hlo-opt %s --split-input-file --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s --check-prefix=BOUND

// Producers read several times inside a fusion are not copied once per
// path. A chain of x + x feeding a dot and its epilogue (an output
// fusion) was elementwise-fused copy by copy, 2^depth operations: 10 deep
// took over a minute (a random 56-op module of utils/difftest.py, seed 81,
// did not compile). The chain's generics are merged first, as in loop
// fusions: one body of 24 adds, recomputed per use of the chain in the tile.
// CHECK-LABEL: func.func @deep_shared_chain
// CHECK:         linalg.generic
// CHECK:           math.absf
// CHECK-COUNT-24:  arith.addf
// CHECK-NEXT:      linalg.yield
func.func @deep_shared_chain(%a: tensor<33x33xf32>) -> tensor<33x33xf32> {
  %v0 = hlo.abs %a : tensor<33x33xf32>
  %v1 = hlo.add %v0, %v0 : tensor<33x33xf32>
  %v2 = hlo.add %v1, %v1 : tensor<33x33xf32>
  %v3 = hlo.add %v2, %v2 : tensor<33x33xf32>
  %v4 = hlo.add %v3, %v3 : tensor<33x33xf32>
  %v5 = hlo.add %v4, %v4 : tensor<33x33xf32>
  %v6 = hlo.add %v5, %v5 : tensor<33x33xf32>
  %v7 = hlo.add %v6, %v6 : tensor<33x33xf32>
  %v8 = hlo.add %v7, %v7 : tensor<33x33xf32>
  %v9 = hlo.add %v8, %v8 : tensor<33x33xf32>
  %v10 = hlo.add %v9, %v9 : tensor<33x33xf32>
  %v11 = hlo.add %v10, %v10 : tensor<33x33xf32>
  %v12 = hlo.add %v11, %v11 : tensor<33x33xf32>
  %v13 = hlo.add %v12, %v12 : tensor<33x33xf32>
  %v14 = hlo.add %v13, %v13 : tensor<33x33xf32>
  %v15 = hlo.add %v14, %v14 : tensor<33x33xf32>
  %v16 = hlo.add %v15, %v15 : tensor<33x33xf32>
  %v17 = hlo.add %v16, %v16 : tensor<33x33xf32>
  %v18 = hlo.add %v17, %v17 : tensor<33x33xf32>
  %v19 = hlo.add %v18, %v18 : tensor<33x33xf32>
  %v20 = hlo.add %v19, %v19 : tensor<33x33xf32>
  %v21 = hlo.add %v20, %v20 : tensor<33x33xf32>
  %v22 = hlo.add %v21, %v21 : tensor<33x33xf32>
  %v23 = hlo.add %v22, %v22 : tensor<33x33xf32>
  %v24 = hlo.add %v23, %v23 : tensor<33x33xf32>
  %d = hlo.dot_general %v24, %v24, contracting_dims = [1] x [0] : (tensor<33x33xf32>, tensor<33x33xf32>) -> tensor<33x33xf32>
  %m = hlo.maximum %d, %v24 : tensor<33x33xf32>
  return %m : tensor<33x33xf32>
}

// -----

// A producer that stays (another of its results is returned) is copied
// into a consumer that cannot be merged with it (it reads it transposed)
// while its body is small, and read from memory once it is larger than 24
// operations.
// BOUND-LABEL: func.func @large_body_stays
// BOUND:         %[[BIG:.*]]:2 = linalg.generic
// BOUND-COUNT-13:  arith.mulf
// BOUND:         linalg.generic {{.*}} ins(%[[BIG]]#0
// BOUND-NOT:       arith.mulf
// BOUND:           math.exp
// BOUND-LABEL: func.func @small_body_is_recomputed
// BOUND:         linalg.generic
// BOUND:           arith.mulf
// BOUND:           math.exp
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @large_body_stays(%a: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %r:2 = scf.execute_region -> (tensor<16x16xf32>, tensor<16x16xf32>) no_inline {
    %e0 = tensor.empty() : tensor<16x16xf32>
    %e1 = tensor.empty() : tensor<16x16xf32>
    %g:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x16xf32>) outs(%e0, %e1 : tensor<16x16xf32>, tensor<16x16xf32>) {
    ^bb0(%in: f32, %o0: f32, %o1: f32):
      %x0 = arith.mulf %in, %in : f32
      %x1 = arith.subf %x0, %in : f32
      %x2 = arith.mulf %x1, %in : f32
      %x3 = arith.subf %x2, %in : f32
      %x4 = arith.mulf %x3, %in : f32
      %x5 = arith.subf %x4, %in : f32
      %x6 = arith.mulf %x5, %in : f32
      %x7 = arith.subf %x6, %in : f32
      %x8 = arith.mulf %x7, %in : f32
      %x9 = arith.subf %x8, %in : f32
      %x10 = arith.mulf %x9, %in : f32
      %x11 = arith.subf %x10, %in : f32
      %x12 = arith.mulf %x11, %in : f32
      %x13 = arith.subf %x12, %in : f32
      %x14 = arith.mulf %x13, %in : f32
      %x15 = arith.subf %x14, %in : f32
      %x16 = arith.mulf %x15, %in : f32
      %x17 = arith.subf %x16, %in : f32
      %x18 = arith.mulf %x17, %in : f32
      %x19 = arith.subf %x18, %in : f32
      %x20 = arith.mulf %x19, %in : f32
      %x21 = arith.subf %x20, %in : f32
      %x22 = arith.mulf %x21, %in : f32
      %x23 = arith.subf %x22, %in : f32
      %x24 = arith.mulf %x23, %in : f32
      %x25 = arith.subf %x24, %in : f32
      %s = math.sqrt %in : f32
      linalg.yield %x25, %s : f32, f32
    } -> (tensor<16x16xf32>, tensor<16x16xf32>)
    %e2 = tensor.empty() : tensor<16x16xf32>
    %c = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%g#0 : tensor<16x16xf32>) outs(%e2 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %o: f32):
      %x = math.exp %in : f32
      linalg.yield %x : f32
    } -> tensor<16x16xf32>
    scf.yield %c, %g#1 : tensor<16x16xf32>, tensor<16x16xf32>
  } {hlo.fusion_kind = #hlo<fusion_kind loop>}
  return %r#0, %r#1 : tensor<16x16xf32>, tensor<16x16xf32>
}

func.func @small_body_is_recomputed(%a: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %r:2 = scf.execute_region -> (tensor<16x16xf32>, tensor<16x16xf32>) no_inline {
    %e0 = tensor.empty() : tensor<16x16xf32>
    %e1 = tensor.empty() : tensor<16x16xf32>
    %g:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x16xf32>) outs(%e0, %e1 : tensor<16x16xf32>, tensor<16x16xf32>) {
    ^bb0(%in: f32, %o0: f32, %o1: f32):
      %x0 = arith.mulf %in, %in : f32
      %x1 = arith.subf %x0, %in : f32
      %s = math.sqrt %in : f32
      linalg.yield %x1, %s : f32, f32
    } -> (tensor<16x16xf32>, tensor<16x16xf32>)
    %e2 = tensor.empty() : tensor<16x16xf32>
    %c = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%g#0 : tensor<16x16xf32>) outs(%e2 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %o: f32):
      %x = math.exp %in : f32
      linalg.yield %x : f32
    } -> tensor<16x16xf32>
    scf.yield %c, %g#1 : tensor<16x16xf32>, tensor<16x16xf32>
  } {hlo.fusion_kind = #hlo<fusion_kind loop>}
  return %r#0, %r#1 : tensor<16x16xf32>, tensor<16x16xf32>
}
