//===- HloOutlineFusions.cpp - one function per fusion --------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOOUTLINEFUSIONSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// Ops left outside fusions that still become loop nests of their own
/// (contractions, reductions, transposes, control flow...): outlined too,
/// so that no function keeps a share of the module. Views (reshapes,
/// slices) and constants stay where they are.
bool isOutlinedUnfusedOp(Operation *op) {
  if (!isa<DotGeneralOp, ConvolutionOp, ReduceOp, TransposeOp, GatherOp,
           SortOp, ScatterOp, ReduceWindowOp, WhileOp, IfOp, CaseOp>(op))
    return false;
  auto isRankedTensor = [](Type type) { return isa<RankedTensorType>(type); };
  return op->getNumResults() > 0 &&
         llvm::all_of(op->getOperandTypes(), isRankedTensor) &&
         llvm::all_of(op->getResultTypes(), isRankedTensor);
}

struct HloOutlineFusionsPass
    : hlo::impl::HloOutlineFusionsPassBase<HloOutlineFusionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto function : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (function.isExternal())
        continue;
      SmallVector<Operation *> fusions;
      function.walk([&](FusionOp fusion) { fusions.push_back(fusion); });
      if (fusions.empty() ||
          static_cast<int64_t>(fusions.size()) < minFusions)
        continue;
      size_t index = 0;
      for (Operation *fusion : fusions)
        outline(symbols, function, fusion, "_fusion", index++);
      // Then the ops of the function's body that are loop nests of their
      // own (after the fusions: control flow then calls the fusions of its
      // regions).
      index = 0;
      for (Operation &op :
           llvm::make_early_inc_range(function.getFunctionBody().front()))
        if (isOutlinedUnfusedOp(&op))
          outline(symbols, function, &op, "_op", index++);
    }
  }

  /// Replaces `op` by a call of a new private function computing it from
  /// its operands and the values its regions use from above.
  void outline(SymbolTable &symbols, func::FuncOp parent, Operation *op,
               StringRef kind, size_t index) {
    Location loc = op->getLoc();
    llvm::SetVector<Value> inputs(op->getOperands().begin(),
                                  op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), inputs);
    SmallVector<Type> inputTypes;
    for (Value input : inputs)
      inputTypes.push_back(input.getType());

    OpBuilder builder(parent);
    auto type = builder.getFunctionType(inputTypes, op->getResultTypes());
    auto callee = func::FuncOp::create(
        builder, loc, (parent.getSymName() + kind + Twine(index)).str(),
        type);
    callee.setPrivate();
    // Kept apart by LLVM's inliner (func-to-llvm passes `passthrough` on).
    callee->setAttr("passthrough",
                    builder.getArrayAttr(builder.getStringAttr("noinline")));
    // Renamed if the name is taken.
    symbols.insert(callee);

    Block *entry = callee.addEntryBlock();
    IRMapping mapping;
    mapping.map(inputs.getArrayRef(), entry->getArguments());
    builder.setInsertionPointToEnd(entry);
    Operation *clone = builder.clone(*op, mapping);
    func::ReturnOp::create(builder, loc, clone->getResults());

    OpBuilder callBuilder(op);
    auto call = func::CallOp::create(callBuilder, loc, callee,
                                     inputs.getArrayRef());
    op->replaceAllUsesWith(call.getResults());
    op->erase();
  }
};
} // namespace
