//===- BufferAssignment.cpp - liveness and a heap simulator ---------------===//
//
// Runs on buffers, after one-shot bufferization and deallocation. A
// temporary is a statically shaped `memref.alloc` of the function's body
// block that the body also frees (unconditionally, in that block) and that
// never escapes: its value and its views (subview, reshapes, casts) are only
// read, written, passed to calls and freed. Its live range is the body's
// ops from the first to the last that touch it (an op with regions counts
// as one program point, so loops are handled conservatively). The
// temporaries are then packed into one arena; each alloc becomes a
// `memref.view` of the arena at its offset, and the frees go.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/BufferAssignment.h"

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <set>

using namespace mlir;
using namespace mlir::hlo;

//===----------------------------------------------------------------------===//
// The heap simulator
//===----------------------------------------------------------------------===//

static bool overlapInTime(const HeapBuffer &a, const HeapBuffer &b) {
  return std::max(a.start, b.start) <= std::min(a.end, b.end);
}

namespace {
/// One placement of every buffer: an arena offset or a bin each.
struct Placement {
  int64_t arena = 0;
  SmallVector<int64_t> offsets;
  SmallVector<int> bins;
};
} // namespace

/// Places the buffers in `order`: each in the smallest bin that can take it,
/// else in the smallest gap (`bestFit`) or the lowest one left by the
/// buffers placed before it that overlap it in time, else above them.
static Placement packInOrder(ArrayRef<HeapBuffer> buffers,
                             ArrayRef<HeapBin> bins, ArrayRef<unsigned> order,
                             int64_t alignment, bool bestFit) {
  auto alignedSize = [&](const HeapBuffer &buffer) {
    return static_cast<int64_t>(llvm::alignTo(buffer.bytes, alignment));
  };
  Placement placement;
  placement.offsets.assign(buffers.size(), 0);
  placement.bins.assign(buffers.size(), -1);
  SmallVector<unsigned> placed;
  SmallVector<SmallVector<unsigned>> inBin(bins.size());
  SmallVector<std::pair<int64_t, int64_t>> busy;
  for (unsigned index : order) {
    const HeapBuffer &buffer = buffers[index];
    int64_t size = alignedSize(buffer);
    if (size == 0)
      continue;
    if (buffer.kind != 0) {
      int chosen = -1;
      for (auto [b, bin] : llvm::enumerate(bins)) {
        if (bin.kind != buffer.kind || bin.bytes < buffer.bytes ||
            buffer.start < bin.freeFrom || buffer.end > bin.freeTo)
          continue;
        if (llvm::any_of(inBin[b], [&](unsigned other) {
              return overlapInTime(buffer, buffers[other]);
            }))
          continue;
        if (chosen < 0 || bin.bytes < bins[chosen].bytes)
          chosen = b;
      }
      if (chosen >= 0) {
        placement.bins[index] = chosen;
        inBin[chosen].push_back(index);
        continue;
      }
    }
    // The address ranges of the placed buffers live at the same time.
    busy.clear();
    for (unsigned other : placed)
      if (overlapInTime(buffer, buffers[other]))
        busy.push_back({placement.offsets[other],
                        placement.offsets[other] +
                            alignedSize(buffers[other])});
    llvm::sort(busy);
    int64_t best = -1, bestGap = std::numeric_limits<int64_t>::max();
    int64_t cursor = 0;
    for (auto [begin, end] : busy) {
      if (begin > cursor) {
        int64_t gap = begin - cursor;
        if (gap >= size && gap < bestGap) {
          best = cursor;
          bestGap = gap;
          if (!bestFit)
            break;
        }
      }
      cursor = std::max(cursor, end);
    }
    if (best < 0)
      best = cursor;
    placement.offsets[index] = best;
    placement.arena = std::max(placement.arena, best + size);
    placed.push_back(index);
  }
  return placement;
}

