//===- HloResultsInOutParams.cpp - no final copies into out-parameters ----===//
//
// After buffer-results-to-out-params: a result allocated in the function
// (or the reshape of one) and copied into its out-parameter as the function
// returns is computed in the out-parameter instead.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLORESULTSINOUTPARAMSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// Whether `arg` is an out-parameter of `func` (marked by
/// buffer-results-to-out-params) whose only use is `copy`.
bool isOutParamOnlyCopiedInto(func::FuncOp func, Value value,
                              memref::CopyOp copy) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &func.getBody().front())
    return false;
  if (!func.getArgAttr(arg.getArgNumber(), "bufferize.result"))
    return false;
  return arg.hasOneUse() && *arg.getUsers().begin() == copy.getOperation();
}

/// A static allocation with an identity layout, without deallocations yet.
memref::AllocOp getPlainAllocation(Value value) {
  auto alloc = value.getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getType().hasStaticShape() ||
      !alloc.getType().getLayout().isIdentity() ||
      !alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty())
    return {};
  return alloc;
}

struct HloResultsInOutParamsPass
    : hlo::impl::HloResultsInOutParamsPassBase<HloResultsInOutParamsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Block &entry = func.getBody().front();
    Operation *terminator = entry.getTerminator();
    // The copies that end the block, in order.
    SmallVector<memref::CopyOp> copies;
    for (Operation *op = terminator->getPrevNode(); op;
         op = op->getPrevNode()) {
      auto copy = dyn_cast<memref::CopyOp>(op);
      if (!copy)
        break;
      copies.insert(copies.begin(), copy);
    }
    OpBuilder builder(&getContext());
    for (memref::CopyOp copy : copies) {
      // Reshapes of an out-parameter go first in the block (it dominates
      // every use of the allocation they replace); set anew each time, as
      // erasing allocations moves the block's start.
      builder.setInsertionPointToStart(&entry);
      Value target = copy.getTarget();
      if (!isOutParamOnlyCopiedInto(func, target, copy))
        continue;
      auto targetType = cast<MemRefType>(target.getType());
      Value source = copy.getSource();
      Value replacement;
      memref::AllocOp alloc;
      if ((alloc = getPlainAllocation(source))) {
        if (alloc.getType() != targetType)
          continue;
        replacement = target;
      } else if (auto expand = source.getDefiningOp<memref::ExpandShapeOp>()) {
        // The allocation is the collapsed out-parameter (not of rank 0: a
        // reshape with empty reassociations, which the builders do not
        // take).
        alloc = getPlainAllocation(expand.getSrc());
        if (!alloc || alloc.getType().getRank() == 0 ||
            expand.getResultType() != targetType)
          continue;
        auto collapsedType = memref::CollapseShapeOp::computeCollapsedType(
            targetType, expand.getReassociationIndices());
        if (collapsedType != alloc.getType())
          continue;
        replacement = memref::CollapseShapeOp::create(
            builder, copy.getLoc(), target, expand.getReassociationIndices());
      } else if (auto collapse =
                     source.getDefiningOp<memref::CollapseShapeOp>()) {
        // The allocation is the expanded out-parameter.
        alloc = getPlainAllocation(collapse.getSrc());
        if (!alloc || alloc.getType().getRank() == 0 ||
            collapse.getResultType() != targetType ||
            memref::CollapseShapeOp::computeCollapsedType(
                alloc.getType(), collapse.getReassociationIndices()) !=
                targetType)
          continue;
        replacement = memref::ExpandShapeOp::create(
            builder, copy.getLoc(), alloc.getType(), target,
            collapse.getReassociationIndices());
      } else {
        continue;
      }
      alloc.getResult().replaceAllUsesWith(replacement);
      alloc.erase();
      copy.erase();
    }
  }
};
} // namespace
