// RUN: hlo-opt %s --hlo-expand-batch-norm -split-input-file | FileCheck %s

// The spec's batch_norm_inference: broadcasts along feature_index, a
// broadcast epsilon, then scale * (x - mean) / sqrt(var + eps) + offset.
// CHECK-LABEL: func.func @inference
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[O:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[EPS:.*]] = hlo.constant dense<1.000000e-03> : tensor<f32>
// CHECK-DAG: %[[SB:.*]] = hlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK-DAG: %[[OB:.*]] = hlo.broadcast_in_dim %[[O]], dims = [1]
// CHECK-DAG: %[[MB:.*]] = hlo.broadcast_in_dim %[[M]], dims = [1]
// CHECK-DAG: %[[VB:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1]
// CHECK-DAG: %[[EB:.*]] = hlo.broadcast_in_dim %[[EPS]], dims = [] : (tensor<f32>) -> tensor<2x3x4xf32>
// CHECK: %[[C:.*]] = hlo.subtract %[[X]], %[[MB]]
// CHECK: %[[VE:.*]] = hlo.add %[[VB]], %[[EB]]
// CHECK: %[[SD:.*]] = hlo.sqrt %[[VE]]
// CHECK: %[[N:.*]] = hlo.divide %[[C]], %[[SD]]
// CHECK: %[[Y:.*]] = hlo.multiply %[[SB]], %[[N]]
// CHECK: %[[R:.*]] = hlo.add %[[Y]], %[[OB]]
// CHECK: return %[[R]]
// CHECK-NOT: batch_norm
func.func @inference(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}

// -----

// batch_norm_training: the mean is sum / 8 (2 * 4 elements per feature) over
// dimensions [0, 2]; the biased variance is the mean of the squared
// deviations; then the inference formula with them.
// CHECK-LABEL: func.func @training
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[O:.*]]: tensor<3xf32>)
// CHECK-DAG: %[[EPS:.*]] = hlo.constant dense<1.000000e-03> : tensor<f32>
// CHECK-DAG: %[[EIGHT:.*]] = hlo.constant dense<8.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[SUM:.*]] = hlo.reduce(%[[X]] init: %[[ZERO]]) applies hlo.add across dimensions = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK: %[[NB:.*]] = hlo.broadcast_in_dim %[[EIGHT]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK: %[[MEAN:.*]] = hlo.divide %[[SUM]], %[[NB]] : tensor<3xf32>
// CHECK: %[[MB:.*]] = hlo.broadcast_in_dim %[[MEAN]], dims = [1]
// CHECK: %[[C:.*]] = hlo.subtract %[[X]], %[[MB]]
// CHECK: %[[SQ:.*]] = hlo.multiply %[[C]], %[[C]]
// CHECK: %[[SSQ:.*]] = hlo.reduce(%[[SQ]] init: %[[ZERO]]) applies hlo.add across dimensions = [0, 2]
// CHECK: %[[NB2:.*]] = hlo.broadcast_in_dim %[[EIGHT]], dims = []
// CHECK: %[[VAR:.*]] = hlo.divide %[[SSQ]], %[[NB2]] : tensor<3xf32>
// CHECK: hlo.sqrt
// CHECK: %[[OUT:.*]] = hlo.add
// CHECK: return %[[OUT]], %[[MEAN]], %[[VAR]]
func.func @training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %out, %m, %v = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %out, %m, %v : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// The last dimension as feature: reduce over [0, 1], 6 elements per feature.
// CHECK-LABEL: func.func @training_last_dim
// CHECK-DAG: hlo.constant dense<6.000000e+00> : tensor<f64>
// CHECK: hlo.reduce(%arg0 init: %{{.*}}) applies hlo.add across dimensions = [0, 1] : (tensor<2x3x4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [2] : (tensor<4xf64>) -> tensor<2x3x4xf64>
func.func @training_last_dim(%x: tensor<2x3x4xf64>, %s: tensor<4xf64>, %o: tensor<4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %out, %m, %v = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>)
  return %out, %m, %v : tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// batch_norm_grad: XLA's expander (i1..i6), grad_offset = sum(grad_output),
