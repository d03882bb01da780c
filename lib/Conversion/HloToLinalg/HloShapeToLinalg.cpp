//===- HloShapeToLinalg.cpp - data-movement hlo ops to linalg/tensor ------===//
//
// constant, iota, broadcast_in_dim, reshape, transpose, slice, concatenate.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Splat constants with more elements than this are lowered to a fill.
constexpr int64_t kMaxGlobalSplatElements = int64_t(1) << 20;

RankedTensorType convertedType(const TypeConverter *converter, Value v) {
  return dyn_cast_or_null<RankedTensorType>(converter->convertType(v.getType()));
}

struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value)
      return rewriter.notifyMatchFailure(op, "expected a dense constant");
    if (value.getType() != type) // unsigned -> signless: same bits
      value = value.bitcast(type.getElementType());
    // A large splat becomes a fill: as a constant it would be bufferized to
    // a global that the translation to LLVM IR writes out element by
    // element (gigabytes for a declared 10^9-element constant).
    if (value.isSplat() && type.hasStaticShape() &&
        type.getElementType().isIntOrFloat() &&
        type.getNumElements() > kMaxGlobalSplatElements) {
      Location loc = op.getLoc();
      Value scalar = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(value.getSplatValue<Attribute>()));
      Value init = hlo::detail::createEmptyTensor(rewriter, loc, type);
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, scalar, init);
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct IotaToLinalg : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static shape");
    Location loc = op.getLoc();
    Type elementType = type.getElementType();
    int64_t dim = op.getIotaDimension();
    Value init = hlo::detail::createEmptyTensor(rewriter, loc, type);
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(type.getRank(), op.getContext());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{identity},
        SmallVector<utils::IteratorType>(type.getRank(),
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = linalg::IndexOp::create(b, l, dim);
          Value result =
              hlo::detail::createIotaScalar(b, l, index, elementType);
          linalg::YieldOp::create(b, l, result);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct BroadcastInDimToLinalg : OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!type || !type.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    // Operand dimension d reads result dimension dims[d], or index 0 when it
    // is a size-1 dimension being expanded.
    SmallVector<AffineExpr> exprs;
    for (auto [d, target] : llvm::enumerate(op.getBroadcastDimensions())) {
      bool expanded = operandType.getDimSize(d) == 1 && type.getDimSize(target) != 1;
      exprs.push_back(expanded ? getAffineConstantExpr(0, context)
                               : getAffineDimExpr(target, context));
    }
    AffineMap inputMap = AffineMap::get(type.getRank(), 0, exprs, context);
    AffineMap outputMap =
        AffineMap::getMultiDimIdentityMap(type.getRank(), context);
    Value init = hlo::detail::createEmptyTensor(rewriter, loc, type);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{adaptor.getOperand()},
        ValueRange{init}, ArrayRef<AffineMap>{inputMap, outputMap},
        SmallVector<utils::IteratorType>(type.getRank(),
                                         utils::IteratorType::parallel),
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args.front());
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct ReshapeToTensor : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    if (operandType == type) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    // One collapse or one expand when the shapes allow it.
    if (type.getRank() < operandType.getRank()) {
      if (auto reassociation = getReassociationIndicesForCollapse(
              operandType.getShape(), type.getShape())) {
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, type, operand,
                                                             *reassociation);
        return success();
      }
    } else if (type.getRank() > operandType.getRank()) {
      if (auto reassociation = getReassociationIndicesForCollapse(
              type.getShape(), operandType.getShape())) {
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, operand,
                                                           *reassociation);
        return success();
      }
    }
    // Otherwise through a flat vector (rank 0 has no dims to group).
    Value flat = operand;
    int64_t count = operandType.getNumElements();
    auto flatType = RankedTensorType::get({count}, type.getElementType());
    if (operandType.getRank() != 1) {
      SmallVector<ReassociationIndices> all;
      if (operandType.getRank() > 0)
        all.push_back(llvm::to_vector(llvm::seq<int64_t>(0, operandType.getRank())));
      flat = operandType.getRank() == 0
                 ? Value(tensor::ExpandShapeOp::create(rewriter, loc, flatType,
                                                       operand, all))
                 : Value(tensor::CollapseShapeOp::create(rewriter, loc, flatType,
                                                         operand, all));
    }
    if (type.getRank() == 1) {
      rewriter.replaceOp(op, flat);
      return success();
    }
    SmallVector<ReassociationIndices> all;
    if (type.getRank() > 0)
      all.push_back(llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())));
    if (type.getRank() == 0)
      rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, type, flat, all);
    else
      rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, flat, all);
    return success();
  }
};

