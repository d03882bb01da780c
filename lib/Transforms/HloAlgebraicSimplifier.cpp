//===- HloAlgebraicSimplifier.cpp - the hlo-algebraic-simplifier pass -----===//

#include "HloDialect/Transforms/AlgebraicSimplifier.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOALGEBRAICSIMPLIFIERPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloAlgebraicSimplifierPass
    : hlo::impl::HloAlgebraicSimplifierPassBase<HloAlgebraicSimplifierPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHloAlgebraicSimplificationPatterns(patterns);
    populateHloCanonicalizationPatterns(patterns);
    GreedyRewriteConfig config;
    config.setMaxIterations(maxIterations);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config))) {
      // What was rewritten is still correct: warn, as hlo-canonicalize does.
      getOperation()->emitWarning()
          << "hlo-algebraic-simplifier did not reach a fixed point in "
          << static_cast<int64_t>(maxIterations) << " iterations";
    }
  }
};
} // namespace
