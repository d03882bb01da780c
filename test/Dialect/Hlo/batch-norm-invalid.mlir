// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// One test per constraint of the spec (batch_norm_<op>_cN), on operands and
// on results: result-type constraints are checked before the written types
// are compared with the inferred ones, so they report their constraint too.
// Then the ODS constraints (float or per-tensor quantized, 1-d vectors).

func.func @inference_c1(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{feature_index 3 must be in [0, 3) (batch_norm_inference_c1)}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c1_negative(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{feature_index -1 must be in [0, 3) (batch_norm_inference_c1)}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c2(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf64>, %v: tensor<3xf32>) {
  // expected-error @+1 {{mean must have the element type of operand 'f32' up to quantization (batch_norm_inference_c2), found 'f64'}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf64>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c2_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{result must have the element type of operand 'f32' up to quantization (batch_norm_inference_c2), found 'f16'}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf16>
  return
}

// -----

func.func @inference_c3(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{size of scale must be dim(operand, feature_index) = 3 (batch_norm_inference_c3), found 4}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c4(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{size of offset must be dim(operand, feature_index) = 3 (batch_norm_inference_c4), found 4}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c5(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<4xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{size of mean must be dim(operand, feature_index) = 3 (batch_norm_inference_c5), found 4}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c6(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{size of variance must be dim(operand, feature_index) = 3 (batch_norm_inference_c6), found 4}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @inference_c7(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{result must have the shape of operand 'tensor<2x3x4xf32>' (batch_norm_inference_c7), found 'tensor<2x3x5xf32>'}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @training_c1(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{feature_index 3 must be in [0, 3) (batch_norm_training_c1)}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @training_c2(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf64>) {
  // expected-error @+1 {{offset must have the element type of operand 'f32' up to quantization (batch_norm_training_c2), found 'f64'}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf64>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @training_c2_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{batch_var must have the element type of operand 'f32' up to quantization (batch_norm_training_c2), found 'f64'}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf64>)
  return
}

// -----

func.func @training_c3(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{size of scale must be dim(operand, feature_index) = 3 (batch_norm_training_c3), found 4}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @training_c4(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>) {
  // expected-error @+1 {{size of offset must be dim(operand, feature_index) = 3 (batch_norm_training_c4), found 4}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @training_c5(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{size of batch_mean must be dim(operand, feature_index) = 3 (batch_norm_training_c5), found 4}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>)
  return
}

// -----

func.func @training_c6(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{size of batch_var must be dim(operand, feature_index) = 3 (batch_norm_training_c6), found 4}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>)
  return
}

// -----

func.func @training_c7(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) {
  // expected-error @+1 {{output must have the shape of operand 'tensor<2x3x4xf32>' (batch_norm_training_c7), found 'tensor<2x3x1xf32>'}}
  %r:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x1xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c1(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{feature_index 5 must be in [0, 3) (batch_norm_grad_c1)}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 5 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c2(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x4xf64>) {
  // expected-error @+1 {{grad_output must have the element type of operand 'f32' up to quantization (batch_norm_grad_c2), found 'f64'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c2_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{grad_scale must have the element type of operand 'f32' up to quantization (batch_norm_grad_c2), found 'f64'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf64>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c3(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x5xf32>) {
  // expected-error @+1 {{grad_output must have the shape of operand 'tensor<2x3x4xf32>' (batch_norm_grad_c3), found 'tensor<2x3x5xf32>'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x5xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c3_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{grad_operand must have the shape of operand 'tensor<2x3x4xf32>' (batch_norm_grad_c3), found 'tensor<1x3x4xf32>'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<1x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c4(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<4xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{variance must have the shape of scale 'tensor<3xf32>' (batch_norm_grad_c4), found 'tensor<4xf32>'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @grad_c4_result(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{grad_offset must have the shape of scale 'tensor<3xf32>' (batch_norm_grad_c4), found 'tensor<4xf32>'}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>)
  return
}

// -----

func.func @grad_c5(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dy: tensor<2x3x4xf32>) {
  // expected-error @+1 {{size of scale must be dim(operand, feature_index) = 3 (batch_norm_grad_c5), found 4}}
  %r:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @ods_integer(%x: tensor<2x3x4xi32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point or per-tensor uniform quantized integer values, but got 'tensor<2x3x4xi32>'}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xi32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xi32>
  return
}

// -----

func.func @ods_per_axis(%x: tensor<2x3x4xf32>, %s: tensor<3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of floating-point or per-tensor uniform quantized integer values}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @ods_rank(%x: tensor<2x3x4xf32>, %s: tensor<3x1xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of floating-point or per-tensor uniform quantized integer values, but got 'tensor<3x1xf32>'}}
  %r = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3x1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}
