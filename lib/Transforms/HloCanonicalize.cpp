//===- HloCanonicalize.cpp - fold and canonicalize hlo ops ----------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOCANONICALIZEPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

void hlo::populateHloCanonicalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // getRegisteredOperationsByDialect is not used: in MLIR 22 it misses ops
  // when many dialects are registered (hlo-opt, mlir-opt with the plugin).
  for (RegisteredOperationName op : context->getRegisteredOperations())
    if (op.getDialectNamespace() == HloDialect::getDialectNamespace())
      op.getCanonicalizationPatterns(patterns, context);
}

namespace {
struct HloCanonicalizePass
    : hlo::impl::HloCanonicalizePassBase<HloCanonicalizePass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHloCanonicalizationPatterns(patterns);
    GreedyRewriteConfig config;
    config.setMaxIterations(maxIterations);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      getOperation()->emitWarning()
          << "hlo-canonicalize did not reach a fixed point in "
          << static_cast<int64_t>(maxIterations) << " iterations";
  }
};
} // namespace
