//===- HloPointwiseToLinalg.cpp - elementwise hlo ops to linalg.generic ---===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Any elementwise hlo op -> one linalg.generic whose body is the op's
/// scalar semantics. Rank-0 operands of a ranked result (the scalar predicate
/// of select, scalar bounds of clamp) are broadcast by their indexing map.
struct PointwiseToLinalg : ConversionPattern {
  PointwiseToLinalg(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalarizableHloOp(op))
      return rewriter.notifyMatchFailure(op, "not an elementwise hlo op");
    // Checked before anything is built: a pattern must not fail after
    // changing the IR.
    if (failed(checkScalarizable(op)))
      return failure();
    Location loc = op->getLoc();
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    int64_t rank = resultType.getRank();

    // A full-rank operand provides the dynamic sizes of the result.
    Value shapeSource;
    for (Value v : operands)
      if (cast<RankedTensorType>(v.getType()).getRank() == rank) {
        shapeSource = v;
        break;
      }
    if (!resultType.hasStaticShape() && !shapeSource)
      return rewriter.notifyMatchFailure(op, "no operand gives the result shape");
    Value init = hlo::detail::createEmptyTensor(rewriter, loc, resultType, shapeSource);

    MLIRContext *context = op->getContext();
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap scalar = AffineMap::get(rank, 0, context);
    SmallVector<AffineMap> maps;
    for (Value v : operands)
      maps.push_back(cast<RankedTensorType>(v.getType()).getRank() == rank
                         ? identity
                         : scalar);
    maps.push_back(identity);

    SmallVector<Type> operandElementTypes;
    for (Type t : op->getOperandTypes())
      operandElementTypes.push_back(cast<ShapedType>(t).getElementType());
    Type resultElementType =
        cast<ShapedType>(op->getResult(0).getType()).getElementType();

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, operands, ValueRange{init}, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          FailureOr<Value> scalar =
              mapHloOpToScalarOp(op, operandElementTypes, resultElementType,
                                 args.drop_back(), b);
          linalg::YieldOp::create(b, bodyLoc, *scalar);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlo::detail::populatePointwisePatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<PointwiseToLinalg>(converter, patterns.getContext());
}
