// A 16 MiB result written once: hlo-streaming-stores writes it with
// non-temporal stores (llvm.store ... nontemporal); the numbers are those
// of the scalar, unfused code bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: hlo-opt %s --hlo-cpu-pipeline=threads=1 | FileCheck %s
// RUN: hlo-runner %s --generate-inputs --output %t/streamed --pipeline-options=threads=1
// RUN: hlo-runner %s --generate-inputs --output %t/scalar --pipeline-options="fusion=false vectorize=false"
// RUN: cmp %t/streamed/result0.npy %t/scalar/result0.npy
// With threads the parallel iterations stream too, and fence their stores
// (sfence) before their tasks end; the numbers are the same.
// RUN: hlo-opt %s --hlo-cpu-pipeline=threads=2 | FileCheck %s --check-prefix=THREADS
// RUN: hlo-runner %s --generate-inputs --output %t/threads --pipeline-options=threads=2
// RUN: cmp %t/threads/result0.npy %t/scalar/result0.npy

// CHECK: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<64xf32>, !llvm.ptr
// THREADS: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<64xf32>, !llvm.ptr
// THREADS: llvm.call_intrinsic "llvm.x86.sse.sfence"()
func.func @main(%a: tensor<4194304xf32>, %b: tensor<4194304xf32>, %c: tensor<4194304xf32>) -> tensor<4194304xf32> {
  %s = hlo.add %a, %b : tensor<4194304xf32>
  %m = hlo.multiply %s, %c : tensor<4194304xf32>
  %z = hlo.constant dense<0.0> : tensor<4194304xf32>
  %r = hlo.maximum %m, %z : tensor<4194304xf32>
  return %r : tensor<4194304xf32>
}
