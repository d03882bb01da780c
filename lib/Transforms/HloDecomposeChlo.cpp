//===- HloDecomposeChlo.cpp - the hlo-decompose-chlo pass -----------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/DecomposeChlo.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLODECOMPOSECHLOPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloDecomposeChloPass
    : hlo::impl::HloDecomposeChloPassBase<HloDecomposeChloPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateChloDecompositionPatterns(patterns);
    // Only the rewritten ops: no folding of the hlo ops created.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};
} // namespace
