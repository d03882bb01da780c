// The CPU pipeline takes hlo to the LLVM dialect only: results become
// out-parameters (the caller owns every buffer), no allocation is left for
// this module, and each stage runs alone too.
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-pipeline | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg | FileCheck %s --check-prefix=LINALG
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg --hlo-cpu-bufferize | FileCheck %s --check-prefix=BUFFERS
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg --hlo-cpu-bufferize --hlo-cpu-to-llvm | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-pipeline=canonicalize=false | FileCheck %s

// CHECK:     llvm.func @main(
// CHECK-NOT: func.func
// CHECK-NOT: memref.
// CHECK-NOT: linalg.
// CHECK-NOT: llvm.call @malloc
// CHECK:     llvm.return

// LINALG-LABEL: func.func @main
// LINALG:         linalg.matmul
// LINALG:         linalg.generic
// LINALG-NOT:     hlo.

// BUFFERS: func.func @main(%{{.*}}: memref<4x8xf32>, %{{.*}}: memref<8x16xf32>, %{{.*}}: memref<4x16xf32>, %[[OUT:.*]]: memref<4x16xf32>)
// BUFFERS:         linalg.matmul {{.*}} outs(%[[OUT]] : memref<4x16xf32>)
// BUFFERS-NOT:     memref.alloc
// BUFFERS:         return
