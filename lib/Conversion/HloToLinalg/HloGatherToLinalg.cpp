//===- HloGatherToLinalg.cpp - gather to a linalg.generic -----------------===//
//
// gather becomes a linalg.generic over the result with no inputs: the body
// computes the operand index from linalg.index, the start indices (read with
// tensor.extract and clamped so the slice stays in bounds) and the
// dimension numbers, and reads the operand with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

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
    GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
    ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
    ArrayRef<int64_t> collapsed = dims.getCollapsedSliceDims();
    ArrayRef<int64_t> operandBatching = dims.getOperandBatchingDims();
    ArrayRef<int64_t> indicesBatching = dims.getStartIndicesBatchingDims();
    ArrayRef<int64_t> startIndexMap = dims.getStartIndexMap();
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    int64_t indexVectorDim = dims.getIndexVectorDim();
    int64_t operandRank = operandType.getRank();
    int64_t indicesRank = indicesType.getRank();
    int64_t resultRank = resultType.getRank();
    bool unsignedIndices =
        op.getStartIndices().getType().getElementType().isUnsignedInteger();

    Value init = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(resultRank, op.getContext());
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, ValueRange{init},
        ArrayRef<AffineMap>{identity},
        SmallVector<utils::IteratorType>(resultRank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          auto index = [&](int64_t v) -> Value {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          SmallVector<Value> batchIndex, offsetIndex;
          for (int64_t d = 0; d < resultRank; ++d)
            (llvm::is_contained(offsetDims, d) ? offsetIndex : batchIndex)
                .push_back(linalg::IndexOp::create(b, l, d));
          SmallVector<Value> operandIndex(operandRank, index(0));
          // Start indices, clamped to [0, dim - slice size].
          for (auto [k, operandDim] : llvm::enumerate(startIndexMap)) {
            SmallVector<Value> position;
            size_t next = 0;
            for (int64_t d = 0; d < indicesRank; ++d)
              position.push_back(d == indexVectorDim ? index(k) : batchIndex[next++]);
            Value raw = tensor::ExtractOp::create(b, l, adaptor.getStartIndices(),
                                                  position);
            Value start =
                unsignedIndices
                    ? Value(arith::IndexCastUIOp::create(b, l, b.getIndexType(), raw))
                    : Value(arith::IndexCastOp::create(b, l, b.getIndexType(), raw));
            start = arith::MaxSIOp::create(b, l, start, index(0));
            start = arith::MinSIOp::create(
                b, l, start,
                index(operandType.getDimSize(operandDim) - sliceSizes[operandDim]));
            operandIndex[operandDim] =
                arith::AddIOp::create(b, l, operandIndex[operandDim], start);
          }
          for (auto [operandDim, indicesDim] :
               llvm::zip_equal(operandBatching, indicesBatching)) {
            int64_t position = indicesDim < indexVectorDim ? indicesDim : indicesDim - 1;
            operandIndex[operandDim] = arith::AddIOp::create(
                b, l, operandIndex[operandDim], batchIndex[position]);
          }
          size_t nextOffset = 0;
          for (int64_t d = 0; d < operandRank; ++d) {
            if (llvm::is_contained(collapsed, d) ||
                llvm::is_contained(operandBatching, d))
              continue;
            operandIndex[d] =
                arith::AddIOp::create(b, l, operandIndex[d], offsetIndex[nextOffset++]);
          }
          linalg::YieldOp::create(
              b, l,
              Value(tensor::ExtractOp::create(b, l, adaptor.getOperand(), operandIndex)));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlo::detail::populateGatherPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<GatherToLinalg>(converter, patterns.getContext());
}
