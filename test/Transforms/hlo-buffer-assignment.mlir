// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment="report=true share-callee-arenas=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSHARE

// A chain a -> b -> c -> d: a and b die before d is written, so d reuses
// a's bytes; b and c overlap and need their own. Sizes 4096, 1024, 2048,
// 4096: the arena holds 4096 + 2048 + 1024 = 7168 bytes, the most live at
// once (b, c and the 4096 of a or d).
// CHECK-LABEL: func.func private @chain
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<7168xi8>
// CHECK-DAG:     %[[A:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<7168xi8> to memref<1024xf32>
// CHECK-DAG:     %[[B:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<7168xi8> to memref<256xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc %[[A]]
// CHECK:         memref.dealloc %[[ARENA]]
// CHECK-NEXT:    return
// REPORT: buffer-report @chain: total_bytes=15360 arena_bytes=7168 temp_lower_bound_bytes=7168 allocations=4
// REPORT-NEXT:   peak 4096 bytes memref<1024xf32> memref.subview
// REPORT-NEXT:   peak 2048 bytes memref<512xf32> memref.subview
// REPORT-NEXT:   peak 1024 bytes memref<256xf32> memref.copy
func.func private @chain(%in: memref<1024xf32>, %out: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  memref.copy %in, %a : memref<1024xf32> to memref<1024xf32>
  %b = memref.alloc() : memref<256xf32>
  %sa = memref.subview %a[0] [256] [1] : memref<1024xf32> to memref<256xf32, strided<[1]>>
  memref.copy %sa, %b : memref<256xf32, strided<[1]>> to memref<256xf32>
  %c = memref.alloc() : memref<512xf32>
  %sc = memref.subview %c[0] [256] [1] : memref<512xf32> to memref<256xf32, strided<[1]>>
  memref.copy %b, %sc : memref<256xf32> to memref<256xf32, strided<[1]>>
  %d = memref.alloc() : memref<1024xf32>
  %sd = memref.subview %d[0] [256] [1] : memref<1024xf32> to memref<256xf32, strided<[1]>>
  memref.copy %b, %sd : memref<256xf32> to memref<256xf32, strided<[1]>>
  %sd2 = memref.subview %d[256] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1], offset: 256>>
  memref.copy %c, %sd2 : memref<512xf32> to memref<512xf32, strided<[1], offset: 256>>
  memref.copy %d, %out : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<256xf32>
  memref.dealloc %c : memref<512xf32>
  memref.dealloc %d : memref<1024xf32>
  return
}

// -----

// In a public function, a temporary whose last use copies it into a result
// that nothing else touches is computed in the result.
// CHECK-LABEL: func.func @result_in_place
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.map { arith.negf } ins(%arg0 : memref<16xf32>) outs(%arg1 : memref<16xf32>)
// CHECK-NOT:     memref.copy
// CHECK-NOT:     memref.dealloc
// REPORT: buffer-report @result_in_place: total_bytes=128 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
func.func @result_in_place(%in: memref<16xf32>, %out: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  linalg.map ins(%in : memref<16xf32>) outs(%t : memref<16xf32>)
    (%x: f32, %o: f32) { %y = arith.negf %x : f32
                linalg.yield %y : f32 }
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return
}

// -----

// Left alone: a buffer freed under a condition, one yielded by a loop, a
// dynamically shaped one. One allocated and freed in a sequential loop's
// body goes in the arena (live while the loop runs). A private function's
// result copy stays (its arguments may alias): that temporary goes in the
// arena.
// CHECK-LABEL: func.func private @escapes
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         memref.alloc() : memref<8xf32>
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:         scf.for
// CHECK:           memref.view
// CHECK-NOT:       memref.dealloc
// CHECK:         memref.view
// CHECK:         memref.copy
// REPORT: buffer-report @escapes: total_bytes=176 arena_bytes=64 temp_lower_bound_bytes=64 allocations=2
func.func private @escapes(%cond: i1, %n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  scf.if %cond {
    memref.dealloc %a : memref<8xf32>
  }
  %b = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %b) -> memref<4xf32> {
    scf.yield %x : memref<4xf32>
  }
  memref.dealloc %r : memref<4xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  scf.for %i = %c0 to %c1 step %c1 {
    %e = memref.alloc() : memref<2xf32>
    memref.dealloc %e : memref<2xf32>
  }
  %t = memref.alloc() : memref<16xf32>
  memref.copy %t, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return
}

// -----

