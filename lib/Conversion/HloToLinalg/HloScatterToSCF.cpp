//===- HloScatterToSCF.cpp - scatter to a loop nest on tensors ------------===//
//
// scatter becomes a loop nest over the update index space, carrying the
// result tensors: each iteration computes the result index from the
// scatter indices and dimension numbers (StableHLO spec semantics), and, if
// it is in bounds, extracts the current value, applies the scalarized update
// computation and inserts the result. One-shot bufferization makes the
// inserts in place.
//
// When the update windows end in whole rows (the last t update dimensions
// are window dimensions covering the last t operand dimensions whole, which
// no scatter index addresses: segment_sum, embedding gradients), the loop
// runs over the other update dimensions only and combines a row at a time:
// the row of the result and the row of updates as a linalg.generic of the
// scalarized combiner (vectorized later), inserted back in place. A row is
// in bounds exactly when its first element is, so the semantics are those
// of the element loop. Scatters inside fusions keep the element loop.
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

/// The result index that the update element with scatter indices
/// `scatterIndex` and window indices `windowIndex` addresses: each start
/// index (read from `scatterIndices`), plus the batching indices, plus the
/// window indices of the input's window dimensions below `windowDimsEnd`, in
/// order; `zero` elsewhere. Not clamped: see getInBounds.
SmallVector<Value> getScatterResultIndex(OpBuilder &b, Location l,
                                         ScatterOp op, Value scatterIndices,
                                         int64_t inputRank, Value zero,
                                         ArrayRef<Value> scatterIndex,
                                         ArrayRef<Value> windowIndex,
                                         int64_t windowDimsEnd) {
  ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> insertedWindowDims = dims.getInsertedWindowDims();
  ArrayRef<int64_t> inputBatchingDims = dims.getInputBatchingDims();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  int64_t indicesRank =
      cast<RankedTensorType>(scatterIndices.getType()).getRank();
  bool unsignedIndices =
      op.getScatterIndices().getType().getElementType().isUnsignedInteger();
  SmallVector<Value> resultIndex(inputRank, zero);
  // Start index: component k of the index vector addresses dimension
  // scatter_dims_to_operand_dims[k].
  for (auto [k, operandDim] :
       llvm::enumerate(dims.getScatterDimsToOperandDims())) {
    SmallVector<Value> position;
    size_t next = 0;
    for (int64_t d = 0; d < indicesRank; ++d)
      position.push_back(d == indexVectorDim
                             ? arith::ConstantIndexOp::create(b, l, k)
                             : scatterIndex[next++]);
    Value raw = tensor::ExtractOp::create(b, l, scatterIndices, position);
    Value start =
        unsignedIndices
            ? Value(arith::IndexCastUIOp::create(b, l, b.getIndexType(), raw))
            : Value(arith::IndexCastOp::create(b, l, b.getIndexType(), raw));
    resultIndex[operandDim] =
        arith::AddIOp::create(b, l, resultIndex[operandDim], start);
  }
  // Batching dimensions take the scatter index directly.
  for (auto [inputDim, indicesDim] : llvm::zip_equal(
           inputBatchingDims, dims.getScatterIndicesBatchingDims())) {
    int64_t position =
        indicesDim < indexVectorDim ? indicesDim : indicesDim - 1;
    resultIndex[inputDim] = arith::AddIOp::create(
        b, l, resultIndex[inputDim], scatterIndex[position]);
  }
  // The window index fills the remaining dimensions in order.
  size_t nextWindow = 0;
  for (int64_t d = 0; d < windowDimsEnd; ++d) {
    if (llvm::is_contained(insertedWindowDims, d) ||
        llvm::is_contained(inputBatchingDims, d))
      continue;
    resultIndex[d] =
        arith::AddIOp::create(b, l, resultIndex[d], windowIndex[nextWindow++]);
  }
  return resultIndex;
}

/// Whether 0 <= resultIndex[d] < size in every dimension d below `dimsEnd`.
Value getInBounds(OpBuilder &b, Location l, ArrayRef<Value> resultIndex,
                  RankedTensorType inputType, int64_t dimsEnd, Value zero) {
  Value inBounds = arith::ConstantIntOp::create(b, l, 1, 1);
  for (int64_t d = 0; d < dimsEnd; ++d) {
    Value size = arith::ConstantIndexOp::create(b, l, inputType.getDimSize(d));
    Value nonNegative = arith::CmpIOp::create(
        b, l, arith::CmpIPredicate::sge, resultIndex[d], zero);
    Value below = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                        resultIndex[d], size);
    Value both = arith::AndIOp::create(b, l, nonNegative, below);
    inBounds = arith::AndIOp::create(b, l, inBounds, both);
  }
  return inBounds;
}

