// The hlo example is the StableHLO motivating module with the dialect prefix
// changed: same ops, same syntax. Until the StableHLO importer exists, a
// textual prefix swap shows the two parse alike.
// REQUIRES: shared
// RUN: sed -e 's/stablehlo\./hlo./g' %shared/examples/seed_example.stablehlo.mlir | hlo-opt | FileCheck %s
// RUN: hlo-opt %hlo_src_root/examples/seed_example.mlir | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK:         hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0]
// CHECK:         hlo.add
// CHECK:         hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
// CHECK:         hlo.maximum