// Totals include what called functions hold at once (the larger callee) and
// constants once. Each callee is called once, so its temporaries are in the
// caller's arena, which is held while @callee_small's stack buffer is.
// REPORT: buffer-report @callee_small: total_bytes=4224 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
// REPORT-NEXT: temporaries in the arena of @caller
// REPORT: buffer-report @callee_big: total_bytes=128 arena_bytes=0 temp_lower_bound_bytes=8192 allocations=1
// REPORT-NEXT: temporaries in the arena of @caller
// REPORT: buffer-report @caller: total_bytes=12416 arena_bytes=8192 temp_lower_bound_bytes=8192 allocations=1
// REPORT-NEXT: peak 8192 bytes memref<2048xf32> memref.subview in @callee_big
// NOSHARE: buffer-report @callee_small: total_bytes=4224 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
// NOSHARE: buffer-report @callee_big: total_bytes=8320 arena_bytes=8192 temp_lower_bound_bytes=8192 allocations=1
// NOSHARE: buffer-report @caller: total_bytes=8320 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
memref.global "private" constant @k : memref<16xf32> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]>
func.func private @callee_small(%x: memref<16xf32>) {
  %k = memref.get_global @k : memref<16xf32>
  memref.copy %k, %x : memref<16xf32> to memref<16xf32>
  %s = memref.alloca() : memref<1024xf32>
  return
}
func.func private @callee_big(%x: memref<16xf32>) {
  %k = memref.get_global @k : memref<16xf32>
  %t = memref.alloc() : memref<2048xf32>
  %s = memref.subview %t[0] [16] [1] : memref<2048xf32> to memref<16xf32, strided<[1]>>
  memref.copy %k, %s : memref<16xf32> to memref<16xf32, strided<[1]>>
  memref.copy %s, %x : memref<16xf32, strided<[1]>> to memref<16xf32>
  memref.dealloc %t : memref<2048xf32>
  return
}
func.func @caller(%x: memref<16xf32>) {
  call @callee_small(%x) : (memref<16xf32>) -> ()
  call @callee_big(%x) : (memref<16xf32>) -> ()
  return
}

// -----

