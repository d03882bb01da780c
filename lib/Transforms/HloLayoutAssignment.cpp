//===- HloLayoutAssignment.cpp - the hlo-layout-assignment pass -----------===//
//
// Chooses a layout for every value whose layout is free, as XLA's
// LayoutAssignment does, in terms `hlo-layout-normalization` then makes
// explicit:
//
//  * Constraints are fixed: function arguments' and results' layouts (XLA's
//    entry_computation_layout; a result without one is row-major), custom
//    calls' operand and result layouts, and layouts already on ops. Every
//    other op reads and writes row-major arrays, except where the target
//    prefers an operand order (the preferences below).
//  * Elementwise ops and transposes have free layouts: an elementwise op
//    computes in any order (its operands and result share it), and a
//    transpose whose result takes its operand's layout, permuted, is a
//    reinterpretation of the buffer (XLA's bitcast), not a copy.
//  * Forward, each free value takes the layout most of its operands have
//    (splat constants, broadcasts and iotas, which can be materialized in
//    any order, do not vote); backward, a free value no operand decided
//    takes the layout most of its users want (a return: the function
//    result's layout; an op with a preference: that; an elementwise op or
//    a transpose: its own, un-permuted; ties go to row-major). What remains
//    undecided is row-major.
//  * Where a user with a fixed constraint reads a value laid out otherwise,
//    a layout-changing copy (`hlo.convert` of the same type, `xla.opcode =
//    "copy"`, as XLA's `copy` imports) is inserted: the only places data
//    moves between layouts.
//
// Target preferences:
//  * cpu: `dot_general` operands with the contracting dimensions minor on
//    the left and the free dimensions minor on the right (batch dimensions
//    major): the matmul kernel's register tiles then read both with unit
//    stride (a transposed operand becomes the dot's own dimension numbers
//    after normalization, hlo-algebraic-simplifier's transpose folding).
//  * gpu: `reduce` operands with the reduced dimensions minor (row
//    reductions: a warp reads consecutive elements), `convolution` inputs
//    and kernels feature-minor (NHWC, HWIO).
//  * tpu: every array of rank 2 or more in (8, 128) tiles of its two minor
//    dimensions ((16, 128) for 16-bit and (32, 128) for 8-bit elements),
//    rank 1 in tiles of 128 (written on values, arguments and results
//    alike; the dimension orders are chosen as above first).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Layout.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLAYOUTASSIGNMENTPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// A dimension order (major to minor) of a value: what the pass chooses.
/// Tiles are added at the end (tpu) and never chosen between.
using Order = SmallVector<int64_t>;

Order rowMajorOrder(int64_t rank) {
  return llvm::to_vector(llvm::seq<int64_t>(0, rank));
}

std::optional<int64_t> rankOf(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  return type.getRank();
}

LayoutAttr layoutOfOrder(MLIRContext *context, ArrayRef<int64_t> order,
                         ArrayRef<int64_t> tileSizes = {},
                         ArrayRef<int64_t> tileRanks = {}) {
  SmallVector<int64_t> minorToMajor(llvm::reverse(order));
  return LayoutAttr::get(context, minorToMajor, tileSizes, tileRanks);
}

/// The order of a transpose's result that makes it a reinterpretation of
/// its operand laid out in `operandOrder`: result dimension i is operand
/// dimension permutation[i].
Order transposedOrder(ArrayRef<int64_t> operandOrder,
                      ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> resultDimOf(permutation.size());
  for (auto [i, d] : llvm::enumerate(permutation))
    resultDimOf[d] = i;
  Order order;
  for (int64_t d : operandOrder)
    order.push_back(resultDimOf[d]);
  return order;
}

/// The operand order a transpose reinterprets into `resultOrder`.
Order untransposedOrder(ArrayRef<int64_t> resultOrder,
                        ArrayRef<int64_t> permutation) {
  Order order;
  for (int64_t d : resultOrder)
    order.push_back(permutation[d]);
  return order;
}

/// `first` dimensions, then `second`, then `third`, each in its order.
Order concatOrder(ArrayRef<int64_t> first, ArrayRef<int64_t> second,
                  ArrayRef<int64_t> third) {
  Order order(first);
  llvm::append_range(order, second);
  llvm::append_range(order, third);
  return order;
}

/// The dimensions of a rank-`rank` value not in `a` or `b`, in order.
SmallVector<int64_t> otherDims(int64_t rank, ArrayRef<int64_t> a,
                               ArrayRef<int64_t> b = {}) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
      dims.push_back(d);
  return dims;
}

