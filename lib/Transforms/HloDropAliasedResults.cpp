//===- HloDropAliasedResults.cpp - no out-parameter for aliased results ---===//
//
// After one-shot bufferization: a public function's result aliased to an
// argument leaves the signature; the caller finds it in the argument's
// buffer. A result not computed in place is copied there last.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLODROPALIASEDRESULTSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// The buffer `v` is a view of (through casts, subviews, reshapes, ...).
Value rootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      v = view.getViewSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      v = cast.getSource();
      continue;
    }
    break;
  }
  return v;
}

struct HloDropAliasedResultsPass
    : hlo::impl::HloDropAliasedResultsPassBase<HloDropAliasedResultsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      auto function = cast<FunctionOpInterface>(func.getOperation());
      SmallVector<int64_t> aliased;
      FailureOr<Operation *> terminator =
          hlo::getAliasedReturn(function, aliased);
      if (failed(terminator))
        return signalPassFailure();
      if (!*terminator)
        continue;
      auto ret = cast<func::ReturnOp>(*terminator);
      OpBuilder b(ret);
      Location loc = ret.getLoc();
      llvm::BitVector drop(func.getNumResults());
      for (auto [j, i] : llvm::enumerate(aliased)) {
        if (i < 0)
          continue;
        Value arg = func.getArgument(i);
        Value result = ret.getOperand(j);
        if (!isa<BaseMemRefType>(arg.getType()) ||
            !isa<BaseMemRefType>(result.getType())) {
          func.emitError("hlo-drop-aliased-results: argument #")
              << i << " and result #" << j << " must be buffers (run it "
              << "after bufferization)";
          return signalPassFailure();
        }
        drop.set(j);
        if (rootBuffer(result) == arg && result.getType() == arg.getType())
          continue; // computed in place
        // Every other result that is a view of the argument is copied out
        // before the argument is overwritten.
        for (OpOperand &other : ret->getOpOperands()) {
          if (other.getOperandNumber() == j ||
              rootBuffer(other.get()) != arg)
            continue;
          auto type = dyn_cast<MemRefType>(other.get().getType());
          if (!type || !type.hasStaticShape()) {
            func.emitError("hlo-drop-aliased-results: result #")
                << other.getOperandNumber() << " is a view of argument #"
                << i << ", which result #" << j
                << " overwrites, and has no static shape to copy it";
            return signalPassFailure();
          }
          auto copyType = MemRefType::get(type.getShape(),
                                          type.getElementType());
          Value saved = memref::AllocOp::create(b, loc, copyType);
          memref::CopyOp::create(b, loc, other.get(), saved);
          Value cast = saved;
          if (copyType != type)
            cast = memref::CastOp::create(b, loc, type, saved);
          other.set(cast);
        }
        memref::CopyOp::create(b, loc, result, arg);
      }
      ret->eraseOperands(drop);
      if (failed(func.eraseResults(drop)))
        return signalPassFailure();
      Builder names(func.getContext());
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        for (StringRef name :
             {hlo::kResultAliasAttr, hlo::kMustAliasAttr,
              hlo::kTfAliasingOutputAttr,
              bufferization::BufferizationDialect::kWritableAttrName})
          func.removeArgAttr(i, names.getStringAttr(name));
    }
  }
};
} // namespace
