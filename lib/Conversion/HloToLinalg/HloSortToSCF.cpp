//===- HloSortToSCF.cpp - sort to a stable bubble sort on tensors ---------===//
//
// For every line along the sort dimension, a bubble sort: passes p = 0..n-2
// over positions j = 0..n-2-p swap neighbours when comparator(x[j+1], x[j])
// holds. Swapping only on "strictly comes first" keeps equal elements in
// order, so the sort is stable. O(n^2) per line: correct, not fast.
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

struct SortToSCF : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(adaptor.getInputs().front().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getComparator())))
      return failure();
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    int64_t dimension = op.getDimensionAttr().getInt();
    int64_t dim = dimension < 0 ? dimension + rank : dimension;
    int64_t n = type.getDimSize(dim);
    size_t numInputs = op.getInputs().size();
    if (rank == 0 || n <= 1) {
      rewriter.replaceOp(op, adaptor.getInputs());
      return success();
    }
    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    // Loops: every other dimension, then the passes, then the positions.
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dim)
        continue;
      lbs.push_back(zero);
      ubs.push_back(index(rewriter, loc, type.getDimSize(d)));
      steps.push_back(one);
    }
    lbs.append({zero, zero});
    ubs.append({index(rewriter, loc, n - 1), index(rewriter, loc, n - 1)});
    steps.append({one, one});

    auto body = [&](OpBuilder &b, Location l, ValueRange ivs,
                    ValueRange tensors) -> scf::ValueVector {
      Value pass = ivs[ivs.size() - 2], j = ivs.back();
      ValueRange outer = ivs.drop_back(2);
      auto at = [&](Value position) {
        SmallVector<Value> indices;
        size_t next = 0;
        for (int64_t d = 0; d < rank; ++d)
          indices.push_back(d == dim ? position : outer[next++]);
        return indices;
      };
      // Positions j < n - 1 - pass only.
      Value limit = arith::SubIOp::create(b, l, index(b, l, n - 1), pass);
      Value active = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, j, limit);
      auto step = scf::IfOp::create(
          b, l, active,
          [&](OpBuilder &tb, Location tl) {
            Value next = arith::AddIOp::create(tb, tl, j, index(tb, tl, 1));
            SmallVector<Value> left, right;
            IRMapping mapping;
            Block &comparator = op.getComparator().front();
            for (size_t k = 0; k < numInputs; ++k) {
              left.push_back(tensor::ExtractOp::create(tb, tl, tensors[k], at(j)));
              right.push_back(tensor::ExtractOp::create(tb, tl, tensors[k], at(next)));
              // comparator(x[j+1], x[j]): does the right one come first?
              mapping.map(comparator.getArgument(2 * k), right[k]);
              mapping.map(comparator.getArgument(2 * k + 1), left[k]);
            }
            Value swap =
                hlo::detail::emitScalarBody(tb, op.getComparator(), mapping).front();
            auto swapped = scf::IfOp::create(
                tb, tl, swap,
                [&](OpBuilder &sb, Location sl) {
                  SmallVector<Value> updated;
                  for (size_t k = 0; k < numInputs; ++k) {
                    Value t = tensor::InsertOp::create(sb, sl, right[k], tensors[k], at(j));
                    updated.push_back(tensor::InsertOp::create(sb, sl, left[k], t, at(next)));
                  }
                  scf::YieldOp::create(sb, sl, updated);
                },
                [&](OpBuilder &eb, Location el) {
                  scf::YieldOp::create(eb, el, tensors);
                });
            scf::YieldOp::create(tb, tl, swapped.getResults());
          },
          [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, tensors); });
      return scf::ValueVector(step.getResults().begin(), step.getResults().end());
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            adaptor.getInputs(), body);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateSortPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<SortToSCF>(converter, patterns.getContext());
}
