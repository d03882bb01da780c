//===- ExpandBatchNorm.cpp - batch norms as reductions and arithmetic -----===//
//
// The decompositions of the StableHLO spec (`batch_norm_inference`,
// `batch_norm_training`, `batch_norm_grad`), op for op: per-feature vectors
// are broadcast along feature_index, sums are hlo.reduce with hlo.add over
// every other dimension, means divide by the number of elements per feature,
// and the variance is the biased one (mean of the squared deviations). All
// arithmetic is in the operand's element type, as the spec says (f16 and
// bf16 included); epsilon, an f32 attribute, is rounded to that type.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/ExpandBatchNorm.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Builds the pieces of the decompositions for one op: `operandType` is the
/// (static) type of the operand, `featureIndex` the feature dimension.
class BatchNormEmitter {
public:
  BatchNormEmitter(RewriterBase &b, Location loc,
                   RankedTensorType operandType, int64_t featureIndex)
      : b(b), loc(loc), operandType(operandType),
        element(cast<FloatType>(operandType.getElementType())),
        featureIndex(featureIndex) {}

  /// broadcast_in_dim(vector, [feature_index], type(operand)).
  Value broadcastFeature(Value vector) {
    return BroadcastInDimOp::create(b, loc, operandType, vector,
                                    b.getDenseI64ArrayAttr({featureIndex}));
  }

  /// broadcast_in_dim(constant(value, element_type), [], type).
  Value splat(const APFloat &value, RankedTensorType type) {
    APFloat converted = value;
    bool losesInfo;
    converted.convert(element.getFloatSemantics(),
                      APFloat::rmNearestTiesToEven, &losesInfo);
    Value scalar = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, element),
                               FloatAttr::get(element, converted)));
    return BroadcastInDimOp::create(b, loc, type, scalar,
                                    b.getDenseI64ArrayAttr({}));
  }
  Value splat(double value, RankedTensorType type) {
    return splat(APFloat(value), type);
  }

  /// size(operand) / dim(operand, feature_index).
  double elementsPerFeature() const {
    return static_cast<double>(operandType.getNumElements() /
                               operandType.getDimSize(featureIndex));
  }

  /// compute_sum: reduce with add over every dimension but feature_index.
  Value sum(Value x) {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < operandType.getRank(); ++d)
      if (d != featureIndex)
        dims.push_back(d);
    auto scalarType = RankedTensorType::get({}, element);
    Value zero = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(scalarType, FloatAttr::get(element, 0.0)));
    auto reduce = ReduceOp::create(b, loc, ValueRange{x}, ValueRange{zero},
                                   dims);
    Block &body = reduce.getBody().front();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&body);
    Value acc = AddOp::create(b, loc, body.getArgument(0), body.getArgument(1));
    ReturnOp::create(b, loc, ValueRange{acc});
    return reduce->getResult(0);
  }

  /// compute_mean: sum / broadcast_in_dim(constant(n), [], type(sum)).
  Value mean(Value x) {
    Value s = sum(x);
    Value divisor =
        splat(elementsPerFeature(), cast<RankedTensorType>(s.getType()));
    return DivOp::create(b, loc, s, divisor);
  }

  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivOp::create(b, loc, x, y); }
  Value sqrt(Value x) { return SqrtOp::create(b, loc, x); }

  /// The spec's batch_norm_inference on the given mean and variance.
  Value normalize(Value operand, Value scale, Value offset, Value mean,
                  Value variance, const APFloat &epsilon) {
    Value scaleB = broadcastFeature(scale);
    Value offsetB = broadcastFeature(offset);
    Value meanB = broadcastFeature(mean);
    Value varianceB = broadcastFeature(variance);
    Value epsilonB = splat(epsilon, operandType);
    Value centered = sub(operand, meanB);
    Value stddev = sqrt(add(varianceB, epsilonB));
    Value normalized = div(centered, stddev);
    return add(mul(scaleB, normalized), offsetB);
  }

  RewriterBase &b;
  Location loc;
  RankedTensorType operandType;
  FloatType element;
  int64_t featureIndex;
};