int64_t hlo::packBuffers(MutableArrayRef<HeapBuffer> buffers,
                         int64_t alignment, ArrayRef<HeapBin> bins) {
  if (buffers.empty())
    return 0;
  // Like XLA's heap simulator, which runs several orders and keeps the
  // best: biggest first (ties: longest live range), biggest area (bytes x
  // live range) first, longest-lived first, earliest first, widest first.
  auto length = [](const HeapBuffer &buffer) {
    return buffer.end - buffer.start + 1;
  };
  // The breadth of a buffer: the most bytes live at a point of its range
  // (TFLite's greedy-by-breadth places the buffers of the widest points
  // first).
  llvm::DenseMap<const HeapBuffer *, int64_t> breadth;
  {
    SmallVector<std::pair<int64_t, int64_t>> events;
    for (const HeapBuffer &buffer : buffers) {
      events.push_back({buffer.start, buffer.bytes});
      events.push_back({buffer.end + 1, -buffer.bytes});
    }
    llvm::sort(events);
    // Live bytes from each event point on, as steps.
    SmallVector<std::pair<int64_t, int64_t>> steps;
    int64_t live = 0;
    for (size_t i = 0; i < events.size();) {
      int64_t point = events[i].first;
      for (; i < events.size() && events[i].first == point; ++i)
        live += events[i].second;
      steps.push_back({point, live});
    }
    for (const HeapBuffer &buffer : buffers) {
      auto it = llvm::upper_bound(
          steps, std::make_pair(buffer.start,
                                std::numeric_limits<int64_t>::max()));
      int64_t most = 0;
      if (it != steps.begin())
        --it;
      for (; it != steps.end() && it->first <= buffer.end; ++it)
        most = std::max(most, it->second);
      breadth[&buffer] = most;
    }
  }
  using Key = std::function<bool(const HeapBuffer &, const HeapBuffer &)>;
  Key keys[] = {
      [&](const HeapBuffer &x, const HeapBuffer &y) {
        if (x.bytes != y.bytes)
          return x.bytes > y.bytes;
        return length(x) > length(y);
      },
      [&](const HeapBuffer &x, const HeapBuffer &y) {
        if (x.bytes * length(x) != y.bytes * length(y))
          return x.bytes * length(x) > y.bytes * length(y);
        return x.bytes > y.bytes;
      },
      [&](const HeapBuffer &x, const HeapBuffer &y) {
        if (length(x) != length(y))
          return length(x) > length(y);
        return x.bytes > y.bytes;
      },
      [&](const HeapBuffer &x, const HeapBuffer &y) {
        if (x.start != y.start)
          return x.start < y.start;
        return x.bytes > y.bytes;
      },
      [&](const HeapBuffer &x, const HeapBuffer &y) {
        if (breadth.lookup(&x) != breadth.lookup(&y))
          return breadth.lookup(&x) > breadth.lookup(&y);
        if (x.bytes != y.bytes)
          return x.bytes > y.bytes;
        return length(x) > length(y);
      },
  };
  struct Start {
    SmallVector<unsigned> order;
    bool bestFit;
    Placement placement;
  };
  SmallVector<Start> starts;
  for (const Key &key : keys) {
    SmallVector<unsigned> order =
        llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return key(buffers[a], buffers[b]);
    });
    for (bool bestFit : {true, false}) {
      Placement placement =
          packInOrder(buffers, bins, order, alignment, bestFit);
      starts.push_back({order, bestFit, std::move(placement)});
    }
  }
  // The best start first (the first on ties).
  llvm::stable_sort(starts, [](const Start &a, const Start &b) {
    return a.placement.arena < b.placement.arena;
  });
  Placement best = starts.front().placement;

  // No arena is smaller than the most aligned bytes live at a point (of
  // the buffers no bin holds: the local search stops when it gets there
  // without bins).
  SmallVector<HeapBuffer> aligned;
  for (const HeapBuffer &buffer : buffers)
    aligned.push_back({static_cast<int64_t>(llvm::alignTo(buffer.bytes,
                                                          alignment)),
                       buffer.start, buffer.end});
  int64_t floor = bins.empty() ? liveBytesLowerBound(aligned) : 0;

  // The local search, from each start in turn while the budget lasts: each
  // packing compares pairs of buffers (quadratic), so the budget keeps the
  // pairs compared in all near 4e7 (tens of milliseconds). With bins there
  // is no floor to stop at and the whole budget goes: 10x this budget
  // took a fifth of a transformer training step's compile time and found
  // no smaller arena on any bench/models program.
  int64_t n = buffers.size();
  int64_t budget = std::min<int64_t>(2000, int64_t(40'000'000) / (n * n));
  for (Start &start : starts) {
    if (budget <= 0 || best.arena <= floor)
      break;
    SmallVector<unsigned> order = start.order;
    Placement current = start.placement;
    bool improved = true;
    while (improved && budget > 0 && current.arena > floor) {
      improved = false;
      // The buffers at the arena's top, in their order.
      for (size_t pos = 0; pos < order.size() && !improved && budget > 0;
           ++pos) {
        unsigned top = order[pos];
        if (current.bins[top] >= 0 ||
            current.offsets[top] + static_cast<int64_t>(llvm::alignTo(
                                       buffers[top].bytes, alignment)) !=
                current.arena)
          continue;
        for (size_t to = 0; to < pos && budget > 0; ++to) {
          SmallVector<unsigned> moved(order);
          moved.erase(moved.begin() + pos);
          moved.insert(moved.begin() + to, top);
          Placement tried =
              packInOrder(buffers, bins, moved, alignment, start.bestFit);
          --budget;
          if (tried.arena < current.arena) {
            order = std::move(moved);
            current = std::move(tried);
            improved = true;
            break;
          }
        }
      }
    }
    if (current.arena < best.arena)
      best = std::move(current);
  }
  for (auto [k, buffer] : llvm::enumerate(buffers)) {
    buffer.offset = best.bins[k] >= 0 ? 0 : best.offsets[k];
    buffer.bin = best.bins[k];
  }
  return best.arena;
}

int64_t hlo::liveBytesLowerBound(ArrayRef<HeapBuffer> buffers,
                                 int64_t *peak) {
  // +bytes where a range starts, -bytes after it ends.
  SmallVector<std::pair<int64_t, int64_t>> events;
  for (const HeapBuffer &buffer : buffers) {
    events.push_back({buffer.start, buffer.bytes});
    events.push_back({buffer.end + 1, -buffer.bytes});
  }
  // At one point, ends before starts.
  llvm::sort(events);
  int64_t live = 0, best = 0;
  if (peak)
    *peak = 0;
  for (size_t i = 0; i < events.size();) {
    int64_t point = events[i].first;
    for (; i < events.size() && events[i].first == point; ++i)
      live += events[i].second;
    if (live > best) {
      best = live;
      if (peak)
        *peak = point;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Liveness of a function's temporaries
//===----------------------------------------------------------------------===//

namespace {

/// Bytes of one element as the LLVM lowering stores it.
std::optional<int64_t> elementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> part = elementBytes(complex.getElementType());
    return part ? std::optional<int64_t>(2 * *part) : std::nullopt;
  }
  if (isa<IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return static_cast<int64_t>(llvm::PowerOf2Ceil(
        std::max<uint64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8)));
  return std::nullopt;
}

std::optional<int64_t> staticBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> element = elementBytes(memref.getElementType());
  if (!element)
    return std::nullopt;
  return memref.getNumElements() * *element;
}

/// Program points [first, last] of the module-wide order (both included).
using Range = std::pair<int64_t, int64_t>;

Range join(Range a, Range b) {
  return {std::min(a.first, b.first), std::max(a.second, b.second)};
}

struct Temporary {
  /// A memref.alloc or memref.alloca.
  Operation *alloc;
  /// The function whose body allocates it.
  func::FuncOp func;
  int64_t bytes;
  int64_t first, last;
  /// What it adds to the live bytes where it is live: `bytes`, except for
  /// the arena passed to a call, whose callee's temporaries need less at
  /// their peak than the arena they are packed in.
  int64_t liveBytes;
  /// The op of the body that touches it first (its "defining op").
  Operation *firstUser;
  SmallVector<memref::DeallocOp> deallocs;
  /// The body's ops that touch it, other than frees.
  SmallVector<Operation *> users;
  /// An alloc in the body of a parallel loop: each iteration has a slot of
  /// its own (`bytes` is `slots` x `slotBytes`), at the iteration's linear
  /// index.
  scf::ForallOp parallel;
  int64_t slots = 1;
  int64_t slotBytes = 0;
};

/// Views that alias their source and are followed through.
bool isAliasOp(Operation *op, Value source) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource() == source;
  return isa<memref::CastOp, memref::ExtractStridedMetadataOp,
             memref::TransposeOp>(op);
}

