//===- HloParallelize.cpp - the hlo-parallelize pass ----------------------===//

#include "HloDialect/Transforms/Parallelize.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOPARALLELIZEPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloParallelizePass
    : hlo::impl::HloParallelizePassBase<HloParallelizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 1 || minIterations < 0) {
      emitError(getOperation()->getLoc())
          << "hlo-parallelize: threads must be at least 1 and "
             "min-iterations not negative";
      return signalPassFailure();
    }
    if (threads == 1)
      return;
    // Only ops of the function body itself: ops inside loops (tiles of
    // fusions, bodies of while loops) run on the thread of their loop.
    SmallVector<linalg::LinalgOp> candidates;
    for (Block &block : getOperation().getFunctionBody())
      for (Operation &op : block)
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
          candidates.push_back(linalgOp);
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      if (op.hasDynamicShape())
        continue;
      int64_t iterations = 1;
      for (int64_t extent : op.getStaticLoopRanges())
        iterations *= extent;
      if (iterations < minIterations)
        continue;
      (void)distributeOverThreads(
          rewriter, cast<TilingInterface>(op.getOperation()), threads,
          [](Operation *) { return false; });
    }
  }
};
} // namespace
