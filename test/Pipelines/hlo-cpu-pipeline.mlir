// The CPU pipeline takes hlo to the LLVM dialect only: results become
// out-parameters (the caller owns every buffer), no allocation is left for
// this module, and each stage runs alone too.
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-pipeline=threads=1 | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg="vectorize=false threads=1" | FileCheck %s --check-prefix=LINALG
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg="vectorize=false threads=1" --hlo-cpu-bufferize | FileCheck %s --check-prefix=BUFFERS
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg=threads=1 | FileCheck %s --check-prefix=VECTOR
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-pipeline="vectorize=false threads=1" | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-to-linalg=threads=1 --hlo-cpu-bufferize --hlo-cpu-to-llvm=threads=1 | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir --hlo-cpu-pipeline="canonicalize=false threads=1" | FileCheck %s

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

// The product accumulates a 4x16 register tile over k, one outer product per
// step; the bias and relu epilogue works on rows of 16 lanes.
// VECTOR-LABEL: func.func @main
// VECTOR:         scf.for
// VECTOR:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// VECTOR:         scf.for
// VECTOR:           arith.addf {{.*}} : vector<1x16xf32>
// VECTOR:           arith.maximumf
// VECTOR-NOT:     linalg.
// VECTOR-NOT:     hlo.

// BUFFERS: func.func @main(%{{.*}}: memref<4x8xf32>, %{{.*}}: memref<8x16xf32>, %{{.*}}: memref<4x16xf32>, %[[OUT:.*]]: memref<4x16xf32> {bufferize.result})
// BUFFERS:         linalg.matmul {{.*}} outs(%[[OUT]] : memref<4x16xf32>)
// BUFFERS-NOT:     memref.alloc
// BUFFERS:         return
