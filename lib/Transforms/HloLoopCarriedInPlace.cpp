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
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Whether `slice` is the subset one iteration of `loop` owns: its offsets
/// are constants except one, the induction variable, along a dimension whose
/// size is at most the loop's constant step (so no two iterations overlap),
/// with unit strides.
bool isPerIterationSubset(OffsetSizeAndStrideOpInterface slice,
                          scf::ForOp loop) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 0)
    return false;
  int64_t byInductionVariable = 0;
  for (auto [offset, size, stride] :
       llvm::zip_equal(slice.getMixedOffsets(), slice.getMixedSizes(),
                       slice.getMixedStrides())) {
    if (getConstantIntValue(stride) != 1)
      return false;
    std::optional<int64_t> staticSize = getConstantIntValue(size);
    if (!staticSize)
      return false;
    if (getConstantIntValue(offset))
      continue;
    if (dyn_cast_if_present<Value>(offset) != loop.getInductionVar() ||
        *staticSize > *step)
      return false;
    ++byInductionVariable;
  }
  return byInductionVariable == 1;
}

/// The tile loop `loop` now writes its `init` result in place of the value
/// `init` holds: each iteration inserts a tile into its iteration argument.
/// A read of the same tile of that value inside the loop then reads the
/// iteration argument instead: no earlier iteration wrote the tile, and
/// bufferization sees the read-then-write of one tile as in place (reading
/// the value from outside the loop would make it copy the whole value).
void readDestinationInPlace(scf::ForOp loop, OpOperand &init) {
  BlockArgument iterArg = loop.getTiedLoopRegionIterArg(&init);
  Value carried = init.get();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto insert = yield.getOperand(iterArg.getArgNumber() -
                                 loop.getNumInductionVars())
                    .getDefiningOp<tensor::InsertSliceOp>();
  if (!insert || insert.getDest() != iterArg ||
      insert->getBlock() != loop.getBody() ||
      !isPerIterationSubset(insert, loop))
    return;
  // The iteration argument is used only by the final insertion and by
  // slices of the same tile (the destination of the tile's computation).
  auto sameTile = [&](tensor::ExtractSliceOp slice) {
    return slice && slice->getBlock() == loop.getBody() &&
           slice.getMixedOffsets() == insert.getMixedOffsets() &&
           slice.getMixedSizes() == insert.getMixedSizes() &&
           slice.getMixedStrides() == insert.getMixedStrides() &&
           slice.getResultType() == insert.getSourceType();
  };
  for (Operation *user : iterArg.getUsers())
    if (user != insert.getOperation() &&
        !sameTile(dyn_cast<tensor::ExtractSliceOp>(user)))
      return;
  for (OpOperand &use : llvm::make_early_inc_range(carried.getUses()))
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
        sameTile(slice) && slice->isBeforeInBlock(insert))
      use.set(iterArg);
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
  if (auto tileLoop = dyn_cast<scf::ForOp>(destination->getOwner()))
    readDestinationInPlace(tileLoop, *destination);
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