// @stage is called once, from @outer's body: its temporary %t goes in
// @outer's arena, which @stage takes as a last argument. @outer's %a is
// read by @stage's first op only and %t is written after it, so they share
// bytes: the arena is %b and one of them (8192 bytes, not 12288); without
// sharing, @stage has an arena of its own and @outer holds %a and %b across
// the call.
// CHECK-LABEL: func.func private @stage
// CHECK-SAME:      %[[ARENA:[^:]*]]: memref<?xi8>)
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<?xi8> to memref<1024xf32>
// CHECK-NOT:     memref.dealloc
// CHECK:         return
// CHECK-LABEL: func.func private @outer
// CHECK:         %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8192xi8>
// CHECK:         %[[CAST:.*]] = memref.cast %[[ALLOC]] : memref<8192xi8> to memref<?xi8>
// CHECK:         call @stage(%{{.*}}, %{{.*}}, %[[CAST]]) : (memref<1024xf32>, memref<1024xf32>, memref<?xi8>) -> ()
// CHECK:         memref.dealloc %[[ALLOC]]
// REPORT: buffer-report @stage: total_bytes=8192 arena_bytes=0 temp_lower_bound_bytes=4096 allocations=1
// REPORT-NEXT: temporaries in the arena of @outer
// REPORT: buffer-report @outer: total_bytes=16384 arena_bytes=8192 temp_lower_bound_bytes=8192 allocations=3
// REPORT-NEXT: peak 4096 bytes memref<1024xf32> memref.copy
// REPORT-NEXT: peak 4096 bytes memref<1024xf32> func.call
// NOSHARE: buffer-report @stage: total_bytes=12288 arena_bytes=4096 temp_lower_bound_bytes=4096 allocations=1
// NOSHARE: buffer-report @outer: total_bytes=20480 arena_bytes=8192 temp_lower_bound_bytes=8192 allocations=2
func.func private @stage(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  memref.copy %x, %y : memref<1024xf32> to memref<1024xf32>
  %t = memref.alloc() : memref<1024xf32>
  memref.copy %y, %t : memref<1024xf32> to memref<1024xf32>
  memref.copy %t, %y : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %t : memref<1024xf32>
  return
}
func.func private @outer(%in: memref<1024xf32>, %out: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  memref.copy %in, %a : memref<1024xf32> to memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  call @stage(%a, %b) : (memref<1024xf32>, memref<1024xf32>) -> ()
  memref.copy %b, %out : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// A function called twice, each call in a function's body (the copies
// hlo-merge-identical-functions merged), takes its arena as a last argument:
// each call passes one, a temporary of the caller, so the two calls share
// the bytes of @calls's arena and nothing is allocated per call. One called
// from inside a loop keeps its own arena.
// CHECK-LABEL: func.func private @twice
// CHECK-SAME:      (%{{[^:]*}}: memref<16xf32>, %[[PASSED:[^:]*]]: memref<?xi8>)
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view %[[PASSED]][%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK-NOT:     memref.dealloc
// CHECK-LABEL: func.func private @in_loop
// CHECK-SAME:      (%{{[^:]*}}: memref<16xf32>)
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK-LABEL: func.func @calls
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         %[[FIRST:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<64xi8>
// CHECK:         %[[FIRST_CAST:.*]] = memref.cast %[[FIRST]] : memref<64xi8> to memref<?xi8>
// CHECK:         call @twice(%{{.*}}, %[[FIRST_CAST]])
// CHECK:         %[[SECOND:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<64xi8> to memref<64xi8>
// CHECK:         %[[SECOND_CAST:.*]] = memref.cast %[[SECOND]] : memref<64xi8> to memref<?xi8>
// CHECK:         call @twice(%{{.*}}, %[[SECOND_CAST]])
// CHECK:         memref.dealloc %[[ARENA]]
// REPORT: buffer-report @twice: total_bytes=64 arena_bytes=64 temp_lower_bound_bytes=64 allocations=1
// REPORT-NEXT: arena passed by each call (a temporary of the caller)
// REPORT: buffer-report @in_loop: total_bytes=128 arena_bytes=64 temp_lower_bound_bytes=64 allocations=1
// REPORT: buffer-report @calls: total_bytes=192 arena_bytes=64 temp_lower_bound_bytes=64 allocations=2
// NOSHARE: buffer-report @twice: total_bytes=128 arena_bytes=64 temp_lower_bound_bytes=64 allocations=1
// NOSHARE: buffer-report @calls: total_bytes=128 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
func.func private @twice(%x: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  memref.copy %t, %x : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return
}
func.func private @in_loop(%x: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  memref.copy %x, %t : memref<16xf32> to memref<16xf32>
  memref.copy %t, %x : memref<16xf32> to memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  return
}
func.func @calls(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  call @twice(%x) : (memref<16xf32>) -> ()
  call @twice(%x) : (memref<16xf32>) -> ()
  scf.for %i = %c0 to %c2 step %c1 {
    func.call @in_loop(%x) : (memref<16xf32>) -> ()
  }
  return
}

// -----

// A buffer allocated and freed in each iteration of a sequential loop is a
// view of the arena; one in a parallel loop (a buffer per iteration: 2
// slots) too, at the iteration's slot (hlo-buffer-assignment-lend.mlir).
// CHECK-LABEL: func.func private @loop_buffers
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// CHECK:         scf.for
// CHECK:           memref.view %[[ARENA]]
// CHECK-NOT:       memref.dealloc
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           memref.view %[[ARENA]]
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK-NEXT:    memref.dealloc %[[ARENA]]
// REPORT: buffer-report @loop_buffers: total_bytes=1024 arena_bytes=512 temp_lower_bound_bytes=512 allocations=2
func.func private @loop_buffers(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %p = memref.alloc() : memref<64xf32>
    memref.copy %in, %p : memref<64xf32> to memref<64xf32>
    memref.copy %p, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %p : memref<64xf32>
  }
  scf.forall (%j) in (2) {
    %q = memref.alloc() : memref<64xf32>
    memref.copy %in, %q : memref<64xf32> to memref<64xf32>
    memref.copy %q, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %q : memref<64xf32>
  }
  return
}

// -----

// A copy of a splat constant is a fill: the constant array goes. A constant
// that is not a splat stays.
// CHECK-NOT:     @zeros
// CHECK:         memref.global "private" constant @ramp
// CHECK-LABEL: func.func @fill_splat
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%arg0 : memref<256xf32>)
// CHECK:         memref.get_global @ramp
// CHECK:         memref.copy
// REPORT: buffer-report @fill_splat: total_bytes=1056 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
memref.global "private" constant @zeros : memref<256xf32> = dense<0.0>
memref.global "private" constant @ramp : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @fill_splat(%out: memref<256xf32>, %out2: memref<4xf32>) {
  %z = memref.get_global @zeros : memref<256xf32>
  memref.copy %z, %out : memref<256xf32> to memref<256xf32>
  %r = memref.get_global @ramp : memref<4xf32>
  memref.copy %r, %out2 : memref<4xf32> to memref<4xf32>
  return
}
