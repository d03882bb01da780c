//===- Fusion.cpp - forming hlo.fusion ops --------------------------------===//
//
// The planner visits the ops of a block from last to first. Each fusible op
// that no fusion has taken yet starts a group, which then grows towards its
// producers until no producer can be added; decisions are re-examined while
// the group grows, because a producer may become fusible once its other
// users have joined (softmax: `exp` feeds both the sum and the division).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Fusion.h"

#include "HloDialect/Analysis/CostModel.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace mlir;
using namespace mlir::hlo;

namespace {

bool hasStaticShapes(Operation *op) {
  auto isStaticTensor = [](Type type) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    return tensorType && tensorType.hasStaticShape();
  };
  return llvm::all_of(op->getOperandTypes(), isStaticTensor) &&
         llvm::all_of(op->getResultTypes(), isStaticTensor);
}

bool isSplatConstant(Operation *op) {
  DenseElementsAttr attr;
  return op->getNumResults() == 1 &&
         matchPattern(op->getResult(0), m_Constant(&attr)) && attr.isSplat();
}

/// The ops of `group` that count toward FusionOptions::maxFusedOps: moved
/// and duplicated ops, except splat constants, which become immediates of
/// the loop body and cost neither run time nor code (a special function's
/// polynomial brings dozens of them).
int64_t countedOps(const FusionGroup &group) {
  int64_t immediates = llvm::count_if(group.duplicated, isSplatConstant);
  return static_cast<int64_t>(group.ops.size() + group.duplicated.size()) -
         immediates;
}

/// The most elements a slice may produce to be fused as a read (a scalar
/// from a small table: a rotation amount, a key word).
constexpr int64_t kMaxFusedSliceElements = 16;

/// A slice or dynamic slice producing a few elements: inside a fusion it is
/// a view of its operand read per element, which the fusion takes from
/// memory (its producers are never fused through it).
bool isSmallSlice(Operation *op) {
  if (!isa<SliceOp, DynamicSliceOp>(op))
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.hasStaticShape() &&
         type.getNumElements() <= kMaxFusedSliceElements;
}

/// Ops a loop fusion emits as part of its one loop nest.
bool isLoopFusible(Operation *op) {
  return isElementwiseLike(op) ||
         isa<BroadcastInDimOp, ReshapeOp, TransposeOp, IotaOp>(op) ||
         isSplatConstant(op) || isSmallSlice(op);
}

ArrayRef<int64_t> getShape(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

int64_t getNumElements(Value value) {
  return cast<RankedTensorType>(value.getType()).getNumElements();
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string result;
  llvm::raw_string_ostream os(result);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return result;
}

/// The dimensions of a rank-`rank` operand that a reduction over `reduced`
/// keeps, in order.
SmallVector<int64_t> getKeptDims(int64_t rank, ArrayRef<int64_t> reduced) {
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(reduced, d))
      kept.push_back(d);
  return kept;
}

/// The iteration space of a reduction: its operand shape and the reduced
/// dimensions. Rows are the kept dimensions.
struct RowSpace {
  SmallVector<int64_t> operandShape;
  SmallVector<int64_t> reducedDims;
  SmallVector<int64_t> rowShape;

  static RowSpace of(ReduceOp reduce) {
    RowSpace space;
    space.operandShape = llvm::to_vector(getShape(reduce.getInputs()[0]));
    space.reducedDims = llvm::to_vector(reduce.getDimensions());
    llvm::sort(space.reducedDims);
    space.rowShape = llvm::to_vector(getShape(reduce.getResult(0)));
    return space;
  }
  bool operator==(const RowSpace &other) const {
    return operandShape == other.operandShape &&
           reducedDims == other.reducedDims;
  }
  /// A broadcast from rows back to the reduction's operand shape (the
  /// inverse of the reduction's shape change).
  bool isRowBroadcast(BroadcastInDimOp broadcast) const {
    return getShape(broadcast.getOperand()) == ArrayRef(rowShape) &&
           getShape(broadcast.getResult()) == ArrayRef(operandShape) &&
           broadcast.getBroadcastDimensions() ==
               ArrayRef(getKeptDims(operandShape.size(), reducedDims));
  }
  bool contains(ArrayRef<int64_t> shape) const {
    return shape == ArrayRef(operandShape) || shape == ArrayRef(rowShape);
  }
};

enum class Decision { Move, Duplicate, Defer, Reject };

class FusionPlanner {
public:
  FusionPlanner(Block &block, const FusionOptions &options,
                const FusionExplainFn &explain)
      : block(block), options(options), explain(explain) {}

  SmallVector<FusionGroup> run();

private:
  FusionGroup &startGroup(Operation *root);
  void grow(FusionGroup &group);
  Decision decide(Operation *producer, FusionGroup &group,
                  std::string &reason);
  Decision decideReduction(ReduceOp reduce, FusionGroup &group,
                           std::string &reason);
  Decision decideContraction(DotGeneralOp dot, FusionGroup &group,
                             std::string &reason);
  Decision decideUsers(Operation *producer, FusionGroup &group,
                       std::string &reason);
  bool canBeExtraResult(Operation *producer, FusionGroup &group,
                        std::string &reason);
  void add(Operation *producer, FusionGroup &group, Decision decision);
  void mergeSiblings();
  void mergeProducers();
  bool canMergeProducer(FusionGroup &producer, FusionGroup &consumer,
                        std::string &reason);
  bool wouldFormCycle(const FusionGroup &a, const FusionGroup &b) const;
  void absorb(FusionGroup &a, FusionGroup &b);
  bool canMergeSiblings(FusionGroup &a, FusionGroup &b);

