//===- HloBufferAssignment.cpp - the hlo-buffer-assignment pass -----------===//
//
// Packs each function's temporaries into one arena (BufferAssignment.cpp)
// and, with `report`, prints what that gave per function on stderr.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Transforms/BufferAssignment.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOBUFFERASSIGNMENTPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloBufferAssignmentPass
    : public hlo::impl::HloBufferAssignmentPassBase<HloBufferAssignmentPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (alignment < 1 || !llvm::isPowerOf2_64(alignment)) {
      module.emitError() << "hlo-buffer-assignment: alignment must be a "
                            "power of two, got "
                         << static_cast<int64_t>(alignment);
      return signalPassFailure();
    }
    BufferAssignmentOptions options;
    options.alignment = alignment;
    options.elideResultCopies = elideResultCopies;
    options.shareCalleeArenas = shareCalleeArenas;
    options.lendResults = lendResults;
    options.lendDonors = lendDonors;
    IRRewriter rewriter(&getContext());
    fillSplatConstantCopies(rewriter, module);
    llvm::StringMap<FunctionBufferAssignment> assignments =
        assignModuleBuffers(rewriter, module, options);
    // Donations are planned: nothing downstream reads the attributes, and
    // the LLVM translation warns about dialect attributes it cannot map.
    Builder names(&getContext());
    for (auto func : module.getOps<func::FuncOp>())
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        for (StringRef name : {kBufferDonorAttr, kJaxBufferDonorAttr})
          func.removeArgAttr(i, names.getStringAttr(name));
    if (!report)
      return;
    SmallVector<StringRef> order;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        order.push_back(func.getSymName());
    for (StringRef name : order) {
      FunctionBufferAssignment &assignment = assignments[name];
      assignment.totalBytes = computeTotalBytes(name, assignments);
      printBufferReport(name, assignment, llvm::errs());
    }
  }
};
} // namespace

LogicalResult hlo::enableBufferReport(OpPassManager &pm) {
  for (Pass &pass : pm.getPasses()) {
    if (pass.getArgument() == "hlo-buffer-assignment") {
      if (failed(pass.initializeOptions(
              "report=true", [](const Twine &) { return failure(); })))
        return failure();
    }
  }
  return success();
}
