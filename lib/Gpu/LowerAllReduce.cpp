//===- LowerAllReduce.cpp - block-wide reductions to shuffles -------------===//
//
// See the pass description in Gpu/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOGPULOWERALLREDUCEPASS
#include "HloDialect/Gpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloGpuLowerAllReducePass
    : hlo::impl::HloGpuLowerAllReducePassBase<HloGpuLowerAllReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
