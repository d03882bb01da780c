//===- AlgebraicSimplifier.cpp - algebraic identities on hlo ops ---------===//
//
// The identities of XLA's AlgebraicSimplifier that hold exactly: integer
// rules use ring identities, float rules only those IEEE arithmetic
// guarantees bit for bit (x + -0.0, x - +0.0, x * 1, x / 1, max(x, -inf)),
// never x * 0 -> 0 or x - x -> 0 for floats (NaN, infinities, signed zero).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/AlgebraicSimplifier.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The splat value of a constant operand, if it is one.
std::optional<Attribute> splatOf(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return std::nullopt;
  return attr.getSplatValue<Attribute>();
}

bool isSplatInt(Value value, function_ref<bool(const APInt &)> predicate) {
  std::optional<Attribute> splat = splatOf(value);
  auto integer = dyn_cast_if_present<IntegerAttr>(splat.value_or(nullptr));
  return integer && predicate(integer.getValue());
}

bool isSplatFloat(Value value, function_ref<bool(const APFloat &)> predicate) {
  std::optional<Attribute> splat = splatOf(value);
  auto flt = dyn_cast_if_present<FloatAttr>(splat.value_or(nullptr));
  return flt && predicate(flt.getValue());
}

bool isZero(Value v) {
  return isSplatInt(v, [](const APInt &a) { return a.isZero(); });
}
bool isAllOnes(Value v) {
  return isSplatInt(v, [](const APInt &a) { return a.isAllOnes(); });
}
bool isIntOne(Value v) {
  return isSplatInt(v, [](const APInt &a) { return a.isOne(); });
}
bool isFloatOne(Value v) {
  return isSplatFloat(v, [](const APFloat &a) { return a.isExactlyValue(1.0); });
}
bool isNegativeZero(Value v) {
  return isSplatFloat(v, [](const APFloat &a) {
    return a.isZero() && a.isNegative();
  });
}
bool isPositiveZero(Value v) {
  return isSplatFloat(v, [](const APFloat &a) {
    return a.isZero() && !a.isNegative();
  });
}

bool isIntegerTensor(Value v) {
  return isa<IntegerType>(getElementTypeOrSelf(v.getType()));
}

/// A value that can replace `op`'s result: same type (identities never
/// change shapes, but a broadcasted operand of another type must not leak).
LogicalResult replaceWith(PatternRewriter &rewriter, Operation *op,
                          Value value) {
  if (value.getType() != op->getResult(0).getType())
    return failure();
  rewriter.replaceOp(op, value);
  return success();
}

LogicalResult replaceWithSplatOf(PatternRewriter &rewriter, Operation *op,
                                 Value splatConstant) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<Attribute> splat = splatOf(splatConstant);
  if (!type || !type.hasStaticShape() || !splat)
    return failure();
  rewriter.replaceOpWithNewOp<ConstantOp>(op,
                                          SplatElementsAttr::get(type, *splat));
  return success();
}

