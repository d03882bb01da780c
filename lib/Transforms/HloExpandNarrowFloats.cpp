//===- HloExpandNarrowFloats.cpp - the hlo-expand-narrow-floats pass ------===//

#include "HloDialect/Transforms/ExpandNarrowFloats.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOEXPANDNARROWFLOATSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloExpandNarrowFloatsPass
    : hlo::impl::HloExpandNarrowFloatsPassBase<HloExpandNarrowFloatsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    hlo::populateExpandNarrowFloatPatterns(patterns);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