/// Whether `user`, an op that is not a view of the buffer it uses, lets the
/// buffer flow on (its address, a terminator or branch, a memref result):
/// the buffer escapes.
bool letsBufferEscape(Operation *user) {
  return isa<memref::ExtractAlignedPointerAsIndexOp>(user) ||
         user->hasTrait<OpTrait::IsTerminator>() ||
         isa<BranchOpInterface, RegionBranchTerminatorOpInterface>(user) ||
         llvm::any_of(user->getResultTypes(),
                      [](Type type) { return isa<BaseMemRefType>(type); });
}

/// Calls `visit` on every use of `root` and of the views of it (isAliasOp,
/// followed through; their uses of the viewed value are visited too), each
/// value once. Stops and returns true as soon as `visit` does.
bool anyUseThroughViews(Value root,
                        function_ref<bool(OpOperand &use, Value used)> visit) {
  SmallVector<Value> worklist{root};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      if (isAliasOp(use.getOwner(), value))
        for (Value result : use.getOwner()->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      if (visit(use, value))
        return true;
    }
  }
  return false;
}

/// The order in which the ops of a plan run. A plan is one function (its
/// root) and the functions it shares its arena with: those called exactly
/// once, by a call directly in the body of a function of the plan. A call
/// of such a function spans the program points of the callee's body, so a
/// buffer the caller passes to it is live where the callee touches it, and
/// the callee's temporaries are live only inside the call.
class Timeline {
public:
  Timeline(func::FuncOp root, const DenseMap<Operation *, func::FuncOp> &inlined)
      : inlined(inlined) {
    expand(root);
  }

  /// Functions of the plan, callers before callees.
  ArrayRef<func::FuncOp> functions() const { return order; }

  /// The last program point of the plan.
  int64_t last() const { return next - 1; }

  /// The program points of `op`, an op of the body of a plan's function.
  Range of(Operation *op) const { return ranges.lookup(op); }

  /// The callee of `call` when it belongs to the plan.
  func::FuncOp sharedCallee(Operation *call) const {
    return inlined.lookup(call);
  }

  /// Where `use` (of a value of `body`) touches its buffer: the points of
  /// its op of `body`; for an operand of a call of the plan, where the
  /// callee touches the argument (nothing if it never does).
  std::optional<Range> touches(OpOperand &use, Block &body) {
    Operation *top = body.findAncestorOpInBlock(*use.getOwner());
    if (!top)
      return std::nullopt;
    if (use.getOwner() == top)
      if (func::FuncOp callee = sharedCallee(top))
        return argument(callee, use.getOperandNumber());
    return of(top);
  }

  /// Where `callee` touches its argument `index`, through views.
  std::optional<Range> argument(func::FuncOp callee, unsigned index) {
    auto key = std::make_pair(callee.getOperation(), index);
    auto it = arguments.find(key);
    if (it != arguments.end())
      return it->second;
    std::optional<Range> range;
    if (index < callee.getNumArguments()) {
      Block &body = callee.getBody().front();
      anyUseThroughViews(body.getArgument(index), [&](OpOperand &use, Value) {
        if (std::optional<Range> at = touches(use, body))
          range = range ? join(*range, *at) : *at;
        return false;
      });
    }
    arguments[key] = range;
    return range;
  }

  /// Whether the buffer of `callee`'s argument `index` flows anywhere but
  /// into reads and writes (returned, yielded, its address taken, a
  /// result of an op that is not a view), through views and the calls of
  /// the plan.
  bool escapes(func::FuncOp callee, unsigned index, unsigned depth = 0) {
    if (index >= callee.getNumArguments() || depth > 64)
      return true;
    Block &body = callee.getBody().front();
    return anyUseThroughViews(
        body.getArgument(index), [&](OpOperand &use, Value used) {
          Operation *user = use.getOwner();
          if (isAliasOp(user, used))
            return false;
          if (func::FuncOp shared = sharedCallee(user))
            return escapes(shared, use.getOperandNumber(), depth + 1);
          return letsBufferEscape(user);
        });
  }

private:
  void expand(func::FuncOp func) {
    order.push_back(func);
    for (Operation &op : func.getBody().front()) {
      int64_t start = next;
      if (func::FuncOp callee = inlined.lookup(&op))
        expand(callee);
      // Every op, a call of an empty function too, is at least one point.
      if (next == start)
        ++next;
      ranges[&op] = {start, next - 1};
    }
  }

  const DenseMap<Operation *, func::FuncOp> &inlined;
  SmallVector<func::FuncOp> order;
  DenseMap<Operation *, Range> ranges;
  std::map<std::pair<Operation *, unsigned>, std::optional<Range>> arguments;
  int64_t next = 0;
};

/// The temporary `alloc` (a memref.alloc or memref.alloca), or nothing when
/// it does not qualify.
template <typename AllocLikeOp>
std::optional<Temporary> analyze(AllocLikeOp alloc, func::FuncOp func,
                                 Timeline &timeline, int64_t alignment) {
  Block &body = func.getBody().front();
  MemRefType type = alloc.getType();
  std::optional<int64_t> bytes = staticBytes(type);
  if (!bytes || !type.getLayout().isIdentity() || type.getMemorySpace() ||
      !alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty())
    return std::nullopt;
  if (std::optional<uint64_t> align = alloc.getAlignment())
    if (static_cast<int64_t>(*align) > alignment)
      return std::nullopt;
  Operation *op = alloc.getOperation();
  Operation *at0 = body.findAncestorOpInBlock(*op);
  if (!at0)
    return std::nullopt;
  Range at = timeline.of(at0);
  Temporary temp{op,      func,    *bytes, at.first, at.second,
                 *bytes,  nullptr, {},     {}};
  bool used = false;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      Operation *top = body.findAncestorOpInBlock(*user);
      if (!top)
        return std::nullopt;
      if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
        // Freed where it may not be (a condition, a loop): not ours.
        if (dealloc->getBlock() != op->getBlock())
          return std::nullopt;
        temp.deallocs.push_back(dealloc);
        continue;
      }
      if (isAliasOp(user, value)) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      } else if (letsBufferEscape(user)) {
        // Its address or the buffer itself flows on: it escapes.
        return std::nullopt;
      }
      temp.users.push_back(top);
      // A call of a function sharing the arena touches it where the callee
      // does (or not at all).
      std::optional<Range> touched = timeline.touches(use, body);
      if (!touched)
        continue;
      if (!used || touched->first < temp.first) {
        temp.first = touched->first;
        temp.firstUser = top;
      }
      temp.last = used ? std::max(temp.last, touched->second) : touched->second;
      used = true;
    }
  }
  if (isa<memref::AllocOp>(alloc.getOperation())) {
    // A heap buffer the function frees.
    if (temp.deallocs.empty())
      return std::nullopt;
  } else if (!temp.deallocs.empty() || temp.users.empty() ||
             llvm::all_equal(temp.users)) {
    // A stack buffer that carries values from one op to another (one that
    // a single loop nest uses, such as an accumulator, stays on the stack,
    // where LLVM can keep it in registers).
    return std::nullopt;
  }
  if (!temp.firstUser)
    temp.firstUser = alloc;
  return temp;
}

