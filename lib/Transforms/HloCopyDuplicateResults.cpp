//===- HloCopyDuplicateResults.cpp - one buffer per returned tensor -------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOCOPYDUPLICATERESULTSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloCopyDuplicateResultsPass
    : hlo::impl::HloCopyDuplicateResultsPassBase<HloCopyDuplicateResultsPass> {
  void runOnOperation() override {
    getOperation()->walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 8> seen;
      OpBuilder b(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        auto type = dyn_cast<RankedTensorType>(v.getType());
        if (!type || seen.insert(v).second)
          continue;
        // The copy takes its (possibly dynamic) shape from the source.
        operand.set(bufferization::AllocTensorOp::create(b, ret.getLoc(), type,
                                                         ValueRange{}, v));
      }
    });
  }
};
} // namespace
