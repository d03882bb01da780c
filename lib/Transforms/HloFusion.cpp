//===- HloFusion.cpp - the hlo-fusion pass --------------------------------===//

#include "HloDialect/Analysis/CostModel.h"
#include "HloDialect/Transforms/Fusion.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOFUSIONPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// The blocks whose ops are the program's dataflow: function bodies and the
/// regions of control flow (not the scalar bodies of reductions, sorts...,
/// and not existing fusions).
void collectDataflowBlocks(Region &region, SmallVectorImpl<Block *> &blocks) {
  for (Block &block : region) {
    blocks.push_back(&block);
    for (Operation &op : block)
      if (isa<WhileOp, IfOp, CaseOp>(op))
        for (Region &nested : op.getRegions())
          collectDataflowBlocks(nested, blocks);
  }
}

struct HloFusionPass : hlo::impl::HloFusionPassBase<HloFusionPass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions fusionOptions;
    fusionOptions.maxFusedOps = maxFusedOps;
    fusionOptions.maxInputs = maxInputs;
    fusionOptions.multiOutput = multiOutput;
    fusionOptions.siblingFusion = siblingFusion;
    fusionOptions.producerMerge = producerMerge;
    FusionExplainFn explainFn;
    if (explain)
      explainFn = [](Operation *producer, Operation *root,
                     const Twine &reason) {
        emitRemark(producer->getLoc())
                .append("'", producer->getName(), "' not fused into the "
                        "fusion of '", root->getName(), "': ", reason)
                .attachNote(root->getLoc())
            << "the root of the fusion '" << producer->getName()
            << "' was considered for";
      };

    SmallVector<Block *> blocks;
    getOperation().walk([&](func::FuncOp func) {
      collectDataflowBlocks(func.getFunctionBody(), blocks);
    });
    IRRewriter rewriter(&getContext());
    for (Block *block : blocks) {
      // The cost of the ops before fusion, to report what each fusion saves.
      DenseMap<Operation *, OpCost> unfusedCost;
      if (explain)
        for (Operation &op : *block)
          unfusedCost[&op] = computeOpCost(&op);
      SmallVector<FusionOp> fusions =
          fuseBlock(rewriter, *block, fusionOptions, explainFn);
      if (!explain)
        continue;
      for (FusionOp fusion : fusions) {
        OpCost fused = computeOpCost(fusion);
        int64_t unfusedBytes = 0;
        for (Operation &op : fusion.getBody().getOps())
          if (!isa<ReturnOp>(op))
            unfusedBytes += computeOpCost(&op).bytesAccessed();
        emitRemark(fusion.getLoc(), llvm::formatv(
            "{0} fusion of {1} ops: {2} bytes accessed instead of {3}",
            stringifyFusionKind(fusion.getKind()),
            fusion.getBody().front().getOperations().size() - 1,
            fused.bytesAccessed(), unfusedBytes));
      }
    }
  }
};
} // namespace

void hlo::registerHloFusionExplainPipeline() {
  PassPipelineRegistration<>(
      "hlo-fusion-explain",
      "hlo-fusion with a remark for every rejected candidate and fusion "
      "(the same as --hlo-fusion=explain=true)",
      [](OpPassManager &pm) {
        HloFusionPassOptions options;
        options.explain = true;
        pm.addPass(createHloFusionPass(options));
      });
}
