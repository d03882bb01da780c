// RUN: hlo-opt %s -split-input-file --hlo-write-aliased-results | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-write-aliased-results --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --hlo-drop-aliased-results --cse --canonicalize | FileCheck %s --check-prefix=BUF

// An elementwise result aliased to %a is computed in %a's buffer: the op's
// init becomes %a (the only writable argument), and after bufferization
// the function returns nothing and writes %a.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    (%[[A:.*]]: tensor<16xf32> {bufferization.writable = true, hlo.result_alias = 0 : i64}, %[[B:.*]]: tensor<16xf32>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[A]] : tensor<16xf32>)
// CHECK-NOT:     materialize_in_destination
// CHECK:         return %[[R]]
// BUF-LABEL: func.func @elementwise
// BUF-SAME:    (%[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>) {
// BUF-NOT:     memref.alloc
// BUF:         linalg.generic {{.*}} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[A]] : memref<16xf32>)
// BUF-NOT:     memref.copy
// BUF:         return{{$}}
#map = affine_map<(d0) -> (d0)>
func.func @elementwise(%a: tensor<16xf32> {hlo.result_alias = 0 : i64}, %b: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// A tile loop reading %a's tiles reads them through its iteration argument,
// so that it can update %a in place.
// CHECK-LABEL: func.func @tiles
// CHECK:         scf.for {{.*}} iter_args(%[[T:.*]] = %arg0)
// CHECK:           tensor.extract_slice %[[T]]
// CHECK-NOT:       tensor.extract_slice %arg0
// BUF-LABEL: func.func @tiles
// BUF-SAME:    (%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>) {
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy
func.func @tiles(%a: tensor<16xf32> {hlo.result_alias = 0 : i64}, %b: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %e = tensor.empty() : tensor<16xf32>
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %e) -> tensor<16xf32> {
    %x = tensor.extract_slice %a[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %y = tensor.extract_slice %b[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %o = tensor.extract_slice %acc[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    %s = linalg.add ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
    %n = tensor.insert_slice %s into %acc[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// The hazard: %a is read (reversed) after the elementwise op would have
// overwritten it. One-shot bufferization's analysis refuses the in-place
// form, so the result is computed in a buffer of its own and copied into %a
// at the end, after the other result has been computed.
// BUF-LABEL: func.func @hazard
// BUF-SAME:    (%[[A:.*]]: memref<16xf32>, %{{.*}}: memref<16xf32>) -> memref<16xf32> {
// BUF:         %[[R:.*]] = memref.alloc
// BUF:         linalg.generic {{.*}} outs(%[[R]] : memref<16xf32>)
// BUF:         linalg.generic {{.*}} ins(%[[A]] : memref<16xf32>)
// BUF:         memref.copy %[[R]], %[[A]]
// BUF-NEXT:    return
#map1 = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (15 - d0)>
func.func @hazard(%a: tensor<16xf32> {hlo.result_alias = 0 : i64}, %b: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %e2 = tensor.empty() : tensor<16xf32>
  %rev = linalg.generic {indexing_maps = [#rev, #map1], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e2 : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<16xf32>
  return %r, %rev : tensor<16xf32>, tensor<16xf32>
}

// -----

// A buffer donor gets the first result of its type (the f32 one); the i32
// argument has none and stays a donor.
// CHECK-LABEL: func.func @donors
// CHECK-SAME:    (%{{.*}}: tensor<4xi32> {hlo.buffer_donor}, %{{.*}}: tensor<4xf32> {bufferization.writable = true, hlo.result_alias = 1 : i64})
func.func @donors(%i: tensor<4xi32> {hlo.buffer_donor}, %f: tensor<4xf32> {jax.buffer_donor = true}) -> (tensor<4xi64>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xi64>
  %c = linalg.map { arith.extsi } ins(%i : tensor<4xi32>) outs(%e : tensor<4xi64>)
  %e2 = tensor.empty() : tensor<4xf32>
  %n = linalg.map { arith.negf } ins(%f : tensor<4xf32>) outs(%e2 : tensor<4xf32>)
  return %c, %n : tensor<4xi64>, tensor<4xf32>
}

// -----

// The argument returned as another result as well: nothing is written here
// (hlo-drop-aliased-results copies the result in after copying %a out).
// CHECK-LABEL: func.func @returned
// CHECK-NOT:     materialize_in_destination
// CHECK-NOT:     writable
// CHECK:         return %{{.*}}, %arg0
func.func @returned(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.map { arith.negf } ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>)
  return %n, %a : tensor<4xf32>, tensor<4xf32>
}
