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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::hlo;

//===----------------------------------------------------------------------===//
// The heap simulator
//===----------------------------------------------------------------------===//

static bool overlapInTime(const HeapBuffer &a, const HeapBuffer &b) {
  return std::max(a.start, b.start) <= std::min(a.end, b.end);
}

int64_t hlo::packBuffers(MutableArrayRef<HeapBuffer> buffers,
                         int64_t alignment) {
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    const HeapBuffer &x = buffers[a], &y = buffers[b];
    if (x.bytes != y.bytes)
      return x.bytes > y.bytes;
    return x.end - x.start > y.end - y.start;
  });
  auto alignedSize = [&](const HeapBuffer &buffer) {
    return static_cast<int64_t>(llvm::alignTo(buffer.bytes, alignment));
  };
  SmallVector<unsigned> placed;
  int64_t arena = 0;
  SmallVector<std::pair<int64_t, int64_t>> busy;
  for (unsigned index : order) {
    HeapBuffer &buffer = buffers[index];
    int64_t size = alignedSize(buffer);
    if (size == 0) {
      buffer.offset = 0;
      continue;
    }
    // The address ranges of the placed buffers live at the same time.
    busy.clear();
    for (unsigned other : placed)
      if (overlapInTime(buffer, buffers[other]))
        busy.push_back({buffers[other].offset,
                        buffers[other].offset + alignedSize(buffers[other])});
    llvm::sort(busy);
    int64_t best = -1, bestGap = std::numeric_limits<int64_t>::max();
    int64_t cursor = 0;
    for (auto [begin, end] : busy) {
      if (begin > cursor) {
        int64_t gap = begin - cursor;
        if (gap >= size && gap < bestGap) {
          best = cursor;
          bestGap = gap;
        }
      }
      cursor = std::max(cursor, end);
    }
    if (best < 0)
      best = cursor;
    buffer.offset = best;
    arena = std::max(arena, best + size);
    placed.push_back(index);
  }
  return arena;
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

struct Temporary {
  /// A memref.alloc or memref.alloca.
  Operation *alloc;
  int64_t bytes;
  int64_t first, last;
  /// The op of the body that touches it first (its "defining op").
  Operation *firstUser;
  SmallVector<memref::DeallocOp> deallocs;
  /// The body's ops that touch it, other than frees.
  SmallVector<Operation *> users;
};

/// Views that alias their source and are followed through.
bool isAliasOp(Operation *op, Value source) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource() == source;
  return isa<memref::CastOp, memref::ExtractStridedMetadataOp,
             memref::TransposeOp>(op);
}

/// The temporary `alloc` (a memref.alloc or memref.alloca), or nothing when
/// it does not qualify.
template <typename AllocLikeOp>
std::optional<Temporary> analyze(AllocLikeOp alloc, Block &body,
                                 const DenseMap<Operation *, int64_t> &index,
                                 int64_t alignment) {
  MemRefType type = alloc.getType();
  std::optional<int64_t> bytes = staticBytes(type);
  if (!bytes || !type.getLayout().isIdentity() || type.getMemorySpace() ||
      !alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty())
    return std::nullopt;
  if (std::optional<uint64_t> align = alloc.getAlignment())
    if (static_cast<int64_t>(*align) > alignment)
      return std::nullopt;
  Operation *op = alloc.getOperation();
  Temporary temp{op, *bytes, index.lookup(op), index.lookup(op),
                 nullptr, {}, {}};
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
        if (dealloc->getBlock() != &body)
          return std::nullopt;
        temp.deallocs.push_back(dealloc);
        continue;
      }
      if (isAliasOp(user, value)) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      } else if (isa<memref::ExtractAlignedPointerAsIndexOp>(user) ||
                 user->hasTrait<OpTrait::IsTerminator>() ||
                 isa<BranchOpInterface, RegionBranchTerminatorOpInterface>(
                     user) ||
                 llvm::any_of(user->getResultTypes(), [](Type type) {
                   return isa<BaseMemRefType>(type);
                 })) {
        // Its address or the buffer itself flows on: it escapes.
        return std::nullopt;
      }
      int64_t at = index.lookup(top);
      if (!used || at < temp.first) {
        temp.first = at;
        temp.firstUser = top;
      }
      temp.last = used ? std::max(temp.last, at) : at;
      used = true;
      temp.users.push_back(top);
    }
  }
  if (isa<memref::AllocOp>(alloc.getOperation())) {
    // A heap buffer the function frees.
    if (temp.deallocs.empty())
      return std::nullopt;
  } else if (!temp.deallocs.empty() || temp.first == temp.last) {
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

} // namespace