  bool contains(const FusionGroup &group, Operation *op) const {
    return group.ops.contains(op) || group.duplicated.contains(op);
  }
  Operation *getAncestorInBlock(Operation *op) const {
    return block.findAncestorOpInBlock(*op);
  }
  SmallVector<Operation *> getUsersOutside(Operation *producer,
                                           const FusionGroup &group) const;
  int64_t getReuseFactor(Operation *producer, FusionGroup &group);
  bool isRowBroadcastOfReduction(BroadcastInDimOp broadcast,
                                 const FusionGroup &group) const;
  llvm::SetVector<Value> getInputs(const FusionGroup &group) const;
  bool reaches(Operation *start, const FusionGroup &target) const;
  bool reaches(const FusionGroup &from, const FusionGroup &target) const;
  /// Records that `group` now spans [first, last] in block order.
  void noteSpan(FusionGroup &group, unsigned first, unsigned last);
  void noteOp(FusionGroup &group, Operation *op) {
    unsigned at = position.lookup(op);
    noteSpan(group, at, at);
  }
  unsigned getSearchBound(const FusionGroup &target) const;
  std::optional<RowSpace> getRowSpace(const FusionGroup &group) const {
    if (auto reduce = dyn_cast_or_null<ReduceOp>(group.hero))
      return RowSpace::of(reduce);
    return std::nullopt;
  }

  Block &block;
  const FusionOptions &options;
  const FusionExplainFn &explain;
  std::deque<FusionGroup> groups;
  DenseMap<Operation *, FusionGroup *> groupOf;
  /// Each op's place in the block (from 1); planning moves no op.
  DenseMap<Operation *, unsigned> position;
  /// The first and last position of each group's ops.
  DenseMap<const FusionGroup *, std::pair<unsigned, unsigned>> span;
  /// A Fenwick tree of prefix maxima: the largest last position of the
  /// groups whose first position is at most i (entries of groups that grew
  /// or were merged away stay, covered by the grown group's span).
  std::vector<unsigned> lastByFirst;
  /// The last reason each (producer, group) candidate was rejected for;
  /// reported when planning ends if the producer stayed out.
  llvm::MapVector<std::pair<Operation *, FusionGroup *>, std::string>
      rejections;
};

FusionGroup &FusionPlanner::startGroup(Operation *root) {
  FusionGroup &group = groups.emplace_back();
  group.root = root;
  group.ops.insert(root);
  groupOf[root] = &group;
  noteOp(group, root);
  if (isa<ReduceOp>(root)) {
    group.kind = FusionKind::input;
    group.hero = root;
  } else if (isa<DotGeneralOp>(root)) {
    group.kind = FusionKind::output;
    group.hero = root;
  }
  return group;
}

SmallVector<Operation *>
FusionPlanner::getUsersOutside(Operation *producer,
                               const FusionGroup &group) const {
  SmallVector<Operation *> users;
  for (Operation *user : producer->getUsers()) {
    Operation *ancestor = getAncestorInBlock(user);
    // The original of a duplicated op stays outside the fusion.
    if (!ancestor || !group.ops.contains(ancestor))
      users.push_back(ancestor ? ancestor : user);
  }
  return users;
}

llvm::SetVector<Value> FusionPlanner::getInputs(const FusionGroup &group) const {
  llvm::SetVector<Value> inputs;
  auto collect = [&](Operation *member) {
    for (Value operand : member->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || !contains(group, def))
        inputs.insert(operand);
    }
  };
  llvm::for_each(group.ops, collect);
  llvm::for_each(group.duplicated, collect);
  return inputs;
}

bool FusionPlanner::isRowBroadcastOfReduction(BroadcastInDimOp broadcast,
                                              const FusionGroup &group) const {
  if (std::optional<RowSpace> space = getRowSpace(group))
    return space->isRowBroadcast(broadcast);
  // Before a reduction has joined, a broadcast counts as one over rows if
  // its operand derives (through elementwise ops) from a reduction it
  // inverts: the fusion will then be an input fusion over those rows.
  SmallVector<Value> worklist{broadcast.getOperand()};
  DenseSet<Value> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visited.insert(value).second || visited.size() > 64)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &block)
      continue;
    if (auto reduce = dyn_cast<ReduceOp>(def)) {
      if (RowSpace::of(reduce).isRowBroadcast(broadcast))
        return true;
      continue;
    }
    if (isElementwiseLike(def))
      llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

/// How many times the group would compute each element of `producer` if
/// it were fused: broadcasts read an element once per copy, unless they
/// re-expand the rows of the group's reduction (computed once per row).
int64_t FusionPlanner::getReuseFactor(Operation *producer,
                                      FusionGroup &group) {
  DenseMap<Operation *, int64_t> memo;
  std::function<int64_t(Operation *)> reuse = [&](Operation *op) -> int64_t {
    auto it = memo.find(op);
    if (it != memo.end())
      return it->second;
    memo[op] = 1; // cycles cannot occur; this only guards recursion
    int64_t factor = 1;
    for (Operation *user : op->getUsers()) {
      Operation *ancestor = getAncestorInBlock(user);
      if (!ancestor || !contains(group, ancestor))
        continue;
      int64_t perUse = reuse(ancestor);
      if (auto broadcast = dyn_cast<BroadcastInDimOp>(ancestor);
          broadcast && !isRowBroadcastOfReduction(broadcast, group))
        perUse *= std::max<int64_t>(1, getNumElements(broadcast.getResult()) /
                                           std::max<int64_t>(
                                               1, getNumElements(
                                                      broadcast.getOperand())));
      factor = std::max(factor, perUse);
    }
    memo[op] = factor;
    return factor;
  };
  return reuse(producer);
}

