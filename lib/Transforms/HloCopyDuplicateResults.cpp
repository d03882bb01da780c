//===- HloCopyDuplicateResults.cpp - one buffer per result ----------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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
    // The same for the inits of one op: CSE merges identical tensor.empty
    // ops, leaving a multi-result linalg.generic with `outs(%e, %e)` or a
    // tile loop with `iter_args(%a = %e, %b = %e)`, and one-shot
    // bufferization then gives both one buffer (an empty tensor needs no
    // copy), so the second result overwrote the first: a wrong result,
    // found by utils/difftest.py. A repeated init gets its own tensor.empty,
    // or a copy when it holds values.
    getOperation()->walk([](Operation *op) {
      MutableArrayRef<OpOperand> inits;
      if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
        if (!dps.hasPureTensorSemantics())
          return;
        inits = dps.getDpsInitsMutable();
      } else if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
        inits = loop.getInitsMutable();
      } else {
        return;
      }
      llvm::SmallPtrSet<Value, 4> seen;
      OpBuilder b(op);
      for (OpOperand &init : inits) {
        Value v = init.get();
        auto type = dyn_cast<RankedTensorType>(v.getType());
        if (!type || seen.insert(v).second)
          continue;
        Value fresh;
        if (auto empty = v.getDefiningOp<tensor::EmptyOp>())
          fresh = b.clone(*empty)->getResult(0);
        else
          fresh = bufferization::AllocTensorOp::create(b, op->getLoc(), type,
                                                       ValueRange{}, v);
        init.set(fresh);
      }
    });
  }
};
} // namespace
