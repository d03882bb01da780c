//===- HloNormOps.td - batch normalization ops -------------*- tablegen -*-===//
//
// StableHLO's batch_norm_inference, batch_norm_training and batch_norm_grad.
// They print and parse in the generic form, as StableHLO's own ops do
// (`"hlo.batch_norm_training"(...) <{epsilon = ..., feature_index = ...}>`,
// the attribute-dictionary spelling `{epsilon = ..., ...}` parses too), so
// StableHLO text imports by the usual respelling. Their verifiers check the
// spec's constraints (C1)..(Cn), tagged `batch_norm_<op>_cN`, before the
// written result types are compared with the inferred ones, so a wrong
// result type reports the constraint it breaks. hlo-expand-batch-norm
// rewrites them into broadcast_in_dim, reduce and elementwise ops (the
// spec's reference decompositions); quantized operands are first computed
// in their expressed type by hlo-legalize-quantized.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_NORM_OPS_TD
#define HLO_NORM_OPS_TD

// The spec allows per-tensor quantized tensors only (no per-axis types).
def HLO_PerTensorQuantizedInt : Type<CPred<
    "::llvm::isa<::mlir::quant::UniformQuantizedType>($_self)">,
    "per-tensor uniform quantized integer">;
def HLO_BatchNormTensor
    : RankedTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>;
def HLO_BatchNorm1DTensor
    : 1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>;

// Runs the op's verifyBeforeInference() ahead of InferTypeOpInterface's
// comparison of the written result types with the inferred ones.
def HLO_VerifyBeforeInference : NativeOpTrait<"VerifyBeforeInference"> {
  let cppNamespace = "::mlir::hlo::traits";
}

class HLO_BatchNormOp<string mnemonic>
    : HLO_InferredOp<mnemonic, [Pure, HLO_VerifyBeforeInference]> {
  let extraClassDeclaration = [{
    /// Every spec constraint, result types included (each diagnostic names
    /// its constraint).
    ::mlir::LogicalResult verifyBeforeInference();
  }];
}

def HLO_BatchNormInferenceOp : HLO_BatchNormOp<"batch_norm_inference"> {
  let summary = "normalizes with a given mean and variance";
  let description = [{
    Normalizes `operand` across all dimensions except `feature_index` with
    the given per-feature `mean` and `variance`, then scales and offsets
    (StableHLO `batch_norm_inference`, (C1)-(C7)):

    ```
    result = scale * (operand - mean) / sqrt(variance + epsilon) + offset
    ```

    with the 1-d tensors broadcast along `feature_index`. The result type
    is the operand's (inferred).

    ```mlir
    %r = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {
           epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
         : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
            tensor<3xf32>) -> tensor<2x3x4xf32>
    ```
  }];
  let arguments = (ins HLO_BatchNormTensor:$operand,
                       HLO_BatchNorm1DTensor:$scale,
                       HLO_BatchNorm1DTensor:$offset,
                       HLO_BatchNorm1DTensor:$mean,
                       HLO_BatchNorm1DTensor:$variance,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_BatchNormTensor:$result);
}

def HLO_BatchNormTrainingOp : HLO_BatchNormOp<"batch_norm_training"> {
  let summary = "normalizes with the batch's mean and variance";
  let description = [{
    Computes the mean and the biased variance (divided by the number of
    elements per feature) of `operand` across all dimensions except
    `feature_index`, and normalizes with them like `batch_norm_inference`;
    returns the normalized tensor, the mean and the variance (StableHLO
    `batch_norm_training`, (C1)-(C7)). Result types are inferred.

    ```mlir
    %out, %mean, %var = "hlo.batch_norm_training"(%x, %scale, %offset) {
           epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
         : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
        -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins HLO_BatchNormTensor:$operand,
                       HLO_BatchNorm1DTensor:$scale,
                       HLO_BatchNorm1DTensor:$offset,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_BatchNormTensor:$output,
                      HLO_BatchNorm1DTensor:$batch_mean,
                      HLO_BatchNorm1DTensor:$batch_var);
}

def HLO_BatchNormGradOp : HLO_BatchNormOp<"batch_norm_grad"> {
  let summary = "gradients of batch_norm_training";
  let description = [{
    Backpropagates `grad_output` through `batch_norm_training` (with the
    given `mean` and `variance`) and returns the gradients of its operand,
    scale and offset (StableHLO `batch_norm_grad`, (C1)-(C5)), computed as
    XLA's batchnorm expander does. With `n` elements per feature,
    `c = operand - mean` and `s = sqrt(variance + epsilon)`:

    ```
    grad_operand = scale / s / n * (n * grad_output - sum(grad_output)
                                    - c * sum(grad_output * c) / s^2)
    grad_scale   = sum(grad_output * c / s)
    grad_offset  = sum(grad_output)
    ```

    where the sums run over all dimensions except `feature_index`. Result
    types are inferred.

    ```mlir
    %go, %gs, %gb = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {
           epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
         : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
            tensor<2x3x4xf32>)
        -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins HLO_BatchNormTensor:$operand,
                       HLO_BatchNorm1DTensor:$scale,
                       HLO_BatchNorm1DTensor:$mean,
                       HLO_BatchNorm1DTensor:$variance,
                       HLO_BatchNormTensor:$grad_output,
                       F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs HLO_BatchNormTensor:$grad_operand,
                      HLO_BatchNorm1DTensor:$grad_scale,
                      HLO_BatchNorm1DTensor:$grad_offset);
}

#endif // HLO_NORM_OPS_TD
