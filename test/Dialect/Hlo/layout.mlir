// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// The memref layout #hlo.layout: printed and parsed, and its affine map
// (what memref verification and normalization see) checked through
// `affine.apply` of the same map spelled out.

// CHECK-LABEL: func.func @row_major
// CHECK-SAME: memref<4x3xf32, #hlo.layout<minor_to_major = [1, 0]>>
func.func @row_major(%m: memref<4x3xf32, #hlo.layout<minor_to_major = [1, 0]>>) {
  return
}

// CHECK-LABEL: func.func @column_major
// CHECK-SAME: memref<4x3xf32, #hlo.layout<minor_to_major = [0, 1]>>
func.func @column_major(%m: memref<4x3xf32, #hlo.layout<minor_to_major = [0, 1]>>) {
  return
}

// CHECK-LABEL: func.func @tiled
// CHECK-SAME: memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>>
// CHECK-SAME: memref<2x3x32x256xbf16, #hlo.layout<minor_to_major = [3, 2, 1, 0], tiles = {{\[\[}}16, 128]]>>
// CHECK-SAME: memref<5x7xbf16, #hlo.layout<minor_to_major = [0, 1], tiles = {{\[\[}}8, 128], [2, 1]]>>
// CHECK-SAME: memref<300xf32, #hlo.layout<minor_to_major = [0], tiles = {{\[\[}}128]]>>
func.func @tiled(%a: memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>,
                 %b: memref<2x3x32x256xbf16, #hlo.layout<minor_to_major = [3, 2, 1, 0], tiles = [[16, 128]]>>,
                 %c: memref<5x7xbf16, #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 128], [2, 1]]>>,
                 %d: memref<300xf32, #hlo.layout<minor_to_major = [0], tiles = [[128]]>>) {
  return
}

// A dimension that is not a multiple of its tile is padded, not an error.
// CHECK-LABEL: func.func @padded
// CHECK-SAME: memref<10x200xf32, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>>
func.func @padded(%a: memref<10x200xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>) {
  return
}

// Loads through the layout keep the logical indexing.
// CHECK-LABEL: func.func @load
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>>
func.func @load(%a: memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>, %i: index, %j: index) -> f32 {
  %v = memref.load %a[%i, %j] : memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>
  return %v : f32
}