struct TransposeToLinalg : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported result type");
    Location loc = op.getLoc();
    // Dynamic result dim i is operand dim permutation[i].
    SmallVector<Value> dynamicSizes;
    for (auto [i, size] : llvm::enumerate(type.getShape()))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(tensor::DimOp::create(
            rewriter, loc, adaptor.getOperand(), op.getPermutation()[i]));
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(), dynamicSizes);
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getOperand(), init, op.getPermutation());
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

struct SliceToTensor : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result shape");
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      offsets.push_back(rewriter.getIndexAttr(op.getStartIndices()[d]));
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(op.getStrides()[d]));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

struct ConcatenateToTensor : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result shape");
    Location loc = op.getLoc();
    int64_t dim = op.getDimension();
    Value result = hlo::detail::createEmptyTensor(rewriter, loc, type);
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(type.getRank(),
                                               rewriter.getIndexAttr(1));
      for (int64_t size : inputType.getShape())
        sizes.push_back(rewriter.getIndexAttr(size));
      offsets[dim] = rewriter.getIndexAttr(offset);
      offset += inputType.getDimSize(dim);
      if (inputType.getDimSize(dim) == 0)
        continue;
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result,
                                             offsets, sizes, strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// pad: a fill with the padding value and one strided insert of the operand;
/// negative edge padding cuts the operand first.
struct PadToTensor : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!type || !type.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    ArrayRef<int64_t> low = op.getEdgePaddingLow(), high = op.getEdgePaddingHigh(),
                      interior = op.getInteriorPadding();
    // Pad with the non-negative parts first; cut the negative parts after.
    SmallVector<int64_t> paddedShape;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = operandType.getDimSize(d);
      paddedShape.push_back(std::max<int64_t>(low[d], 0) + size +
                            std::max<int64_t>(size - 1, 0) * interior[d] +
                            std::max<int64_t>(high[d], 0));
    }
    auto paddedType = RankedTensorType::get(paddedShape, type.getElementType());
    Value value = tensor::ExtractOp::create(rewriter, loc,
                                            adaptor.getPaddingValue(), ValueRange{});
    Value padded =
        linalg::FillOp::create(rewriter, loc, ValueRange{value},
                               ValueRange{hlo::detail::createEmptyTensor(
                                   rewriter, loc, paddedType)})
            .getResult(0);
    if (operandType.getNumElements() > 0) {
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(rewriter.getIndexAttr(std::max<int64_t>(low[d], 0)));
        sizes.push_back(rewriter.getIndexAttr(operandType.getDimSize(d)));
        strides.push_back(rewriter.getIndexAttr(interior[d] + 1));
      }
      padded = tensor::InsertSliceOp::create(rewriter, loc, adaptor.getOperand(),
                                             padded, offsets, sizes, strides);
    }
    if (paddedType == type) {
      rewriter.replaceOp(op, padded);
      return success();
    }
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < rank; ++d) {
      offsets.push_back(rewriter.getIndexAttr(std::max<int64_t>(-low[d], 0)));
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(1));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, type, padded, offsets,
                                                        sizes, strides);
    return success();
  }
};

