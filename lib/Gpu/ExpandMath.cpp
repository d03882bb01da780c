//===- ExpandMath.cpp - math functions as arithmetic ----------------------===//
//
// See the pass description in Gpu/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOGPUEXPANDMATHPASS
#include "HloDialect/Gpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloGpuExpandMathPass
    : hlo::impl::HloGpuExpandMathPassBase<HloGpuExpandMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Identities first (sinh through exp, ...), then polynomials for what
    // remains; narrow floats compute in f32.
    math::populateExpansionPatterns(patterns, {});
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
