//===- InlineAsync.cpp - async_start/async_done run synchronously ---------===//

#include "HloDialect/Transforms/InlineAsync.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::hlo;

LogicalResult hlo::inlineAsync(RewriterBase &rewriter, AsyncStartOp start) {
  Operation *inner = start.getAsyncOp();
  if (!inner)
    return rewriter.notifyMatchFailure(start, "malformed body");
  SmallVector<AsyncDoneOp> dones;
  for (Operation *user : start.getResult().getUsers()) {
    auto done = dyn_cast<AsyncDoneOp>(user);
    if (!done)
      return rewriter.notifyMatchFailure(
          start, "the future has a user other than hlo.async_done");
    dones.push_back(done);
  }
  rewriter.setInsertionPoint(start);
  // The body uses the operands as values defined above: no mapping needed.
  Operation *copy = rewriter.clone(*inner);
  for (AsyncDoneOp done : dones)
    rewriter.replaceOp(done, copy->getResults());
  rewriter.eraseOp(start);
  return success();
}

namespace {
struct InlineAsyncPattern : OpRewritePattern<AsyncStartOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncStartOp op,
                                PatternRewriter &rewriter) const override {
    return inlineAsync(rewriter, op);
  }
};
} // namespace

void hlo::populateHloInlineAsyncPatterns(RewritePatternSet &patterns) {
  patterns.add<InlineAsyncPattern>(patterns.getContext());
}