Decision FusionPlanner::decide(Operation *producer, FusionGroup &group,
                               std::string &reason) {
  if (!isa<HloDialect>(producer->getDialect())) {
    reason = "it is not an hlo op";
    return Decision::Reject;
  }
  if (!hasStaticShapes(producer)) {
    reason = "ops with dynamic shapes are not fused";
    return Decision::Reject;
  }
  if (countedOps(group) >= options.maxFusedOps) {
    reason = llvm::formatv("the fusion has reached its limit of {0} ops",
                           options.maxFusedOps);
    return Decision::Reject;
  }
  // Immediates are copied into every fusion that reads them.
  if (isSplatConstant(producer))
    return Decision::Duplicate;
  if (auto dot = dyn_cast<DotGeneralOp>(producer))
    return decideContraction(dot, group, reason);
  if (auto reduce = dyn_cast<ReduceOp>(producer))
    return decideReduction(reduce, group, reason);
  if (isa<ConstantOp>(producer)) {
    reason = "a non-splat constant is read from memory as a fusion input";
    return Decision::Reject;
  }
  if (!isLoopFusible(producer)) {
    reason = llvm::formatv("'{0}' is not fusible", producer->getName());
    return Decision::Reject;
  }
  if (isExpensiveToRecompute(producer)) {
    int64_t reuse = getReuseFactor(producer, group);
    if (reuse > 1) {
      reason = llvm::formatv("the fusion reads each of its elements {0} "
                             "times through a broadcast, and '{1}' is too "
                             "expensive to recompute",
                             reuse, producer->getName());
      return Decision::Reject;
    }
  }
  return decideUsers(producer, group, reason);
}

/// For a structurally fusible producer: move it if all its users are in the
/// group, duplicate it if that is cheap, else defer (multi-output).
Decision FusionPlanner::decideUsers(Operation *producer, FusionGroup &group,
                                    std::string &reason) {
  SmallVector<Operation *> outside = getUsersOutside(producer, group);
  if (outside.empty())
    return Decision::Move;
  if (isExpensiveToRecompute(producer)) {
    reason = llvm::formatv("it has {0} user(s) outside the fusion and is too "
                           "expensive to compute twice",
                           outside.size());
    return Decision::Defer;
  }
  // A small slice is a view: each fusion reads the same few elements of its
  // operand that it would read from its result.
  if (isSmallSlice(producer))
    return Decision::Duplicate;
  // Duplicating makes the fusion read the producer's operands instead of
  // its result; that must not move more bytes than it saves.
  llvm::SetVector<Value> inputs = getInputs(group);
  int64_t newBytes = 0;
  for (Value operand : producer->getOperands()) {
    Operation *def = operand.getDefiningOp();
    if (inputs.contains(operand) || (def && contains(group, def)) ||
        (def && isSplatConstant(def)))
      continue;
    newBytes += getNumElements(operand) *
                getElementByteSize(getElementTypeOrSelf(operand));
  }
  int64_t savedBytes =
      getNumElements(producer->getResult(0)) *
      getElementByteSize(getElementTypeOrSelf(producer->getResult(0)));
  if (newBytes > savedBytes) {
    reason = llvm::formatv("it has {0} user(s) outside the fusion, and "
                           "duplicating it would read {1} bytes to save {2}",
                           outside.size(), newBytes, savedBytes);
    return Decision::Defer;
  }
  return Decision::Duplicate;
}

Decision FusionPlanner::decideReduction(ReduceOp reduce, FusionGroup &group,
                                        std::string &reason) {
  if (group.kind == FusionKind::output) {
    reason = "an output fusion takes no reduction";
    return Decision::Reject;
  }
  RowSpace space = RowSpace::of(reduce);
  if (std::optional<RowSpace> groupSpace = getRowSpace(group);
      groupSpace && !(*groupSpace == space)) {
    reason = llvm::formatv(
        "it reduces {0} over dimensions {1}, the fusion's reduction reduces "
        "{2} over {3}",
        formatShape(space.operandShape), formatShape(space.reducedDims),
        formatShape(groupSpace->operandShape),
        formatShape(groupSpace->reducedDims));
    return Decision::Reject;
  }
  // The fused code computes each row's reduction once and uses it for the
  // row: inside the fusion the reduced value may only be re-expanded over
  // the row or combined elementwise with other row values.
  for (Operation *user : reduce->getUsers()) {
    Operation *ancestor = getAncestorInBlock(user);
    if (!ancestor || !group.ops.contains(ancestor))
      continue;
    auto broadcast = dyn_cast<BroadcastInDimOp>(ancestor);
    bool rowToRow = (broadcast && space.isRowBroadcast(broadcast)) ||
                    (isElementwiseLike(ancestor) &&
                     getShape(ancestor->getResult(0)) ==
                         ArrayRef(space.rowShape));
    if (!rowToRow) {
      reason = llvm::formatv("its result is used by '{0}', which does not "
                             "map the rows of the reduction to rows",
                             ancestor->getName());
      return Decision::Reject;
    }
  }
  for (Operation *member : group.ops) {
    if (member->getNumResults() == 0 || isa<ReduceOp>(member) ||
        isSplatConstant(member))
      continue;
    // Ops of other shapes may only feed broadcasts (a per-column scale of
    // a layernorm), which re-read them for every row.
    ArrayRef<int64_t> shape = getShape(member->getResult(0));
    bool feedsBroadcasts =
        llvm::all_of(member->getUsers(), [&](Operation *user) {
          return isa<BroadcastInDimOp>(user) && contains(group, user);
        });
    if (!space.contains(shape) && !feedsBroadcasts) {
      reason = llvm::formatv("the fusion computes {0} with '{1}', which is "
                             "neither the reduction's operand shape {2} nor "
                             "its rows {3}",
                             formatShape(shape), member->getName(),
                             formatShape(space.operandShape),
                             formatShape(space.rowShape));
      return Decision::Reject;
    }
  }
  SmallVector<Operation *> outside = getUsersOutside(reduce, group);
  if (!outside.empty()) {
    reason = llvm::formatv("its result has {0} user(s) outside the fusion, "
                           "and a reduction is never computed twice",
                           outside.size());
    return Decision::Defer;
  }
  return Decision::Move;
}

