//===- HloPointwiseToLinalg.cpp - elementwise hlo ops to linalg.generic ---===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    if (isa<BitcastConvertOp>(op) &&
        cast<RankedTensorType>(op->getOperand(0).getType()).getRank() !=
            cast<RankedTensorType>(op->getResult(0).getType()).getRank())
      return rewriter.notifyMatchFailure(op, "a width-changing bitcast");
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

/// (d0, ..., dN-1) -> (d0, ..., dn-1), also for n = 0.
AffineMap prefixMap(int64_t numDims, int64_t n, MLIRContext *context) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < n; ++d)
    exprs.push_back(getAffineDimExpr(d, context));
  return AffineMap::get(numDims, 0, exprs, context);
}

/// bitcast_convert between element types of different widths: the bits of
/// the narrow elements along the last dimension, element j at bit j * width
/// (least significant first), make one wide element.
struct WidthChangingBitcastToLinalg : OpConversionPattern<BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType || operandType.getRank() == resultType.getRank())
      return rewriter.notifyMatchFailure(op, "not a width-changing bitcast");
    Type from = operandType.getElementType(), to = resultType.getElementType();
    auto isScalar = [](Type t) {
      return t.isIntOrFloat() || isa<ComplexType>(t);
    };
    if (!isScalar(from) || !isScalar(to))
      return rewriter.notifyMatchFailure(
          op, "expects int, float or complex elements");
    if (!operandType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expects static shapes");
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    unsigned fromBits = hlo::detail::getScalarBitWidth(from),
             toBits = hlo::detail::getScalarBitWidth(to);
    auto asInt = [&](OpBuilder &b, Location l, Value v) -> Value {
      return hlo::detail::bitcastToInteger(b, l, v);
    };
    auto fromInt = [&](OpBuilder &b, Location l, Value v, Type t) -> Value {
      return hlo::detail::bitcastFromInteger(b, l, v, t);
    };
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         to);
    int64_t rank = resultType.getRank();
    if (fromBits > toBits) {
      // Wide to narrow: result[..., j] = trunc(operand[...] >> j * toBits).
      AffineMap operandMap = prefixMap(rank, rank - 1, context);
      SmallVector<AffineMap> maps = {
          operandMap, AffineMap::getMultiDimIdentityMap(rank, context)};
      SmallVector<utils::IteratorType> iterators(
          rank, utils::IteratorType::parallel);
      auto generic = linalg::GenericOp::create(
          rewriter, loc, resultType, adaptor.getOperand(), init, maps,
          iterators, [&](OpBuilder &b, Location l, ValueRange args) {
            Value wide = asInt(b, l, args[0]);
            Type wideType = wide.getType();
            Value j = arith::IndexCastOp::create(
                b, l, wideType, linalg::IndexOp::create(b, l, rank - 1));
            Value shift = arith::MulIOp::create(
                b, l, j,
                arith::ConstantOp::create(b, l, wideType,
                                          b.getIntegerAttr(wideType, toBits)));
            Value part = arith::TruncIOp::create(
                b, l, b.getIntegerType(toBits),
                arith::ShRUIOp::create(b, l, wide, shift));
            linalg::YieldOp::create(b, l, fromInt(b, l, part, to));
          });
      rewriter.replaceOp(op, generic.getResults());
      return success();
    }
    // Narrow to wide: result[...] = OR_j zext(operand[..., j]) << j * fromBits.
    int64_t operandRank = operandType.getRank();
    AffineMap resultMap = prefixMap(operandRank, operandRank - 1, context);
    Type wideInt = rewriter.getIntegerType(toBits);
    auto intResultType = resultType.clone(wideInt);
    Value zero = arith::ConstantOp::create(rewriter, loc, wideInt,
                                           rewriter.getIntegerAttr(wideInt, 0));
    Value intInit = linalg::FillOp::create(
                        rewriter, loc, zero,
                        tensor::EmptyOp::create(rewriter, loc,
                                                resultType.getShape(), wideInt)
                            .getResult())
                        .getResult(0);
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(operandRank, context), resultMap};
    SmallVector<utils::IteratorType> iterators(operandRank,
                                               utils::IteratorType::parallel);
    iterators.back() = utils::IteratorType::reduction;
    auto packed = linalg::GenericOp::create(
        rewriter, loc, intResultType, adaptor.getOperand(), intInit, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value part = arith::ExtUIOp::create(b, l, wideInt, asInt(b, l, args[0]));
          Value j = arith::IndexCastOp::create(
              b, l, wideInt, linalg::IndexOp::create(b, l, operandRank - 1));
          Value shift = arith::MulIOp::create(
              b, l, j,
              arith::ConstantOp::create(b, l, wideInt,
                                        b.getIntegerAttr(wideInt, fromBits)));
          linalg::YieldOp::create(
              b, l,
              Value(arith::OrIOp::create(
                  b, l, args[1], arith::ShLIOp::create(b, l, part, shift))));
        });
    Value result = packed.getResult(0);
    if (to != wideInt) {
      SmallVector<AffineMap> idMaps(
          2, AffineMap::getMultiDimIdentityMap(rank, context));
      SmallVector<utils::IteratorType> par(rank, utils::IteratorType::parallel);
      result = linalg::GenericOp::create(
                   rewriter, loc, resultType, result, init, idMaps, par,
                   [&](OpBuilder &b, Location l, ValueRange args) {
                     linalg::YieldOp::create(b, l,
                                             fromInt(b, l, args[0], to));
                   })
                   .getResult(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void hlo::detail::populatePointwisePatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<PointwiseToLinalg, WidthChangingBitcastToLinalg>(
      converter, patterns.getContext());
}