/// The order most of `votes` name, if one is named more often than every
/// other. With a tie: nothing, or with `tieBreak`, `tieBreak` if it is
/// among the most named, else the first named of them (votes come in
/// program order). Linear in the votes (times the few distinct orders).
std::optional<Order> majority(ArrayRef<Order> votes,
                              std::optional<Order> tieBreak) {
  SmallVector<std::pair<Order, size_t>> counts;
  for (const Order &vote : votes) {
    auto *it = llvm::find_if(counts, [&](const auto &c) {
      return c.first == vote;
    });
    if (it == counts.end())
      counts.push_back({vote, 1});
    else
      ++it->second;
  }
  size_t bestCount = 0;
  for (const auto &entry : counts)
    bestCount = std::max(bestCount, entry.second);
  SmallVector<const Order *> best;
  for (const auto &[order, count] : counts)
    if (count == bestCount)
      best.push_back(&order);
  if (best.empty())
    return std::nullopt;
  if (best.size() == 1)
    return *best.front();
  if (!tieBreak)
    return std::nullopt;
  if (llvm::any_of(best, [&](const Order *o) { return *o == *tieBreak; }))
    return tieBreak;
  return *best.front();
}

/// Ops that materialize their result in any order at no cost (a broadcast,
/// an iota, a splat constant): they do not vote for their users' layouts.
bool isOrderFree(Operation *op) {
  if (isa<BroadcastInDimOp, IotaOp>(op))
    return true;
  DenseElementsAttr attr;
  return op->getNumResults() == 1 &&
         matchPattern(op->getResult(0), m_Constant(&attr)) && attr.isSplat();
}

/// Elementwise ops computing in any order, without a layout of their own.
bool isLayoutFreeElementwise(Operation *op) {
  return isSameShapeElementwise(op) && !op->hasAttr("hlo.layout");
}

/// An untiled constraint's order; errors (at `op`) for tiled ones and
/// layout text, which no target but tpu can honor.
FailureOr<std::optional<Order>> constraintOrder(Operation *op,
                                                Attribute layout,
                                                LayoutTarget target,
                                                const Twine &what) {
  if (!layout || isa<UnitAttr>(layout))
    return std::optional<Order>();
  auto attr = dyn_cast<LayoutAttr>(layout);
  if (!attr)
    return op->emitError() << what << " has layout " << layout
                           << ", which hlo-layout-assignment cannot read",
           failure();
  if (!attr.getTileRanks().empty() && target != LayoutTarget::Tpu)
    return op->emitError()
               << what << " has the tiled layout " << attr
               << ", which the "
               << (target == LayoutTarget::Cpu ? "cpu" : "gpu")
               << " target cannot honor (tiles are the tpu target's)",
           failure();
  return std::optional<Order>(attr.getMajorToMinor());
}

class Assigner {
public:
  Assigner(func::FuncOp func, LayoutTarget target)
      : func(func), target(target), context(func.getContext()) {}

  LogicalResult run();

private:
  /// The order of `value`: chosen or fixed, row-major when neither.
  Order orderOf(Value value) const {
    auto it = orders.find(value);
    if (it != orders.end())
      return it->second;
    return rowMajorOrder(*rankOf(value));
  }
  /// The order in which `use`'s owner reads it: a fixed constraint, a
  /// target preference, the layout of a free user, or nothing (a user that
  /// takes whatever it is given).
  std::optional<Order> wantedOrder(OpOperand &use) const;
  /// Orders the target prefers for the operands of `op` (nothing for ops
  /// without preferences).
  std::optional<Order> preferredOperandOrder(Operation *op,
                                             unsigned index) const;
  LogicalResult collectConstraints();
  void propagateForward(Block &block);
  void propagateBackward(Block &block);
  void insertCopies();
  void writeLayouts();

  func::FuncOp func;
  LayoutTarget target;
  MLIRContext *context;
  /// Chosen orders of free values and fixed ones of constrained values.
  DenseMap<Value, Order> orders;
  /// Values whose layout is free (elementwise and transpose results).
  llvm::SetVector<Value> freeValues;
  /// Each op's place in the function (pre-order): program order for votes.
  DenseMap<Operation *, unsigned> position;
  /// Fixed operand constraints: (op, operand index) -> order, in the order
  /// they were found (copies are made in it).
  llvm::MapVector<std::pair<Operation *, unsigned>, Order> operandConstraints;
};