std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The single use of `arg`, when it is `memref.copy %temp, %arg`.
memref::CopyOp resultCopy(BlockArgument arg) {
  if (!arg.hasOneUse())
    return {};
  auto copy = dyn_cast<memref::CopyOp>(*arg.getUsers().begin());
  if (!copy || copy.getTarget() != arg)
    return {};
  return copy;
}

/// Whether `op`, nested in an op of `body`, runs once at a time: only
/// sequential loops and conditionals lie between it and `body` (not a
/// parallel loop, whose iterations would each need their own buffer).
bool inSequentialRegion(Operation *op, Block &body) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (parent->getBlock() == &body)
      return isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent);
    if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent))
      return false;
  }
  return false;
}

/// Iterations of a parallel loop that get a slot each, at most.
constexpr int64_t kMaxSlots = 64;

/// The parallel loop around `op` (nested in an op of `body`) whose every
/// iteration needs a buffer of its own, when there is one such loop with
/// a static number of iterations (at most kMaxSlots), set in `iterations`,
/// and only sequential loops and conditionals besides.
scf::ForallOp parallelSlots(Operation *op, Block &body, int64_t &iterations) {
  scf::ForallOp found;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (auto forall = dyn_cast<scf::ForallOp>(parent)) {
      if (found)
        return {};
      found = forall;
    } else if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent)) {
      return {};
    }
    if (parent->getBlock() == &body)
      break;
  }
  if (!found)
    return {};
  iterations = 1;
  for (auto [lower, upper, step] :
       llvm::zip_equal(found.getMixedLowerBound(), found.getMixedUpperBound(),
                       found.getMixedStep())) {
    std::optional<int64_t> lb = getConstantIntValue(lower);
    std::optional<int64_t> ub = getConstantIntValue(upper);
    std::optional<int64_t> st = getConstantIntValue(step);
    if (!lb || !ub || !st || *st <= 0)
      return {};
    iterations *= std::max<int64_t>(0, llvm::divideCeil(*ub - *lb, *st));
    if (iterations > kMaxSlots)
      return {};
  }
  return iterations > 0 ? found : scf::ForallOp();
}

/// The linear index of the current iteration of `forall` (row-major over
/// its dimensions), built at the rewriter's insertion point.
Value linearIteration(RewriterBase &rewriter, Location loc,
                      scf::ForallOp forall) {
  Value linear;
  for (auto [iv, lower, upper, step] :
       llvm::zip_equal(forall.getInductionVars(), forall.getMixedLowerBound(),
                       forall.getMixedUpperBound(), forall.getMixedStep())) {
    int64_t lb = *getConstantIntValue(lower);
    int64_t ub = *getConstantIntValue(upper);
    int64_t st = *getConstantIntValue(step);
    Value lbValue = arith::ConstantIndexOp::create(rewriter, loc, lb);
    Value stValue = arith::ConstantIndexOp::create(rewriter, loc, st);
    Value shifted = arith::SubIOp::create(rewriter, loc, iv, lbValue);
    Value index = arith::DivUIOp::create(rewriter, loc, shifted, stValue);
    if (!linear) {
      linear = index;
      continue;
    }
    Value count = arith::ConstantIndexOp::create(
        rewriter, loc, llvm::divideCeil(ub - lb, st));
    Value scaled = arith::MulIOp::create(rewriter, loc, linear, count);
    linear = arith::AddIOp::create(rewriter, loc, scaled, index);
  }
  return linear;
}

/// The temporaries of `func`'s body that qualify, results computed in place
/// (in public functions) taken out.
SmallVector<Temporary> collectTemporaries(RewriterBase &rewriter,
                                          func::FuncOp func, Timeline &timeline,
                                          const BufferAssignmentOptions &options,
                                          FunctionBufferAssignment &result) {
  Block &body = func.getBody().front();
  SmallVector<Temporary> temps;
  func.walk([&](Operation *op) {
    std::optional<Temporary> temp;
    int64_t iterations = 1;
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (op->getBlock() == &body || inSequentialRegion(op, body)) {
        temp = analyze(alloc, func, timeline, options.alignment);
      } else if (scf::ForallOp forall =
                     parallelSlots(op, body, iterations)) {
        temp = analyze(alloc, func, timeline, options.alignment);
        if (temp) {
          temp->parallel = forall;
          temp->slots = iterations;
          temp->slotBytes = llvm::alignTo(temp->bytes, options.alignment);
          temp->bytes = iterations * temp->slotBytes;
          temp->liveBytes = temp->bytes;
        }
      }
    } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
      if (op->getBlock() == &body)
        temp = analyze(alloca, func, timeline, options.alignment);
    }
    if (temp)
      temps.push_back(std::move(*temp));
  });
  if (!options.elideResultCopies || !func.isPublic())
    return temps;

  // Results computed in place: `memref.copy %temp, %result` as the last
  // use of the temporary, where nothing else touches the result.
  SmallVector<Temporary> kept;
  for (Temporary &temp : temps) {
    memref::CopyOp copy;
    for (Operation *user : temp.users)
      if (auto candidate = dyn_cast<memref::CopyOp>(user))
        if (candidate.getSource() == temp.alloc->getResult(0) &&
            timeline.of(candidate).second == temp.last) {
          auto arg = dyn_cast<BlockArgument>(candidate.getTarget());
          if (arg && arg.getOwner() == &body && resultCopy(arg) &&
              arg.getType() == temp.alloc->getResult(0).getType() &&
              llvm::count(temp.users, candidate.getOperation()) == 1)
            copy = candidate;
        }
    if (!copy) {
      kept.push_back(std::move(temp));
      continue;
    }
    Value target = copy.getTarget();
    rewriter.eraseOp(copy);
    for (memref::DeallocOp dealloc : temp.deallocs)
      rewriter.eraseOp(dealloc);
    rewriter.replaceOp(temp.alloc, target);
    ++result.elidedCopies;
  }
  return kept;
}

