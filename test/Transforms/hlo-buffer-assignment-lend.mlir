// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment="lend-results=false lend-donors=false" | FileCheck %s --check-prefix=OFF

// Temporaries borrow a result's buffer (`bufferize.result`, the
// out-parameters of buffer-results-to-out-params) before the function first
// touches it: %t (same element type, no bigger) is computed in %out's bytes;
// %u is live when %out is written (the hazard), so it goes in the arena;
// %w is bigger than %out and %i of another element type: arena too.
// CHECK-LABEL: func.func @result_before_write
// CHECK-SAME:    %[[IN:[^:]*]]: memref<64xf32>, %[[OUT:[^:]*]]: memref<64xf32> {bufferize.result}
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<832xi8>
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [8, 8], strides: [8, 1] : memref<64xf32> to memref<8x8xf32, strided<[8, 1]>>
// CHECK-NEXT:    %[[T:.*]] = memref.cast %[[R]] : memref<8x8xf32, strided<[8, 1]>> to memref<8x8xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<8x8xf32>)
// CHECK:         memref.view %[[ARENA]]
// CHECK:         memref.view %[[ARENA]]
// CHECK:         memref.view %[[ARENA]]
// CHECK-NOT:     memref.dealloc %[[T]]
// CHECK:         memref.dealloc %[[ARENA]]
// REPORT: buffer-report @result_before_write: total_bytes=1344 arena_bytes=832 temp_lower_bound_bytes=832 allocations=4
// REPORT-NEXT:   1 temporaries (256 bytes) in result or donated parameter buffers
// OFF-LABEL: func.func @result_before_write
// OFF-NOT:     memref.reinterpret_cast
// OFF:         memref.alloc() {alignment = 64 : i64} : memref<832xi8>
func.func @result_before_write(%in: memref<64xf32>, %out: memref<64xf32> {bufferize.result}) {
  %c0 = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%c0 : f32) outs(%t : memref<8x8xf32>)
  %u = memref.alloc() : memref<16xf32>
  %ct = memref.collapse_shape %t [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %su = memref.subview %ct[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
  memref.copy %su, %u : memref<16xf32, strided<[1]>> to memref<16xf32>
  memref.dealloc %t : memref<8x8xf32>
  %w = memref.alloc() : memref<128xf32>
  linalg.fill ins(%c0 : f32) outs(%w : memref<128xf32>)
  %i = memref.alloc() : memref<64xi32>
  %c1 = arith.constant 1 : i32
  linalg.fill ins(%c1 : i32) outs(%i : memref<64xi32>)
  memref.copy %in, %out : memref<64xf32> to memref<64xf32>
  %so = memref.subview %out[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
  memref.copy %u, %so : memref<16xf32> to memref<16xf32, strided<[1]>>
  %sw = memref.subview %w[0] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1]>>
  memref.copy %in, %sw : memref<64xf32> to memref<64xf32, strided<[1]>>
  memref.dealloc %u : memref<16xf32>
  memref.dealloc %w : memref<128xf32>
  memref.dealloc %i : memref<64xi32>
  return
}

// -----

// A donated parameter left without a result (`hlo.buffer_donor`,
// `jax.buffer_donor = true`) lends its buffer after its last use: %late
// starts after the last read of %d; %early is live while %d is still read
// (the hazard: it would clobber %d), so it goes in the arena. A parameter
// that is not donated lends nothing (%keep). The donation attribute is
// consumed (removed) whether the buffer is lent or not.
// CHECK-LABEL: func.func @donor_after_last_use
// CHECK-SAME:    %[[D:[^:]*]]: memref<32xf32>,
// CHECK-NOT:     buffer_donor
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         memref.copy %[[D]], %{{.*}} : memref<32xf32> to memref<32xf32>
// CHECK:         memref.copy %[[D]], %{{.*}} : memref<32xf32> to memref<32xf32>
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[D]] to offset: [0], sizes: [32], strides: [1]
// CHECK:         %[[LATE:.*]] = memref.cast %[[R]]
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[LATE]] : memref<32xf32>)
// REPORT: buffer-report @donor_after_last_use: total_bytes=512 arena_bytes=128 temp_lower_bound_bytes=128 allocations=2
// REPORT-NEXT:   1 temporaries (128 bytes) in result or donated parameter buffers
// OFF-LABEL: func.func @donor_after_last_use
// OFF-NOT:     buffer_donor
// OFF-NOT:     memref.reinterpret_cast
// OFF:         memref.alloc() {alignment = 64 : i64} : memref<256xi8>
func.func @donor_after_last_use(%d: memref<32xf32> {hlo.buffer_donor}, %keep: memref<32xf32>, %out: memref<32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %early = memref.alloc() : memref<32xf32>
  memref.copy %d, %early : memref<32xf32> to memref<32xf32>
  memref.copy %d, %early : memref<32xf32> to memref<32xf32>
  %late = memref.alloc() : memref<32xf32>
  linalg.fill ins(%c0 : f32) outs(%late : memref<32xf32>)
  memref.copy %late, %keep : memref<32xf32> to memref<32xf32>
  memref.copy %early, %keep : memref<32xf32> to memref<32xf32>
  memref.copy %keep, %out : memref<32xf32> to memref<32xf32>
  memref.dealloc %early : memref<32xf32>
  memref.dealloc %late : memref<32xf32>
  return
}

