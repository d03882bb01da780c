// RUN: hlo-opt %s --hlo-gpu-map-to-kernels -split-input-file -verify-diagnostics
// RUN: not hlo-opt %s --hlo-gpu-map-to-kernels=block-size=2048 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: hlo-gpu-map-to-kernels: block-size must be in [1, 1024]

// A dynamically sized temporary inside a kernel cannot be a thread's
// private buffer.
func.func @dynamic_temporary(%a: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    // expected-error @+1 {{cannot run on a GPU: a dynamically sized temporary inside a kernel}}
    %t = memref.alloc(%n) : memref<?xf32>
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %t[%c0] : memref<?xf32>
    memref.dealloc %t : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A loop yielding a buffer's contents as a vector cannot bring them back.
func.func @vector_result(%a: memref<8xf32>) -> vector<8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  // expected-error @+1 {{cannot run on a GPU: its result of type 'vector<8xf32>' would have to come back to the host}}
  %v = vector.transfer_read %a[%c0], %pad : memref<8xf32>, vector<8xf32>
  return %v : vector<8xf32>
}
