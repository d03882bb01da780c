// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors{target-features=+avx512bf16,+avx512vnni}))' | FileCheck %s
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors{target-features=+amx-tile,+amx-bf16,+avx512bf16,+avx512vnni}))' | FileCheck %s --check-prefix=MIXED
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors))' | FileCheck %s --check-prefix=PORTABLE

// A bf16 matmul of whole register tiles: A read in place (one broadcast
// word, a pair of k values, per row and k group), B packed into
// k-interleaved panels, 8 x 32 tiles of vdpbf16ps accumulators carried
// through the loop over k groups.
// CHECK-LABEL: func.func @bf16_whole_tiles
// CHECK:         %[[PANELS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x32x32xbf16>
// CHECK:         vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         scf.for
// CHECK-COUNT-16: vector.load %arg2{{.*}} : memref<16x64xf32>, vector<16xf32>
// CHECK:         scf.for {{.*}} iter_args
// CHECK:           vector.load %[[PANELS]]{{.*}} : memref<4x32x32xbf16>, vector<32xbf16>
// CHECK:           vector.load %arg0{{.*}} : memref<16x64xbf16>, vector<2xbf16>
// CHECK:           vector.broadcast {{.*}} : i32 to vector<16xi32>
// CHECK-COUNT-2:   x86vector.avx512.dot {{.*}} : vector<32xbf16> -> vector<16xf32>
// CHECK:         vector.store {{.*}}, %arg2
// CHECK:         memref.dealloc %[[PANELS]]
// CHECK-NOT:     linalg.matmul
// MIXED-LABEL: func.func @bf16_whole_tiles
// MIXED:         amx.tile_mulf
// MIXED-NOT:     x86vector
// PORTABLE-LABEL: func.func @bf16_whole_tiles
// PORTABLE:         linalg.matmul
func.func @bf16_whole_tiles(%a: memref<16x64xbf16>, %b: memref<64x64xbf16>, %c: memref<16x64xf32>) {
  linalg.matmul ins(%a, %b : memref<16x64xbf16>, memref<64x64xbf16>) outs(%c : memref<16x64xf32>)
  return
}

// int8 at odd sizes: A copied with zero k columns up to whole quads, C
// padded to whole column tiles (and copied back), B's tails packed
// element by element; 128 x B's column sums (vpdpbusd of 0x80 bytes) is
// subtracted from C before the sign-flipped (unsigned) quads of A are
// multiplied; the 3 rows past the last whole tile form a tile of their own.
// CHECK-LABEL: func.func @int8_tails
// CHECK:         %[[SIGNS:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<11x72xi8>
// CHECK-DAG:     %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<11x32xi32>
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<2x18x64xi8>
// CHECK:         memref.load %arg1
// CHECK:         scf.for
// CHECK:           llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[SIGNS]], %{{.*}})
// CHECK:           arith.subi
// CHECK:           arith.xori %{{.*}}, %[[SIGNS]]
// CHECK:           llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK-COUNT-16:  vector.store {{.*}}, %[[C]]
// CHECK:           scf.for {{.*}} -> (vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>, vector<16xi32>)
// CHECK-COUNT-6:   vector.store {{.*}}, %[[C]][%c{{8|9|10}}
// CHECK:         linalg.copy
// MIXED-LABEL: func.func @int8_tails
// MIXED:         llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// MIXED-NOT:     amx.
// PORTABLE-LABEL: func.func @int8_tails
// PORTABLE:         linalg.matmul
func.func @int8_tails(%a: memref<11x70xi8>, %b: memref<70x19xi8>, %c: memref<11x19xi32>) {
  linalg.matmul ins(%a, %b : memref<11x70xi8>, memref<70x19xi8>) outs(%c : memref<11x19xi32>)
  return
}

// f32 matmuls, unsigned casts and dynamic shapes are not the kernel's.
// CHECK-LABEL: func.func @others
// CHECK-COUNT-3: linalg.matmul
// CHECK-NOT:     x86vector
// CHECK-NOT:     llvm.call_intrinsic
func.func @others(%a: memref<32x32xf32>, %c: memref<32x32xf32>, %i: memref<32x64xi8>, %j: memref<64x32xi8>, %k: memref<32x32xi32>, %d: memref<?x64xbf16>, %e: memref<64x32xbf16>, %f: memref<?x32xf32>) {
  linalg.matmul ins(%a, %a : memref<32x32xf32>, memref<32x32xf32>) outs(%c : memref<32x32xf32>)
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%i, %j : memref<32x64xi8>, memref<64x32xi8>) outs(%k : memref<32x32xi32>)
  linalg.matmul ins(%d, %e : memref<?x64xbf16>, memref<64x32xbf16>) outs(%f : memref<?x32xf32>)
  return
}
