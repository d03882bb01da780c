//===- HloExpandBatchNorm.cpp - the hlo-expand-batch-norm pass ------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/ExpandBatchNorm.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOEXPANDBATCHNORMPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloExpandBatchNormPass
    : hlo::impl::HloExpandBatchNormPassBase<HloExpandBatchNormPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHloExpandBatchNormPatterns(patterns);
    // Only the rewritten ops: the pieces are folded and fused later.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};
} // namespace