/// Binary identities: `x op neutral -> x`, `x op absorbing -> absorbing`,
/// `x op x -> x` (idempotent ops), tried with the constant on either side
/// where the op commutes.
template <typename OpTy>
struct BinaryIdentity : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs(), rhs = op.getRhs();
    bool integer = isIntegerTensor(lhs);
    constexpr bool commutes =
        llvm::is_one_of<OpTy, AddOp, MulOp, AndOp, OrOp, XorOp, MaxOp,
                        MinOp>::value;
    auto tryBoth = [&](auto rule) -> LogicalResult {
      if (succeeded(rule(lhs, rhs)))
        return success();
      if (commutes)
        return rule(rhs, lhs);
      return failure();
    };
    return tryBoth([&](Value x, Value c) -> LogicalResult {
      if constexpr (std::is_same_v<OpTy, AddOp>) {
        // i1 add is `or`: 0 is neutral too.
        if (integer ? isZero(c) : isNegativeZero(c))
          return replaceWith(rewriter, op, x);
      } else if constexpr (std::is_same_v<OpTy, SubtractOp>) {
        if (c == rhs && (integer ? isZero(c) : isPositiveZero(c)))
          return replaceWith(rewriter, op, x);
        if (integer && lhs == rhs)
          return replaceWithZero(rewriter, op);
      } else if constexpr (std::is_same_v<OpTy, MulOp>) {
        if (integer ? isIntOne(c) : isFloatOne(c))
          return replaceWith(rewriter, op, x);
        if (integer && isZero(c))
          return replaceWithSplatOf(rewriter, op, c);
      } else if constexpr (std::is_same_v<OpTy, DivOp>) {
        if (c == rhs && (integer ? isIntOne(c) : isFloatOne(c)))
          return replaceWith(rewriter, op, x);
      } else if constexpr (std::is_same_v<OpTy, AndOp>) {
        if (isAllOnes(c))
          return replaceWith(rewriter, op, x);
        if (isZero(c))
          return replaceWithSplatOf(rewriter, op, c);
        if (lhs == rhs)
          return replaceWith(rewriter, op, x);
      } else if constexpr (std::is_same_v<OpTy, OrOp>) {
        if (isZero(c))
          return replaceWith(rewriter, op, x);
        if (isAllOnes(c))
          return replaceWithSplatOf(rewriter, op, c);
        if (lhs == rhs)
          return replaceWith(rewriter, op, x);
      } else if constexpr (std::is_same_v<OpTy, XorOp>) {
        if (isZero(c))
          return replaceWith(rewriter, op, x);
        if (lhs == rhs)
          return replaceWithZero(rewriter, op);
      } else if constexpr (std::is_same_v<OpTy, MaxOp> ||
                           std::is_same_v<OpTy, MinOp>) {
        constexpr bool isMax = std::is_same_v<OpTy, MaxOp>;
        // NaN-propagating max/min: max(x, x) = x and max(x, -inf) = x for
        // every x, NaN included.
        if (lhs == rhs)
          return replaceWith(rewriter, op, x);
        if (!integer && isSplatFloat(c, [&](const APFloat &a) {
              return a.isInfinity() && a.isNegative() == isMax;
            }))
          return replaceWith(rewriter, op, x);
      }
      return failure();
    });
  }

  static LogicalResult replaceWithZero(PatternRewriter &rewriter, OpTy op) {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape())
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, SplatElementsAttr::get(
                type, rewriter.getIntegerAttr(type.getElementType(), 0)));
    return success();
  }
};

/// negate(negate(x)) -> x, not(not(x)) -> x.
template <typename OpTy>
struct Involution : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().template getDefiningOp<OpTy>();
    if (!inner)
      return failure();
    return replaceWith(rewriter, op, inner.getOperand());
  }
};

/// compare(x, x) of integers: EQ, LE, GE are true, NE, LT, GT false.
struct CompareSameOperands : OpRewritePattern<CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (op.getLhs() != op.getRhs() || !isIntegerTensor(op.getLhs()) || !type ||
        !type.hasStaticShape())
      return failure();
    ComparisonDirection direction = op.getComparisonDirection();
    bool value = direction == ComparisonDirection::EQ ||
                 direction == ComparisonDirection::LE ||
                 direction == ComparisonDirection::GE;
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, SplatElementsAttr::get(type, rewriter.getBoolAttr(value)));
    return success();
  }
};

/// slice(slice(x)) -> one slice of x.
struct ComposeSlices : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<SliceOp>();
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!inner || !type || !type.hasStaticShape())
      return failure();
    SmallVector<int64_t> starts, limits, strides;
    for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
      int64_t innerStride = inner.getStrides()[d];
      int64_t start =
          inner.getStartIndices()[d] + op.getStartIndices()[d] * innerStride;
      int64_t stride = innerStride * op.getStrides()[d];
      int64_t size = type.getDimSize(d);
      starts.push_back(start);
      strides.push_back(stride);
      limits.push_back(size == 0 ? start : start + (size - 1) * stride + 1);
    }
    rewriter.replaceOpWithNewOp<SliceOp>(
        op, type, inner.getOperand(), rewriter.getDenseI64ArrayAttr(starts),
        rewriter.getDenseI64ArrayAttr(limits),
        rewriter.getDenseI64ArrayAttr(strides));
    return success();
  }
};

