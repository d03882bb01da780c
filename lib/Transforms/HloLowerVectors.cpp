//===- HloLowerVectors.cpp - the hlo-lower-vectors pass -------------------===//

#include "HloDialect/Transforms/NarrowDots.h"
#include "HloDialect/Transforms/Passes.h"
#include "HloDialect/Transforms/Vectorize.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLOWERVECTORSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// A pattern set that does not converge is a compiler bug, reported
/// instead of hanging the compilation.
LogicalResult applyBounded(Operation *root, RewritePatternSet &&patterns) {
  GreedyRewriteConfig config;
  config.setMaxNumRewrites(1 << 20);
  if (succeeded(applyPatternsGreedily(root, std::move(patterns), config)))
    return success();
  return emitError(root->getLoc())
         << "hlo-lower-vectors: vector rewrites did not converge";
}

struct HloLowerVectorsPass
    : hlo::impl::HloLowerVectorsPassBase<HloLowerVectorsPass> {
  using Base::Base;

  void runOnOperation() override {
    StringRef malformed = NarrowDotFeatures::findMalformedEntry(targetFeatures);
    if (!malformed.empty()) {
      emitError(getOperation()->getLoc())
          << "hlo-lower-vectors: target-features entry '" << malformed
          << "' is not '+feature' or '-feature'";
      return signalPassFailure();
    }
    NarrowDotFeatures narrow = NarrowDotFeatures::parse(targetFeatures);
    if (narrow.any()) {
      RewritePatternSet patterns(&getContext());
      populateHloNarrowDotKernelPatterns(patterns, narrow);
      if (failed(applyBounded(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    linalg::hoistRedundantVectorTransfers(getOperation());
    using Populate = void (*)(RewritePatternSet &);
    for (Populate populate : {populateHloVectorUnitDimFoldingPatterns,
                              populateHloVectorContractionLoweringPatterns,
                              populateHloVectorToOneDimPatterns}) {
      RewritePatternSet patterns(&getContext());
      populate(patterns);
      if (failed(applyBounded(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    if (!approximateMath)
      return;
    // Only vectors: scalar code keeps the exactly rounded libm functions.
    SmallVector<Operation *> vectorMath;
    getOperation()->walk([&](Operation *op) {
      if (op->getNumResults() == 1 &&
          isa<VectorType>(op->getResult(0).getType()) &&
          isHloApproximatedMathOp(op->getName().getStringRef()))
        vectorMath.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    populateHloMathApproximationPatterns(patterns);
    (void)applyOpPatternsGreedily(vectorMath, std::move(patterns));
  }
};
} // namespace
