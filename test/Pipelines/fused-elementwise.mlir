// relu((a + b) * c) over 16M floats (../shared/examples): with fusion the
// CPU pipeline makes one loop that reads a, b and c once and writes the
// result once, with no temporary buffer; without fusion, three loops that
// pass the intermediates through the result buffer (8n element accesses
// instead of 4n). Vectorized (the default), the one loop moves 64 elements
// per iteration.
// REQUIRES: shared
// RUN: hlo-opt %shared/examples/fused_elementwise.stablehlo.mlir --hlo-cpu-to-linalg="vectorize=false threads=1" --hlo-cpu-bufferize --convert-linalg-to-loops | FileCheck %s
// RUN: hlo-opt %shared/examples/fused_elementwise.stablehlo.mlir --hlo-cpu-to-linalg=threads=1 --hlo-cpu-bufferize --fold-memref-alias-ops --cse --hlo-lower-vectors | FileCheck %s --check-prefix=VECTOR
// RUN: hlo-opt %shared/examples/fused_elementwise.stablehlo.mlir --hlo-cpu-to-linalg="fusion=false threads=1" --hlo-cpu-bufferize --convert-linalg-to-loops | FileCheck %s --check-prefix=UNFUSED
// RUN: hlo-opt %shared/examples/fused_elementwise.stablehlo.mlir --hlo-fusion --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[A:.*]]: memref<16777216xf32>, %[[B:.*]]: memref<16777216xf32>, %[[C:.*]]: memref<16777216xf32>, %[[R:.*]]: memref<16777216xf32> {bufferize.result})
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %[[I:.*]] =
// CHECK-DAG:       memref.load %[[A]][%[[I]]]
// CHECK-DAG:       memref.load %[[B]][%[[I]]]
// CHECK-DAG:       memref.load %[[C]][%[[I]]]
// CHECK:           arith.addf
// CHECK:           arith.mulf
// CHECK:           arith.maximumf
// CHECK:           memref.store %{{.*}}, %[[R]][%[[I]]]
// CHECK-NOT:     scf.for
// CHECK-NOT:     memref.alloc
// CHECK:         return

// VECTOR-LABEL: func.func @main
// VECTOR-SAME:    (%[[A:.*]]: memref<16777216xf32>, %[[B:.*]]: memref<16777216xf32>, %[[C:.*]]: memref<16777216xf32>, %[[R:.*]]: memref<16777216xf32> {bufferize.result})
// VECTOR-NOT:     memref.alloc
// VECTOR:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c64
// VECTOR-DAG:       vector.load %[[A]][%[[I]]] : memref<16777216xf32>, vector<64xf32>
// VECTOR-DAG:       vector.load %[[B]][%[[I]]]
// VECTOR-DAG:       vector.load %[[C]][%[[I]]]
// VECTOR:           arith.addf %{{.*}} : vector<64xf32>
// VECTOR:           arith.mulf
// VECTOR:           arith.maximumf
// VECTOR:           vector.store %{{.*}}, %[[R]][%[[I]]] : memref<16777216xf32>, vector<64xf32>
// VECTOR-NOT:     scf.for
// VECTOR-NOT:     memref.alloc
// VECTOR:         return

// UNFUSED-LABEL: func.func @main
// UNFUSED-COUNT-3: scf.for
// UNFUSED-NOT:     scf.for

// 3n elements read and n written, n = 16777216.
// COST: hlo.fusion (loop) {{.*}} 50331648 0 201326592 67108864 50331648 16777216