/// pad with no padding anywhere -> the operand.
struct NoPadding : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    auto zero = [](ArrayRef<int64_t> widths) {
      return llvm::all_of(widths, [](int64_t w) { return w == 0; });
    };
    if (!zero(op.getEdgePaddingLow()) || !zero(op.getEdgePaddingHigh()) ||
        !zero(op.getInteriorPadding()))
      return failure();
    return replaceWith(rewriter, op, op.getOperand());
  }
};

/// dot_general(transpose(a), b) -> dot_general(a, b) with the transpose
/// folded into the dimension numbers, when the result's dimension order
/// stays the same (the free dimensions keep their relative order).
struct FoldTransposeIntoDot : OpRewritePattern<DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    SmallVector<int64_t> lhsBatch(dims.getLhsBatchingDimensions()),
        rhsBatch(dims.getRhsBatchingDimensions()),
        lhsContract(dims.getLhsContractingDimensions()),
        rhsContract(dims.getRhsContractingDimensions());
    Value lhs = op.getLhs(), rhs = op.getRhs();
    bool changed = fold(lhs, lhsBatch, lhsContract);
    changed |= fold(rhs, rhsBatch, rhsContract);
    if (!changed)
      return failure();
    rewriter.replaceOpWithNewOp<DotGeneralOp>(
        op, op.getType(), lhs, rhs,
        DotDimensionNumbersAttr::get(op.getContext(), lhsBatch, rhsBatch,
                                     lhsContract, rhsContract),
        op.getPrecisionConfigAttr(), op.getAlgorithmAttr());
    return success();
  }

  /// Replaces `operand` by the transpose's input and maps the dimension
  /// lists through its permutation, if that keeps the free dimensions in
  /// order.
  static bool fold(Value &operand, SmallVector<int64_t> &batch,
                   SmallVector<int64_t> &contract) {
    auto transpose = operand.getDefiningOp<TransposeOp>();
    if (!transpose)
      return false;
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    int64_t previous = -1;
    for (int64_t d = 0, e = permutation.size(); d < e; ++d) {
      if (llvm::is_contained(batch, d) || llvm::is_contained(contract, d))
        continue;
      if (permutation[d] < previous)
        return false;
      previous = permutation[d];
    }
    for (int64_t &d : batch)
      d = permutation[d];
    for (int64_t &d : contract)
      d = permutation[d];
    operand = transpose.getOperand();
    return true;
  }
};