// grad_scale = sum(grad_output * normalized). Epsilon is the f32 attribute's
// value in f64.
// CHECK-LABEL: func.func @grad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf64>, %[[S:.*]]: tensor<3xf64>, %[[M:.*]]: tensor<3xf64>, %[[V:.*]]: tensor<3xf64>, %[[DY:.*]]: tensor<2x3x4xf64>)
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f64>
// CHECK-DAG: %[[EIGHT:.*]] = hlo.constant dense<8.000000e+00> : tensor<f64>
// CHECK-DAG: %[[EPS:.*]] = hlo.constant dense<0.0010000000474974513> : tensor<f64>
// CHECK: %[[SB:.*]] = hlo.broadcast_in_dim %[[S]], dims = [1]
// CHECK: %[[MB:.*]] = hlo.broadcast_in_dim %[[M]], dims = [1]
// CHECK: %[[VB:.*]] = hlo.broadcast_in_dim %[[V]], dims = [1]
// CHECK: %[[EB:.*]] = hlo.broadcast_in_dim %[[EPS]], dims = []
// CHECK: %[[C:.*]] = hlo.subtract %[[X]], %[[MB]]
// CHECK: %[[VE:.*]] = hlo.add %[[VB]], %[[EB]]
// CHECK: %[[SD:.*]] = hlo.sqrt %[[VE]]
// CHECK: %[[NORM:.*]] = hlo.divide %[[C]], %[[SD]]
// CHECK: %[[N:.*]] = hlo.broadcast_in_dim %[[EIGHT]], dims = [] : (tensor<f64>) -> tensor<2x3x4xf64>
// CHECK: %[[I1:.*]] = hlo.multiply %[[DY]], %[[N]]
// CHECK: %[[GOFF:.*]] = hlo.reduce(%[[DY]] init: %[[ZERO]]) applies hlo.add across dimensions = [0, 2]
// CHECK: %[[I2:.*]] = hlo.broadcast_in_dim %[[GOFF]], dims = [1]
// CHECK: %[[DYC:.*]] = hlo.multiply %[[DY]], %[[C]]
// CHECK: %[[SDYC:.*]] = hlo.reduce(%[[DYC]] init: %[[ZERO]]) applies hlo.add across dimensions = [0, 2]
// CHECK: %[[I3:.*]] = hlo.broadcast_in_dim %[[SDYC]], dims = [1]
// CHECK: %[[I4:.*]] = hlo.multiply %[[I3]], %[[C]]
// CHECK: %[[I5:.*]] = hlo.divide %[[I4]], %[[VE]]
// CHECK: %[[D12:.*]] = hlo.subtract %[[I1]], %[[I2]]
// CHECK: %[[I6:.*]] = hlo.subtract %[[D12]], %[[I5]]
// CHECK: %[[Q1:.*]] = hlo.divide %[[SB]], %[[SD]]
// CHECK: %[[Q2:.*]] = hlo.divide %[[Q1]], %[[N]]
// CHECK: %[[GX:.*]] = hlo.multiply %[[Q2]], %[[I6]]
// CHECK: %[[DYN:.*]] = hlo.multiply %[[DY]], %[[NORM]]
// CHECK: %[[GSCALE:.*]] = hlo.reduce(%[[DYN]] init: %[[ZERO]]) applies hlo.add across dimensions = [0, 2]
// CHECK: return %[[GX]], %[[GSCALE]], %[[GOFF]]
func.func @grad(%x: tensor<2x3x4xf64>, %s: tensor<3xf64>, %m: tensor<3xf64>, %v: tensor<3xf64>, %dy: tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>) {
  %g:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>)
  return %g#0, %g#1, %g#2 : tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>
}

// -----

// f16 computes in f16 (the spec's definition): epsilon is rounded to f16.
// CHECK-LABEL: func.func @inference_f16
// CHECK-DAG: hlo.constant dense<1.000400e-03> : tensor<f16>
// CHECK: hlo.sqrt %{{.*}} : tensor<4x2xf16>
// CHECK-NOT: hlo.convert
func.func @inference_f16(%x: tensor<4x2xf16>, %v: tensor<2xf16>) -> tensor<4x2xf16> {
  %r = "hlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<4x2xf16>
  return %r : tensor<4x2xf16>
}

// -----

// Negative: dynamic shapes and quantized tensors are left alone (the latter
// for hlo-legalize-quantized, which computes them in their expressed type).
// CHECK-LABEL: func.func @dynamic
// CHECK: "hlo.batch_norm_training"
func.func @dynamic(%x: tensor<?x3xf32>, %s: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %out, %m, %v = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %out, %m, %v : tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @quantized
// CHECK: "hlo.batch_norm_inference"
func.func @quantized(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %v: tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:2>> {
  %r = "hlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>
  return %r : tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>
}

// -----

// Through hlo-legalize-quantized first (as hlo-cpu-pipeline does), the
// quantized op is computed on dequantized floats and then expanded.
// RUN: hlo-opt %s --hlo-legalize-quantized --hlo-expand-batch-norm -split-input-file | FileCheck %s --check-prefix=QUANT
// QUANT-LABEL: func.func @quantized
// QUANT-NOT: batch_norm
// QUANT: hlo.sqrt %{{.*}} : tensor<2x3xf32>
// QUANT: hlo.round_nearest_even
// QUANT: return %{{.*}} : tensor<2x3xi8>
