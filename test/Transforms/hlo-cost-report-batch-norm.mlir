// RUN: hlo-opt %s --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s
// RUN: hlo-opt %s --hlo-expand-batch-norm --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPANDED

// The batch norms cost what their expansion (hlo-expand-batch-norm) costs:
// n = 24 elements, f = 3 features. Inference 5n flops, training 9n, grad
// 16n - 3f; one square root per element each.
// CHECK: hlo.batch_norm_inference {{.*}}  120  24
// CHECK: total @inference  120  24
// CHECK: hlo.batch_norm_training {{.*}}  216  24
// CHECK: total @training  216  24
// CHECK: hlo.batch_norm_grad {{.*}}  375  24
// CHECK: total @grad  375  24
// EXPANDED: total @inference  120  24
// EXPANDED: total @training  216  24
// EXPANDED: total @grad  375  24

func.func @inference(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %r = "hlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

func.func @training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r:3 = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

func.func @grad(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %dy: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %s, %s, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1, %r#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}
