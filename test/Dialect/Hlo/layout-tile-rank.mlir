// RUN: hlo-opt %s --normalize-memrefs | FileCheck %s
// A tile of more dimensions than the memref (XLA's f32[200]{0:T(2,128)})
// applies to the memref with leading dimensions of size 1 added: the array
// of 1 x 2 tiles of 2 x 128, the missing dimension's index 0.

// CHECK-DAG: #[[ZERO:.*]] = affine_map<()[s0] -> (0)>
// CHECK-DAG: #[[DIV:.*]] = affine_map<()[s0] -> (s0 floordiv 128)>
// CHECK-DAG: #[[MOD:.*]] = affine_map<()[s0] -> (s0 mod 128)>
// CHECK-LABEL: func.func @vector_tiled_in_two_dimensions
// CHECK: %[[A:.*]] = memref.alloc() : memref<1x2x1x128xf32>
// CHECK: %[[T0:.*]] = affine.apply #[[ZERO]]()[%[[I:.*]]]
// CHECK: %[[T1:.*]] = affine.apply #[[DIV]]()[%[[I]]]
// CHECK: %[[T2:.*]] = affine.apply #[[ZERO]]()[%[[I]]]
// CHECK: %[[T3:.*]] = affine.apply #[[MOD]]()[%[[I]]]
// CHECK: memref.load %[[A]][%[[T0]], %[[T1]], %[[T2]], %[[T3]]] : memref<1x2x1x128xf32>
func.func @vector_tiled_in_two_dimensions(%i: index) -> f32 {
  %a = memref.alloc() : memref<200xf32, #hlo.layout<minor_to_major = [0], tiles = [[2, 128]]>>
  %x = memref.load %a[%i] : memref<200xf32, #hlo.layout<minor_to_major = [0], tiles = [[2, 128]]>>
  return %x : f32
}

// A scalar's layout may carry a tile too (s32[]{:T(128)}).
// CHECK-LABEL: func.func @tiled_scalar
// CHECK: memref<i32, #hlo.layout<minor_to_major = [], tiles = {{\[\[}}128]]>>
func.func @tiled_scalar() -> i32 {
  %b = memref.alloc() : memref<i32, #hlo.layout<minor_to_major = [], tiles = [[128]]>>
  %y = memref.load %b[] : memref<i32, #hlo.layout<minor_to_major = [], tiles = [[128]]>>
  return %y : i32
}