Decision FusionPlanner::decideContraction(DotGeneralOp dot, FusionGroup &group,
                                          std::string &reason) {
  if (group.kind != FusionKind::loop || group.hero) {
    reason = "a fusion takes at most one reduction or contraction";
    return Decision::Reject;
  }
  // The tile loop of an output fusion that also returns an intermediate of
  // its epilogue computes the contraction again for each returned value
  // (tile-and-fuse yields a replacement per producer): 2.3x the time of the
  // plain dot for a dot + bias + relu returning the pre-activation too. The
  // dot then stays on its own and the epilogue is a loop fusion.
  for (Operation *member : group.ops)
    if (member != group.root && !getUsersOutside(member, group).empty()) {
      reason = "the epilogue returns an intermediate value besides its root, "
               "for which the tile loop would compute the contraction again";
      return Decision::Reject;
    }
  ArrayRef<int64_t> shape = getShape(dot.getResult());
  if (getShape(group.root->getResult(0)) != shape) {
    reason = llvm::formatv("the epilogue computes {0}, not the product's "
                           "shape {1}",
                           formatShape(getShape(group.root->getResult(0))),
                           formatShape(shape));
    return Decision::Reject;
  }
  for (Operation *user : dot->getUsers()) {
    Operation *ancestor = getAncestorInBlock(user);
    if (!ancestor || !group.ops.contains(ancestor)) {
      reason = "its result has users outside the epilogue, and a "
               "contraction is never computed twice";
      return Decision::Reject;
    }
    if (!isElementwiseLike(ancestor) ||
        getShape(ancestor->getResult(0)) != shape) {
      reason = llvm::formatv("its result is used by '{0}', which is not an "
                             "elementwise op over the product",
                             ancestor->getName());
      return Decision::Reject;
    }
  }
  return Decision::Move;
}

/// A deferred producer joins as an extra result of the fusion if the fusion
/// iterates over its shape and no outside user leads back into the fusion.
bool FusionPlanner::canBeExtraResult(Operation *producer, FusionGroup &group,
                                     std::string &reason) {
  if (isa<DotGeneralOp>(producer))
    return false;
  // See decideContraction: an output fusion returns its root alone.
  if (group.kind == FusionKind::output) {
    reason += "; it cannot be an extra result of an output fusion (the tile "
              "loop would compute the contraction again for it)";
    return false;
  }
  ArrayRef<int64_t> shape = getShape(producer->getResult(0));
  bool iteratesOver = false;
  if (group.kind == FusionKind::input)
    iteratesOver = getRowSpace(group)->contains(shape);
  else if (auto reduce = dyn_cast<ReduceOp>(producer))
    iteratesOver = RowSpace::of(reduce).contains(
        getShape(group.root->getResult(0)));
  else
    iteratesOver = shape == getShape(group.root->getResult(0));
  if (!iteratesOver) {
    reason += llvm::formatv("; it cannot be an extra result: the fusion "
                            "does not iterate over its shape {0}",
                            formatShape(shape));
    return false;
  }
  for (Operation *user : getUsersOutside(producer, group)) {
    if (reaches(user, group)) {
      reason += llvm::formatv("; making it an extra result would create a "
                              "cycle through '{0}'",
                              user->getName());
      return false;
    }
  }
  return true;
}

void FusionPlanner::add(Operation *producer, FusionGroup &group,
                        Decision decision) {
  rejections.erase({producer, &group});
  if (decision == Decision::Duplicate) {
    group.duplicated.insert(producer);
    return;
  }
  group.ops.insert(producer);
  groupOf[producer] = &group;
  noteOp(group, producer);
  if (isa<ReduceOp>(producer)) {
    group.kind = FusionKind::input;
    if (!group.hero)
      group.hero = producer;
  } else if (isa<DotGeneralOp>(producer)) {
    group.kind = FusionKind::output;
    group.hero = producer;
  }
}

