//===- HloLoopCarriedInPlace.cpp - loop-carried values updated in place ---===//
//
// A loop whose body computes the next value of a carried tensor into a fresh
// destination (a `tensor.empty`) gets a new buffer for it every iteration,
// and one-shot bufferization then copies every carried value of an
// scf.while into fresh buffers before each iteration (its `scf.condition`
// forwards values that are not equivalent to the body's arguments). Giving
// such a computation the carried value itself as its destination lets
// bufferization update it in place; where the old value is still read after
// the write, the analysis copies that one value, as before.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLOOPCARRIEDINPLACEPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// The operand whose buffer a result computed in destination-passing style
/// is written to: a destination-style op's tied init, a loop's init
/// argument. Null for anything else.
OpOperand *getDestinationOperand(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return nullptr;
  Operation *op = result.getOwner();
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    return dps.getTiedOpOperand(result);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return &loop.getInitArgsMutable()[result.getResultNumber()];
  if (auto loop = dyn_cast<scf::ForallOp>(op))
    return &loop.getOutputsMutable()[result.getResultNumber()];
  return nullptr;
}

/// Whether `value` is a tensor with undefined contents.
bool isUndefinedTensor(Value value) {
  if (value.getDefiningOp<tensor::EmptyOp>())
    return true;
  auto alloc = value.getDefiningOp<bufferization::AllocTensorOp>();
  return alloc && !alloc.getCopy();
}

/// Makes the computation of `yielded` (a value the loop body `body` yields
/// as the next value of `carried`) write into `carried` when it writes into
/// a tensor with undefined contents: the destination chain from `yielded`
/// back through destination-style ops and loops of `body` ends in
/// `tensor.empty`. Returns whether it did.
bool routeIntoCarriedValue(Value yielded, BlockArgument carried, Block *body) {
  if (yielded == carried || yielded.getType() != carried.getType())
    return false;
  OpOperand *destination = nullptr;
  Value value = yielded;
  while (OpOperand *operand = getDestinationOperand(value)) {
    if (operand->getOwner()->getBlock() != body)
      break;
    destination = operand;
    value = operand->get();
  }
  if (!destination || !isUndefinedTensor(value) ||
      value.getType() != carried.getType())
    return false;
  destination->set(carried);
  return true;
}

struct HloLoopCarriedInPlacePass
    : hlo::impl::HloLoopCarriedInPlacePassBase<HloLoopCarriedInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        Block *body = loop.getBody();
        auto yield = cast<scf::YieldOp>(body->getTerminator());
        for (auto [yielded, carried] :
             llvm::zip_equal(yield.getOperands(), loop.getRegionIterArgs()))
          if (isa<RankedTensorType>(carried.getType()))
            routeIntoCarriedValue(yielded, carried, body);
        return;
      }
      auto loop = dyn_cast<scf::WhileOp>(op);
      if (!loop)
        return;
      // The body's arguments are the carried values when the condition
      // region forwards its own arguments in order (as the lowering of
      // hlo.while does); then the body's i-th yield is the next value of
      // its i-th argument.
      Block *before = loop.getBeforeBody();
      Block *after = loop.getAfterBody();
      scf::ConditionOp condition = loop.getConditionOp();
      if (condition.getArgs().size() != before->getNumArguments() ||
          after->getNumArguments() != before->getNumArguments())
        return;
      for (auto [forwarded, argument] :
           llvm::zip_equal(condition.getArgs(), before->getArguments()))
        if (forwarded != argument)
          return;
      scf::YieldOp yield = loop.getYieldOp();
      for (auto [yielded, carried] :
           llvm::zip_equal(yield.getOperands(), after->getArguments()))
        if (isa<RankedTensorType>(carried.getType()))
          routeIntoCarriedValue(yielded, carried, after);
    });
  }
};
} // namespace
