//===- MemorySchedule.cpp - a memory-minimizing op order ------------------===//
//
// A greedy list scheduler over the ops of one block, like XLA's
// ListMemoryScheduler: the block is cut at ops with memory effects (which
// keep their places); within each run of effect-free ops, the ready op
// with the best (bytes freed - bytes defined) goes next. A value is freed
// by its last user in the block; values read after the run (by later runs,
// by the terminator) are never freed inside it.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/MemorySchedule.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <set>

using namespace mlir;
using namespace mlir::hlo;

static int64_t elementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * elementBytes(complex.getElementType());
  if (isa<IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return static_cast<int64_t>(llvm::PowerOf2Ceil(
        std::max<uint64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8)));
  return 0;
}

int64_t hlo::valueBytes(Value value) {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped || !isa<TensorType, MemRefType>(shaped) ||
      !shaped.hasStaticShape())
    return 0;
  return shaped.getNumElements() * elementBytes(shaped.getElementType());
}

namespace {

/// One run of effect-free ops between two fixed ops.
class Run {
public:
  Run(Block &block, ArrayRef<Operation *> ops) : block(block), ops(ops) {
    for (auto [index, op] : llvm::enumerate(ops))
      position[op] = index;
    // The values each op reads (operands and values its regions read from
    // this block or from above it), and the ops of the run they wait for.
    reads.resize(ops.size());
    preds.resize(ops.size());
    for (unsigned index = 0; index < ops.size(); ++index) {
      Operation *op = ops[index];
      llvm::SetVector<Value> used;
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (!op->isAncestor(operand.getParentRegion()->getParentOp()))
            used.insert(operand);
      });
      for (Value value : used) {
        reads[index].push_back(value);
        if (Operation *def = value.getDefiningOp()) {
          auto it = position.find(def);
          if (it != position.end())
            preds[index].insert(it->second);
        }
      }
    }
    // Users of each value in the run; a value read outside the run (or
    // defined in it and read after it) is pinned: never freed here.
    for (auto [index, op] : llvm::enumerate(ops)) {
      for (Value value : reads[index]) {
        if (!users.count(value))
          pinned[value] = isReadOutside(value);
        users[value].insert(index);
      }
      for (Value result : op->getResults())
        if (!users.count(result)) {
          users[result];
          pinned[result] = isReadOutside(result);
        }
    }
  }

  /// The peak of live bytes when the run goes in `order` (indices).
  int64_t peak(ArrayRef<unsigned> order) const {
    llvm::DenseMap<Value, unsigned> left;
    int64_t live = 0;
    for (auto &[value, set] : users) {
      left[value] = set.size();
      if (!isDefinedInRun(value))
        live += valueBytes(value);
    }
    int64_t best = live;
    for (unsigned index : order) {
      for (Value result : ops[index]->getResults())
        live += valueBytes(result);
      best = std::max(best, live);
      for (Value result : ops[index]->getResults())
        if (!pinned.lookup(result) && useCount(result) == 0)
          live -= valueBytes(result);
      for (Value value : reads[index])
        if (--left[value] == 0 && !pinned.lookup(value))
          live -= valueBytes(value);
    }
    return best;
  }

  /// The greedy list schedule.
  SmallVector<unsigned> schedule() const {
    SmallVector<unsigned> waiting(ops.size());
    SmallVector<SmallVector<unsigned>> succs(ops.size());
    for (unsigned index = 0; index < ops.size(); ++index) {
      waiting[index] = preds[index].size();
      for (unsigned pred : preds[index])
        succs[pred].push_back(index);
    }
    llvm::DenseMap<Value, unsigned> left;
    for (auto &[value, set] : users)
      left[value] = set.size();
    std::set<unsigned> ready;
    for (unsigned index = 0; index < ops.size(); ++index)
      if (waiting[index] == 0)
        ready.insert(index);
    SmallVector<unsigned> order;
    while (!ready.empty()) {
      unsigned best = *ready.begin();
      int64_t bestScore = std::numeric_limits<int64_t>::min();
      for (unsigned index : ready) {
        int64_t score = 0;
        for (Value value : reads[index])
          if (left.lookup(value) == 1 && !pinned.lookup(value))
            score += valueBytes(value);
        for (Value result : ops[index]->getResults())
          score -= valueBytes(result);
        if (score > bestScore) {
          best = index;
          bestScore = score;
        }
      }
      ready.erase(best);
      order.push_back(best);
      for (Value value : reads[best])
        --left[value];
      for (unsigned succ : succs[best])
        if (--waiting[succ] == 0)
          ready.insert(succ);
    }
    return order;
  }

  size_t size() const { return ops.size(); }
  Operation *op(unsigned index) const { return ops[index]; }

private:
  unsigned useCount(Value value) const {
    auto it = users.find(value);
    return it == users.end() ? 0 : it->second.size();
  }

  bool isDefinedInRun(Value value) const {
    Operation *def = value.getDefiningOp();
    return def && position.count(def);
  }

  /// Whether an op of the block outside the run reads `value`, or it is
  /// not the run's to free (an argument of the block or of a region above).
  bool isReadOutside(Value value) const {
    if (isa<BlockArgument>(value))
      return true;
    for (Operation *user : value.getUsers()) {
      Operation *top = block.findAncestorOpInBlock(*user);
      if (!top || !position.count(top))
        return true;
    }
    return false;
  }

  Block &block;
  ArrayRef<Operation *> ops;
  llvm::DenseMap<Operation *, unsigned> position;
  SmallVector<SmallVector<Value>> reads;
  SmallVector<llvm::SetVector<unsigned>> preds;
  llvm::MapVector<Value, llvm::SetVector<unsigned>> users;
  llvm::DenseMap<Value, bool> pinned;
};

} // namespace

MemoryScheduleResult hlo::scheduleForMemory(Block &block) {
  MemoryScheduleResult result;
  // Runs of effect-free ops, cut at ops with effects and at the terminator.
  SmallVector<std::pair<SmallVector<Operation *>, Operation *>> runs(1);
  for (Operation &op : block) {
    if (isMemoryEffectFree(&op) && !op.hasTrait<OpTrait::IsTerminator>()) {
      runs.back().first.push_back(&op);
      continue;
    }
    runs.back().second = &op;
    runs.emplace_back();
  }
  for (auto &[ops, end] : runs) {
    if (ops.size() < 2)
      continue;
    Run run(block, ops);
    SmallVector<unsigned> original =
        llvm::to_vector(llvm::seq<unsigned>(0, ops.size()));
    SmallVector<unsigned> order = run.schedule();
    int64_t before = run.peak(original);
    result.peakBefore = std::max(result.peakBefore, before);
    if (order.size() != ops.size() || order == original) {
      result.peakAfter = std::max(result.peakAfter, before);
      continue;
    }
    int64_t after = run.peak(order);
    if (after >= before) {
      result.peakAfter = std::max(result.peakAfter, before);
      continue;
    }
    result.peakAfter = std::max(result.peakAfter, after);
    result.changed = true;
    for (unsigned index : order) {
      if (end)
        run.op(index)->moveBefore(end);
      else
        run.op(index)->moveBefore(&block, block.end());
    }
  }
  return result;
}
