// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-buffer-assignment=report=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

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
// dynamically shaped one, one in a nested region. A private function's
// result copy stays (its arguments may alias): that temporary goes in the
// arena.
// CHECK-LABEL: func.func private @escapes
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         memref.alloc() : memref<8xf32>
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:         memref.alloc() : memref<2xf32>
// CHECK:         memref.view
// CHECK:         memref.copy
// REPORT: buffer-report @escapes: total_bytes=184 arena_bytes=64 temp_lower_bound_bytes=64 allocations=1
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
// constants once.
// REPORT: buffer-report @callee_small: total_bytes=4224 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
// REPORT: buffer-report @callee_big: total_bytes=8320 arena_bytes=8192 temp_lower_bound_bytes=8192 allocations=1
// REPORT: buffer-report @caller: total_bytes=8320 arena_bytes=0 temp_lower_bound_bytes=0 allocations=0
memref.global "private" constant @k : memref<16xf32> = dense<1.0>
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