/// transpose(dot_general(a, b)) -> dot_general(b, a) when the permutation
/// moves the free dimensions of `b` before those of `a` (each group in its
/// order) and permutes the batch dimensions among themselves: the product is
/// computed in the layout its user wants (XLA's TransposeFolding; JAX's
/// weight gradients are such transposes). A permutation of the batch
/// dimensions alone reorders the batch dimension pairs. The dot must have no
/// other user, or it would be computed twice.
struct FoldTransposeOfDot : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto dot = op.getOperand().getDefiningOp<DotGeneralOp>();
    if (!dot)
      return rewriter.notifyMatchFailure(op, "operand is not a dot_general");
    if (!dot->hasOneUse())
      return rewriter.notifyMatchFailure(op, "the dot has other users");
    auto lhsType = dyn_cast<RankedTensorType>(dot.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(dot.getRhs().getType());
    if (!lhsType || !rhsType)
      return rewriter.notifyMatchFailure(op, "unranked operands");
    DotDimensionNumbersAttr dims = dot.getDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions(),
                      rhsBatch = dims.getRhsBatchingDimensions();
    int64_t numBatch = lhsBatch.size();
    int64_t numLhsFree = lhsType.getRank() - numBatch -
                         dims.getLhsContractingDimensions().size();
    int64_t numRhsFree = rhsType.getRank() - numBatch -
                         dims.getRhsContractingDimensions().size();
    ArrayRef<int64_t> permutation = op.getPermutation();
    if (static_cast<int64_t>(permutation.size()) !=
        numBatch + numLhsFree + numRhsFree)
      return rewriter.notifyMatchFailure(op, "rank mismatch");
    // The batch part: a permutation of the batch dimensions.
    SmallVector<int64_t> newLhsBatch, newRhsBatch;
    bool batchMoved = false;
    for (int64_t i = 0; i < numBatch; ++i) {
      if (permutation[i] >= numBatch)
        return rewriter.notifyMatchFailure(op, "moves a batch dimension");
      batchMoved |= permutation[i] != i;
      newLhsBatch.push_back(lhsBatch[permutation[i]]);
      newRhsBatch.push_back(rhsBatch[permutation[i]]);
    }
    // The free part: in order (no swap) or the rhs group first.
    auto matches = [&](bool rhsFirst) {
      for (int64_t i = 0; i < numLhsFree + numRhsFree; ++i) {
        int64_t expected = numBatch + i;
        if (rhsFirst)
          expected = i < numRhsFree ? numBatch + numLhsFree + i
                                    : numBatch + i - numRhsFree;
        if (permutation[numBatch + i] != expected)
          return false;
      }
      return true;
    };
    bool swap = numLhsFree > 0 && numRhsFree > 0 && matches(true);
    if (!swap && !(batchMoved && matches(false)))
      return rewriter.notifyMatchFailure(
          op, "not a swap of the free dimension groups or a batch reorder");
    Value lhs = dot.getLhs(), rhs = dot.getRhs();
    ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions(),
                      rhsContract = dims.getRhsContractingDimensions();
    ArrayAttr precision = dot.getPrecisionConfigAttr();
    DotAlgorithmAttr algorithm = dot.getAlgorithmAttr();
    if (swap) {
      std::swap(lhs, rhs);
      std::swap(newLhsBatch, newRhsBatch);
      std::swap(lhsContract, rhsContract);
      if (precision && precision.size() == 2)
        precision = rewriter.getArrayAttr({precision[1], precision[0]});
      if (algorithm)
        algorithm = DotAlgorithmAttr::get(
            op.getContext(), algorithm.getRhsPrecisionType(),
            algorithm.getLhsPrecisionType(), algorithm.getAccumulationType(),
            algorithm.getRhsComponentCount(), algorithm.getLhsComponentCount(),
            algorithm.getNumPrimitiveOperations(),
            algorithm.getAllowImpreciseAccumulation());
    }
    auto newDims = DotDimensionNumbersAttr::get(
        op.getContext(), newLhsBatch, newRhsBatch, lhsContract, rhsContract);
    rewriter.replaceOpWithNewOp<DotGeneralOp>(op, op.getType(), lhs, rhs,
                                              newDims, precision, algorithm);
    return success();
  }
};

/// reduce over dimensions of size 1 with a one-op body: the body applied
/// once, elementwise, to the init value and the reshaped input.
struct ReduceOfUnitDimensions : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    Value input = op.getInputs().front();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!inputType || !resultType || !inputType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return failure();
    for (int64_t d : op.getDimensions())
      if (inputType.getDimSize(d) != 1)
        return failure();
    Block &body = op.getBody().front();
    if (!llvm::hasSingleElement(body.without_terminator()))
      return failure();
    Operation &combiner = body.front();
    if (!isa<AddOp, MulOp, MaxOp, MinOp, AndOp, OrOp>(combiner) ||
        combiner.getNumOperands() != 2 ||
        combiner.getOperand(0) != body.getArgument(0) ||
        combiner.getOperand(1) != body.getArgument(1) ||
        body.getTerminator()->getOperand(0) != combiner.getResult(0))
      return failure();
    Location loc = op.getLoc();
    Value reshaped = ReshapeOp::create(rewriter, loc, resultType, input);
    Value init = BroadcastInDimOp::create(
        rewriter, loc, resultType, op.getInitValues().front(),
        rewriter.getDenseI64ArrayAttr({}));
    OperationState state(loc, combiner.getName());
    state.addOperands({init, reshaped});
    state.addTypes(resultType);
    state.addAttributes(combiner.getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

} // namespace

void hlo::populateHloAlgebraicSimplificationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<BinaryIdentity<AddOp>, BinaryIdentity<SubtractOp>,
               BinaryIdentity<MulOp>, BinaryIdentity<DivOp>,
               BinaryIdentity<AndOp>, BinaryIdentity<OrOp>,
               BinaryIdentity<XorOp>, BinaryIdentity<MaxOp>,
               BinaryIdentity<MinOp>, Involution<NegOp>, Involution<NotOp>,
               CompareSameOperands, ComposeSlices, NoPadding,
               FoldTransposeIntoDot, FoldTransposeOfDot,
               ReduceOfUnitDimensions>(
      patterns.getContext());
}