/// reverse: a linalg.generic reading index `size - 1 - i` in the reversed
/// dimensions.
struct ReverseToLinalg : OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static shape");
    MLIRContext *context = op.getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      AffineExpr dim = getAffineDimExpr(d, context);
      exprs.push_back(llvm::is_contained(op.getDimensions(), d)
                          ? type.getDimSize(d) - 1 - dim
                          : dim);
    }
    AffineMap inputMap = AffineMap::get(type.getRank(), 0, exprs, context);
    AffineMap outputMap = AffineMap::getMultiDimIdentityMap(type.getRank(), context);
    Value init = hlo::detail::createEmptyTensor(rewriter, op.getLoc(), type);
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{type}, ValueRange{adaptor.getOperand()},
        ValueRange{init}, ArrayRef<AffineMap>{inputMap, outputMap},
        SmallVector<utils::IteratorType>(type.getRank(),
                                         utils::IteratorType::parallel),
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args.front());
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The start index read from `scalarTensor`, clamped to
/// [0, dimSize - size], as an index value.
Value clampedStart(OpBuilder &b, Location loc, Value scalarTensor,
                   bool isUnsigned, int64_t dimSize, int64_t size) {
  Value raw = tensor::ExtractOp::create(b, loc, scalarTensor, ValueRange{});
  Value start = isUnsigned
                    ? Value(arith::IndexCastUIOp::create(b, loc, b.getIndexType(), raw))
                    : Value(arith::IndexCastOp::create(b, loc, b.getIndexType(), raw));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value limit = arith::ConstantIndexOp::create(b, loc, dimSize - size);
  return arith::MinSIOp::create(b, loc, arith::MaxSIOp::create(b, loc, start, zero),
                                limit);
}

/// Offsets (clamped start indices), sizes and unit strides of a dynamic
/// slice of `sizes` out of `operandType` starting at `startIndices`.
void clampedSliceBox(OpBuilder &b, Location loc, ValueRange startIndices,
                     TypeRange originalIndexTypes, RankedTensorType operandType,
                     ArrayRef<int64_t> sizes, SmallVectorImpl<OpFoldResult> &offsets,
                     SmallVectorImpl<OpFoldResult> &sliceSizes,
                     SmallVectorImpl<OpFoldResult> &strides) {
  for (auto [d, index] : llvm::enumerate(startIndices)) {
    bool isUnsigned = getElementTypeOrSelf(originalIndexTypes[d]).isUnsignedInteger();
    offsets.push_back(clampedStart(b, loc, index, isUnsigned,
                                   operandType.getDimSize(d), sizes[d]));
    sliceSizes.push_back(b.getIndexAttr(sizes[d]));
    strides.push_back(b.getIndexAttr(1));
  }
}

struct DynamicSliceToTensor : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedType(getTypeConverter(), op.getResult());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!type || !type.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> offsets, sizes, strides;
    clampedSliceBox(rewriter, op.getLoc(), adaptor.getStartIndices(),
                    op.getStartIndices().getTypes(), operandType, type.getShape(),
                    offsets, sizes, strides);
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

struct DynamicUpdateSliceToTensor : OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto updateType = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (!operandType.hasStaticShape() || !updateType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> offsets, sizes, strides;
    clampedSliceBox(rewriter, op.getLoc(), adaptor.getStartIndices(),
                    op.getStartIndices().getTypes(), operandType,
                    updateType.getShape(), offsets, sizes, strides);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets, sizes, strides);
    return success();
  }
};

} // namespace

void hlo::detail::populateShapePatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<ConstantToArith, IotaToLinalg, BroadcastInDimToLinalg,
               ReshapeToTensor, TransposeToLinalg, SliceToTensor,
               ConcatenateToTensor, PadToTensor, ReverseToLinalg,
               DynamicSliceToTensor, DynamicUpdateSliceToTensor>(
      converter, patterns.getContext());
}
