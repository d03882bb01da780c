//===- HloConvolutionToDot.cpp - the hlo-convolution-to-dot pass ----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/ConvolutionToDot.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOCONVOLUTIONTODOTPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloConvolutionToDotPass
    : hlo::impl::HloConvolutionToDotPassBase<HloConvolutionToDotPass> {
  using Base::Base;
  void runOnOperation() override {
    if (maxPatchElements < 1 || maxSlices < 1) {
      emitError(getOperation()->getLoc())
          << "hlo-convolution-to-dot: max-patch-elements and max-slices "
             "must be at least 1";
      return signalPassFailure();
    }
    ConvolutionToDotOptions options;
    options.maxPatchElements = maxPatchElements;
    options.maxSlices = maxSlices;
    RewritePatternSet patterns(&getContext());
    populateHloConvolutionToDotPatterns(patterns, options);
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