// -----

// A temporary of a private function that shares its caller's arena borrows
// the caller's result: the callee takes the result's buffer as an argument
// before the arena's, and the call passes it.
// CHECK-LABEL: func.func private @stage
// CHECK-SAME:    (%{{.*}}: memref<16xf32>, %[[BIN:.*]]: memref<16xf32>)
// CHECK:         memref.reinterpret_cast %[[BIN]] to offset: [0], sizes: [16], strides: [1]
// CHECK-LABEL: func.func @entry
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<16xf32> {bufferize.result}
// CHECK:         call @stage(%{{.*}}, %[[OUT]]) : (memref<16xf32>, memref<16xf32>) -> ()
// CHECK:         memref.copy %{{.*}}, %[[OUT]]
func.func private @stage(%x: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  memref.copy %t, %x : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return
}
func.func @entry(%in: memref<16xf32>, %out: memref<16xf32> {bufferize.result}) {
  call @stage(%in) : (memref<16xf32>) -> ()
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// A result whose buffer escapes (returned here) lends nothing.
// CHECK-LABEL: func.func @escaping_result
// CHECK-NOT:     memref.reinterpret_cast
// CHECK:         memref.view
func.func @escaping_result(%out: memref<16xf32> {bufferize.result}) -> memref<16xf32> {
  %c0 = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c0 : f32) outs(%t : memref<16xf32>)
  memref.dealloc %t : memref<16xf32>
  return %out : memref<16xf32>
}

// -----

// A buffer allocated in each iteration of a parallel loop with a static
// number of iterations (4) gets a slot per iteration in the arena, at the
// iteration's linear index: 4 x 64 bytes.
// CHECK-LABEL: func.func private @parallel_slots
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 2)
// CHECK:           %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %{{.*}}, %[[C2]] : index
// CHECK-NEXT:      %[[LINEAR:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[SLOT:.*]] = arith.muli %[[LINEAR]], %[[C64]] : index
// CHECK-NEXT:      %[[OFFSET:.*]] = arith.addi %{{.*}}, %[[SLOT]] : index
// CHECK-NEXT:      memref.view %[[ARENA]][%[[OFFSET]]][] : memref<256xi8> to memref<4xf32>
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[ARENA]]
// REPORT: buffer-report @parallel_slots: total_bytes=320 arena_bytes=256 temp_lower_bound_bytes=256 allocations=1
func.func private @parallel_slots(%out: memref<2x2x4xf32>) {
  scf.forall (%i, %j) in (2, 2) {
    %t = memref.alloc() : memref<4xf32>
    %s = memref.subview %out[%i, %j, 0] [1, 1, 4] [1, 1, 1] : memref<2x2x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %s, %t : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    memref.copy %t, %s : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// -----

// Left as it is: a parallel loop with a dynamic bound, and one with more
// iterations than slots are given (64 at most).
// CHECK-LABEL: func.func private @parallel_unsized
// CHECK-NOT:     memref.view
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:         memref.alloc() : memref<4xf32>
func.func private @parallel_unsized(%n: index, %out: memref<4xf32>) {
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %out, %t : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  scf.forall (%i) in (65) {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %out, %t : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}
