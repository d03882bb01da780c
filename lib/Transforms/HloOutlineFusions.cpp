//===- HloOutlineFusions.cpp - one function per fusion --------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOOUTLINEFUSIONSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloOutlineFusionsPass
    : hlo::impl::HloOutlineFusionsPassBase<HloOutlineFusionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto function :
         llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (function.isExternal())
        continue;
      SmallVector<FusionOp> fusions;
      function.walk([&](FusionOp fusion) { fusions.push_back(fusion); });
      if (fusions.empty() ||
          static_cast<int64_t>(fusions.size()) < minFusions)
        continue;
      for (auto [index, fusion] : llvm::enumerate(fusions))
        outline(symbols, function, fusion, index);
    }
  }

  void outline(SymbolTable &symbols, func::FuncOp parent, FusionOp fusion,
               size_t index) {
    Location loc = fusion.getLoc();
    OpBuilder builder(parent);
    auto type = builder.getFunctionType(fusion.getInputs().getTypes(),
                                        fusion->getResultTypes());
    auto callee = func::FuncOp::create(
        builder, loc,
        (parent.getSymName() + "_fusion" + Twine(index)).str(), type);
    callee.setPrivate();
    // Kept apart by LLVM's inliner (func-to-llvm passes `passthrough` on).
    callee->setAttr("passthrough",
                    builder.getArrayAttr(builder.getStringAttr("noinline")));
    // Inserted after the parent; renamed if the name is taken.
    symbols.insert(callee, std::next(Block::iterator(parent)));
    // The call takes the fusion's place ...
    OpBuilder callBuilder(fusion);
    auto call = func::CallOp::create(callBuilder, loc, callee,
                                     fusion.getInputs());
    fusion->replaceAllUsesWith(call.getResults());
    // ... and the fusion moves into the new function, reading its
    // parameters.
    Block *entry = callee.addEntryBlock();
    fusion->moveBefore(entry, entry->end());
    fusion->setOperands(entry->getArguments());
    builder.setInsertionPointToEnd(entry);
    func::ReturnOp::create(builder, loc, fusion->getResults());
  }
};
} // namespace