/// Why `op` cannot be expanded, or null: every operand and result must be
/// a statically shaped float tensor (quantized ones are for
/// hlo-legalize-quantized).
const char *unsupportedReason(Operation *op) {
  for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                         op->getResultTypes())) {
    auto tensor = cast<RankedTensorType>(t);
    if (!isa<FloatType>(tensor.getElementType()))
      return "quantized element types are computed by hlo-legalize-quantized "
             "first";
    if (!tensor.hasStaticShape())
      return "only static shapes are expanded";
  }
  return nullptr;
}

LogicalResult expandInference(RewriterBase &rewriter,
                              BatchNormInferenceOp op) {
  BatchNormEmitter e(rewriter, op.getLoc(), op.getOperand().getType(),
                     op.getFeatureIndex());
  Value result = e.normalize(op.getOperand(), op.getScale(), op.getOffset(),
                             op.getMean(), op.getVariance(), op.getEpsilon());
  rewriter.replaceOp(op, result);
  return success();
}

LogicalResult expandTraining(RewriterBase &rewriter, BatchNormTrainingOp op) {
  BatchNormEmitter e(rewriter, op.getLoc(), op.getOperand().getType(),
                     op.getFeatureIndex());
  Value operand = op.getOperand();
  // compute_mean, then compute_variance (the biased variance: the mean of
  // the squared deviations from the mean).
  Value mean = e.mean(operand);
  Value centered = e.sub(operand, e.broadcastFeature(mean));
  Value variance = e.mean(e.mul(centered, centered));
  Value output = e.normalize(operand, op.getScale(), op.getOffset(), mean,
                             variance, op.getEpsilon());
  rewriter.replaceOp(op, {output, mean, variance});
  return success();
}

LogicalResult expandGrad(RewriterBase &rewriter, BatchNormGradOp op) {
  BatchNormEmitter e(rewriter, op.getLoc(), op.getOperand().getType(),
                     op.getFeatureIndex());
  Value operand = op.getOperand();
  Value gradOutput = op.getGradOutput();
  Value scaleB = e.broadcastFeature(op.getScale());
  Value meanB = e.broadcastFeature(op.getMean());
  Value varianceB = e.broadcastFeature(op.getVariance());
  Value epsilonB = e.splat(op.getEpsilon(), e.operandType);

  // Normalization with the given mean and variance.
  Value centered = e.sub(operand, meanB);
  Value varianceEps = e.add(varianceB, epsilonB);
  Value stddev = e.sqrt(varianceEps);
  Value normalized = e.div(centered, stddev);

  // XLA's batchnorm expander, with its temporaries' names.
  Value elementsPerFeature = e.splat(e.elementsPerFeature(), e.operandType);
  Value i1 = e.mul(gradOutput, elementsPerFeature);
  Value gradOffset = e.sum(gradOutput);
  Value i2 = e.broadcastFeature(gradOffset);
  Value i3 = e.broadcastFeature(e.sum(e.mul(gradOutput, centered)));
  Value i4 = e.mul(i3, centered);
  Value i5 = e.div(i4, varianceEps);
  Value i6 = e.sub(e.sub(i1, i2), i5);

  Value gradOperand =
      e.mul(e.div(e.div(scaleB, stddev), elementsPerFeature), i6);
  Value gradScale = e.sum(e.mul(gradOutput, normalized));
  rewriter.replaceOp(op, {gradOperand, gradScale, gradOffset});
  return success();
}

template <typename OpTy>
struct ExpandBatchNormPattern : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (const char *reason = unsupportedReason(op))
      return rewriter.notifyMatchFailure(op, reason);
    return expandBatchNorm(rewriter, op);
  }
};

} // namespace

LogicalResult hlo::expandBatchNorm(RewriterBase &rewriter, Operation *op) {
  if (unsupportedReason(op))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (auto o = dyn_cast<BatchNormInferenceOp>(op))
    return expandInference(rewriter, o);
  if (auto o = dyn_cast<BatchNormTrainingOp>(op))
    return expandTraining(rewriter, o);
  if (auto o = dyn_cast<BatchNormGradOp>(op))
    return expandGrad(rewriter, o);
  return failure();
}

void hlo::populateHloExpandBatchNormPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandBatchNormPattern<BatchNormInferenceOp>,
               ExpandBatchNormPattern<BatchNormTrainingOp>,
               ExpandBatchNormPattern<BatchNormGradOp>>(
      patterns.getContext());
}