std::optional<Order> Assigner::preferredOperandOrder(Operation *op,
                                                     unsigned index) const {
  if (target == LayoutTarget::Cpu) {
    auto dot = dyn_cast<DotGeneralOp>(op);
    if (!dot || index > 1)
      return std::nullopt;
    DotDimensionNumbersAttr dims = dot.getDotDimensionNumbers();
    std::optional<int64_t> rank = rankOf(op->getOperand(index));
    if (!rank)
      return std::nullopt;
    ArrayRef<int64_t> batch = index == 0 ? dims.getLhsBatchingDimensions()
                                         : dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> contracting = index == 0
                                        ? dims.getLhsContractingDimensions()
                                        : dims.getRhsContractingDimensions();
    SmallVector<int64_t> free = otherDims(*rank, batch, contracting);
    return index == 0 ? concatOrder(batch, free, contracting)
                      : concatOrder(batch, contracting, free);
  }
  if (target == LayoutTarget::Gpu) {
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      if (index >= reduce.getInputs().size())
        return std::nullopt;
      std::optional<int64_t> rank = rankOf(op->getOperand(index));
      if (!rank)
        return std::nullopt;
      SmallVector<int64_t> reduced(reduce.getDimensions());
      llvm::sort(reduced);
      return concatOrder(otherDims(*rank, reduced), reduced, {});
    }
    if (auto conv = dyn_cast<ConvolutionOp>(op)) {
      ConvDimensionNumbersAttr dims = conv.getDimensionNumbers();
      if (index == 0)
        return concatOrder({dims.getInputBatchDimension()},
                           dims.getInputSpatialDimensions(),
                           {dims.getInputFeatureDimension()});
      if (index == 1)
        return concatOrder(dims.getKernelSpatialDimensions(),
                           {dims.getKernelInputFeatureDimension()},
                           {dims.getKernelOutputFeatureDimension()});
    }
  }
  return std::nullopt;
}

std::optional<Order> Assigner::wantedOrder(OpOperand &use) const {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  auto fixed = operandConstraints.find({user, index});
  if (fixed != operandConstraints.end())
    return fixed->second;
  if (user->getNumResults() == 1 && freeValues.contains(user->getResult(0))) {
    auto it = orders.find(user->getResult(0));
    if (it == orders.end())
      return std::nullopt;
    if (auto transpose = dyn_cast<TransposeOp>(user))
      return untransposedOrder(it->second, transpose.getPermutation());
    return it->second;
  }
  // An elementwise op with a layout of its own (from HLO text) computes in
  // it: normalization reads its operands in that order.
  if (user->hasTrait<OpTrait::Elementwise>() && user->getNumResults() == 1 &&
      rankOf(user->getResult(0)) == rankOf(use.get())) {
    auto it = orders.find(user->getResult(0));
    if (it != orders.end())
      return it->second;
  }
  if (std::optional<Order> preferred = preferredOperandOrder(user, index))
    return preferred;
  // Any other op reads its operands as the row-major arrays they are
  // lowered to; order-free ops take what they are given.
  if (isOrderFree(user))
    return std::nullopt;
  return rowMajorOrder(*rankOf(use.get()));
}