void FusionPlanner::grow(FusionGroup &group) {
  llvm::SetVector<Operation *> deferred;
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> members(group.ops.begin(), group.ops.end());
    llvm::append_range(members, group.duplicated);
    for (Operation *member : members) {
      // A contraction reads each operand element many times: its operands'
      // producers are never fused into it.
      if (member == group.hero && isa<DotGeneralOp>(member))
        continue;
      // A small slice reads its operand from memory.
      if (isSmallSlice(member))
        continue;
      for (Value operand : member->getOperands()) {
        Operation *producer = operand.getDefiningOp();
        if (!producer || producer->getBlock() != &block ||
            contains(group, producer) || groupOf.count(producer))
          continue;
        if (static_cast<int64_t>(getInputs(group).size()) >
            options.maxInputs) {
          rejections[{producer, &group}] = llvm::formatv(
              "the fusion has reached its limit of {0} inputs",
              options.maxInputs);
          continue;
        }
        std::string reason;
        Decision decision = decide(producer, group, reason);
        if (decision == Decision::Move || decision == Decision::Duplicate) {
          add(producer, group, decision);
          changed = true;
          continue;
        }
        if (decision == Decision::Defer)
          deferred.insert(producer);
        else
          deferred.remove(producer);
        rejections[{producer, &group}] = reason;
      }
    }
    if (changed || !options.multiOutput)
      continue;
    for (Operation *producer : deferred) {
      if (contains(group, producer) || groupOf.count(producer))
        continue;
      std::string reason;
      if (decide(producer, group, reason) != Decision::Defer)
        continue;
      if (canBeExtraResult(producer, group, reason)) {
        add(producer, group, Decision::Move);
        changed = true;
        break;
      }
      rejections[{producer, &group}] = reason;
    }
  }
}

void FusionPlanner::noteSpan(FusionGroup &group, unsigned first,
                             unsigned last) {
  auto [it, inserted] = span.try_emplace(&group, first, last);
  if (!inserted) {
    it->second.first = std::min(it->second.first, first);
    it->second.second = std::max(it->second.second, last);
  }
  auto [groupFirst, groupLast] = it->second;
  for (size_t i = groupFirst; i < lastByFirst.size(); i += i & -i)
    lastByFirst[i] = std::max(lastByFirst[i], groupLast);
}

/// A position after which no op reaches `target`. Users come after what
/// they use in the block, so a path from an op after `target`'s last op
/// can only come back through a group that has ops on both sides (a
/// group is one node: its users are those of all its ops). The bound is
/// therefore `target`'s last position, extended to the last op of every
/// group that starts at or before the bound, until it stops growing.
unsigned FusionPlanner::getSearchBound(const FusionGroup &target) const {
  unsigned bound = span.lookup(&target).second;
  while (true) {
    unsigned extended = bound;
    for (size_t i = bound; i > 0; i -= i & -i)
      extended = std::max(extended, lastByFirst[i]);
    if (extended == bound)
      return bound;
    bound = extended;
  }
}

/// Whether some op reachable from `start` (through uses, with each group
/// taken as one node) is in `target`. The search stops at ops and groups
/// after getSearchBound(target): a query costs the part of the graph
/// between `start` and `target`, not everything downstream of `start`
/// (which made fusion quadratic in the module size).
bool FusionPlanner::reaches(Operation *start, const FusionGroup &target) const {
  unsigned bound = getSearchBound(target);
  auto isAfterBound = [&](Operation *op) {
    auto it = position.find(op);
    return it != position.end() && it->second > bound;
  };
  SmallVector<Operation *> worklist{start};
  DenseSet<Operation *> visitedOps;
  DenseSet<const FusionGroup *> visitedGroups;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    const FusionGroup *group = groupOf.lookup(op);
    if (group == &target)
      return true;
    auto pushUsers = [&](Operation *of) {
      for (Operation *user : of->getUsers())
        if (Operation *ancestor = getAncestorInBlock(user))
          worklist.push_back(ancestor);
    };
    if (group) {
      if (!visitedGroups.insert(group).second ||
          span.lookup(group).first > bound)
        continue;
      llvm::for_each(group->ops, pushUsers);
    } else {
      if (!visitedOps.insert(op).second || isAfterBound(op))
        continue;
      pushUsers(op);
    }
  }
  return false;
}

bool FusionPlanner::reaches(const FusionGroup &from,
                            const FusionGroup &target) const {
  for (Operation *member : from.ops)
    for (Operation *user : member->getUsers()) {
      Operation *ancestor = getAncestorInBlock(user);
      if (ancestor && !from.ops.contains(ancestor) && reaches(ancestor, target))
        return true;
    }
  return false;
}

bool FusionPlanner::canMergeSiblings(FusionGroup &a, FusionGroup &b) {
  if (a.kind == FusionKind::output || b.kind == FusionKind::output)
    return false;
  auto computes = [](const FusionGroup &g) {
    return llvm::any_of(g.ops, [](Operation *op) {
      return isElementwiseLike(op) || isa<ReduceOp>(op);
    });
  };
  if (!computes(a) || !computes(b))
    return false;
  std::optional<RowSpace> spaceA = getRowSpace(a), spaceB = getRowSpace(b);
  ArrayRef<int64_t> shapeA = getShape(a.root->getResult(0));
  ArrayRef<int64_t> shapeB = getShape(b.root->getResult(0));
  if (spaceA && spaceB) {
    if (!(*spaceA == *spaceB))
      return false;
  } else if (spaceA) {
    if (shapeB != ArrayRef(spaceA->operandShape))
      return false;
  } else if (spaceB) {
    if (shapeA != ArrayRef(spaceB->operandShape))
      return false;
  } else if (shapeA != shapeB) {
    return false;
  }
  if (countedOps(a) + countedOps(b) > options.maxFusedOps)
    return false;
  return !reaches(a, b) && !reaches(b, a);
}