/// What `func`'s own buffers hold (arguments, allocations outside the
/// arena, constants, callees).
void countOwnBuffers(func::FuncOp func, ArrayRef<Temporary> temps,
                     FunctionBufferAssignment &result) {
  for (Type type : func.getArgumentTypes())
    result.argumentBytes += staticBytes(type).value_or(0);
  result.localBytes = result.arenaBytes;
  llvm::DenseSet<Operation *> inArena;
  for (const Temporary &temp : temps)
    inArena.insert(temp.alloc);
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) && !inArena.count(op))
      result.localBytes += staticBytes(op->getResult(0).getType()).value_or(0);
    else if (auto get = dyn_cast<memref::GetGlobalOp>(op))
      result.constants.push_back(
          {get.getName().str(), staticBytes(get.getType()).value_or(0)});
    else if (auto call = dyn_cast<func::CallOp>(op))
      result.callees.push_back(call.getCallee().str());
  });
}

/// What a temporary of `type` and a bin must share: the element type (the
/// temporary is a reinterpretation of the bin's buffer at its start).
int64_t binKind(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getLayout().isIdentity() || memref.getMemorySpace())
    return 0;
  return static_cast<int64_t>(reinterpret_cast<intptr_t>(
      memref.getElementType().getAsOpaquePointer()));
}

/// The buffers of `root`'s arguments that its temporaries may borrow: a
/// result (`bufferize.result`, the out-parameters of
/// buffer-results-to-out-params) before the function first touches it, a
/// buffer donor left without a result (`hlo.buffer_donor`,
/// `jax.buffer_donor`) after it last does; statically shaped, identity
/// layout, and never escaping.
void collectBins(func::FuncOp root, Timeline &timeline,
                 const BufferAssignmentOptions &options,
                 SmallVectorImpl<HeapBin> &bins,
                 SmallVectorImpl<BlockArgument> &arguments) {
  auto function = cast<FunctionOpInterface>(root.getOperation());
  for (BlockArgument arg : root.getArguments()) {
    unsigned index = arg.getArgNumber();
    bool isResult =
        options.lendResults && root.getArgAttr(index, kResultBufferAttr);
    bool isDonor = options.lendDonors && isBufferDonor(function, index);
    if (!isResult && !isDonor)
      continue;
    int64_t kind = binKind(arg.getType());
    std::optional<int64_t> bytes = staticBytes(arg.getType());
    if (!kind || !bytes || timeline.escapes(root, index))
      continue;
    std::optional<Range> touched = timeline.argument(root, index);
    HeapBin bin{*bytes, kind, 0, timeline.last()};
    if (touched && isResult)
      bin.freeTo = touched->first - 1;
    else if (touched)
      bin.freeFrom = touched->second + 1;
    if (bin.freeFrom > bin.freeTo)
      continue;
    bins.push_back(bin);
    arguments.push_back(arg);
  }
}

/// Each temporary placed in a bin becomes a reinterpretation of the start
/// of the bin's buffer; the functions of the plan below the root that need
/// a bin's buffer take it as an argument (before the arena's), which their
/// calls pass on.
void lendBins(RewriterBase &rewriter, Timeline &timeline,
              ArrayRef<Temporary> temps, ArrayRef<HeapBuffer> heap,
              ArrayRef<BlockArgument> binArguments) {
  // The bins each function of the plan or a callee below it uses.
  DenseMap<Operation *, std::set<int>> uses;
  for (auto [temp, buffer] : llvm::zip(temps, heap))
    if (buffer.bin >= 0)
      uses[temp.func].insert(buffer.bin);
  ArrayRef<func::FuncOp> functions = timeline.functions();
  for (func::FuncOp func : llvm::reverse(functions))
    for (Operation &op : func.getBody().front())
      if (func::FuncOp callee = timeline.sharedCallee(&op)) {
        auto it = uses.find(callee);
        if (it != uses.end())
          uses[func].insert(it->second.begin(), it->second.end());
      }
  if (uses.empty())
    return;
  // The value of each bin's buffer in each function.
  DenseMap<std::pair<Operation *, int>, Value> valueOf;
  func::FuncOp root = functions.front();
  for (auto [b, arg] : llvm::enumerate(binArguments))
    valueOf[{root, static_cast<int>(b)}] = arg;
  for (func::FuncOp func : functions.drop_front()) {
    auto it = uses.find(func);
    if (it == uses.end())
      continue;
    for (int b : it->second) {
      Location loc = func.getLoc();
      if (failed(func.insertArgument(func.getNumArguments(),
                                     binArguments[b].getType(),
                                     DictionaryAttr(), loc)))
        continue;
      valueOf[{func, b}] = func.getArguments().back();
    }
  }
  for (func::FuncOp func : functions)
    for (Operation &op : func.getBody().front())
      if (func::FuncOp callee = timeline.sharedCallee(&op)) {
        auto it = uses.find(callee);
        if (it == uses.end())
          continue;
        for (int b : it->second) {
          Value value = valueOf.lookup({func, b});
          rewriter.modifyOpInPlace(&op, [&] {
            cast<func::CallOp>(op).getOperandsMutable().append(value);
          });
        }
      }
  for (auto [temp, buffer] : llvm::zip(temps, heap)) {
    if (buffer.bin < 0)
      continue;
    Value bin = valueOf.lookup({temp.func, buffer.bin});
    auto type = cast<MemRefType>(temp.alloc->getResult(0).getType());
    SmallVector<int64_t> strides = type.getStridesAndOffset().first;
    for (memref::DeallocOp dealloc : temp.deallocs)
      rewriter.eraseOp(dealloc);
    rewriter.setInsertionPoint(temp.alloc);
    Location loc = temp.alloc->getLoc();
    auto viewType = MemRefType::get(
        type.getShape(), type.getElementType(),
        StridedLayoutAttr::get(rewriter.getContext(), 0, strides));
    Value view = memref::ReinterpretCastOp::create(
        rewriter, loc, viewType, bin, /*offset=*/int64_t(0), type.getShape(),
        strides);
    rewriter.replaceOpWithNewOp<memref::CastOp>(temp.alloc, type, view);
  }
}

