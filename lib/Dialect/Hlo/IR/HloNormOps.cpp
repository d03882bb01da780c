//===- HloNormOps.cpp - verifiers and shape functions of batch norms ------===//
//
// One shape function per op checks the StableHLO spec's constraints; it is
// called by inferReturnTypes (operands only) and, through the
// VerifyBeforeInference trait, by the verifier (results too), so that each
// rule is written once. Diagnostics name the constraint
// (`batch_norm_training_c3`).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The operands and results of one batch norm op, by their spec names.
struct NamedType {
  StringRef name;
  RankedTensorType type;
};

class BatchNormChecker {
public:
  BatchNormChecker(std::optional<Location> loc, StringRef op,
                   RankedTensorType operand, int64_t featureIndex)
      : loc(loc), op(op), operand(operand), featureIndex(featureIndex) {}

  /// (C1) 0 <= feature_index < rank(operand).
  LogicalResult featureIndexInRange(int c) {
    if (featureIndex >= 0 && featureIndex < operand.getRank())
      return success();
    return emitOptionalError(loc, "feature_index ", featureIndex,
                             " must be in [0, ", operand.getRank(), ") (",
                             tag(c), ")");
  }

  /// `value` has the operand's baseline element type.
  LogicalResult sameElementType(NamedType value, int c) {
    if (isSameElementTypeUpToQuantization(operand.getElementType(),
                                          value.type.getElementType()))
      return success();
    return emitOptionalError(loc, value.name,
                             " must have the element type of operand ",
                             operand.getElementType(),
                             " up to quantization (", tag(c), "), found ",
                             value.type.getElementType());
  }

  /// size(value) = dim(operand, feature_index), where both are static.
  LogicalResult sizeIsFeatureCount(NamedType value, int c) {
    int64_t features = operand.getDimSize(featureIndex);
    int64_t size = value.type.getDimSize(0);
    if (ShapedType::isDynamic(features) || ShapedType::isDynamic(size) ||
        features == size)
      return success();
    return emitOptionalError(loc, "size of ", value.name,
                             " must be dim(operand, feature_index) = ",
                             features, " (", tag(c), "), found ", size);
  }

  /// `value` has the operand's shape, where both are static.
  LogicalResult sameShape(NamedType value, int c) {
    if (succeeded(verifyCompatibleShape(operand.getShape(),
                                        value.type.getShape())))
      return success();
    return emitOptionalError(loc, value.name, " must have the shape of operand ",
                             operand, " (", tag(c), "), found ", value.type);
  }

  /// The inferred type of a 1-d per-feature result: the operand's element
  /// type, the feature count of the operand or (if that is dynamic) of
  /// `sizeSource`.
  RankedTensorType featureVector(RankedTensorType sizeSource) const {
    int64_t features = operand.getDimSize(featureIndex);
    if (ShapedType::isDynamic(features))
      features = sizeSource.getDimSize(0);
    return RankedTensorType::get({features}, operand.getElementType());
  }

private:
  std::string tag(int c) const {
    return (op + "_c" + Twine(c)).str();
  }

  std::optional<Location> loc;
  StringRef op;
  RankedTensorType operand;
  int64_t featureIndex;
};

RankedTensorType ranked(Type type) { return cast<RankedTensorType>(type); }

/// batch_norm_inference (C1)-(C7); `result` is null when inferring.
LogicalResult inferBatchNormInference(std::optional<Location> loc,
                                      Type operandType, Type scale,
                                      Type offset, Type mean, Type variance,
                                      int64_t featureIndex, Type result,
                                      SmallVectorImpl<Type> &inferred) {
  auto operand = ranked(operandType);
  BatchNormChecker check(loc, "batch_norm_inference", operand, featureIndex);
  NamedType vectors[] = {{"scale", ranked(scale)},
                         {"offset", ranked(offset)},
                         {"mean", ranked(mean)},
                         {"variance", ranked(variance)}};
  if (failed(check.featureIndexInRange(1)))
    return failure();
  for (NamedType v : vectors)
    if (failed(check.sameElementType(v, 2)))
      return failure();
  if (result && failed(check.sameElementType({"result", ranked(result)}, 2)))
    return failure();
  for (auto [i, v] : llvm::enumerate(vectors))
    if (failed(check.sizeIsFeatureCount(v, 3 + i)))
      return failure();
  if (result && failed(check.sameShape({"result", ranked(result)}, 7)))
    return failure();
  inferred.push_back(operand);
  return success();
}