void FusionPlanner::absorb(FusionGroup &a, FusionGroup &b) {
  for (Operation *op : b.ops) {
    a.ops.insert(op);
    groupOf[op] = &a;
    a.duplicated.remove(op);
  }
  for (Operation *op : b.duplicated)
    if (!a.ops.contains(op))
      a.duplicated.insert(op);
  if (a.root->isBeforeInBlock(b.root))
    a.root = b.root;
  if (b.kind == FusionKind::input) {
    a.kind = FusionKind::input;
    if (!a.hero)
      a.hero = b.hero;
  }
  auto [bFirst, bLast] = span.lookup(&b);
  noteSpan(a, bFirst, bLast);
  b.ops.clear();
  b.duplicated.clear();
}

bool FusionPlanner::wouldFormCycle(const FusionGroup &a,
                                   const FusionGroup &b) const {
  auto isMoved = [&](Operation *op) {
    return a.ops.contains(op) || b.ops.contains(op);
  };
  auto isDuplicated = [&](Operation *op) {
    return !isMoved(op) &&
           (a.duplicated.contains(op) || b.duplicated.contains(op));
  };
  // Users come after what they use: nothing after the merged group's last
  // op leads back into it.
  Operation *last = nullptr;
  for (const FusionGroup *group : {&a, &b})
    for (Operation *op : group->ops)
      if (!last || last->isBeforeInBlock(op))
        last = op;

  SmallVector<Operation *> worklist;
  DenseSet<Operation *> visitedOps;
  DenseSet<const FusionGroup *> visitedGroups;
  // Where the results of `op`, computed in the merged fusion, go outside it.
  // An op it duplicates without a group of its own is computed inside it,
  // so the search goes on from that op's users.
  std::function<void(Operation *)> pushUsers = [&](Operation *op) {
    for (Operation *user : op->getUsers()) {
      Operation *ancestor = getAncestorInBlock(user);
      if (!ancestor || isMoved(ancestor))
        continue;
      if (isDuplicated(ancestor) && !groupOf.count(ancestor)) {
        if (visitedOps.insert(ancestor).second)
          pushUsers(ancestor);
        continue;
      }
      worklist.push_back(ancestor);
    }
  };
  for (const FusionGroup *group : {&a, &b})
    llvm::for_each(group->ops, pushUsers);

  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    SmallVector<Operation *> members{op};
    if (const FusionGroup *group = groupOf.lookup(op);
        group && group != &a && group != &b) {
      if (!visitedGroups.insert(group).second)
        continue;
      members.assign(group->ops.begin(), group->ops.end());
    } else if (!visitedOps.insert(op).second) {
      continue;
    }
    if (llvm::all_of(members, [&](Operation *member) {
          return last->isBeforeInBlock(member);
        }))
      continue;
    for (Operation *member : members) {
      for (Operation *user : member->getUsers()) {
        Operation *ancestor = getAncestorInBlock(user);
        if (!ancestor)
          continue;
        // The merged fusion reads `member` from outside (its own copy of a
        // member it duplicates is no input).
        if ((isMoved(ancestor) || isDuplicated(ancestor)) &&
            !isDuplicated(member))
          return true;
        if (!isMoved(ancestor))
          worklist.push_back(ancestor);
      }
    }
  }
  return false;
}

bool FusionPlanner::canMergeProducer(FusionGroup &producer,
                                     FusionGroup &consumer,
                                     std::string &reason) {
  if (producer.kind != FusionKind::loop || consumer.kind != FusionKind::loop)
    return false;
  ArrayRef<int64_t> shape = getShape(consumer.root->getResult(0));
  if (getShape(producer.root->getResult(0)) != shape) {
    reason = llvm::formatv("it iterates over {0}, the fusion over {1}",
                           formatShape(getShape(producer.root->getResult(0))),
                           formatShape(shape));
    return false;
  }
  // Each element the consumer reads is the one the producer computes at the
  // same index: the merged fusion is one loop over that index space.
  for (Operation *member : producer.ops)
    for (Operation *user : member->getUsers()) {
      Operation *ancestor = getAncestorInBlock(user);
      if (!ancestor || !contains(consumer, ancestor))
        continue;
      if (!isElementwiseLike(ancestor) ||
          getShape(ancestor->getResult(0)) != shape) {
        reason = llvm::formatv("the fusion reads its results with '{0}', "
                               "which is not elementwise over {1}",
                               ancestor->getName(), formatShape(shape));
        return false;
      }
    }
  if (!options.multiOutput)
    for (Operation *member : producer.ops)
      for (Operation *user : member->getUsers()) {
        Operation *ancestor = getAncestorInBlock(user);
        if (!ancestor ||
            (!producer.ops.contains(ancestor) &&
             !consumer.ops.contains(ancestor))) {
          reason = "its results are also used elsewhere, and multi-output "
                   "fusion is off";
          return false;
        }
      }
  if (countedOps(producer) + countedOps(consumer) > options.maxFusedOps) {
    reason = llvm::formatv("together they exceed the limit of {0} ops",
                           options.maxFusedOps);
    return false;
  }
  if (wouldFormCycle(producer, consumer)) {
    reason = "an op outside both lies between them";
    return false;
  }
  return true;
}