/// Plans the arena of `root` and of the functions of `inlined` below it
/// (see Timeline) and rewrites them; fills `results` for each.
/// Live ranges of `temps` as the lower bound counts them (liveBytes).
SmallVector<HeapBuffer> liveRanges(ArrayRef<Temporary> temps) {
  SmallVector<HeapBuffer> ranges;
  for (const Temporary &temp : temps)
    ranges.push_back({temp.liveBytes, temp.first, temp.last, -1});
  return ranges;
}

/// Plans the arena of `root` and of the functions of `inlined` below it
/// (see Timeline) and rewrites them; fills `results` for each. With
/// `passedArena`, the root takes its arena as a last argument (its callers
/// pass it) instead of allocating it. `arenaPeaks` gives the arenas passed
/// to calls (the allocations of passCalleeArena) the peak bytes of their
/// callees' temporaries, for the lower bound.
void assignPlan(RewriterBase &rewriter, func::FuncOp root,
                const DenseMap<Operation *, func::FuncOp> &inlined,
                const BufferAssignmentOptions &options,
                llvm::StringMap<FunctionBufferAssignment> &results,
                bool passedArena = false,
                const DenseMap<Operation *, int64_t> *arenaPeaks = nullptr) {
  Timeline timeline(root, inlined);
  SmallVector<Temporary> temps;
  for (func::FuncOp func : timeline.functions()) {
    FunctionBufferAssignment &result = results[func.getSymName()];
    SmallVector<Temporary> own =
        collectTemporaries(rewriter, func, timeline, options, result);
    if (arenaPeaks)
      for (Temporary &temp : own)
        if (auto it = arenaPeaks->find(temp.alloc); it != arenaPeaks->end())
          temp.liveBytes = it->second;
    result.allocations = own.size();
    if (func != root) {
      result.arenaRoot = root.getSymName().str();
      result.tempLowerBoundBytes = liveBytesLowerBound(liveRanges(own));
    }
    countOwnBuffers(func, own, result);
    llvm::append_range(temps, std::move(own));
  }

  // The caller's buffers a public root may lend its temporaries.
  SmallVector<HeapBin> bins;
  SmallVector<BlockArgument> binArguments;
  if (root.isPublic())
    collectBins(root, timeline, options, bins, binArguments);

  SmallVector<HeapBuffer> heap;
  for (const Temporary &temp : temps) {
    heap.push_back({temp.bytes, temp.first, temp.last, -1});
    if (!bins.empty() && !temp.parallel)
      heap.back().kind = binKind(temp.alloc->getResult(0).getType());
  }
  FunctionBufferAssignment &result = results[root.getSymName()];
  result.arenaBytes = packBuffers(heap, options.alignment, bins);
  // A passed arena is held by the callers (in their arenas).
  if (!passedArena)
    result.localBytes += result.arenaBytes;
  result.allocations = temps.size();
  // The lower bound of the temporaries in the arena.
  // (An arena passed to a call counts at its callee's peak.)
  SmallVector<HeapBuffer> inArena;
  for (auto [temp, buffer] : llvm::zip(temps, heap))
    if (buffer.bin < 0) {
      inArena.push_back(buffer);
      inArena.back().bytes = temp.liveBytes;
    } else {
      ++result.borrowed;
      result.borrowedBytes += buffer.bytes;
    }
  int64_t peak = 0;
  result.tempLowerBoundBytes = liveBytesLowerBound(inArena, &peak);
  for (auto [temp, buffer] : llvm::zip(temps, heap))
    if (buffer.bin < 0 && buffer.start <= peak && peak <= buffer.end) {
      std::string op = temp.firstUser->getName().getStringRef().str();
      if (temp.func != root)
        op += " in @" + temp.func.getSymName().str();
      result.peakBuffers.push_back(
          {temp.bytes, printed(temp.alloc->getResult(0).getType()), op,
           temp.firstUser->getLoc()});
    }
  llvm::stable_sort(result.peakBuffers, [](const auto &a, const auto &b) {
    return a.bytes > b.bytes;
  });
  lendBins(rewriter, timeline, temps, heap, binArguments);
  if (result.arenaBytes == 0)
    return;

  // One arena, allocated by the root (or passed to it); the other
  // functions of the plan take it as a last argument, which their calls
  // pass on.
  auto sharedType =
      MemRefType::get({ShapedType::kDynamic}, rewriter.getIntegerType(8));
  DenseMap<Operation *, Value> arenaOf;
  if (passedArena) {
    if (failed(root.insertArgument(root.getNumArguments(), sharedType,
                                   DictionaryAttr(), root.getLoc())))
      return;
    arenaOf[root] = root.getArguments().back();
    result.arenaPassed = true;
  } else {
    Block &rootBody = root.getBody().front();
    Location loc = root.getLoc();
    rewriter.setInsertionPointToStart(&rootBody);
    auto arenaType =
        MemRefType::get({result.arenaBytes}, rewriter.getIntegerType(8));
    auto arenaAlloc = memref::AllocOp::create(
        rewriter, loc, arenaType, ValueRange(), ValueRange(),
        rewriter.getI64IntegerAttr(options.alignment));
    rewriter.setInsertionPoint(rootBody.getTerminator());
    memref::DeallocOp::create(rewriter, loc, arenaAlloc);
    arenaOf[root] = arenaAlloc;
  }
  for (func::FuncOp func : timeline.functions().drop_front()) {
    Location argLoc = func.getLoc();
    if (failed(func.insertArgument(func.getNumArguments(), sharedType,
                                   DictionaryAttr(), argLoc)))
      continue;
    arenaOf[func] = func.getArguments().back();
  }
  for (func::FuncOp func : timeline.functions())
    for (Operation &op : func.getBody().front())
      if (func::FuncOp callee = timeline.sharedCallee(&op)) {
        Value arena = arenaOf.lookup(func);
        rewriter.setInsertionPoint(&op);
        if (arena.getType() != sharedType)
          arena = memref::CastOp::create(rewriter, op.getLoc(), sharedType,
                                         arena);
        rewriter.modifyOpInPlace(&op, [&] {
          cast<func::CallOp>(op).getOperandsMutable().append(arena);
        });
      }
  for (auto [temp, buffer] : llvm::zip(temps, heap)) {
    if (buffer.bin >= 0)
      continue;
    for (memref::DeallocOp dealloc : temp.deallocs)
      rewriter.eraseOp(dealloc);
    rewriter.setInsertionPoint(temp.alloc);
    Location tempLoc = temp.alloc->getLoc();
    Value offset =
        arith::ConstantIndexOp::create(rewriter, tempLoc, buffer.offset);
    if (temp.parallel) {
      // The slot of this iteration.
      Value iteration = linearIteration(rewriter, tempLoc, temp.parallel);
      Value slotBytes =
          arith::ConstantIndexOp::create(rewriter, tempLoc, temp.slotBytes);
      Value slotOffset =
          arith::MulIOp::create(rewriter, tempLoc, iteration, slotBytes);
      offset = arith::AddIOp::create(rewriter, tempLoc, offset, slotOffset);
    }
    rewriter.replaceOpWithNewOp<memref::ViewOp>(
        temp.alloc, temp.alloc->getResult(0).getType(),
        arenaOf.lookup(temp.func), offset, ValueRange());
  }
}