struct ScatterToSCF : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto updateType =
        cast<RankedTensorType>(adaptor.getUpdates().front().getType());
    auto inputType = cast<RankedTensorType>(adaptor.getInputs().front().getType());
    auto indicesType = cast<RankedTensorType>(adaptor.getScatterIndices().getType());
    if (!updateType.hasStaticShape() || !inputType.hasStaticShape() ||
        !indicesType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getUpdateComputation())))
      return failure();

    Location loc = op.getLoc();
    ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
    ArrayRef<int64_t> updateWindowDims = dims.getUpdateWindowDims();
    int64_t inputRank = inputType.getRank();
    size_t n = op.getInputs().size();

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t size : updateType.getShape()) {
      lbs.push_back(zero);
      ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, size));
      steps.push_back(one);
    }

    auto bodyBuilder = [&](OpBuilder &b, Location l, ValueRange ivs,
                           ValueRange results) -> scf::ValueVector {
      // The update index split into scatter and window parts.
      SmallVector<Value> scatterIndex, windowIndex;
      for (int64_t d = 0; d < updateType.getRank(); ++d)
        (llvm::is_contained(updateWindowDims, d) ? windowIndex : scatterIndex)
            .push_back(ivs[d]);

      SmallVector<Value> resultIndex = getScatterResultIndex(
          b, l, op, adaptor.getScatterIndices(), inputRank, zero,
          scatterIndex, windowIndex, inputRank);
      // In bounds: 0 <= index < size in every dimension.
      Value inBounds =
          getInBounds(b, l, resultIndex, inputType, inputRank, zero);
      auto ifOp = scf::IfOp::create(
          b, l, inBounds,
          [&](OpBuilder &tb, Location tl) {
            IRMapping mapping;
            Block &body = op.getUpdateComputation().front();
            for (size_t i = 0; i < n; ++i) {
              mapping.map(body.getArgument(i),
                          tensor::ExtractOp::create(tb, tl, results[i], resultIndex));
              mapping.map(body.getArgument(n + i),
                          tensor::ExtractOp::create(tb, tl, adaptor.getUpdates()[i],
                                                    ivs));
            }
            SmallVector<Value> combined = hlo::detail::emitScalarBody(
                tb, op.getUpdateComputation(), mapping);
            SmallVector<Value> updated;
            for (size_t i = 0; i < n; ++i)
              updated.push_back(tensor::InsertOp::create(tb, tl, combined[i],
                                                         results[i], resultIndex));
            scf::YieldOp::create(tb, tl, updated);
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, results);
          });
      return scf::ValueVector(ifOp.getResults().begin(), ifOp.getResults().end());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            adaptor.getInputs(), bodyBuilder);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// The number of trailing update dimensions that are whole trailing operand
/// rows (see the file comment); 0 when there are none.
int64_t wholeRowDims(ScatterOp op, RankedTensorType inputType,
                     RankedTensorType updateType) {
  ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> updateWindowDims = dims.getUpdateWindowDims();
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < inputType.getRank(); ++d)
    if (!llvm::is_contained(dims.getInsertedWindowDims(), d) &&
        !llvm::is_contained(dims.getInputBatchingDims(), d))
      windowDims.push_back(d);
  if (windowDims.size() != updateWindowDims.size())
    return 0;
  int64_t rows = 0;
  for (int64_t i = updateWindowDims.size() - 1; i >= 0; --i, ++rows) {
    int64_t updateDim = updateType.getRank() - 1 - rows;
    int64_t inputDim = inputType.getRank() - 1 - rows;
    if (updateWindowDims[i] != updateDim || windowDims[i] != inputDim ||
        updateType.getDimSize(updateDim) != inputType.getDimSize(inputDim) ||
        llvm::is_contained(dims.getScatterDimsToOperandDims(), inputDim))
      break;
  }
  return rows;
}

