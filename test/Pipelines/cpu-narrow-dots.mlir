// RUN: hlo-opt %s --hlo-cpu-pipeline="target-features=+avx512bf16,+avx512vnni threads=1" | FileCheck %s --check-prefix=ONE
// RUN: hlo-opt %s --hlo-cpu-pipeline="target-features=+avx512bf16,+avx512vnni threads=2" | FileCheck %s --check-prefix=TWO
// RUN: hlo-opt %s --hlo-cpu-pipeline="target-features= threads=2" | FileCheck %s --check-prefix=PORTABLE

// bf16 and int8 dots reach the AVX-512 kernels on one thread and on two:
// hlo-narrow-dots runs before hlo-parallelize splits the widening ops
// from the product, so each thread's rows of the product are a narrow
// matmul too (B packed by each), in the outlined parallel bodies.
// ONE-LABEL: llvm.func @bf16_dot
// ONE-NOT:     llvm.call @mlirAsyncRuntime
// ONE:         "llvm.x86.avx512bf16.dpbf16ps.512"
// ONE-LABEL: llvm.func @int8_dot
// ONE-NOT:     llvm.call @mlirAsyncRuntime
// ONE:         "llvm.x86.avx512.vpdpbusd.512"
// TWO-LABEL: llvm.func @bf16_dot
// TWO:         llvm.call @mlirAsyncRuntimeCreateGroup
// TWO-LABEL: llvm.func @int8_dot
// TWO:         llvm.call @mlirAsyncRuntimeCreateGroup
// TWO-DAG:     "llvm.x86.avx512bf16.dpbf16ps.512"
// TWO-DAG:     "llvm.x86.avx512.vpdpbusd.512"
// PORTABLE-NOT: dpbf16ps
// PORTABLE-NOT: vpdpbusd
func.func @bf16_dot(%a: tensor<64x96xbf16>, %b: tensor<96x64xbf16>) -> tensor<64x64xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x96xbf16>, tensor<96x64xbf16>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

func.func @int8_dot(%a: tensor<64x96xi8>, %b: tensor<96x64xi8>) -> tensor<64x64xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x96xi8>, tensor<96x64xi8>) -> tensor<64x64xi32>
  return %0 : tensor<64x64xi32>
}
