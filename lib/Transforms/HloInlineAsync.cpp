//===- HloInlineAsync.cpp - the hlo-inline-async pass ---------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/InlineAsync.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOINLINEASYNCPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloInlineAsyncPass
    : hlo::impl::HloInlineAsyncPassBase<HloInlineAsyncPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHloInlineAsyncPatterns(patterns);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
    // What is left could not run synchronously: say why, at the op.
    WalkResult left = getOperation()->walk([](AsyncStartOp op) {
      op.emitOpError() << "cannot run synchronously: its future is used by "
                          "an op other than hlo.async_done";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
