//===- HloGatherToLinalg.cpp - gather to a linalg.generic -----------------===//
//
// gather becomes a linalg.generic over the result with no inputs: the body
// computes the operand index from linalg.index, the start indices (read with
// tensor.extract and clamped so the slice stays in bounds) and the
// dimension numbers, and reads the operand with tensor.extract.
//
// When the gathered slices end in whole rows (the last t result dimensions
// are offset dimensions taking the last t operand dimensions whole: an
// embedding lookup), a loop over the other result dimensions copies one row
// per index instead (tensor.extract_slice of the operand at the clamped
// start, tensor.insert_slice into the result: a memcpy of the row once
// bufferized). Gathers inside fusions keep the generic, which fuses.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The operand index that a gather reads for the result element with batch
/// indices `batchIndex` and window offsets `offsetIndex`: each start index
/// (read from `startIndices`, clamped so that the slice stays in bounds),
/// plus the batching indices, plus the offsets of the operand's window
/// dimensions below `windowDimsEnd`, in order (the others stay 0).
SmallVector<Value> getGatherOperandIndex(OpBuilder &b, Location l, GatherOp op,
                                         Value startIndices,
                                         RankedTensorType operandType,
                                         ArrayRef<Value> batchIndex,
                                         ArrayRef<Value> offsetIndex,
                                         int64_t windowDimsEnd) {
  GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  ArrayRef<int64_t> collapsed = dims.getCollapsedSliceDims();
  ArrayRef<int64_t> operandBatching = dims.getOperandBatchingDims();
  ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  int64_t indicesRank = cast<RankedTensorType>(startIndices.getType()).getRank();
  bool unsignedIndices =
      op.getStartIndices().getType().getElementType().isUnsignedInteger();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, l, v);
  };
  SmallVector<Value> operandIndex(operandType.getRank(), index(0));
  // Start indices, clamped to [0, dim - slice size].
  for (auto [k, operandDim] : llvm::enumerate(dims.getStartIndexMap())) {
    SmallVector<Value> position;
    size_t next = 0;
    for (int64_t d = 0; d < indicesRank; ++d)
      position.push_back(d == indexVectorDim ? index(k) : batchIndex[next++]);
    Value raw = tensor::ExtractOp::create(b, l, startIndices, position);
    Value start =
        unsignedIndices
            ? Value(arith::IndexCastUIOp::create(b, l, b.getIndexType(), raw))
            : Value(arith::IndexCastOp::create(b, l, b.getIndexType(), raw));
    start = arith::MaxSIOp::create(b, l, start, index(0));
    Value limit =
        index(operandType.getDimSize(operandDim) - sliceSizes[operandDim]);
    start = arith::MinSIOp::create(b, l, start, limit);
    operandIndex[operandDim] =
        arith::AddIOp::create(b, l, operandIndex[operandDim], start);
  }
  for (auto [operandDim, indicesDim] :
       llvm::zip_equal(operandBatching, dims.getStartIndicesBatchingDims())) {
    int64_t position =
        indicesDim < indexVectorDim ? indicesDim : indicesDim - 1;
    operandIndex[operandDim] = arith::AddIOp::create(
        b, l, operandIndex[operandDim], batchIndex[position]);
  }
  size_t nextOffset = 0;
  for (int64_t d = 0; d < windowDimsEnd; ++d) {
    if (llvm::is_contained(collapsed, d) ||
        llvm::is_contained(operandBatching, d))
      continue;
    operandIndex[d] =
        arith::AddIOp::create(b, l, operandIndex[d], offsetIndex[nextOffset++]);
  }
  return operandIndex;
}