FunctionBufferAssignment
hlo::assignBuffers(RewriterBase &rewriter, func::FuncOp func,
                   const BufferAssignmentOptions &options) {
  FunctionBufferAssignment result;
  if (func.isExternal())
    return result;
  if (!func.getBody().hasOneBlock())
    return result;
  Block &body = func.getBody().front();

  DenseMap<Operation *, int64_t> index;
  int64_t next = 0;
  for (Operation &op : body)
    index[&op] = next++;

  SmallVector<Temporary> temps;
  for (Operation &op : body) {
    std::optional<Temporary> temp;
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      temp = analyze(alloc, body, index, options.alignment);
    else if (auto alloca = dyn_cast<memref::AllocaOp>(op))
      temp = analyze(alloca, body, index, options.alignment);
    if (temp)
      temps.push_back(std::move(*temp));
  }

  // Results computed in place: `memref.copy %temp, %result` as the last
  // use of the temporary, where nothing else touches the result.
  if (options.elideResultCopies && func.isPublic()) {
    SmallVector<Temporary> kept;
    for (Temporary &temp : temps) {
      memref::CopyOp copy;
      for (Operation *user : temp.users)
        if (auto candidate = dyn_cast<memref::CopyOp>(user))
          if (candidate.getSource() == temp.alloc->getResult(0) &&
              index.lookup(candidate) == temp.last) {
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
    temps = std::move(kept);
  }

  SmallVector<HeapBuffer> heap;
  for (const Temporary &temp : temps)
    heap.push_back({temp.bytes, temp.first, temp.last, -1});
  int64_t peak = 0;
  result.tempLowerBoundBytes = liveBytesLowerBound(heap, &peak);
  result.arenaBytes = packBuffers(heap, options.alignment);
  result.allocations = temps.size();
  for (auto [temp, buffer] : llvm::zip(temps, heap))
    if (buffer.start <= peak && peak <= buffer.end)
      result.peakBuffers.push_back({temp.bytes,
                                    printed(temp.alloc->getResult(0).getType()),
                                    temp.firstUser->getName().getStringRef().str(),
                                    temp.firstUser->getLoc()});
  llvm::stable_sort(result.peakBuffers, [](const auto &a, const auto &b) {
    return a.bytes > b.bytes;
  });

  // What the function's own buffers hold: arguments (parameters and
  // results), the arena, what stays outside it, the constants it reads,
  // the functions it calls.
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

  if (!temps.empty() && result.arenaBytes > 0) {
    Location loc = func.getLoc();
    rewriter.setInsertionPointToStart(&body);
    auto arenaType = MemRefType::get({result.arenaBytes},
                                     rewriter.getIntegerType(8));
    auto arena = memref::AllocOp::create(
        rewriter, loc, arenaType, ValueRange(), ValueRange(),
        rewriter.getI64IntegerAttr(options.alignment));
    rewriter.setInsertionPoint(body.getTerminator());
    memref::DeallocOp::create(rewriter, loc, arena);
    for (auto [temp, buffer] : llvm::zip(temps, heap)) {
      for (memref::DeallocOp dealloc : temp.deallocs)
        rewriter.eraseOp(dealloc);
      rewriter.setInsertionPoint(temp.alloc);
      Value offset = arith::ConstantIndexOp::create(
          rewriter, temp.alloc->getLoc(), buffer.offset);
      rewriter.replaceOpWithNewOp<memref::ViewOp>(
          temp.alloc, temp.alloc->getResult(0).getType(), arena, offset,
          ValueRange());
    }
  }

  return result;
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
  for (const FunctionBufferAssignment::Buffer &buffer :
       assignment.peakBuffers) {
    std::string loc;
    llvm::raw_string_ostream locOs(loc);
    buffer.loc.print(locOs);
    os << llvm::formatv("  peak {0} bytes {1} {2} {3}\n", buffer.bytes,
                        buffer.type, buffer.definingOp, loc);
  }
}