struct RowScatterToSCF : OpConversionPattern<ScatterOp> {
  RowScatterToSCF(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getParentOfType<FusionOp>())
      return rewriter.notifyMatchFailure(op, "inside a fusion");
    if (op.getInputs().size() != 1)
      return rewriter.notifyMatchFailure(op, "expected one input");
    auto updateType =
        cast<RankedTensorType>(adaptor.getUpdates().front().getType());
    auto inputType =
        cast<RankedTensorType>(adaptor.getInputs().front().getType());
    auto indicesType =
        cast<RankedTensorType>(adaptor.getScatterIndices().getType());
    if (!updateType.hasStaticShape() || !inputType.hasStaticShape() ||
        !indicesType.hasStaticShape() || updateType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    int64_t rows = wholeRowDims(op, inputType, updateType);
    if (rows == 0 || rows == updateType.getRank())
      return rewriter.notifyMatchFailure(op, "no whole rows");
    if (failed(hlo::detail::checkScalarBody(op.getUpdateComputation())))
      return failure();

    Location loc = op.getLoc();
    ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
    ArrayRef<int64_t> updateWindowDims = dims.getUpdateWindowDims();
    int64_t inputRank = inputType.getRank();
    int64_t outer = updateType.getRank() - rows;

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lbs(outer, zero), steps(outer, one), ubs;
    for (int64_t d = 0; d < outer; ++d)
      ubs.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, updateType.getDimSize(d)));
    auto rowType = RankedTensorType::get(updateType.getShape().take_back(rows),
                                         updateType.getElementType());

    auto bodyBuilder = [&](OpBuilder &b, Location l, ValueRange ivs,
                           ValueRange results) -> scf::ValueVector {
      SmallVector<Value> scatterIndex, windowIndex;
      for (int64_t d = 0; d < outer; ++d)
        (llvm::is_contained(updateWindowDims, d) ? windowIndex : scatterIndex)
            .push_back(ivs[d]);
      SmallVector<Value> resultIndex = getScatterResultIndex(
          b, l, op, adaptor.getScatterIndices(), inputRank, zero,
          scatterIndex, windowIndex, inputRank - rows);
      // In bounds: the leading dimensions (the row's are whole).
      Value inBounds =
          getInBounds(b, l, resultIndex, inputType, inputRank - rows, zero);
      auto ifOp = scf::IfOp::create(
          b, l, inBounds,
          [&](OpBuilder &tb, Location tl) {
            SmallVector<OpFoldResult> resOffsets, resSizes, resStrides,
                updOffsets, updSizes, updStrides;
            for (int64_t d = 0; d < inputRank; ++d) {
              bool row = d >= inputRank - rows;
              resOffsets.push_back(row ? OpFoldResult(tb.getIndexAttr(0))
                                       : OpFoldResult(resultIndex[d]));
              resSizes.push_back(
                  tb.getIndexAttr(row ? inputType.getDimSize(d) : 1));
              resStrides.push_back(tb.getIndexAttr(1));
            }
            for (int64_t d = 0; d < updateType.getRank(); ++d) {
              bool row = d >= outer;
              updOffsets.push_back(row ? OpFoldResult(tb.getIndexAttr(0))
                                       : OpFoldResult(ivs[d]));
              updSizes.push_back(
                  tb.getIndexAttr(row ? updateType.getDimSize(d) : 1));
              updStrides.push_back(tb.getIndexAttr(1));
            }
            Value current = tensor::ExtractSliceOp::create(
                tb, tl, rowType, results[0], resOffsets, resSizes, resStrides);
            Value update = tensor::ExtractSliceOp::create(
                tb, tl, rowType, adaptor.getUpdates()[0], updOffsets, updSizes,
                updStrides);
            AffineMap identity =
                AffineMap::getMultiDimIdentityMap(rows, tb.getContext());
            auto combine = linalg::GenericOp::create(
                tb, tl, TypeRange{rowType}, ValueRange{current, update},
                ValueRange{current},
                ArrayRef<AffineMap>{identity, identity, identity},
                SmallVector<utils::IteratorType>(rows,
                                                 utils::IteratorType::parallel),
                [&](OpBuilder &gb, Location gl, ValueRange args) {
                  IRMapping mapping;
                  Block &body = op.getUpdateComputation().front();
                  mapping.map(body.getArgument(0), args[0]);
                  mapping.map(body.getArgument(1), args[1]);
                  SmallVector<Value> combined = hlo::detail::emitScalarBody(
                      gb, op.getUpdateComputation(), mapping);
                  linalg::YieldOp::create(gb, gl, combined);
                });
            Value inserted = tensor::InsertSliceOp::create(
                tb, tl, combine.getResult(0), results[0], resOffsets, resSizes,
                resStrides);
            scf::YieldOp::create(tb, tl, inserted);
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, results);
          });
      return scf::ValueVector(ifOp.getResults().begin(),
                              ifOp.getResults().end());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            adaptor.getInputs(), bodyBuilder);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateScatterPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          bool rowLoops) {
  patterns.add<ScatterToSCF>(converter, patterns.getContext());
  if (rowLoops)
    patterns.add<RowScatterToSCF>(converter, patterns.getContext());
}