struct GatherToLinalg : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(adaptor.getStartIndices().getType());
    if (!resultType || !resultType.hasStaticShape() ||
        !operandType.hasStaticShape() || !indicesType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    ArrayRef<int64_t> offsetDims = op.getDimensionNumbers().getOffsetDims();
    int64_t operandRank = operandType.getRank();
    int64_t resultRank = resultType.getRank();

    Value init = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(resultRank, op.getContext());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{identity},
        SmallVector<utils::IteratorType>(resultRank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> batchIndex, offsetIndex;
          for (int64_t d = 0; d < resultRank; ++d)
            (llvm::is_contained(offsetDims, d) ? offsetIndex : batchIndex)
                .push_back(linalg::IndexOp::create(b, l, d));
          SmallVector<Value> operandIndex = getGatherOperandIndex(
              b, l, op, adaptor.getStartIndices(), operandType, batchIndex,
              offsetIndex, operandRank);
          linalg::YieldOp::create(
              b, l,
              Value(tensor::ExtractOp::create(b, l, adaptor.getOperand(), operandIndex)));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The number of trailing result dimensions that are whole trailing operand
/// rows (see the file comment); 0 when there are none.
int64_t wholeRowDims(GatherOp op, RankedTensorType operandType,
                     RankedTensorType resultType) {
  GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
  // Operand dimensions that are windows, in order (they map to offsetDims).
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < operandType.getRank(); ++d)
    if (!llvm::is_contained(dims.getCollapsedSliceDims(), d) &&
        !llvm::is_contained(dims.getOperandBatchingDims(), d))
      windowDims.push_back(d);
  if (windowDims.size() != offsetDims.size())
    return 0;
  int64_t rows = 0;
  for (int64_t i = offsetDims.size() - 1; i >= 0; --i, ++rows) {
    int64_t resultDim = resultType.getRank() - 1 - rows;
    int64_t operandDim = operandType.getRank() - 1 - rows;
    if (offsetDims[i] != resultDim || windowDims[i] != operandDim ||
        sliceSizes[operandDim] != operandType.getDimSize(operandDim))
      break;
  }
  return rows;
}

struct RowGatherToSCF : OpConversionPattern<GatherOp> {
  RowGatherToSCF(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getParentOfType<FusionOp>())
      return rewriter.notifyMatchFailure(op, "inside a fusion");
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto indicesType =
        cast<RankedTensorType>(adaptor.getStartIndices().getType());
    if (!resultType || !resultType.hasStaticShape() ||
        !operandType.hasStaticShape() || !indicesType.hasStaticShape() ||
        resultType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    int64_t rows = wholeRowDims(op, operandType, resultType);
    if (rows == 0 || rows == resultType.getRank())
      return rewriter.notifyMatchFailure(op, "no whole rows");
    Location loc = op.getLoc();
    ArrayRef<int64_t> offsetDims = op.getDimensionNumbers().getOffsetDims();
    int64_t operandRank = operandType.getRank();
    int64_t resultRank = resultType.getRank();
    int64_t outer = resultRank - rows;

    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    SmallVector<Value> lbs(outer, zero), steps(outer, one), ubs;
    for (int64_t d = 0; d < outer; ++d)
      ubs.push_back(index(rewriter, loc, resultType.getDimSize(d)));
    Value init = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    auto body = [&](OpBuilder &b, Location l, ValueRange ivs,
                    ValueRange carried) -> scf::ValueVector {
      SmallVector<Value> batchIndex, offsetIndex;
      for (int64_t d = 0; d < outer; ++d)
        (llvm::is_contained(offsetDims, d) ? offsetIndex : batchIndex)
            .push_back(ivs[d]);
      // Window dimensions before the rows take the loop's offset indices.
      SmallVector<Value> operandIndex = getGatherOperandIndex(
          b, l, op, adaptor.getStartIndices(), operandType, batchIndex,
          offsetIndex, operandRank - rows);
      // The row: operand[operandIndex..., :...] into result[ivs..., :...].
      SmallVector<OpFoldResult> srcOffsets, srcSizes, strides, dstOffsets,
          dstSizes, dstStrides;
      for (int64_t d = 0; d < operandRank; ++d) {
        bool row = d >= operandRank - rows;
        srcOffsets.push_back(row ? OpFoldResult(b.getIndexAttr(0))
                                 : OpFoldResult(operandIndex[d]));
        srcSizes.push_back(
            b.getIndexAttr(row ? operandType.getDimSize(d) : 1));
        strides.push_back(b.getIndexAttr(1));
      }
      for (int64_t d = 0; d < resultRank; ++d) {
        bool row = d >= outer;
        dstOffsets.push_back(row ? OpFoldResult(b.getIndexAttr(0))
                                 : OpFoldResult(ivs[d]));
        dstSizes.push_back(b.getIndexAttr(row ? resultType.getDimSize(d) : 1));
        dstStrides.push_back(b.getIndexAttr(1));
      }
      auto rowType = RankedTensorType::get(
          resultType.getShape().take_back(rows), resultType.getElementType());
      Value rowValue = tensor::ExtractSliceOp::create(
          b, l, rowType, adaptor.getOperand(), srcOffsets, srcSizes, strides);
      Value updated = tensor::InsertSliceOp::create(
          b, l, rowValue, carried[0], dstOffsets, dstSizes, dstStrides);
      return {updated};
    };
    scf::LoopNest nest =
        scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, ValueRange{init}, body);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateGatherPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         bool rowLoops) {
  patterns.add<GatherToLinalg>(converter, patterns.getContext());
  if (rowLoops)
    patterns.add<RowGatherToSCF>(converter, patterns.getContext());
}
