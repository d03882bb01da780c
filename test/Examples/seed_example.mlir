// The README's main job: the bundled example through hlo-opt's passes.
// RUN: hlo-opt --hlo-canonicalize %hlo_src_root/examples/seed_example.mlir | FileCheck %s

// The scalar-zero broadcast becomes a splat constant; the rest is kept.
// CHECK-LABEL: func.func @main
// CHECK-DAG:     %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<4x16xf32>
// CHECK-DAG:     %[[DOT:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK:         %[[ADD:.*]] = hlo.add %[[DOT]], %arg2 : tensor<4x16xf32>
// CHECK:         %[[RELU:.*]] = hlo.maximum %[[ADD]], %[[ZERO]] : tensor<4x16xf32>
// CHECK:         return %[[RELU]]
// CHECK-NOT:     hlo.broadcast_in_dim
