//===- HloReduceWindowToSCF.cpp - reduce_window to loop nests -------------===//
//
// reduce_window becomes a loop nest over the result carrying the result
// tensors, with an inner loop nest over the window carrying the scalar
// accumulators. A window position maps to the (dilated, padded) input by
//   i = out * stride + w * window_dilation - padding_low;
// it reads the input at i / base_dilation when i is on the dilated grid and
// inside it, and the init value otherwise (padding and dilation holes hold
// the init value, as the spec defines them).
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

struct ReduceWindowToSCF : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = cast<RankedTensorType>(adaptor.getInputs().front().getType());
    if (!inputType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getBody())))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> baseDilations = op.getBaseDilationsOrDefault();
    SmallVector<int64_t> windowDilations = op.getWindowDilationsOrDefault();
    auto padding = op.getPaddingOrDefault();
    ArrayRef<int64_t> window = op.getWindowDimensions();

    SmallVector<Value> inits, empties;
    for (auto [result, init] : llvm::zip_equal(op.getResults(),
                                               adaptor.getInitValues())) {
      auto type = cast<RankedTensorType>(
          getTypeConverter()->convertType(result.getType()));
      inits.push_back(tensor::ExtractOp::create(rewriter, loc, init, ValueRange{}));
      empties.push_back(hlo::detail::createEmptyTensor(rewriter, loc, type));
    }
    auto resultType = cast<RankedTensorType>(empties.front().getType());

    auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    SmallVector<Value> outLbs(resultType.getRank(), zero),
        outSteps(resultType.getRank(), one), outUbs, winLbs(rank, zero),
        winSteps(rank, one), winUbs;
    for (int64_t size : resultType.getShape())
      outUbs.push_back(index(rewriter, loc, size));
    for (int64_t size : window)
      winUbs.push_back(index(rewriter, loc, size));

    auto outerBody = [&](OpBuilder &b, Location l, ValueRange out,
                         ValueRange results) -> scf::ValueVector {
      auto innerBody = [&](OpBuilder &ib, Location il, ValueRange w,
                           ValueRange accs) -> scf::ValueVector {
        SmallVector<Value> positions;
        Value valid = arith::ConstantIntOp::create(ib, il, 1, 1);
        for (int64_t d = 0; d < rank; ++d) {
          auto mulI =
              arith::MulIOp::create(ib, il, out[d], index(ib, il, strides[d]));
          auto mulI2 = arith::MulIOp::create(ib, il, w[d],
                                             index(ib, il, windowDilations[d]));
          Value i = arith::AddIOp::create(ib, il, mulI, mulI2);
          i = arith::SubIOp::create(ib, il, i, index(ib, il, padding[d].first));
          int64_t size = inputType.getDimSize(d);
          int64_t dilated = size == 0 ? 0 : (size - 1) * baseDilations[d] + 1;
          auto cmpI = arith::CmpIOp::create(ib, il, arith::CmpIPredicate::sge,
                                            i, index(ib, il, 0));
          auto cmpI2 = arith::CmpIOp::create(ib, il, arith::CmpIPredicate::slt,
                                             i, index(ib, il, dilated));
          Value inside = arith::AndIOp::create(ib, il, cmpI, cmpI2);
          valid = arith::AndIOp::create(ib, il, valid, inside);
          if (baseDilations[d] != 1) {
            auto remSI = arith::RemSIOp::create(
                ib, il, i, index(ib, il, baseDilations[d]));
            auto index2 = index(ib, il, 0);
            Value onGrid = arith::CmpIOp::create(
                ib, il, arith::CmpIPredicate::eq, remSI, index2);
            valid = arith::AndIOp::create(ib, il, valid, onGrid);
            i = arith::DivSIOp::create(ib, il, i, index(ib, il, baseDilations[d]));
          }
          positions.push_back(i);
        }
        // Result types follow from the yields.
        auto read = scf::IfOp::create(
            ib, il, valid,
            [&](OpBuilder &tb, Location tl) {
              SmallVector<Value> elements;
              for (Value input : adaptor.getInputs())
                elements.push_back(tensor::ExtractOp::create(tb, tl, input, positions));
              scf::YieldOp::create(tb, tl, elements);
            },
            [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, inits); });
        IRMapping mapping;
        Block &body = op.getBody().front();
        for (size_t k = 0; k < n; ++k) {
          mapping.map(body.getArgument(k), accs[k]);
          mapping.map(body.getArgument(n + k), read.getResult(k));
        }
        return hlo::detail::emitScalarBody(ib, op.getBody(), mapping);
      };
      scf::LoopNest windowNest =
          scf::buildLoopNest(b, l, winLbs, winUbs, winSteps, inits, innerBody);
      scf::ValueVector updated;
      for (size_t k = 0; k < n; ++k)
        updated.push_back(tensor::InsertOp::create(b, l, windowNest.results[k],
                                                   results[k], out));
      return updated;
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, outLbs, outUbs,
                                            outSteps, empties, outerBody);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateReduceWindowPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToSCF>(converter, patterns.getContext());
}
