// RUN: hlo-opt %s --normalize-memrefs | FileCheck %s
// #hlo.layout's affine map, seen through upstream memref normalization: a
// tiled memref becomes the array of its tiles (dimensions padded up to whole
// tiles), indices split into tile index (floordiv) and index in the tile
// (mod); a column-major one becomes its transpose; XLA's nested tiling
// T(8,128)(2,1) tiles the tiles.

// CHECK-DAG: #[[DIV8:.*]] = affine_map<()[s0, s1] -> (s0 floordiv 8)>
// CHECK-DAG: #[[DIV128:.*]] = affine_map<()[s0, s1] -> (s1 floordiv 128)>
// CHECK-DAG: #[[MOD8:.*]] = affine_map<()[s0, s1] -> (s0 mod 8)>
// CHECK-DAG: #[[MOD128:.*]] = affine_map<()[s0, s1] -> (s1 mod 128)>
// CHECK-DAG: #[[S0:.*]] = affine_map<()[s0, s1] -> (s0)>
// CHECK-DAG: #[[S1:.*]] = affine_map<()[s0, s1] -> (s1)>
// CHECK-DAG: #[[MOD8DIV2:.*]] = affine_map<()[s0, s1] -> ((s0 mod 8) floordiv 2)>
// CHECK-DAG: #[[MOD2:.*]] = affine_map<()[s0, s1] -> (s0 mod 2)>
// CHECK-DAG: #[[ZERO:.*]] = affine_map<()[s0, s1] -> (0)>

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x2x8x128xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<3x4xf32>
// CHECK: %[[C:.*]] = memref.alloc() : memref<1x1x4x128x2x1xbf16>
// CHECK: %[[A0:.*]] = affine.apply #[[DIV8]]()[%[[I]], %[[J]]]
// CHECK: %[[A1:.*]] = affine.apply #[[DIV128]]()[%[[I]], %[[J]]]
// CHECK: %[[A2:.*]] = affine.apply #[[MOD8]]()[%[[I]], %[[J]]]
// CHECK: %[[A3:.*]] = affine.apply #[[MOD128]]()[%[[I]], %[[J]]]
// CHECK: memref.load %[[A]][%[[A0]], %[[A1]], %[[A2]], %[[A3]]] : memref<2x2x8x128xf32>
// CHECK: %[[B0:.*]] = affine.apply #[[S0]]()[%[[J]], %[[I]]]
// CHECK: %[[B1:.*]] = affine.apply #[[S1]]()[%[[J]], %[[I]]]
// CHECK: memref.load %[[B]][%[[B0]], %[[B1]]] : memref<3x4xf32>
// CHECK: %[[C0:.*]] = affine.apply #[[DIV8]]()[%[[J]], %[[I]]]
// CHECK: %[[C1:.*]] = affine.apply #[[DIV128]]()[%[[J]], %[[I]]]
// CHECK: %[[C2:.*]] = affine.apply #[[MOD8DIV2]]()[%[[J]], %[[I]]]
// CHECK: %[[C3:.*]] = affine.apply #[[MOD128]]()[%[[J]], %[[I]]]
// CHECK: %[[C4:.*]] = affine.apply #[[MOD2]]()[%[[J]], %[[I]]]
// CHECK: %[[C5:.*]] = affine.apply #[[ZERO]]()[%[[J]], %[[I]]]
// CHECK: memref.load %[[C]][%[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]]] : memref<1x1x4x128x2x1xbf16>
func.func @f(%i: index, %j: index) -> f32 {
  %a = memref.alloc() : memref<10x200xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>
  %b = memref.alloc() : memref<4x3xf32, #hlo.layout<minor_to_major = [0, 1]>>
  %c = memref.alloc() : memref<5x7xbf16, #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 128], [2, 1]]>>
  %v = memref.load %a[%i, %j] : memref<10x200xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>
  %w = memref.load %b[%i, %j] : memref<4x3xf32, #hlo.layout<minor_to_major = [0, 1]>>
  %x = memref.load %c[%i, %j] : memref<5x7xbf16, #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 128], [2, 1]]>>
  %s = arith.addf %v, %w : f32
  return %s : f32
}
