// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors{target-features=+amx-tile,+amx-bf16,+amx-int8}))' | FileCheck %s
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors))' | FileCheck %s --check-prefix=PORTABLE

// A bf16 matmul of whole tiles reads A in place, packs B into
// k-interleaved panels (two rows of B per 32-element panel row) and runs
// 2x2 blocks of accumulator tiles.
// CHECK-LABEL: func.func @bf16_whole_tiles
// CHECK:         %[[PANELS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x32x32xbf16>
// CHECK:         vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         vector.store {{.*}}, %[[PANELS]]
// CHECK-COUNT-4: amx.tile_load %arg2
// CHECK:         amx.tile_load %arg0{{.*}} into !amx.tile<16x32xbf16>
// CHECK:         amx.tile_load %[[PANELS]]{{.*}} into !amx.tile<16x32xbf16>
// CHECK:         amx.tile_mulf
// CHECK:         amx.tile_store %arg2
// CHECK:         memref.dealloc %[[PANELS]]
// CHECK-NOT:     linalg.matmul
// PORTABLE-LABEL: func.func @bf16_whole_tiles
// PORTABLE:         linalg.matmul
func.func @bf16_whole_tiles(%a: memref<32x64xbf16>, %b: memref<64x64xbf16>, %c: memref<32x64xf32>) {
  linalg.matmul ins(%a, %b : memref<32x64xbf16>, memref<64x64xbf16>) outs(%c : memref<32x64xf32>)
  return
}

// Odd sizes: A and C padded to whole tiles (zero-filled copies, C copied
// back), B's tails packed element by element; i8 panels interleave four
// rows.
// CHECK-LABEL: func.func @int8_tails
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<32x128xi8>
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<32x32xi32>
// CHECK-DAG:     memref.alloc() {alignment = 64 : i64} : memref<2x32x64xi8>
// CHECK:         vector.interleave {{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK:         memref.load %arg1
// CHECK:         amx.tile_muli
// CHECK:         linalg.copy
// PORTABLE-LABEL: func.func @int8_tails
// PORTABLE:         linalg.matmul
func.func @int8_tails(%a: memref<17x70xi8>, %b: memref<70x19xi8>, %c: memref<17x19xi32>) {
  linalg.matmul ins(%a, %b : memref<17x70xi8>, memref<70x19xi8>) outs(%c : memref<17x19xi32>)
  return
}

// f32 matmuls and unsigned casts are not the kernel's.
// CHECK-LABEL: func.func @others
// CHECK-COUNT-2: linalg.matmul
// CHECK-NOT:     amx.
func.func @others(%a: memref<32x32xf32>, %c: memref<32x32xf32>, %i: memref<32x64xi8>, %j: memref<64x32xi8>, %k: memref<32x32xi32>) {
  linalg.matmul ins(%a, %a : memref<32x32xf32>, memref<32x32xf32>) outs(%c : memref<32x32xf32>)
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%i, %j : memref<32x64xi8>, memref<64x32xi8>) outs(%k : memref<32x32xi32>)
  return
}
