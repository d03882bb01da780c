// RUN: hlo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(hlo-streaming-stores{min-bytes=4096}))' | FileCheck %s

// A result written once, in whole aligned lines: streamed.
// CHECK-LABEL: func.func @elementwise
// CHECK:         vector.store %{{.*}}, %arg1[%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<4096xf32>, vector<64xf32>
func.func @elementwise(%a: memref<4096xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  scf.for %i = %c0 to %c4096 step %c64 {
    %v = vector.load %a[%i] : memref<4096xf32>, vector<64xf32>
    %w = arith.addf %v, %v : vector<64xf32>
    vector.store %w, %out[%i] : memref<4096xf32>, vector<64xf32>
  }
  return
}

// -----

// Rows of a matrix whose pitch is a multiple of a line, at offsets
// i + 16 (an affine.apply of a line-aligned induction variable).
// CHECK-LABEL: func.func @rows
// CHECK:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<64x128xf32>, vector<16xf32>
#plus16 = affine_map<(d0) -> (d0 + 16)>
func.func @rows(%out: memref<64x128xf32>, %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.for %r = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c128 step %c32 {
      %k = affine.apply #plus16(%j)
      vector.store %v, %out[%r, %k] : memref<64x128xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// Not streamed: a result that is read back, one below min-bytes, a store
// at an offset that is not a multiple of a line, a store narrower than a
// line.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func @kept(%read: memref<4096xf32>, %small: memref<512xf32>,
                %odd: memref<4096xf32>, %narrow: memref<4096xf32>,
                %v: vector<64xf32>, %n: vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4032 = arith.constant 4032 : index
  scf.for %i = %c0 to %c4032 step %c64 {
    vector.store %v, %read[%i] : memref<4096xf32>, vector<64xf32>
    %back = vector.load %read[%i] : memref<4096xf32>, vector<64xf32>
    vector.store %back, %small[%c0] : memref<512xf32>, vector<64xf32>
    %j = arith.addi %i, %c1 : index
    vector.store %v, %odd[%j] : memref<4096xf32>, vector<64xf32>
    vector.store %n, %narrow[%i] : memref<4096xf32>, vector<8xf32>
  }
  return
}

// -----

// Iterations of a forall (tasks on other threads) start at line-aligned
// offsets: streamed, and each iteration fences its stores before it ends.
// CHECK-LABEL: func.func @parallel
// CHECK:         scf.forall
// CHECK:           scf.for
// CHECK:             vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:           }
// CHECK-NEXT:      llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK-NEXT:    }
#offset = affine_map<(d0, d1) -> (d0 + d1)>
func.func @parallel(%a: memref<8192xf32>, %out: memref<8192xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c2048 = arith.constant 2048 : index
  scf.forall (%t) = (0) to (8192) step (2048) {
    scf.for %i = %c0 to %c2048 step %c64 {
      %k = affine.apply #offset(%t, %i)
      %v = vector.load %a[%k] : memref<8192xf32>, vector<64xf32>
      vector.store %v, %out[%k] : memref<8192xf32>, vector<64xf32>
    }
  }
  return
}

// -----

// A forall whose iterations start at offsets that are not line-aligned
// (step 8 elements): not streamed, not fenced.
// CHECK-LABEL: func.func @parallel_unaligned
// CHECK-NOT:     nontemporal
// CHECK-NOT:     sfence
func.func @parallel_unaligned(%out: memref<8192xf32>, %v: vector<16xf32>) {
  scf.forall (%t) = (0) to (8192) step (8) {
    vector.store %v, %out[%t] : memref<8192xf32>, vector<16xf32>
  }
  return
}
