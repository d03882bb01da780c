// The spec's batch norm examples in StableHLO's syntax import to hlo: the
// attribute-dictionary form of the spec and the properties form StableHLO
// prints (both generic; StableHLO has no custom syntax for these ops).
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @spec_examples
func.func @spec_examples(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %offset: tensor<2xf64>, %mean: tensor<2xf64>, %variance: tensor<2xf64>, %grad_output: tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2x2x2xf64>) {
  // CHECK: "hlo.batch_norm_grad"(%{{.*}}) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %grad_operand, %grad_scale, %grad_offset =
  "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>,
       tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  // CHECK: "hlo.batch_norm_inference"(%{{.*}}) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  // CHECK: "hlo.batch_norm_training"(%{{.*}}) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) ->
      (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  return %grad_operand, %result, %output : tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2x2x2xf64>
}

// As StableHLO (and JAX) print them.
// CHECK-LABEL: func.func @printed
// CHECK: "hlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 3 : i64}> : (tensor<8x4x4x16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x4x4x16xf32>, tensor<16xf32>, tensor<16xf32>)
func.func @printed(%arg0: tensor<8x4x4x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<8x4x4x16xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 3 : i64}> : (tensor<8x4x4x16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x4x4x16xf32>, tensor<16xf32>, tensor<16xf32>)
  return %0#0 : tensor<8x4x4x16xf32>
}
