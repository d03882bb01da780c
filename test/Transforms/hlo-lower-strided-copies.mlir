// RUN: hlo-opt %s --hlo-lower-strided-copies -split-input-file | FileCheck %s

// A copy out of a strided window and one into a slice of a larger buffer
// become linalg.copy (loops LLVM vectorizes), not calls of memrefCopy.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[A:.*]]: memref<8x18x18x16xf32>, %[[B:.*]]: memref<8x16x16x16xf32>, %[[C:.*]]: memref<8x16x9x16xf32>)
// CHECK: %[[W:.*]] = memref.subview %[[A]][0, 1, 1, 0] [8, 16, 16, 16] [1, 1, 1, 1]
// CHECK: linalg.copy ins(%[[W]] : memref<8x16x16x16xf32, strided<[5184, 288, 16, 1], offset: 304>>) outs(%[[B]] : memref<8x16x16x16xf32>)
// CHECK: %[[S:.*]] = memref.subview %[[C]][0, 0, 2, 0] [8, 16, 1, 16] [1, 1, 1, 1]
// CHECK: linalg.copy ins(%{{.*}} : memref<8x16x1x16xf32>) outs(%[[S]] : memref<8x16x1x16xf32, strided<[2304, 144, 16, 1], offset: 32>>)
// CHECK-NOT: memref.copy
func.func @strided(%a: memref<8x18x18x16xf32>, %b: memref<8x16x16x16xf32>, %c: memref<8x16x9x16xf32>) {
  %w = memref.subview %a[0, 1, 1, 0] [8, 16, 16, 16] [1, 1, 1, 1] : memref<8x18x18x16xf32> to memref<8x16x16x16xf32, strided<[5184, 288, 16, 1], offset: 304>>
  memref.copy %w, %b : memref<8x16x16x16xf32, strided<[5184, 288, 16, 1], offset: 304>> to memref<8x16x16x16xf32>
  %t = memref.alloc() : memref<8x16x1x16xf32>
  %s = memref.subview %c[0, 0, 2, 0] [8, 16, 1, 16] [1, 1, 1, 1] : memref<8x16x9x16xf32> to memref<8x16x1x16xf32, strided<[2304, 144, 16, 1], offset: 32>>
  memref.copy %t, %s : memref<8x16x1x16xf32> to memref<8x16x1x16xf32, strided<[2304, 144, 16, 1], offset: 32>>
  memref.dealloc %t : memref<8x16x1x16xf32>
  return
}

// -----

// Left alone: contiguous copies (one memcpy, also through a subview of
// whole rows), 0-d and dynamically shaped copies.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: memref.copy
// CHECK-NOT: linalg.copy
func.func @left_alone(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<f32>, %d: memref<f32>, %e: memref<?x8xf32>, %f: memref<?x8xf32>, %g: memref<2x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  %rows = memref.subview %a[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %rows, %g : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32>
  memref.copy %c, %d : memref<f32> to memref<f32>
  memref.copy %e, %f : memref<?x8xf32> to memref<?x8xf32>
  return
}