LogicalResult Assigner::collectConstraints() {
  Block &entry = func.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    if (!rankOf(arg))
      continue;
    FailureOr<std::optional<Order>> order = constraintOrder(
        func, func.getArgAttr(arg.getArgNumber(), "hlo.layout"), target,
        "argument #" + Twine(arg.getArgNumber()));
    if (failed(order))
      return failure();
    if (*order)
      orders[arg] = **order;
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    FailureOr<std::optional<Order>> order =
        constraintOrder(func, func.getResultAttr(i, "hlo.layout"), target,
                        "result #" + Twine(i));
    if (failed(order))
      return failure();
    // A result without a layout is row-major (XLA's default entry layout):
    // fixed all the same, the caller reads it so.
    auto type = dyn_cast<RankedTensorType>(func.getResultTypes()[i]);
    if (!type || !type.hasStaticShape())
      continue;
    Order wanted = order->value_or(rowMajorOrder(type.getRank()));
    func.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() == func.getOperation())
        operandConstraints[{ret, i}] = wanted;
    });
  }
  WalkResult walk = func.walk([&](Operation *op) {
    auto call = dyn_cast<CustomCallOp>(op);
    if (!call) {
      if (isLayoutFreeElementwise(op) ||
          (isa<TransposeOp>(op) && !op->hasAttr("hlo.layout") &&
           rankOf(op->getResult(0)) && rankOf(op->getOperand(0)))) {
        freeValues.insert(op->getResult(0));
        return WalkResult::advance();
      }
      // Layouts already written (XLA's, from HLO text; one per result) are
      // fixed.
      if (!op->hasAttr("hlo.layout"))
        return WalkResult::advance();
      for (OpResult result : op->getResults()) {
        if (!rankOf(result))
          continue;
        FailureOr<std::optional<Order>> order = constraintOrder(
            op, getLayoutAttrOf(result),
            target, "result #" + Twine(result.getResultNumber()));
        if (failed(order))
          return WalkResult::interrupt();
        if (*order)
          orders[result] = **order;
      }
      return WalkResult::advance();
    }
    for (unsigned i = 0; i < call.getNumOperands(); ++i) {
      FailureOr<LayoutAttr> layout = getOperandLayout(call, i);
      if (failed(layout))
        return WalkResult::interrupt();
      if (*layout && rankOf(call.getOperand(i)))
        operandConstraints[{call, i}] = layout->getMajorToMinor();
    }
    for (unsigned i = 0; i < call.getNumResults(); ++i) {
      FailureOr<LayoutAttr> layout = getResultLayout(call, i);
      if (failed(layout))
        return WalkResult::interrupt();
      if (*layout && rankOf(call.getResult(i)))
        orders[call.getResult(i)] = layout->getMajorToMinor();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void Assigner::propagateForward(Block &block) {
  for (Operation &op : block) {
    if (op.getNumResults() != 1 || !freeValues.contains(op.getResult(0)))
      continue;
    Value result = op.getResult(0);
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      Value operand = transpose.getOperand();
      Operation *producer = operand.getDefiningOp();
      bool decided = orders.count(operand) ||
                     !(producer && (freeValues.contains(operand) ||
                                    isOrderFree(producer)));
      if (decided)
        orders[result] =
            transposedOrder(orderOf(operand), transpose.getPermutation());
      continue;
    }
    // The most common order among the operands that have one.
    SmallVector<Order> votes;
    for (Value operand : op.getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && isOrderFree(producer))
        continue;
      if (producer && freeValues.contains(operand) && !orders.count(operand))
        continue;
      votes.push_back(orderOf(operand));
    }
    // A tie is left to the backward pass, where users vote too.
    if (std::optional<Order> best = majority(votes, std::nullopt))
      orders[result] = *best;
  }
}

void Assigner::propagateBackward(Block &block) {
  for (Operation &op : llvm::reverse(block)) {
    if (op.getNumResults() != 1 || !freeValues.contains(op.getResult(0)) ||
        orders.count(op.getResult(0)))
      continue;
    Value result = op.getResult(0);
    // The users' orders (in program order), and the operands' (of an
    // elementwise op whose operands tied) where they have one.
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : result.getUses())
      uses.push_back(&use);
    llvm::stable_sort(uses, [&](OpOperand *a, OpOperand *b) {
      return std::make_pair(position.lookup(a->getOwner()),
                            a->getOperandNumber()) <
             std::make_pair(position.lookup(b->getOwner()),
                            b->getOperandNumber());
    });
    SmallVector<Order> votes;
    for (OpOperand *use : uses)
      if (std::optional<Order> wanted = wantedOrder(*use))
        votes.push_back(*wanted);
    if (!isa<TransposeOp>(op))
      for (Value operand : op.getOperands()) {
        Operation *producer = operand.getDefiningOp();
        if ((producer && isOrderFree(producer)) ||
            (freeValues.contains(operand) && !orders.count(operand)))
          continue;
        votes.push_back(orderOf(operand));
      }
    // Ties go to row-major, the order every op without a layout reads.
    Order rowMajor = rowMajorOrder(*rankOf(result));
    orders[result] = majority(votes, rowMajor).value_or(rowMajor);
  }
}

void Assigner::insertCopies() {
  // Fixed constraints read in an order their operand does not have: a copy
  // into it (one per value and order).
  DenseMap<std::pair<Value, LayoutAttr>, Value> copies;
  for (auto &[key, order] : operandConstraints) {
    auto [user, index] = key;
    Value operand = user->getOperand(index);
    if (orderOf(operand) == order)
      continue;
    LayoutAttr layout = layoutOfOrder(context, order);
    Value &copy = copies[{operand, layout}];
    if (!copy) {
      OpBuilder builder(context);
      builder.setInsertionPointAfterValue(operand);
      auto convert = ConvertOp::create(builder, user->getLoc(),
                                       operand.getType(), operand);
      convert->setAttr("xla.opcode", builder.getStringAttr("copy"));
      copy = convert.getResult();
      orders[copy] = order;
    }
    user->setOperand(index, copy);
  }
}

