//===- HloNarrowDots.cpp - the hlo-narrow-dots pass -----------------------===//

#include "HloDialect/Transforms/NarrowDots.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLONARROWDOTSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloNarrowDotsPass : hlo::impl::HloNarrowDotsPassBase<HloNarrowDotsPass> {
  using Base::Base;

  void runOnOperation() override {
    StringRef malformed = NarrowDotFeatures::findMalformedEntry(targetFeatures);
    if (!malformed.empty()) {
      emitError(getOperation()->getLoc())
          << "hlo-narrow-dots: target-features entry '" << malformed
          << "' is not '+feature' or '-feature'";
      return signalPassFailure();
    }
    NarrowDotFeatures narrow = NarrowDotFeatures::parse(targetFeatures);
    if (!narrow.any())
      return;
    // Collected first: each rewrite replaces the op it visits.
    SmallVector<linalg::LinalgOp> ops;
    getOperation()->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops)
      (void)narrowDotOperands(rewriter, op, narrow);
  }
};
} // namespace