void FusionPlanner::mergeProducers() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (FusionGroup &consumer : groups) {
      if (consumer.ops.empty())
        continue;
      for (Value input : getInputs(consumer)) {
        Operation *def = input.getDefiningOp();
        FusionGroup *producer = def ? groupOf.lookup(def) : nullptr;
        if (!producer || producer == &consumer || producer->ops.empty())
          continue;
        std::string reason;
        if (!canMergeProducer(*producer, consumer, reason)) {
          if (!reason.empty()) {
            std::string text =
                "its fusion is not merged into this one: " + reason;
            std::string &rejection = rejections[{def, &consumer}];
            if (rejection.find(text) == std::string::npos)
              rejection += (rejection.empty() ? "" : "; ") + text;
          }
          continue;
        }
        for (Operation *op : producer->ops)
          rejections.erase({op, &consumer});
        // The consumer's root comes last: the merged group keeps it.
        absorb(consumer, *producer);
        changed = true;
        break;
      }
    }
  }
}

void FusionPlanner::mergeSiblings() {
  // Which groups read each value from outside.
  llvm::MapVector<Value, SmallVector<FusionGroup *>> readers;
  for (FusionGroup &group : groups) {
    if (group.ops.empty())
      continue;
    for (Value input : getInputs(group)) {
      Operation *def = input.getDefiningOp();
      if (def && isSplatConstant(def))
        continue;
      readers[input].push_back(&group);
    }
  }
  for (auto &[value, readerGroups] : readers) {
    for (size_t i = 0; i < readerGroups.size(); ++i) {
      FusionGroup *a = readerGroups[i];
      if (a->ops.empty())
        continue;
      for (size_t j = i + 1; j < readerGroups.size(); ++j) {
        FusionGroup *b = readerGroups[j];
        if (b->ops.empty() || a == b || !canMergeSiblings(*a, *b))
          continue;
        absorb(*a, *b);
      }
    }
  }
}

SmallVector<FusionGroup> FusionPlanner::run() {
  unsigned count = 0;
  for (Operation &op : block)
    position[&op] = ++count;
  lastByFirst.assign(count + 1, 0);
  for (Operation &op : llvm::reverse(block)) {
    if (groupOf.count(&op) || !isa<HloDialect>(op.getDialect()) ||
        !hasStaticShapes(&op) || isa<ConstantOp>(op) ||
        !(isLoopFusible(&op) || isa<ReduceOp, DotGeneralOp>(op)))
      continue;
    // An op that every user duplicated dies once the fusions are formed.
    bool allUsersDuplicate = !op.use_empty() &&
        llvm::all_of(op.getUsers(), [&](Operation *user) {
          FusionGroup *group = groupOf.lookup(getAncestorInBlock(user));
          return group && group->duplicated.contains(&op);
        });
    if (allUsersDuplicate)
      continue;
    grow(startGroup(&op));
  }
  if (options.producerMerge)
    mergeProducers();
  if (options.siblingFusion)
    mergeSiblings();

  if (explain) {
    for (auto &[key, reason] : rejections) {
      auto [producer, group] = key;
      if (!group->ops.empty() && !contains(*group, producer))
        explain(producer, group->root, reason);
    }
  }

  SmallVector<FusionGroup> result;
  for (FusionGroup &group : groups) {
    // One op with the immediates it reads is no fusion.
    int64_t fused = group.ops.size() +
                    llvm::count_if(group.duplicated, [](Operation *op) {
                      return !isSplatConstant(op);
                    });
    if (fused < 2)
      continue;
    result.push_back(std::move(group));
  }
  llvm::sort(result, [](const FusionGroup &a, const FusionGroup &b) {
    return a.root->isBeforeInBlock(b.root);
  });
  return result;
}

} // namespace

SmallVector<FusionGroup> hlo::planFusions(Block &block,
                                          const FusionOptions &options,
                                          const FusionExplainFn &explain) {
  return FusionPlanner(block, options, explain).run();
}

namespace {
/// A fusion op built from a group, before the group's ops are replaced.
struct BuiltFusion {
  FusionOp fusion;
  /// The values of the group's ops that the fusion returns, in order.
  SmallVector<Value> outputs;
};

/// Creates the fusion op of `group` after its last op, cloning the group's
/// ops into its body; the originals are left in place. `clonedElsewhere`
/// holds the ops other fusions clone: what they read must be a result.
FailureOr<BuiltFusion>
buildFusion(RewriterBase &rewriter, const FusionGroup &group,
            const DenseSet<Operation *> &clonedElsewhere = {}) {
  if (group.ops.empty())
    return failure();
  Block *block = group.root->getBlock();
  SmallVector<Operation *> members(group.ops.begin(), group.ops.end());
  llvm::append_range(members, group.duplicated);
  llvm::sort(members, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  DenseSet<Operation *> memberSet(members.begin(), members.end());

  llvm::SetVector<Value> inputs;
  for (Operation *member : members)
    for (Value operand : member->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || !memberSet.contains(def))
        inputs.insert(operand);
    }
  BuiltFusion built;
  for (Operation *member : members) {
    if (!group.ops.contains(member))
      continue;
    for (Value result : member->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            Operation *ancestor = block->findAncestorOpInBlock(*user);
            return !ancestor || !group.ops.contains(ancestor) ||
                   clonedElsewhere.contains(ancestor);
          }))
        built.outputs.push_back(result);
  }
  if (built.outputs.empty())
    return failure();

  rewriter.setInsertionPointAfter(members.back());
  built.fusion = FusionOp::create(rewriter, group.root->getLoc(),
                                  ValueRange(built.outputs).getTypes(),
                                  inputs.getArrayRef(), group.kind);
  Block &body = built.fusion.getBody().front();
  IRMapping mapping;
  mapping.map(inputs.getArrayRef(), body.getArguments());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&body);
  for (Operation *member : members)
    rewriter.clone(*member, mapping);
  SmallVector<Value> returned = llvm::map_to_vector(
      built.outputs, [&](Value v) { return mapping.lookup(v); });
  ReturnOp::create(rewriter, group.root->getLoc(), returned);
  return built;
}

