//===- HloVerifyLowered.cpp - check that a lowering left nothing behind ---===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVERIFYLOWEREDPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloVerifyLoweredPass
    : hlo::impl::HloVerifyLoweredPassBase<HloVerifyLoweredPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::string> names(dialects.begin(), dialects.end());
    if (names.empty())
      names.push_back("llvm");
    llvm::StringSet<> allowed;
    for (const std::string &d : names)
      allowed.insert(d);
    std::string expected = llvm::join(names, ", ");

    bool failedAny = false;
    getOperation()->walk([&](Operation *op) {
      if (isa<ModuleOp>(op) || allowed.contains(op->getName().getDialectNamespace()))
        return;
      op->emitError() << "'" << op->getName() << "' op was not lowered to the "
                      << expected << " dialect";
      failedAny = true;
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
