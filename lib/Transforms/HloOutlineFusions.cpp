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
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOOUTLINEFUSIONSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// Ops left outside fusions that still become loop nests of their own
/// (contractions, reductions, transposes, copies such as pad and
/// concatenate, control flow...): outlined too, so that no function keeps a
/// share of the module and a profile attributes every loop nest. Views
/// (reshapes, slices) and constants stay where they are.
bool isOutlinedUnfusedOp(Operation *op) {
  if (!isa<DotGeneralOp, ConvolutionOp, ReduceOp, TransposeOp, GatherOp,
           SortOp, ScatterOp, ReduceWindowOp, WhileOp, IfOp, CaseOp,
           SelectAndScatterOp, PadOp, ConcatenateOp, ReverseOp>(op))
    return false;
  auto isRankedTensor = [](Type type) { return isa<RankedTensorType>(type); };
  return op->getNumResults() > 0 &&
         llvm::all_of(op->getOperandTypes(), isRankedTensor) &&
         llvm::all_of(op->getResultTypes(), isRankedTensor);
}

/// Whether `value` is a constant that outlined functions clone instead of
/// taking as an argument.
bool isClonedConstant(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         def->hasTrait<OpTrait::ConstantLike>();
}

/// The users of a sort when every one is a slice in its block (top_k's
/// form), in block order; none otherwise. Each depends on the sort alone, so
/// it can move right after it.
SmallVector<Operation *> getSliceUsers(Operation *op) {
  SmallVector<Operation *> slices;
  if (!isa<SortOp>(op))
    return slices;
  for (Operation *user : op->getUsers()) {
    if (!isa<SliceOp>(user) || user->getBlock() != op->getBlock())
      return {};
    if (!llvm::is_contained(slices, user))
      slices.push_back(user);
  }
  llvm::sort(slices,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return slices;
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
      // Fusions in a loop body stay there, outlined with the loop as one
      // function: a call's results are fresh buffers, which would make the
      // loop copy its carried values every iteration instead of updating
      // them in place (hlo-loop-carried-in-place).
      SmallVector<Operation *> fusions;
      int64_t numFusions = 0;
      function.walk([&](FusionOp fusion) {
        ++numFusions;
        if (!fusion->getParentOfType<WhileOp>())
          fusions.push_back(fusion);
      });
      if (numFusions == 0 || numFusions < minFusions)
        continue;
      size_t index = 0;
      for (Operation *fusion : fusions)
        outline(symbols, function, fusion, "_fusion", index++);
      // Then the ops of the function's body that are loop nests of their
      // own (after the fusions: control flow then calls the fusions of its
      // regions).
      index = 0;
      SmallVector<Operation *> unfused;
      for (Operation &op : function.getFunctionBody().front())
        if (isOutlinedUnfusedOp(&op))
          unfused.push_back(&op);
      for (Operation *op : unfused) {
        // A sort read only through slices (top_k) goes with its slices:
        // its lowering chooses partial selection by looking at its users.
        if (SmallVector<Operation *> slices = getSliceUsers(op);
            !slices.empty()) {
          SmallVector<Operation *> range{op};
          for (Operation *slice : slices) {
            slice->moveAfter(range.back());
            range.push_back(slice);
          }
          outlineRange(symbols, function, range, "_op", index++);
          continue;
        }
        outline(symbols, function, op, "_op", index++);
      }
      // Last, the body itself: runs of `stage-size` calls become stages.
      if (stageSize > 0)
        outlineStages(symbols, function);
    }
  }

  /// Splits the body of `function` into stages of `stageSize` calls (and
  /// the ops between them), each a function of its own that `function`
  /// calls in turn, so that no function grows with the module (the buffer
  /// deallocation of one function with every intermediate is quadratic, and
  /// so is LLVM on one huge function).
  void outlineStages(SymbolTable &symbols, func::FuncOp function) {
    Block &body = function.getFunctionBody().front();
    int64_t calls = llvm::count_if(
        body, [](Operation &op) { return isa<func::CallOp>(op); });
    if (calls <= 2 * stageSize)
      return;
    SmallVector<SmallVector<Operation *>> stages(1);
    int64_t inStage = 0;
    for (Operation &op : body.without_terminator()) {
      // Constants stay in the function; each stage clones those it uses
      // instead of one stage returning them to the next.
      if (op.getNumResults() == 1 && isClonedConstant(op.getResult(0)))
        continue;
      stages.back().push_back(&op);
      if (isa<func::CallOp>(op) && ++inStage == stageSize) {
        stages.emplace_back();
        inStage = 0;
      }
    }
    size_t index = 0;
    for (ArrayRef<Operation *> stage : stages)
      if (!stage.empty())
        outlineRange(symbols, function, stage, "_stage", index++);
  }

  /// A new private function `<parent><kind><index>` computing `outputs`
  /// from `inputs` with copies of the consecutive ops `ops`, and a call of
  /// it after them.
  func::CallOp outlineInto(SymbolTable &symbols, func::FuncOp parent,
                           ArrayRef<Operation *> ops, ArrayRef<Value> allInputs,
                           ArrayRef<Value> outputs, StringRef kind,
                           size_t index) {
    Location loc = ops.front()->getLoc();
    OpBuilder builder(parent);
    // Constants are cloned into the new function, not passed: its code then
    // sees their values (a splat is an immediate, a mask keeps its compact
    // form), and a caller never materializes one to pass it. Bufferization
    // gives equal constants one global, so clones cost no memory.
    SmallVector<Value> inputs, constants;
    for (Value input : allInputs)
      (isClonedConstant(input) ? constants : inputs).push_back(input);
    auto type = builder.getFunctionType(ValueRange(inputs).getTypes(),
                                        ValueRange(outputs).getTypes());
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
    mapping.map(inputs, entry->getArguments());
    builder.setInsertionPointToEnd(entry);
    for (Value constant : constants)
      builder.clone(*constant.getDefiningOp(), mapping);
    for (Operation *op : ops)
      builder.clone(*op, mapping);
    SmallVector<Value> returned;
    for (Value v : outputs)
      returned.push_back(mapping.lookup(v));
    func::ReturnOp::create(builder, loc, returned);
    OpBuilder callBuilder(ops.back()->getNextNode());
    return func::CallOp::create(callBuilder, loc, callee, inputs);
  }

  /// Replaces the consecutive ops `ops` by a call of a new private function
  /// computing, from the values they use from before them, the values used
  /// after them.
  void outlineRange(SymbolTable &symbols, func::FuncOp parent,
                    ArrayRef<Operation *> ops, StringRef kind, size_t index) {
    llvm::SmallPtrSet<Operation *, 16> inRange(ops.begin(), ops.end());
    llvm::SetVector<Value> inputs;
    for (Operation *op : ops) {
      for (Value operand : op->getOperands())
        if (!inRange.contains(operand.getDefiningOp()))
          inputs.insert(operand);
      getUsedValuesDefinedAbove(op->getRegions(), inputs);
    }
    // Values defined in the range that regions of the range use from above
    // are not inputs.
    inputs.remove_if([&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && inRange.contains(def);
    });
    SmallVector<Value> outputs;
    for (Operation *op : ops)
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              Operation *ancestor =
                  ops.front()->getBlock()->findAncestorOpInBlock(*user);
              return !ancestor || !inRange.contains(ancestor);
            }))
          outputs.push_back(result);
    auto isTensor = [](Value v) { return isa<RankedTensorType>(v.getType()); };
    if (!llvm::all_of(inputs, isTensor) || !llvm::all_of(outputs, isTensor))
      return;

    func::CallOp call = outlineInto(symbols, parent, ops, inputs.getArrayRef(),
                                    outputs, kind, index);
    for (auto [output, result] : llvm::zip(outputs, call.getResults()))
      output.replaceUsesWithIf(result, [&](OpOperand &use) {
        Operation *ancestor =
            ops.front()->getBlock()->findAncestorOpInBlock(*use.getOwner());
        return !ancestor || !inRange.contains(ancestor);
      });
    for (Operation *op : llvm::reverse(ops))
      op->erase();
  }

  /// Replaces `op` by a call of a new private function computing it from
  /// its operands and the values its regions use from above.
  void outline(SymbolTable &symbols, func::FuncOp parent, Operation *op,
               StringRef kind, size_t index) {
    llvm::SetVector<Value> inputs(op->getOperands().begin(),
                                  op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), inputs);
    func::CallOp call =
        outlineInto(symbols, parent, op, inputs.getArrayRef(),
                    SmallVector<Value>(op->getResults()), kind, index);
    op->replaceAllUsesWith(call.getResults());
    op->erase();
  }
};
} // namespace