void Assigner::writeLayouts() {
  auto tilesFor = [](Value value, SmallVector<int64_t> &sizes,
                     SmallVector<int64_t> &ranks) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() == 0)
      return;
    if (type.getRank() == 1) {
      sizes = {128};
      ranks = {1};
      return;
    }
    unsigned bits = type.getElementType().isIntOrFloat()
                        ? type.getElementType().getIntOrFloatBitWidth()
                        : 32;
    int64_t sublanes = bits <= 8 ? 32 : bits <= 16 ? 16 : 8;
    sizes = {sublanes, 128};
    ranks = {2};
  };
  auto layoutFor = [&](Value value) -> LayoutAttr {
    SmallVector<int64_t> sizes, ranks;
    if (target == LayoutTarget::Tpu)
      tilesFor(value, sizes, ranks);
    Order order = orderOf(value);
    if (sizes.empty() && order == rowMajorOrder(order.size()))
      return {};
    return layoutOfOrder(context, order, sizes, ranks);
  };
  // Layouts already written (XLA's, tiles included) stay as they are.
  func.walk([&](Operation *op) {
    if (op->getNumResults() != 1 || isa<CustomCallOp>(op) ||
        op->hasAttr("hlo.layout") || !rankOf(op->getResult(0)))
      return;
    if (LayoutAttr layout = layoutFor(op->getResult(0)))
      op->setAttr("hlo.layout", layout);
  });
  if (target != LayoutTarget::Tpu)
    return;
  // Tiles are the tpu target's memory format everywhere, at the function's
  // boundary too.
  Block &entry = func.getBody().front();
  auto isTiled = [](Attribute layout) {
    auto attr = dyn_cast_or_null<LayoutAttr>(layout);
    return attr && !attr.getTileRanks().empty();
  };
  for (BlockArgument arg : entry.getArguments())
    if (rankOf(arg) &&
        !isTiled(func.getArgAttr(arg.getArgNumber(), "hlo.layout")))
      if (LayoutAttr layout = layoutFor(arg))
        func.setArgAttr(arg.getArgNumber(), "hlo.layout", layout);
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    auto type = dyn_cast<RankedTensorType>(func.getResultTypes()[i]);
    if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
        isTiled(func.getResultAttr(i, "hlo.layout")))
      continue;
    Order order = rowMajorOrder(type.getRank());
    if (auto given = dyn_cast_or_null<LayoutAttr>(
            func.getResultAttr(i, "hlo.layout")))
      order = given.getMajorToMinor();
    SmallVector<int64_t> sizes, ranks;
    // The returned value's tiles (every return returns the same type).
    func.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() == func.getOperation() && sizes.empty())
        tilesFor(ret.getOperand(i), sizes, ranks);
    });
    func.setResultAttr(i, "hlo.layout",
                       layoutOfOrder(context, order, sizes, ranks));
  }
}

LogicalResult Assigner::run() {
  if (func.isExternal())
    return success();
  if (failed(collectConstraints()))
    return failure();
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned next = position.size();
    position[op] = next;
  });
  func.walk<WalkOrder::PreOrder>([&](Block *block) {
    propagateForward(*block);
  });
  // Users before producers: inner blocks' ops use values of outer blocks.
  SmallVector<Block *> blocks;
  func.walk<WalkOrder::PreOrder>([&](Block *block) { blocks.push_back(block); });
  for (Block *block : llvm::reverse(blocks))
    propagateBackward(*block);
  insertCopies();
  writeLayouts();
  return success();
}

} // namespace

LogicalResult hlo::assignLayouts(func::FuncOp func, LayoutTarget target) {
  return Assigner(func, target).run();
}

namespace {

struct HloLayoutAssignmentPass
    : hlo::impl::HloLayoutAssignmentPassBase<HloLayoutAssignmentPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    LayoutTarget layoutTarget;
    if (target == "cpu") {
      layoutTarget = LayoutTarget::Cpu;
    } else if (target == "gpu") {
      layoutTarget = LayoutTarget::Gpu;
    } else if (target == "tpu") {
      layoutTarget = LayoutTarget::Tpu;
    } else {
      module.emitError() << "hlo-layout-assignment: unknown target '"
                         << target << "' (expected cpu, gpu or tpu)";
      return signalPassFailure();
    }
    for (auto func : module.getOps<func::FuncOp>())
      if (failed(assignLayouts(func, layoutTarget)))
        return signalPassFailure();
  }
};

} // namespace
