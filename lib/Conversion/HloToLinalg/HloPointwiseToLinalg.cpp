//===- HloPointwiseToLinalg.cpp - elementwise hlo ops to linalg.generic ---===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Matchers.h"

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
    // Splat constant operands are immediates of the body, not inputs read
    // from memory.
    SmallVector<DenseElementsAttr> splats;
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (auto [original, v] : llvm::zip_equal(op->getOperands(), operands)) {
      DenseElementsAttr splat;
      if (matchPattern(original, m_Constant(&splat)) && splat.isSplat()) {
        splats.push_back(splat);
        continue;
      }
      splats.push_back({});
      inputs.push_back(v);
      maps.push_back(cast<RankedTensorType>(v.getType()).getRank() == rank
                         ? identity
                         : scalar);
    }
    maps.push_back(identity);

    SmallVector<Type> operandElementTypes;
    for (Type t : op->getOperandTypes())
      operandElementTypes.push_back(cast<ShapedType>(t).getElementType());
    Type resultElementType =
        cast<ShapedType>(op->getResult(0).getType()).getElementType();

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          SmallVector<Value> scalars;
          unsigned next = 0;
          for (DenseElementsAttr splat : splats)
            scalars.push_back(splat ? hlo::detail::createScalarConstant(
                                          b, bodyLoc, splat)
                                    : args[next++]);
          FailureOr<Value> scalar = mapHloOpToScalarOp(
              op, operandElementTypes, resultElementType, scalars, b);
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
