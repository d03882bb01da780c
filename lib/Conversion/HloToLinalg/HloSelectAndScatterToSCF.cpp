//===- HloSelectAndScatterToSCF.cpp - select_and_scatter to loops ---------===//
//
// The result starts as the init value. A loop nest over the source carries
// it; for each source element an inner loop nest over the window carries the
// selection (value, position, whether one exists): in-bounds elements
// replace it when there is none yet or when select(current, candidate) is
// false. The source element is then combined into the result at the
// selected position with the scatter region.
//
// Windows that do not overlap and need no padding (max pool gradients)
// instead become one elementwise linalg.generic over the windows, which
// vectorizes.
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

/// A select_and_scatter whose windows do not overlap and need no padding
/// (the gradient of a max pool with stride = window): every operand element
/// is in at most one window, so each receives scatter(init, source) if its
/// window selected it and stays the init otherwise. One elementwise
/// linalg.generic over the windows reads a strided slice of the operand per
/// window position, runs the selection over the positions in row-major
/// order (the loop nest's order, so ties resolve the same way) and yields,
/// per position, its elements of the result; strided inserts put them in
/// place. It vectorizes along the minor dimension like any elementwise op.
struct NonOverlappingSelectAndScatterToLinalg
    : OpConversionPattern<SelectAndScatterOp> {
  NonOverlappingSelectAndScatterToLinalg(const TypeConverter &converter,
                                         MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto sourceType = cast<RankedTensorType>(adaptor.getSource().getType());
    if (!operandType.hasStaticShape() || !sourceType.hasStaticShape() ||
        sourceType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "expected static nonempty shapes");
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> window(op.getWindowDimensions().value_or(
        SmallVector<int64_t>(rank, 1)));
    SmallVector<int64_t> strides(op.getWindowStrides().value_or(
        SmallVector<int64_t>(rank, 1)));
    if (auto padding = op.getPadding())
      if (llvm::any_of(padding->getValues<int64_t>(),
                       [](int64_t p) { return p != 0; }))
        return rewriter.notifyMatchFailure(op, "padded");
    for (int64_t d = 0; d < rank; ++d)
      if (strides[d] < window[d])
        return rewriter.notifyMatchFailure(op, "overlapping windows");
    std::optional<SmallVector<SmallVector<int64_t>>> windowPositions =
        hlo::detail::getSlicedWindowPositions(window);
    if (!windowPositions)
      return rewriter.notifyMatchFailure(op, "window too large or empty");
    int64_t positions = windowPositions->size();
    if (failed(hlo::detail::checkScalarBody(op.getSelect())) ||
        failed(hlo::detail::checkScalarBody(op.getScatter())))
      return failure();

    Location loc = op.getLoc();
    ArrayRef<int64_t> windows = sourceType.getShape();
    auto resultType = RankedTensorType::get(windows, operandType.getElementType());
    Value init = tensor::ExtractOp::create(rewriter, loc, adaptor.getInitValue(),
                                           ValueRange{});
    // Position p of every window: offsets p, the windows' strides.
    SmallVector<SmallVector<OpFoldResult>> offsets;
    for (ArrayRef<int64_t> position : *windowPositions)
      offsets.push_back(getAsIndexOpFoldResult(rewriter.getContext(), position));
    SmallVector<OpFoldResult> sizes, sliceStrides;
    for (int64_t d = 0; d < rank; ++d) {
      sizes.push_back(rewriter.getIndexAttr(windows[d]));
      sliceStrides.push_back(rewriter.getIndexAttr(strides[d]));
    }
    SmallVector<Value> inputs;
    for (ArrayRef<OpFoldResult> offset : offsets)
      inputs.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, resultType, adaptor.getOperand(), offset, sizes,
          sliceStrides));
    inputs.push_back(adaptor.getSource());
    SmallVector<Value> outputs;
    for (int64_t p = 0; p < positions; ++p)
      outputs.push_back(hlo::detail::createEmptyTensor(rewriter, loc, resultType));
    SmallVector<AffineMap> maps(
        inputs.size() + outputs.size(),
        rewriter.getMultiDimIdentityMap(static_cast<unsigned>(rank)));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange(ValueRange(outputs)), inputs, outputs, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          // Every position is in bounds, so the first is selected first.
          Value best = args[0];
          Value selected = arith::ConstantIndexOp::create(b, l, 0);
          Block &select = op.getSelect().front();
          for (int64_t p = 1; p < positions; ++p) {
            IRMapping mapping;
            mapping.map(select.getArgument(0), best);
            mapping.map(select.getArgument(1), args[p]);
            Value keep =
                hlo::detail::emitScalarBody(b, op.getSelect(), mapping).front();
            best = arith::SelectOp::create(b, l, keep, best, args[p]);
            selected = arith::SelectOp::create(
                b, l, keep, selected, arith::ConstantIndexOp::create(b, l, p));
          }
          IRMapping mapping;
          Block &scatter = op.getScatter().front();
          mapping.map(scatter.getArgument(0), init);
          mapping.map(scatter.getArgument(1), args[positions]);
          Value combined =
              hlo::detail::emitScalarBody(b, op.getScatter(), mapping).front();
          SmallVector<Value> yields;
          for (int64_t p = 0; p < positions; ++p) {
            Value isSelected = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::eq, selected,
                arith::ConstantIndexOp::create(b, l, p));
            yields.push_back(
                arith::SelectOp::create(b, l, isSelected, combined, init));
          }
          linalg::YieldOp::create(b, l, yields);
        });
    Value result =
        linalg::FillOp::create(rewriter, loc, ValueRange{init},
                               ValueRange{hlo::detail::createEmptyTensor(
                                   rewriter, loc, operandType)})
            .getResult(0);
    for (auto [p, values] : llvm::enumerate(generic.getResults()))
      result = tensor::InsertSliceOp::create(rewriter, loc, values, result,
                                             offsets[p], sizes, sliceStrides);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void hlo::detail::populateSelectAndScatterPatterns(const TypeConverter &converter,
                                                   RewritePatternSet &patterns) {
  patterns.add<SelectAndScatterToSCF, NonOverlappingSelectAndScatterToLinalg>(
      converter, patterns.getContext());
}