/// Functions that share their caller's arena: private, defined, with one
/// block, and used exactly once, by a call directly in the body of another
/// such function or of a plan's root. Maps the call to the callee.
DenseMap<Operation *, func::FuncOp> sharedCalls(ModuleOp module,
                                                const SymbolUserMap &users) {
  DenseMap<Operation *, func::FuncOp> calls;
  DenseMap<Operation *, func::FuncOp> callerOf;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPrivate() || func.isExternal() ||
        !func.getBody().hasOneBlock())
      continue;
    ArrayRef<Operation *> funcUsers = users.getUsers(func);
    if (funcUsers.size() != 1)
      continue;
    auto call = dyn_cast<func::CallOp>(funcUsers.front());
    // One use: the call names the function once and nothing else does.
    if (!call || call.getCallee() != func.getSymName())
      continue;
    auto caller = dyn_cast<func::FuncOp>(call->getParentOp());
    if (!caller || caller == func || !caller.getBody().hasOneBlock() ||
        call->getBlock() != &caller.getBody().front() ||
        call.getNumOperands() != func.getNumArguments())
      continue;
    calls[call] = func;
    callerOf[func] = caller;
  }
  // A cycle of functions calling each other once has no root: dropped.
  for (auto [func, caller] : llvm::to_vector(callerOf)) {
    Operation *at = caller;
    for (size_t steps = 0; at && steps <= callerOf.size(); ++steps) {
      if (at == func) {
        for (auto it = calls.begin(); it != calls.end(); ++it)
          if (it->second.getOperation() == func) {
            calls.erase(it);
            break;
          }
        break;
      }
      auto up = callerOf.find(at);
      at = up == callerOf.end() ? nullptr : up->second.getOperation();
    }
  }
  return calls;
}

} // namespace

int64_t hlo::fillSplatConstantCopies(RewriterBase &rewriter, ModuleOp module) {
  SymbolTable symbols(module);
  SmallVector<memref::CopyOp> copies;
  module.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  llvm::SetVector<Operation *> globals;
  int64_t filled = 0;
  for (memref::CopyOp copy : copies) {
    auto get = copy.getSource().getDefiningOp<memref::GetGlobalOp>();
    if (!get)
      continue;
    auto global = symbols.lookup<memref::GlobalOp>(get.getName());
    if (!global || !global.getConstant())
      continue;
    auto value =
        dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr());
    if (!value || !value.isSplat())
      continue;
    Type element = value.getElementType();
    TypedAttr scalar;
    if (isa<FloatType>(element))
      scalar = value.getSplatValue<FloatAttr>();
    else if (isa<IntegerType>(element))
      scalar = value.getSplatValue<IntegerAttr>();
    if (!scalar)
      continue;
    rewriter.setInsertionPoint(copy);
    Value constant =
        arith::ConstantOp::create(rewriter, copy.getLoc(), element, scalar);
    linalg::FillOp::create(rewriter, copy.getLoc(), ValueRange{constant},
                           ValueRange{copy.getTarget()});
    rewriter.eraseOp(copy);
    globals.insert(global);
    ++filled;
  }
  if (globals.empty())
    return filled;
  // Globals read by nothing else go (their users from one walk of the
  // module, not one per global).
  SymbolTableCollection symbolTables;
  SymbolUserMap users(symbolTables, module);
  for (Operation *global : globals) {
    SmallVector<Operation *> gets = llvm::to_vector(users.getUsers(global));
    if (!llvm::all_of(gets, [](Operation *user) {
          return isa<memref::GetGlobalOp>(user) && user->use_empty();
        }))
      continue;
    if (!cast<memref::GlobalOp>(global).isPrivate())
      continue;
    for (Operation *get : gets)
      rewriter.eraseOp(get);
    rewriter.eraseOp(global);
  }
  return filled;
}

FunctionBufferAssignment
hlo::assignBuffers(RewriterBase &rewriter, func::FuncOp func,
                   const BufferAssignmentOptions &options) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return {};
  DenseMap<Operation *, func::FuncOp> none;
  llvm::StringMap<FunctionBufferAssignment> results;
  assignPlan(rewriter, func, none, options, results);
  return results[func.getSymName()];
}

namespace {

/// The calls of `func` when it is private and called more than once, each
/// call directly in the body of a one-block function: then its callers can
/// pass it an arena (a temporary of theirs, live at the call). None
/// otherwise.
SmallVector<func::CallOp> callsPassingAnArena(func::FuncOp func,
                                              const SymbolUserMap &users) {
  if (!func.isPrivate() || func.isExternal() || !func.getBody().hasOneBlock())
    return {};
  SmallVector<func::CallOp> calls;
  for (Operation *user : users.getUsers(func)) {
    auto call = dyn_cast<func::CallOp>(user);
    auto caller = call ? dyn_cast<func::FuncOp>(call->getParentOp()) : nullptr;
    if (!caller || caller == func || !caller.getBody().hasOneBlock() ||
        call.getCallee() != func.getSymName() ||
        call.getNumOperands() != func.getNumArguments())
      return {};
    calls.push_back(call);
  }
  if (calls.size() < 2)
    return {};
  return calls;
}

/// Gives each call of `callee`, whose temporaries were packed into an arena
/// of `bytes` it takes as a last argument, an arena of its own: allocated
/// before the call and freed after it (a temporary of the caller, which its
/// own plan puts in its arena). Records the callee's peak for the caller's
/// lower bound.
void passCalleeArena(RewriterBase &rewriter, ArrayRef<func::CallOp> calls,
                     int64_t bytes, int64_t peak,
                     const BufferAssignmentOptions &options,
                     DenseMap<Operation *, int64_t> &arenaPeaks) {
  auto arenaType = MemRefType::get({bytes}, rewriter.getIntegerType(8));
  auto passedType =
      MemRefType::get({ShapedType::kDynamic}, rewriter.getIntegerType(8));
  for (func::CallOp call : calls) {
    Location loc = call.getLoc();
    rewriter.setInsertionPoint(call);
    auto arena = memref::AllocOp::create(
        rewriter, loc, arenaType, ValueRange(), ValueRange(),
        rewriter.getI64IntegerAttr(options.alignment));
    auto passed = memref::CastOp::create(rewriter, loc, passedType, arena);
    rewriter.modifyOpInPlace(
        call, [&] { call.getOperandsMutable().append(passed.getResult()); });
    rewriter.setInsertionPointAfter(call);
    memref::DeallocOp::create(rewriter, loc, arena);
    arenaPeaks[arena] = peak;
  }
}

} // namespace

