// RUN: hlo-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(hlo-results-in-out-params))" | FileCheck %s

func.func private @kernel(memref<8xf32>, memref<8xf32>)

// A result a call computes into an allocation is computed in the
// out-parameter; the final copy goes.
// CHECK-LABEL: func.func @stage(
// CHECK-SAME:      %[[X:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<8xf32> {bufferize.result})
// CHECK-NOT:     memref.alloc
// CHECK:         call @kernel(%[[X]], %[[OUT]])
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @stage(%x: memref<8xf32>, %out: memref<8xf32> {bufferize.result}) {
  %a = memref.alloc() : memref<8xf32>
  call @kernel(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  return
}

// -----

func.func private @kernel(memref<8xf32>, memref<8xf32>)

// A reshape of the allocation is returned: the allocation becomes the
// inverse reshape of the out-parameter.
// CHECK-LABEL: func.func @reshaped(
// CHECK-SAME:      %[[X:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<2x4xf32> {bufferize.result})
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<2x4xf32> into memref<8xf32>
// CHECK:         call @kernel(%[[X]], %[[FLAT]])
// CHECK-NOT:     memref.copy
func.func @reshaped(%x: memref<8xf32>, %out: memref<2x4xf32> {bufferize.result}) {
  %a = memref.alloc() : memref<8xf32>
  call @kernel(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
  %e = memref.expand_shape %a [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  memref.copy %e, %out : memref<2x4xf32> to memref<2x4xf32>
  return
}

// -----

func.func private @kernel2(memref<2x4xf32>, memref<2x4xf32>)

// The other way round: a collapsed allocation is returned.
// CHECK-LABEL: func.func @collapsed(
// CHECK-SAME:      %[[X:.*]]: memref<2x4xf32>, %[[OUT:.*]]: memref<8xf32> {bufferize.result})
// CHECK:         %[[TILE:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
// CHECK:         call @kernel2(%[[X]], %[[TILE]])
// CHECK-NOT:     memref.copy
func.func @collapsed(%x: memref<2x4xf32>, %out: memref<8xf32> {bufferize.result}) {
  %a = memref.alloc() : memref<2x4xf32>
  call @kernel2(%x, %a) : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  %c = memref.collapse_shape %a [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  memref.copy %c, %out : memref<8xf32> to memref<8xf32>
  return
}

// -----

func.func private @kernel(memref<8xf32>, memref<8xf32>)

// Left alone: a copy that is not among the copies ending the function (the
// buffer is read after it), an argument that is not an out-parameter, and
// an out-parameter used elsewhere.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-3: memref.alloc
// CHECK:         memref.copy %{{.*}}, %arg1
// CHECK:         memref.copy %{{.*}}, %arg2
// CHECK:         memref.copy %{{.*}}, %arg3
func.func @kept(%x: memref<8xf32>, %out0: memref<8xf32> {bufferize.result},
                %notout: memref<8xf32>, %out2: memref<8xf32> {bufferize.result}) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() : memref<8xf32>
  call @kernel(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
  call @kernel(%x, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  call @kernel(%out2, %c) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.copy %a, %out0 : memref<8xf32> to memref<8xf32>
  call @kernel(%a, %x) : (memref<8xf32>, memref<8xf32>) -> ()
  memref.copy %b, %notout : memref<8xf32> to memref<8xf32>
  memref.copy %c, %out2 : memref<8xf32> to memref<8xf32>
  return
}
