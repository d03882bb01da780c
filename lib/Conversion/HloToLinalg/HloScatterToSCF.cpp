//===- HloScatterToSCF.cpp - scatter to a loop nest on tensors ------------===//
//
// scatter becomes a loop nest over the update index space, carrying the
// result tensors: each iteration computes the result index from the
// scatter indices and dimension numbers (StableHLO spec semantics), and, if
// it is in bounds, extracts the current value, applies the scalarized update
// computation and inserts the result. One-shot bufferization makes the
// inserts in place.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

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
    ArrayRef<int64_t> insertedWindowDims = dims.getInsertedWindowDims();
    ArrayRef<int64_t> inputBatchingDims = dims.getInputBatchingDims();
    ArrayRef<int64_t> indicesBatchingDims = dims.getScatterIndicesBatchingDims();
    ArrayRef<int64_t> toOperandDims = dims.getScatterDimsToOperandDims();
    int64_t indexVectorDim = dims.getIndexVectorDim();
    int64_t inputRank = inputType.getRank();
    int64_t indicesRank = indicesType.getRank();
    bool unsignedIndices =
        op.getScatterIndices().getType().getElementType().isUnsignedInteger();
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

      SmallVector<Value> resultIndex(inputRank, zero);
      // Start index: component k of the index vector addresses dimension
      // scatter_dims_to_operand_dims[k].
      for (auto [k, operandDim] : llvm::enumerate(toOperandDims)) {
        SmallVector<Value> position;
        size_t next = 0;
        for (int64_t d = 0; d < indicesRank; ++d)
          position.push_back(d == indexVectorDim
                                 ? arith::ConstantIndexOp::create(b, l, k)
                                 : scatterIndex[next++]);
        Value raw = tensor::ExtractOp::create(b, l, adaptor.getScatterIndices(),
                                              position);
        Value start =
            unsignedIndices
                ? Value(arith::IndexCastUIOp::create(b, l, b.getIndexType(), raw))
                : Value(arith::IndexCastOp::create(b, l, b.getIndexType(), raw));
        resultIndex[operandDim] =
            arith::AddIOp::create(b, l, resultIndex[operandDim], start);
      }
      // Batching dimensions take the scatter index directly.
      for (auto [inputDim, indicesDim] :
           llvm::zip_equal(inputBatchingDims, indicesBatchingDims)) {
        int64_t position = indicesDim < indexVectorDim ? indicesDim : indicesDim - 1;
        resultIndex[inputDim] =
            arith::AddIOp::create(b, l, resultIndex[inputDim], scatterIndex[position]);
      }
      // The window index fills the remaining dimensions in order.
      size_t nextWindow = 0;
      for (int64_t d = 0; d < inputRank; ++d) {
        if (llvm::is_contained(insertedWindowDims, d) ||
            llvm::is_contained(inputBatchingDims, d))
          continue;
        resultIndex[d] =
            arith::AddIOp::create(b, l, resultIndex[d], windowIndex[nextWindow++]);
      }
      // In bounds: 0 <= index < size in every dimension.
      Value inBounds = arith::ConstantIntOp::create(b, l, 1, 1);
      for (int64_t d = 0; d < inputRank; ++d) {
        Value size = arith::ConstantIndexOp::create(b, l, inputType.getDimSize(d));
        Value nonNegative = arith::CmpIOp::create(
            b, l, arith::CmpIPredicate::sge, resultIndex[d], zero);
        Value below = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                            resultIndex[d], size);
        inBounds = arith::AndIOp::create(
            b, l, inBounds, arith::AndIOp::create(b, l, nonNegative, below));
      }
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

} // namespace

void hlo::detail::populateScatterPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<ScatterToSCF>(converter, patterns.getContext());
}