llvm::StringMap<FunctionBufferAssignment>
hlo::assignModuleBuffers(RewriterBase &rewriter, ModuleOp module,
                         const BufferAssignmentOptions &options) {
  // The users of every symbol, from one walk of the module (a walk per
  // function made this quadratic: 94% of the compile time of a 3000-op
  // module).
  SymbolTableCollection symbolTables;
  SymbolUserMap users(symbolTables, module);
  DenseMap<Operation *, func::FuncOp> shared;
  DenseMap<Operation *, SmallVector<func::CallOp>> passing;
  if (options.shareCalleeArenas) {
    shared = sharedCalls(module, users);
    for (auto func : module.getOps<func::FuncOp>())
      if (SmallVector<func::CallOp> calls = callsPassingAnArena(func, users);
          !calls.empty())
        passing[func] = std::move(calls);
  }
  llvm::DenseSet<Operation *> inPlan;
  for (auto &entry : shared)
    inPlan.insert(entry.second);

  // Plans whose roots are called from several places go first, callees
  // before callers (each plan's calls of them then pass arenas that the
  // caller's plan packs); the other roots after them.
  SmallVector<func::FuncOp> roots;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !inPlan.count(func))
      roots.push_back(func);
  SmallVector<func::FuncOp> order;
  llvm::DenseSet<Operation *> visited;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp func) {
    if (!visited.insert(func).second)
      return;
    // The functions of its plan (the root and its shared callees, called
    // from their bodies) call these.
    SmallVector<func::FuncOp> planned{func};
    for (size_t i = 0; i < planned.size(); ++i)
      for (Operation &op : planned[i].getBody().front()) {
        auto call = dyn_cast<func::CallOp>(op);
        if (!call)
          continue;
        if (func::FuncOp callee = shared.lookup(call))
          planned.push_back(callee);
        else if (auto callee =
                     symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
                         call, call.getCalleeAttr());
                 callee && passing.count(callee))
          visit(callee);
      }
    order.push_back(func);
  };
  for (func::FuncOp root : roots)
    if (root.getBody().hasOneBlock())
      visit(root);

  llvm::StringMap<FunctionBufferAssignment> results;
  DenseMap<Operation *, int64_t> arenaPeaks;
  for (func::FuncOp root : roots)
    if (!root.getBody().hasOneBlock())
      results[root.getSymName()] = {};
  for (func::FuncOp root : order) {
    auto calls = passing.find(root);
    bool passedArena = calls != passing.end();
    assignPlan(rewriter, root, shared, options, results, passedArena,
               &arenaPeaks);
    const FunctionBufferAssignment &result = results[root.getSymName()];
    if (passedArena && result.arenaPassed)
      passCalleeArena(rewriter, calls->second, result.arenaBytes,
                      result.tempLowerBoundBytes, options, arenaPeaks);
  }
  return results;
}

int64_t hlo::computeTotalBytes(
    StringRef function,
    const llvm::StringMap<FunctionBufferAssignment> &assignments) {
  // The most the calls below a function hold at once (calls run one at a
  // time), and the constants read anywhere below it.
  llvm::StringMap<int64_t> below;
  llvm::StringSet<> constants;
  int64_t constantBytes = 0;
  std::function<int64_t(StringRef, unsigned)> local = [&](StringRef name,
                                                          unsigned depth) {
    auto it = assignments.find(name);
    if (it == assignments.end() || depth > 64)
      return int64_t(0);
    for (const auto &[global, bytes] : it->second.constants)
      if (constants.insert(global).second)
        constantBytes += bytes;
    auto memo = below.find(name);
    if (memo != below.end())
      return memo->second;
    int64_t callees = 0;
    for (const std::string &callee : it->second.callees)
      callees = std::max(callees, local(callee, depth + 1));
    return below[name] = it->second.localBytes + callees;
  };
  auto it = assignments.find(function);
  if (it == assignments.end())
    return 0;
  int64_t held = local(function, 0);
  return it->second.argumentBytes + held + constantBytes;
}

void hlo::printBufferReport(StringRef function,
                            const FunctionBufferAssignment &assignment,
                            raw_ostream &os) {
  os << llvm::formatv("buffer-report @{0}: total_bytes={1} arena_bytes={2} "
                      "temp_lower_bound_bytes={3} allocations={4}\n",
                      function, assignment.totalBytes, assignment.arenaBytes,
                      assignment.tempLowerBoundBytes, assignment.allocations);
  if (!assignment.arenaRoot.empty())
    os << llvm::formatv("  temporaries in the arena of @{0}\n",
                        assignment.arenaRoot);
  if (assignment.arenaPassed)
    os << "  arena passed by each call (a temporary of the caller)\n";
  if (assignment.borrowed)
    os << llvm::formatv("  {0} temporaries ({1} bytes) in result or donated "
                        "parameter buffers\n",
                        assignment.borrowed, assignment.borrowedBytes);
  for (const FunctionBufferAssignment::Buffer &buffer :
       assignment.peakBuffers) {
    std::string loc;
    llvm::raw_string_ostream locOs(loc);
    buffer.loc.print(locOs);
    os << llvm::formatv("  peak {0} bytes {1} {2} {3}\n", buffer.bytes,
                        buffer.type, buffer.definingOp, loc);
  }
}
