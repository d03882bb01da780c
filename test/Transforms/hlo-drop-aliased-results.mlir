// RUN: hlo-opt %s -split-input-file --hlo-drop-aliased-results | FileCheck %s

// Computed in place: the result is the argument's buffer; it leaves the
// signature, with the aliasing attribute.
// CHECK-LABEL: func.func @in_place(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NOT:     memref.copy
// CHECK:         return{{$}}
func.func @in_place(%a: memref<4xf32> {hlo.result_alias = 0 : i64}, %b: memref<4xf32>) -> memref<4xf32> {
  linalg.add ins(%a, %b : memref<4xf32>, memref<4xf32>) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}

// -----

// Computed elsewhere: copied into the argument last; results that are
// views of the argument (here the argument itself, reshaped) are copied
// out first.
// CHECK-LABEL: func.func @copied(%arg0: memref<4xf32>) -> (memref<2x2xf32>, memref<4xf32>) {
// CHECK:         %[[R:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[V:.*]] = memref.expand_shape %arg0
// CHECK:         %[[SAVED:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK-NEXT:    memref.copy %[[V]], %[[SAVED]]
// CHECK-NEXT:    memref.copy %[[R]], %arg0
// CHECK-NEXT:    return %[[SAVED]], %[[R]]
func.func @copied(%a: memref<4xf32> {hlo.result_alias = 1 : i64, hlo.must_alias}) -> (memref<2x2xf32>, memref<4xf32>, memref<4xf32>) {
  %r = memref.alloc() : memref<4xf32>
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%r : memref<4xf32>)
  %v = memref.expand_shape %a [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  return %v, %r, %r : memref<2x2xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// Private functions and functions without aliasing are left alone.
// CHECK-LABEL: func.func private @callee(%arg0: memref<4xf32> {hlo.result_alias = 0 : i64}) -> memref<4xf32>
func.func private @callee(%a: memref<4xf32> {hlo.result_alias = 0 : i64}) -> memref<4xf32> {
  return %a : memref<4xf32>
}
