//===- HloDecomposeChlo.cpp - the hlo-decompose-chlo pass -----------------===//

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
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
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateChloDecompositionPatterns(patterns, f32ThroughF64);
    // Only the rewritten ops: no folding of the hlo ops created.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
    // The structured chlo ops have no other lowering: what is left is an
    // error here rather than an illegal op later.
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (auto dot = dyn_cast<chlo::RaggedDotOp>(op)) {
        if (dot.getMode() == chlo::RaggedDotOp::Mode::Batch)
          dot.emitOpError("with a ragged batching dimension is not "
                          "supported (only ragged non-contracting and "
                          "contracting dimensions)");
        else
          dot.emitOpError("expects static shapes to be decomposed");
        return WalkResult::interrupt();
      }
      if (isa<chlo::ScanOp>(op)) {
        op->emitOpError("expects static shapes to be decomposed");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