/// batch_norm_training (C1)-(C7); `results` is empty when inferring.
LogicalResult inferBatchNormTraining(std::optional<Location> loc,
                                     Type operandType, Type scale, Type offset,
                                     int64_t featureIndex, TypeRange results,
                                     SmallVectorImpl<Type> &inferred) {
  auto operand = ranked(operandType);
  BatchNormChecker check(loc, "batch_norm_training", operand, featureIndex);
  NamedType inputs[] = {{"scale", ranked(scale)}, {"offset", ranked(offset)}};
  if (failed(check.featureIndexInRange(1)))
    return failure();
  for (NamedType v : inputs)
    if (failed(check.sameElementType(v, 2)))
      return failure();
  if (!results.empty()) {
    NamedType outs[] = {{"output", ranked(results[0])},
                        {"batch_mean", ranked(results[1])},
                        {"batch_var", ranked(results[2])}};
    for (NamedType v : outs)
      if (failed(check.sameElementType(v, 2)))
        return failure();
  }
  for (auto [i, v] : llvm::enumerate(inputs))
    if (failed(check.sizeIsFeatureCount(v, 3 + i)))
      return failure();
  if (!results.empty()) {
    if (failed(check.sizeIsFeatureCount({"batch_mean", ranked(results[1])},
                                        5)) ||
        failed(check.sizeIsFeatureCount({"batch_var", ranked(results[2])},
                                        6)) ||
        failed(check.sameShape({"output", ranked(results[0])}, 7)))
      return failure();
  }
  RankedTensorType vector = check.featureVector(ranked(scale));
  inferred.append({operand, vector, vector});
  return success();
}

/// batch_norm_grad (C1)-(C5); `results` is empty when inferring.
LogicalResult inferBatchNormGrad(std::optional<Location> loc, Type operandType,
                                 Type scale, Type mean, Type variance,
                                 Type gradOutput, int64_t featureIndex,
                                 TypeRange results,
                                 SmallVectorImpl<Type> &inferred) {
  auto operand = ranked(operandType);
  BatchNormChecker check(loc, "batch_norm_grad", operand, featureIndex);
  SmallVector<NamedType> vectors = {{"scale", ranked(scale)},
                                    {"mean", ranked(mean)},
                                    {"variance", ranked(variance)}};
  SmallVector<NamedType> full = {{"grad_output", ranked(gradOutput)}};
  if (!results.empty()) {
    full.push_back({"grad_operand", ranked(results[0])});
    vectors.push_back({"grad_scale", ranked(results[1])});
    vectors.push_back({"grad_offset", ranked(results[2])});
  }
  if (failed(check.featureIndexInRange(1)))
    return failure();
  for (NamedType v : llvm::concat<NamedType>(vectors, full))
    if (failed(check.sameElementType(v, 2)))
      return failure();
  // (C3) operand, grad_output and grad_operand have the same shape.
  for (NamedType v : full)
    if (failed(check.sameShape(v, 3)))
      return failure();
  // (C4) scale, mean, variance, grad_scale and grad_offset have the same
  // shape (all 1-d by ODS: the same size where static).
  for (NamedType v : ArrayRef(vectors).drop_front()) {
    int64_t a = vectors[0].type.getDimSize(0), b = v.type.getDimSize(0);
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return emitOptionalError(loc, v.name, " must have the shape of scale ",
                               vectors[0].type, " (batch_norm_grad_c4), found ",
                               v.type);
  }
  // (C5) size(scale) = dim(operand, feature_index).
  if (failed(check.sizeIsFeatureCount(vectors[0], 5)))
    return failure();
  RankedTensorType vector = check.featureVector(ranked(scale));
  inferred.append({operand, vector, vector});
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// BatchNormInferenceOp
//===----------------------------------------------------------------------===//

LogicalResult BatchNormInferenceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferBatchNormInference(
      loc, adaptor.getOperand().getType(), adaptor.getScale().getType(),
      adaptor.getOffset().getType(), adaptor.getMean().getType(),
      adaptor.getVariance().getType(), adaptor.getFeatureIndex(),
      /*result=*/Type(), inferred);
}

LogicalResult BatchNormInferenceOp::verifyBeforeInference() {
  SmallVector<Type> inferred;
  return inferBatchNormInference(
      getLoc(), getOperand().getType(), getScale().getType(),
      getOffset().getType(), getMean().getType(), getVariance().getType(),
      getFeatureIndex(), getType(), inferred);
}

//===----------------------------------------------------------------------===//
// BatchNormTrainingOp
//===----------------------------------------------------------------------===//

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferBatchNormTraining(loc, adaptor.getOperand().getType(),
                                adaptor.getScale().getType(),
                                adaptor.getOffset().getType(),
                                adaptor.getFeatureIndex(), TypeRange(),
                                inferred);
}

LogicalResult BatchNormTrainingOp::verifyBeforeInference() {
  SmallVector<Type> inferred;
  return inferBatchNormTraining(getLoc(), getOperand().getType(),
                                getScale().getType(), getOffset().getType(),
                                getFeatureIndex(), getResultTypes(), inferred);
}

//===----------------------------------------------------------------------===//
// BatchNormGradOp
//===----------------------------------------------------------------------===//

LogicalResult BatchNormGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferBatchNormGrad(
      loc, adaptor.getOperand().getType(), adaptor.getScale().getType(),
      adaptor.getMean().getType(), adaptor.getVariance().getType(),
      adaptor.getGradOutput().getType(), adaptor.getFeatureIndex(),
      TypeRange(), inferred);
}

LogicalResult BatchNormGradOp::verifyBeforeInference() {
  SmallVector<Type> inferred;
  return inferBatchNormGrad(getLoc(), getOperand().getType(),
                            getScale().getType(), getMean().getType(),
                            getVariance().getType(),
                            getGradOutput().getType(), getFeatureIndex(),
                            getResultTypes(), inferred);
}
