// RUN: hlo-opt %s -split-input-file --hlo-copy-duplicate-results | FileCheck %s
// The whole CPU pipeline handles a repeated result (it used to crash in
// buffer-results-to-out-params).
// RUN: hlo-opt %s -split-input-file --hlo-cpu-pipeline | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @twice
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<3xf32>
// CHECK:         return %arg0, %[[C]], %arg1 : tensor<3xf32>, tensor<3xf32>, tensor<2xi32>
// PIPELINE-LABEL: llvm.func @twice
func.func @twice(%a: tensor<3xf32>, %b: tensor<2xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<2xi32>) {
  return %a, %a, %b : tensor<3xf32>, tensor<3xf32>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<?xf32>
// CHECK:         return %arg0, %[[C]]
func.func @dynamic(%a: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  return %a, %a : tensor<?xf32>, tensor<?xf32>
}

// -----

// Distinct results are left alone.
// CHECK-LABEL: func.func @distinct
// CHECK-NOT:     bufferization.alloc_tensor
func.func @distinct(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  return %a, %b : tensor<3xf32>, tensor<3xf32>
}

// -----

// One tensor.empty as both inits of a two-result generic (what CSE makes of
// two identical empties): bufferized, both results were written to one
// buffer and the second overwrote the first. The repeated init gets its own
// empty tensor.
// CHECK-LABEL: func.func @repeated_empty_init
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[F:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[E]], %[[F]] : tensor<4xf32>, tensor<4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @repeated_empty_init(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e, %e : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %n = arith.negf %x : f32
    linalg.yield %x, %n : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A repeated init holding values is copied.
// CHECK-LABEL: func.func @repeated_init
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg1) : tensor<4xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%arg1, %[[C]] : tensor<4xf32>, tensor<4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @repeated_init(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b, %b : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %s = arith.addf %x, %o0 : f32
    %t = arith.subf %o1, %x : f32
    linalg.yield %s, %t : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The same for the iteration arguments of a loop (a tile loop writing two
// results row by row).
// CHECK-LABEL: func.func @repeated_iter_arg
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[F:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[E]], %{{.*}} = %[[F]])
func.func @repeated_iter_arg(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %e, %y = %e) -> (tensor<4xf32>, tensor<4xf32>) {
    %v = tensor.extract %a[%i] : tensor<4xf32>
    %n = arith.negf %v : f32
    %x1 = tensor.insert %v into %x[%i] : tensor<4xf32>
    %y1 = tensor.insert %n into %y[%i] : tensor<4xf32>
    scf.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
