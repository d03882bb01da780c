//===- HloSelectAndScatterToSCF.cpp - select_and_scatter to loops ---------===//
//
// The result starts as the init value. A loop nest over the source carries
// it; for each source element an inner loop nest over the window carries the
// selection (value, position, whether one exists): in-bounds elements
// replace it when there is none yet or when select(current, candidate) is
// false. The source element is then combined into the result at the
// selected position with the scatter region.
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

struct SelectAndScatterToSCF : OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto sourceType = cast<RankedTensorType>(adaptor.getSource().getType());
    if (!operandType.hasStaticShape() || !sourceType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getSelect())) ||
        failed(hlo::detail::checkScalarBody(op.getScatter())))
      return failure();
    Location loc = op.getLoc();
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> window(op.getWindowDimensions().value_or(
        SmallVector<int64_t>(rank, 1)));
    SmallVector<int64_t> strides(op.getWindowStrides().value_or(
        SmallVector<int64_t>(rank, 1)));
    SmallVector<int64_t> padLow(rank, 0);
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> values(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d)
        padLow[d] = values[2 * d];
    }

    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    Value initScalar = tensor::ExtractOp::create(rewriter, loc,
                                                 adaptor.getInitValue(), ValueRange{});
    Value result = linalg::FillOp::create(
                       rewriter, loc, ValueRange{initScalar},
                       ValueRange{hlo::detail::createEmptyTensor(rewriter, loc,
                                                                 operandType)})
                       .getResult(0);
    SmallVector<Value> srcLbs(rank, zero), srcSteps(rank, one), srcUbs;
    SmallVector<Value> winLbs(rank, zero), winSteps(rank, one), winUbs;
    for (int64_t d = 0; d < rank; ++d) {
      srcUbs.push_back(index(rewriter, loc, sourceType.getDimSize(d)));
      winUbs.push_back(index(rewriter, loc, window[d]));
    }

    auto outer = [&](OpBuilder &b, Location l, ValueRange src,
                     ValueRange results) -> scf::ValueVector {
      // Selection state: value, found flag, position.
      SmallVector<Value> state;
      state.push_back(initScalar);
      state.push_back(arith::ConstantIntOp::create(b, l, 0, 1));
      for (int64_t d = 0; d < rank; ++d)
        state.push_back(index(b, l, 0));
      auto inner = [&](OpBuilder &ib, Location il, ValueRange w,
                       ValueRange current) -> scf::ValueVector {
        SmallVector<Value> position;
        Value valid = arith::ConstantIntOp::create(ib, il, 1, 1);
        for (int64_t d = 0; d < rank; ++d) {
          Value p = arith::AddIOp::create(
              ib, il, arith::MulIOp::create(ib, il, src[d], index(ib, il, strides[d])),
              w[d]);
          p = arith::SubIOp::create(ib, il, p, index(ib, il, padLow[d]));
          Value nonNegative = arith::CmpIOp::create(
              ib, il, arith::CmpIPredicate::sge, p, index(ib, il, 0));
          Value belowEnd =
              arith::CmpIOp::create(ib, il, arith::CmpIPredicate::slt, p,
                                    index(ib, il, operandType.getDimSize(d)));
          Value inside = arith::AndIOp::create(ib, il, nonNegative, belowEnd);
          valid = arith::AndIOp::create(ib, il, valid, inside);
          position.push_back(p);
        }
        auto step = scf::IfOp::create(
            ib, il, valid,
            [&](OpBuilder &tb, Location tl) {
              Value candidate =
                  tensor::ExtractOp::create(tb, tl, adaptor.getOperand(), position);
              IRMapping mapping;
              Block &select = op.getSelect().front();
              mapping.map(select.getArgument(0), current[0]);
              mapping.map(select.getArgument(1), candidate);
              Value keep =
                  hlo::detail::emitScalarBody(tb, op.getSelect(), mapping).front();
              Value trueValue = arith::ConstantIntOp::create(tb, tl, 1, 1);
              Value noneFound =
                  arith::XOrIOp::create(tb, tl, current[1], trueValue);
              Value currentRejected =
                  arith::XOrIOp::create(tb, tl, keep, trueValue);
              Value replace =
                  arith::OrIOp::create(tb, tl, noneFound, currentRejected);
              SmallVector<Value> next;
              next.push_back(arith::SelectOp::create(tb, tl, replace, candidate, current[0]));
              next.push_back(trueValue);
              for (int64_t d = 0; d < rank; ++d)
                next.push_back(arith::SelectOp::create(tb, tl, replace, position[d],
                                                       current[2 + d]));
              scf::YieldOp::create(tb, tl, next);
            },
            [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, current); });
        return scf::ValueVector(step.getResults().begin(), step.getResults().end());
      };
      scf::LoopNest windowNest =
          scf::buildLoopNest(b, l, winLbs, winUbs, winSteps, state, inner);
      ValueRange selection = windowNest.results;
      auto update = scf::IfOp::create(
          b, l, selection[1],
          [&](OpBuilder &tb, Location tl) {
            SmallVector<Value> at(selection.drop_front(2));
            IRMapping mapping;
            Block &scatter = op.getScatter().front();
            mapping.map(scatter.getArgument(0),
                        tensor::ExtractOp::create(tb, tl, results[0], at));
            mapping.map(scatter.getArgument(1),
                        tensor::ExtractOp::create(tb, tl, adaptor.getSource(), src));
            Value combined =
                hlo::detail::emitScalarBody(tb, op.getScatter(), mapping).front();
            scf::YieldOp::create(
                tb, tl, Value(tensor::InsertOp::create(tb, tl, combined, results[0], at)));
          },
          [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, results[0]); });
      return {update.getResult(0)};
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, srcLbs, srcUbs, srcSteps,
                                            ValueRange{result}, outer);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateSelectAndScatterPatterns(const TypeConverter &converter,
                                                   RewritePatternSet &patterns) {
  patterns.add<SelectAndScatterToSCF>(converter, patterns.getContext());
}