/// Makes every user outside `group` read the fusion's results instead.
void replaceOutputs(RewriterBase &rewriter, const FusionGroup &group,
                    BuiltFusion built) {
  Block *block = built.fusion->getBlock();
  for (auto [output, result] :
       llvm::zip_equal(built.outputs, built.fusion.getResults()))
    rewriter.replaceUsesWithIf(output, result, [&](OpOperand &use) {
      Operation *ancestor = block->findAncestorOpInBlock(*use.getOwner());
      return ancestor != built.fusion.getOperation() &&
             (!ancestor || !group.ops.contains(ancestor));
    });
}

/// Rebuilds `fusion` without the results nothing uses (a value returned for
/// an op that every user duplicated), and erases what its body computed only
/// for them; erases it (and returns null) when nothing uses any.
FusionOp dropUnusedResults(RewriterBase &rewriter, FusionOp fusion) {
  if (llvm::all_of(fusion.getResults(),
                   [](Value result) { return !result.use_empty(); }))
    return fusion;
  if (fusion->use_empty()) {
    rewriter.eraseOp(fusion);
    return nullptr;
  }
  SmallVector<Value> kept;
  SmallVector<Value> returned;
  ReturnOp returnOp = fusion.getReturnOp();
  for (auto [result, value] :
       llvm::zip_equal(fusion.getResults(), returnOp.getOperands()))
    if (!result.use_empty()) {
      kept.push_back(result);
      returned.push_back(value);
    }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(fusion);
  auto replacement =
      FusionOp::create(rewriter, fusion.getLoc(), ValueRange(kept).getTypes(),
                       fusion.getInputs(), fusion.getKind());
  rewriter.inlineRegionBefore(fusion.getBody(), replacement.getBody(),
                              replacement.getBody().end());
  rewriter.eraseBlock(&replacement.getBody().front());
  rewriter.setInsertionPoint(returnOp);
  ReturnOp::create(rewriter, returnOp.getLoc(), returned);
  rewriter.eraseOp(returnOp);
  for (auto [old, now] : llvm::zip_equal(kept, replacement.getResults()))
    rewriter.replaceAllUsesWith(old, now);
  rewriter.eraseOp(fusion);
  Block &body = replacement.getBody().front();
  SmallVector<Operation *> ops = llvm::map_to_vector(
      body.without_terminator(), [](Operation &op) { return &op; });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  return replacement;
}

/// Erases `ops` (dead once the fusions' results replace them), users first.
void eraseInReverseOrder(RewriterBase &rewriter,
                         SmallVector<Operation *> ops) {
  llvm::sort(ops, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a);
  });
  for (Operation *op : ops)
    rewriter.eraseOp(op);
}
} // namespace

FailureOr<FusionOp> hlo::createFusion(RewriterBase &rewriter,
                                      const FusionGroup &group) {
  FailureOr<BuiltFusion> built = buildFusion(rewriter, group);
  if (failed(built))
    return failure();
  replaceOutputs(rewriter, group, *built);
  eraseInReverseOrder(rewriter, SmallVector<Operation *>(group.ops.begin(),
                                                         group.ops.end()));
  return built->fusion;
}

SmallVector<FusionOp> hlo::fuseBlock(RewriterBase &rewriter, Block &block,
                                     const FusionOptions &options,
                                     const FusionExplainFn &explain) {
  SmallVector<FusionGroup> plan = planFusions(block, options, explain);
  // An op may be cloned into one fusion and moved into another: every
  // fusion is built from the original ops first, then the originals are
  // replaced and erased.
  SmallVector<std::pair<const FusionGroup *, BuiltFusion>> built;
  for (const FusionGroup &group : plan) {
    DenseSet<Operation *> clonedElsewhere;
    for (const FusionGroup &other : plan)
      if (&other != &group)
        clonedElsewhere.insert(other.duplicated.begin(),
                               other.duplicated.end());
    if (FailureOr<BuiltFusion> fusion =
            buildFusion(rewriter, group, clonedElsewhere);
        succeeded(fusion))
      built.emplace_back(&group, std::move(*fusion));
  }
  SmallVector<Operation *> moved;
  llvm::SetVector<Operation *> duplicated;
  for (auto &[group, fusion] : built) {
    replaceOutputs(rewriter, *group, fusion);
    llvm::append_range(moved, group->ops);
    duplicated.insert(group->duplicated.begin(), group->duplicated.end());
  }
  eraseInReverseOrder(rewriter, moved);
  // Originals of duplicated ops that nothing uses any more (users first).
  SmallVector<Operation *> unused;
  for (Operation *op : duplicated)
    if (!llvm::is_contained(moved, op))
      unused.push_back(op);
  llvm::sort(unused, [](Operation *a, Operation *b) {
    return b->isBeforeInBlock(a);
  });
  for (Operation *op : unused)
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);
  SmallVector<FusionOp> fusions;
  for (auto &entry : built)
    if (FusionOp fusion = dropUnusedResults(rewriter, entry.second.fusion))
      fusions.push_back(fusion);
  // Outside users of a fusion's results may have sat between its ops.
  if (!built.empty())
    sortTopologically(&block);
  return fusions;
}
