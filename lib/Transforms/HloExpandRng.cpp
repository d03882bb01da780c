//===- HloExpandRng.cpp - the hlo-expand-rng pass -------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/ExpandRng.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOEXPANDRNGPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloExpandRngPass : hlo::impl::HloExpandRngPassBase<HloExpandRngPass> {
  void runOnOperation() override {
    // Every op must be expandable: the lowering has no other way.
    SmallVector<Operation *> ops;
    WalkResult walk = getOperation()->walk([&](Operation *op) {
      if (!isa<RngBitGeneratorOp, RngOp>(op))
        return WalkResult::advance();
      std::string blocker = getRngExpansionBlocker(op);
      if (!blocker.empty()) {
        op->emitOpError() << "cannot be expanded: it " << blocker;
        return WalkResult::interrupt();
      }
      ops.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    // hlo.rng ops take the streams 0, 1, ... in program order.
    IRRewriter rewriter(&getContext());
    uint64_t stream = 0;
    for (Operation *op : ops) {
      auto rng = dyn_cast<RngOp>(op);
      if (!rng)
        continue;
      rewriter.setInsertionPoint(rng);
      if (failed(expandRng(rewriter, rng, stream++)))
        return signalPassFailure();
    }
    // Then every hlo.rng_bit_generator, including those just created.
    SmallVector<RngBitGeneratorOp> generators;
    getOperation()->walk(
        [&](RngBitGeneratorOp op) { generators.push_back(op); });
    for (RngBitGeneratorOp op : generators) {
      rewriter.setInsertionPoint(op);
      if (failed(expandRngBitGenerator(rewriter, op)))
        return signalPassFailure();
    }
  }
};
} // namespace
