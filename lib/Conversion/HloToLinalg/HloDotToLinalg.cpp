//===- HloDotToLinalg.cpp - dot_general to linalg contractions ------------===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Whether products of `from` elements can accumulate in `to` (converted
/// with convertScalar).
bool canAccumulate(Type from, Type to) {
  if (from.isInteger(1))
    return false;
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return from == to;
  if (isa<FloatType>(from))
    return isa<FloatType>(to);
  return isa<IntegerType>(from) && isa<IntegerType, FloatType>(to);
}

/// dot_general -> linalg.matmul / linalg.batch_matmul when the dimension
/// numbers are those of a (batched) row-major matrix product with equal
/// element types, otherwise a linalg.generic over (batch..., lhs free...,
/// rhs free..., contracting...) loops.
struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    if (!resultType || !resultType.hasStaticShape() ||
        !lhsType.hasStaticShape() || !rhsType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Type lhsElement = op.getLhs().getType().getElementType();
    Type resultElement = op.getType().getElementType();
    if (!canAccumulate(lhsElement, resultElement) ||
        !canAccumulate(op.getRhs().getType().getElementType(), resultElement))
      return rewriter.notifyMatchFailure(op, "unsupported element types");
    Location loc = op.getLoc();
    DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
    ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();

    Value zero = hlo::detail::createZero(rewriter, loc, resultType.getElementType());
    Value empty = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    Value init = linalg::FillOp::create(rewriter, loc, ValueRange{zero},
                                        ValueRange{empty})
                     .getResult(0);
    bool sameTypes = lhsType.getElementType() == resultType.getElementType() &&
                     rhsType.getElementType() == resultType.getElementType() &&
                     !lhsElement.isUnsignedInteger();
    auto is = [](ArrayRef<int64_t> a, std::initializer_list<int64_t> b) {
      return llvm::equal(a, b);
    };
    if (sameTypes && lhsType.getRank() == 2 && rhsType.getRank() == 2 &&
        lhsBatch.empty() && is(lhsContract, {1}) && is(rhsContract, {0})) {
      auto matmul = linalg::MatmulOp::create(
          rewriter, loc, TypeRange{resultType},
          ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init});
      rewriter.replaceOp(op, matmul->getResults());
      return success();
    }
    if (sameTypes && lhsType.getRank() == 3 && rhsType.getRank() == 3 &&
        is(lhsBatch, {0}) && is(rhsBatch, {0}) && is(lhsContract, {2}) &&
        is(rhsContract, {1})) {
      auto matmul = linalg::BatchMatmulOp::create(
          rewriter, loc, TypeRange{resultType},
          ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init});
      rewriter.replaceOp(op, matmul->getResults());
      return success();
    }

    // Loop order: batch, lhs free, rhs free (= the result dims), then the
    // contracting dims.
    MLIRContext *context = op.getContext();
    int64_t numBatch = lhsBatch.size();
    SmallVector<int64_t> lhsFree, rhsFree;
    for (int64_t d = 0; d < lhsType.getRank(); ++d)
      if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
        lhsFree.push_back(d);
    for (int64_t d = 0; d < rhsType.getRank(); ++d)
      if (!llvm::is_contained(rhsBatch, d) && !llvm::is_contained(rhsContract, d))
        rhsFree.push_back(d);
    int64_t numParallel = resultType.getRank();
    int64_t numLoops = numParallel + lhsContract.size();
    SmallVector<AffineExpr> lhsExprs(lhsType.getRank()),
        rhsExprs(rhsType.getRank()), outExprs;
    for (int64_t i = 0; i < numBatch; ++i) {
      lhsExprs[lhsBatch[i]] = getAffineDimExpr(i, context);
      rhsExprs[rhsBatch[i]] = getAffineDimExpr(i, context);
    }
    for (auto [i, d] : llvm::enumerate(lhsFree))
      lhsExprs[d] = getAffineDimExpr(numBatch + i, context);
    for (auto [i, d] : llvm::enumerate(rhsFree))
      rhsExprs[d] = getAffineDimExpr(numBatch + lhsFree.size() + i, context);
    for (size_t i = 0; i < lhsContract.size(); ++i) {
      lhsExprs[lhsContract[i]] = getAffineDimExpr(numParallel + i, context);
      rhsExprs[rhsContract[i]] = getAffineDimExpr(numParallel + i, context);
    }
    for (int64_t i = 0; i < numParallel; ++i)
      outExprs.push_back(getAffineDimExpr(i, context));
    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, lhsExprs, context),
        AffineMap::get(numLoops, 0, rhsExprs, context),
        AffineMap::get(numLoops, 0, outExprs, context)};
    SmallVector<utils::IteratorType> iterators(numParallel,
                                               utils::IteratorType::parallel);
    iterators.append(lhsContract.size(), utils::IteratorType::reduction);

    Type rhsElement = op.getRhs().getType().getElementType();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType},
        ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Type acc = args[2].getType();
          Value x = convertScalar(b, l, args[0], lhsElement, resultElement);
          Value y = convertScalar(b, l, args[1], rhsElement, resultElement);
          Value sum;
          if (isa<ComplexType>(acc)) {
            sum = complex::AddOp::create(b, l, args[2],
                                         complex::MulOp::create(b, l, x, y));
          } else if (isa<FloatType>(acc)) {
            sum = arith::AddFOp::create(b, l, args[2],
                                        arith::MulFOp::create(b, l, x, y));
          } else {
            sum = arith::AddIOp::create(b, l, args[2],
                                        arith::MulIOp::create(b, l, x, y));
          }
          linalg::YieldOp::create(b, l, sum);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlo::detail::populateDotPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg>(converter, patterns.getContext());
}
