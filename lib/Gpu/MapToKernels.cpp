//===- MapToKernels.cpp - bufferized loop nests to gpu.launch kernels -----===//
//
// The target-neutral core of the GPU stage: after it, host code touches no
// buffer contents. See the pass description in Gpu/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <limits>

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOGPUMAPTOKERNELSPASS
#include "HloDialect/Gpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

bool hlo::isHostScalarBuffer(Value buffer) {
  auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
  return alloca && alloca->hasAttr(kHostBufferAttrName);
}

namespace {

/// Ops that host code may keep: they compute scalars or manage buffers
/// without reading or writing their contents.
bool isHostOp(Operation *op) {
  if (isa<gpu::GPUDialect>(op->getDialect()))
    return true;
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp, memref::DimOp,
          memref::SubViewOp, memref::ReinterpretCastOp, memref::ExpandShapeOp,
          memref::CollapseShapeOp, memref::CastOp, memref::ViewOp,
          memref::ExtractStridedMetadataOp,
          memref::ExtractAlignedPointerAsIndexOp, memref::GetGlobalOp,
          memref::AssumeAlignmentOp, memref::RankOp, func::CallOp,
          func::ReturnOp, scf::YieldOp, scf::ConditionOp>(op))
    return true;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return isHostScalarBuffer(load.getMemRef());
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return isHostScalarBuffer(store.getMemRef());
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// A memref.copy the host can do as one device-to-device memcpy.
bool isContiguousCopy(memref::CopyOp copy) {
  auto contiguous = [](Type type) {
    auto memref = dyn_cast<MemRefType>(type);
    return memref && memref.getLayout().isIdentity();
  };
  return contiguous(copy.getSource().getType()) &&
         contiguous(copy.getTarget().getType());
}

bool isScalarType(Type type) {
  return type.isIntOrIndexOrFloat() || isa<ComplexType>(type);
}

/// Whether `op`'s regions hold work that must stay a separate kernel (a
/// parallel loop) or host code (a call to another host function).
bool holdsKernelsOrCalls(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<scf::ParallelOp, func::CallOp, gpu::LaunchOp>(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

bool accessesBuffers(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isHostOp(nested) || nested->getNumRegions() != 0
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      })
      .wasInterrupted();
}


/// Perfectly nested `scf.for` loops whose innermost body folds one value per
/// iteration into a single buffer element with an associative, commutative
/// combiner: what a linalg reduction becomes after
/// convert-linalg-to-parallel-loops. The iterations may be reordered, so
/// the threads of a block can share them.
struct ReductionBand {
  SmallVector<scf::ForOp> loops; // outermost first
  memref::LoadOp accumulatorLoad;
  memref::StoreOp accumulatorStore;
  Operation *combiner = nullptr;
  /// The operand of the combiner that is not the loaded accumulator.
  Value contribution;
  gpu::AllReduceOperation kind = gpu::AllReduceOperation::ADD;
  TypedAttr identity;
};

/// The kind of block-wide reduction `op` is and its identity element;
/// 32-bit types only (what the shuffle-based lowering supports).
std::optional<std::pair<gpu::AllReduceOperation, TypedAttr>>
getReductionKind(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return std::nullopt;
  Type type = op->getResult(0).getType();
  Builder b(op->getContext());
  using Kind = gpu::AllReduceOperation;
  if (type.isF32()) {
    float inf = std::numeric_limits<float>::infinity();
    float nan = std::numeric_limits<float>::quiet_NaN();
    auto f = [&](float v) -> TypedAttr { return b.getF32FloatAttr(v); };
    if (isa<arith::AddFOp>(op))
      return std::make_pair(Kind::ADD, f(-0.0f));
    if (isa<arith::MulFOp>(op))
      return std::make_pair(Kind::MUL, f(1.0f));
    if (isa<arith::MaximumFOp>(op))
      return std::make_pair(Kind::MAXIMUMF, f(-inf));
    if (isa<arith::MinimumFOp>(op))
      return std::make_pair(Kind::MINIMUMF, f(inf));
    if (isa<arith::MaxNumFOp>(op))
      return std::make_pair(Kind::MAXNUMF, f(nan));
    if (isa<arith::MinNumFOp>(op))
      return std::make_pair(Kind::MINNUMF, f(nan));
    return std::nullopt;
  }
  if (!type.isInteger(32))
    return std::nullopt;
  auto i = [&](int64_t v) -> TypedAttr { return b.getI32IntegerAttr(v); };
  if (isa<arith::AddIOp>(op))
    return std::make_pair(Kind::ADD, i(0));
  if (isa<arith::MulIOp>(op))
    return std::make_pair(Kind::MUL, i(1));
  if (isa<arith::MaxSIOp>(op))
    return std::make_pair(Kind::MAXSI, i(std::numeric_limits<int32_t>::min()));
  if (isa<arith::MinSIOp>(op))
    return std::make_pair(Kind::MINSI, i(std::numeric_limits<int32_t>::max()));
  if (isa<arith::MaxUIOp>(op))
    return std::make_pair(Kind::MAXUI, i(0));
  if (isa<arith::MinUIOp>(op))
    return std::make_pair(Kind::MINUI, i(-1));
  if (isa<arith::AndIOp>(op))
    return std::make_pair(Kind::AND, i(-1));
  if (isa<arith::OrIOp>(op))
    return std::make_pair(Kind::OR, i(0));
  if (isa<arith::XOrIOp>(op))
    return std::make_pair(Kind::XOR, i(0));
  return std::nullopt;
}

/// An `scf.if` whose branches only load and compute (a padded
/// convolution's read of its input window).
bool isReadOnlyIf(Operation *op) {
  if (!isa<scf::IfOp>(op))
    return false;
  return !op->walk([&](Operation *nested) {
              if (nested == op || isa<memref::LoadOp, scf::YieldOp>(nested) ||
                  (nested->getNumRegions() == 0 && isMemoryEffectFree(nested)))
                return WalkResult::advance();
              return WalkResult::interrupt();
            })
              .wasInterrupted();
}

/// With `anyAddition`, a band summing values of any type (whose threads
/// need no block-wide reduction) matches too; its `kind` is then unset.
std::optional<ReductionBand> matchReductionBand(scf::ForOp outer,
                                                bool anyAddition = false) {
  ReductionBand band;
  scf::ForOp loop = outer;
  while (true) {
    if (loop.getNumResults() != 0)
      return std::nullopt;
    band.loops.push_back(loop);
    Block *body = loop.getBody();
    if (body->getOperations().size() == 2)
      if (auto inner = dyn_cast<scf::ForOp>(body->front())) {
        loop = inner;
        continue;
      }
    break;
  }
  Block *body = band.loops.back().getBody();
  for (Operation &op : body->without_terminator()) {
    if (op.getNumRegions() != 0 && !isReadOnlyIf(&op))
      return std::nullopt;
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (band.accumulatorStore)
        return std::nullopt;
      band.accumulatorStore = store;
      continue;
    }
    if (!isMemoryEffectFree(&op) && !isa<memref::LoadOp>(op) &&
        !isReadOnlyIf(&op))
      return std::nullopt;
  }
  memref::StoreOp store = band.accumulatorStore;
  if (!store)
    return std::nullopt;
  for (Value index : store.getIndices())
    if (!outer.isDefinedOutsideOfLoop(index))
      return std::nullopt;
  if (!outer.isDefinedOutsideOfLoop(store.getMemRef()))
    return std::nullopt;
  Operation *combiner = store.getValueToStore().getDefiningOp();
  if (!combiner || combiner->getBlock() != body)
    return std::nullopt;
  auto kind = getReductionKind(combiner);
  if (!kind && !(anyAddition && isa<arith::AddFOp, arith::AddIOp>(combiner)))
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i) {
    auto load = combiner->getOperand(i).getDefiningOp<memref::LoadOp>();
    if (!load || load.getMemRef() != store.getMemRef() ||
        load.getIndices() != store.getIndices() || !load->hasOneUse())
      continue;
    band.accumulatorLoad = load;
    band.contribution = combiner->getOperand(1 - i);
  }
  if (!band.accumulatorLoad)
    return std::nullopt;
  // No other access to the accumulator in the band.
  for (Operation &op : body->without_terminator())
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && load != band.accumulatorLoad &&
        load.getMemRef() == store.getMemRef())
      return std::nullopt;
  band.combiner = combiner;
  if (kind) {
    band.kind = kind->first;
    band.identity = kind->second;
  }
  return band;
}

/// Whether a load of the band reads along the innermost dimension with the
/// innermost loop: neighbouring threads then read neighbouring elements.
bool readsRows(ReductionBand band) {
  Value iv = band.loops.back().getInductionVar();
  for (Operation &op : band.loops.back().getBody()->without_terminator())
    if (auto load = dyn_cast<memref::LoadOp>(op))
      if (!load.getIndices().empty() && load.getIndices().back() == iv)
        return true;
  return false;
}

/// Trip counts of loops with bounds (`lbs`, `ubs`, `steps`).
SmallVector<Value> getTripCounts(OpBuilder &b, Location loc, ValueRange lbs,
                                 ValueRange ubs, ValueRange steps) {
  SmallVector<Value> counts;
  for (auto [lb, ub, step] : llvm::zip_equal(lbs, ubs, steps))
    counts.push_back(arith::CeilDivSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ub, lb), step));
  return counts;
}

SmallVector<Value> getTripCounts(OpBuilder &b, Location loc,
                                 scf::ParallelOp loop) {
  return getTripCounts(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep());
}

/// Trip counts of `loops`, computed before them.
SmallVector<Value> getTripCounts(OpBuilder &b, Location loc,
                                 ArrayRef<scf::ForOp> loops) {
  SmallVector<Value> lbs, ubs, steps;
  for (scf::ForOp loop : loops) {
    lbs.push_back(loop.getLowerBound());
    ubs.push_back(loop.getUpperBound());
    steps.push_back(loop.getStep());
  }
  return getTripCounts(b, loc, lbs, ubs, steps);
}

/// Maps the induction variables of loops with (`lbs`, `steps`) and trip
/// `counts` to the linear iteration `id`, innermost fastest.
void mapDelinearized(OpBuilder &b, Location loc, Value id,
                     ArrayRef<Value> counts, ValueRange lbs, ValueRange steps,
                     ValueRange ivs, IRMapping &mapping) {
  Value rest = id;
  for (int64_t i = counts.size() - 1; i >= 0; --i) {
    Value index = rest;
    if (i > 0) {
      index = arith::RemSIOp::create(b, loc, rest, counts[i]);
      rest = arith::DivSIOp::create(b, loc, rest, counts[i]);
    }
    mapping.map(ivs[i], arith::AddIOp::create(
                            b, loc, lbs[i],
                            arith::MulIOp::create(b, loc, index, steps[i])));
  }
}

Value product(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value result = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value v : values)
    result = arith::MulIOp::create(b, loc, result, v);
  return result;
}

/// Static trip count of a loop, if known.
std::optional<int64_t> getStaticTripCount(Value lb, Value ub, Value step) {
  std::optional<int64_t> l = getConstantIntValue(lb);
  std::optional<int64_t> u = getConstantIntValue(ub);
  std::optional<int64_t> s = getConstantIntValue(step);
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  return std::max<int64_t>(0, llvm::divideCeil(*u - *l, *s));
}

/// The number of consecutive innermost iterations one thread of `loop`
/// computes with vector loads and stores of 16 bytes: 1 unless the body is
/// a straight line of elementwise arithmetic over buffers with identity
/// layouts read and written along the innermost dimension (a loop fusion),
/// whose innermost extent that many iterations divide. Buffers are
/// allocated 256-byte aligned, so such accesses are 16-byte aligned.
int64_t getVectorWidth(scf::ParallelOp loop) {
  unsigned rank = loop.getNumLoops();
  Value iv = loop.getInductionVars().back();
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound().back());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound().back());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep().back());
  if (!lb || !ub || !step || *lb != 0 || *step != 1 || rank == 0)
    return 1;
  unsigned widestBytes = 0;
  bool vectorAccess = false;
  auto dependsOnIv = [&](Value v) { return v == iv; };
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return 1;
    for (Value operand : op.getOperands())
      if (operand == iv && !isa<memref::LoadOp, memref::StoreOp>(op))
        return 1;
    if (auto load = dyn_cast<memref::LoadOp>(op); load || isa<memref::StoreOp>(op)) {
      Value memref = load ? load.getMemRef()
                          : cast<memref::StoreOp>(op).getMemRef();
      ValueRange indices = load ? load.getIndices()
                                : cast<memref::StoreOp>(op).getIndices();
      auto type = cast<MemRefType>(memref.getType());
      Type element = type.getElementType();
      if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
        return 1;
      bool alongIv = !indices.empty() && indices.back() == iv;
      if (llvm::any_of(indices.drop_back(indices.empty() ? 0 : 1), dependsOnIv))
        return 1;
      if (!alongIv) {
        if (!load) // A store must be along the vector.
          return 1;
        continue; // A value broadcast to every lane.
      }
      if (!type.getLayout().isIdentity() || !type.hasStaticShape())
        return 1;
      vectorAccess = true;
      widestBytes = std::max(widestBytes, element.getIntOrFloatBitWidth() / 8);
      continue;
    }
    if (isa<arith::ConstantOp>(op))
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&op) || op.getNumResults() != 1)
      return 1;
    for (Type type : llvm::concat<Type>(op.getOperandTypes(), op.getResultTypes()))
      if (!type.isIntOrFloat())
        return 1;
  }
  if (!vectorAccess || widestBytes == 0)
    return 1;
  int64_t width = 16 / widestBytes;
  // Every vector access must be aligned: its row length and the lane base
  // are multiples of the width.
  for (Operation &op : loop.getBody()->without_terminator()) {
    Value memref;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      memref = load.getIndices().empty() || load.getIndices().back() != iv
                   ? Value()
                   : load.getMemRef();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      memref = store.getMemRef();
    if (!memref)
      continue;
    int64_t rowLength = cast<MemRefType>(memref.getType()).getShape().back();
    if (rowLength % width != 0)
      return 1;
  }
  if (*ub % width != 0 || width < 2)
    return 1;
  return width;
}

/// Clones the body of `loop` with its innermost induction variable mapped to
/// the first of `width` consecutive iterations, computing all of them at
/// once on vectors (see getVectorWidth).
void cloneVectorized(OpBuilder &b, scf::ParallelOp loop, int64_t width,
                     IRMapping &mapping) {
  Value iv = loop.getInductionVars().back();
  DenseSet<Value> vectors;
  auto vectorType = [&](Type scalar) { return VectorType::get({width}, scalar); };
  auto asVector = [&](Value v) -> Value {
    Value mapped = mapping.lookupOrDefault(v);
    if (vectors.contains(mapped))
      return mapped;
    return vector::BroadcastOp::create(b, v.getLoc(),
                                       vectorType(mapped.getType()), mapped);
  };
  for (Operation &op : loop.getBody()->without_terminator()) {
    Location loc = op.getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (load.getIndices().empty() || load.getIndices().back() != iv) {
        b.clone(op, mapping);
        continue;
      }
      SmallVector<Value> indices;
      for (Value index : load.getIndices())
        indices.push_back(mapping.lookupOrDefault(index));
      Type element = load.getType();
      Value v = vector::LoadOp::create(
          b, loc, vectorType(element), mapping.lookupOrDefault(load.getMemRef()),
          indices, /*nontemporal=*/false,
          llvm::MaybeAlign(width * element.getIntOrFloatBitWidth() / 8));
      vectors.insert(v);
      mapping.map(load.getResult(), v);
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      SmallVector<Value> indices;
      for (Value index : store.getIndices())
        indices.push_back(mapping.lookupOrDefault(index));
      Type element = store.getValueToStore().getType();
      vector::StoreOp::create(
          b, loc, asVector(store.getValueToStore()),
          mapping.lookupOrDefault(store.getMemRef()), indices,
          /*nontemporal=*/false,
          llvm::MaybeAlign(width * element.getIntOrFloatBitWidth() / 8));
      continue;
    }
    bool anyVector = llvm::any_of(op.getOperands(), [&](Value v) {
      return vectors.contains(mapping.lookupOrDefault(v));
    });
    if (!anyVector || op.getNumOperands() == 0) {
      b.clone(op, mapping);
      continue;
    }
    OperationState state(loc, op.getName());
    state.addAttributes(op.getAttrs());
    for (Value operand : op.getOperands())
      state.addOperands(asVector(operand));
    state.addTypes(vectorType(op.getResult(0).getType()));
    Operation *vectorOp = b.create(state);
    vectors.insert(vectorOp->getResult(0));
    mapping.map(op.getResult(0), vectorOp->getResult(0));
  }
}

/// A sequential loop around a parallel one, as a reduction over an outer
/// dimension (a column sum) becomes: `scf.for %k { scf.parallel %j {..} }`.
/// When each parallel iteration writes only elements indexed by its own
/// induction variables, the iterations of different %j are independent and
/// the loops can be swapped, so that the kernel has a thread per column
/// instead of the host launching one kernel per %k. Returns the new
/// parallel loop, or null.
scf::ParallelOp hoistParallelLoop(scf::ForOp forOp) {
  if (forOp.getNumResults() != 0 ||
      forOp.getBody()->getOperations().size() != 2)
    return nullptr;
  auto inner = dyn_cast<scf::ParallelOp>(forOp.getBody()->front());
  if (!inner || inner.getNumResults() != 0)
    return nullptr;
  for (Value bound : llvm::concat<Value>(inner.getLowerBound(),
                                         inner.getUpperBound(),
                                         inner.getStep()))
    if (!forOp.isDefinedOutsideOfLoop(bound))
      return nullptr;
  SmallVector<Value> ivs = llvm::to_vector(inner.getInductionVars());
  bool independent = true;
  inner.walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      for (Value iv : ivs)
        if (!llvm::is_contained(store.getIndices(), iv))
          independent = false;
    } else if (!isa<memref::LoadOp>(op) && !isMemoryEffectFree(op) &&
               op->getNumRegions() == 0) {
      independent = false;
    }
  });
  if (!independent)
    return nullptr;
  OpBuilder b(forOp);
  auto hoisted = scf::ParallelOp::create(
      b, inner.getLoc(), inner.getLowerBound(), inner.getUpperBound(),
      inner.getStep(),
      [&](OpBuilder &nested, Location loc, ValueRange newIvs) {
        IRMapping mapping;
        for (auto [oldIv, newIv] : llvm::zip_equal(ivs, newIvs))
          mapping.map(oldIv, newIv);
        auto loop = scf::ForOp::create(
            nested, forOp.getLoc(), forOp.getLowerBound(),
            forOp.getUpperBound(), forOp.getStep(), ValueRange(),
            [&](OpBuilder &body, Location, Value k, ValueRange) {
              mapping.map(forOp.getInductionVar(), k);
              for (Operation &op : inner.getBody()->without_terminator())
                body.clone(op, mapping);
              scf::YieldOp::create(body, loc);
            });
        (void)loop;
      });
  forOp.erase();
  return hoisted;
}

/// The iteration space of a copy: every element of its source.
struct CopyBounds {
  SmallVector<Value> lbs, ubs, steps;
};

CopyBounds getCopyBounds(OpBuilder &b, memref::CopyOp copy) {
  Location loc = copy.getLoc();
  int64_t rank = cast<MemRefType>(copy.getSource().getType()).getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  CopyBounds bounds;
  bounds.lbs.assign(rank, zero);
  bounds.steps.assign(rank, one);
  for (int64_t i = 0; i < rank; ++i)
    bounds.ubs.push_back(memref::DimOp::create(b, loc, copy.getSource(), i));
  return bounds;
}

/// A copy inside a kernel as a loop nest of loads and stores (the NVVM and
/// ROCDL lowerings only turn contiguous copies into memcpy intrinsics).
void expandCopy(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  CopyBounds bounds = getCopyBounds(b, copy);
  scf::buildLoopNest(b, loc, bounds.lbs, bounds.ubs, bounds.steps,
                     [&](OpBuilder &nested, Location nestedLoc,
                         ValueRange ivs) {
                       Value v = memref::LoadOp::create(
                           nested, nestedLoc, copy.getSource(), ivs);
                       memref::StoreOp::create(nested, nestedLoc, v,
                                               copy.getTarget(), ivs);
                     });
  copy.erase();
}

/// How the `threads` threads of a block walk a tile of `slowExtent` x
/// `fastExtent` elements, neighbouring threads on neighbouring fast
/// indices: thread t takes, in passes, the elements whose fast index is
/// t % fastExtent and whose slow index is t / fastExtent plus a multiple of
/// threads / fastExtent (`threads` must be a multiple of `fastExtent`,
/// `slowExtent` one of threads / fastExtent).
struct TileWalk {
  Value fast, firstSlow;
  Value slowEnd, slowPerPass;
};

TileWalk getTileWalk(OpBuilder &b, Location loc, Value threadId,
                     int64_t threads, int64_t slowExtent, int64_t fastExtent) {
  assert(threads % fastExtent == 0 &&
         slowExtent % (threads / fastExtent) == 0 && "uneven tile walk");
  TileWalk walk;
  Value fastValue = arith::ConstantIndexOp::create(b, loc, fastExtent);
  walk.fast = arith::RemSIOp::create(b, loc, threadId, fastValue);
  walk.firstSlow = arith::DivSIOp::create(b, loc, threadId, fastValue);
  walk.slowEnd = slowExtent == fastExtent
                     ? fastValue
                     : arith::ConstantIndexOp::create(b, loc, slowExtent);
  walk.slowPerPass =
      arith::ConstantIndexOp::create(b, loc, threads / fastExtent);
  return walk;
}

/// Calls `body` with the (slow, fast) indices of each element of the tile
/// the thread takes in `walk`, one pass of an scf.for at a time.
void forEachTileElement(OpBuilder &b, Location loc, const TileWalk &walk,
                        function_ref<void(OpBuilder &, Value, Value)> body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  scf::ForOp::create(
      b, loc, zero, walk.slowEnd, walk.slowPerPass, ValueRange(),
      [&](OpBuilder &nb, Location, Value pass, ValueRange) {
        Value slow = arith::AddIOp::create(nb, loc, walk.firstSlow, pass);
        body(nb, slow, walk.fast);
        scf::YieldOp::create(nb, loc);
      });
}

/// Stages values in workgroup memory `tiles`: for each element of the tile
/// the thread takes in `walk`, `mapElement` maps the iteration it belongs
/// to and returns whether that iteration exists (edge tiles are partial);
/// inside that guard, `read` computes one value per tile. They are stored
/// at [slow, fast] of each tile, or at [fast, slow] with `fastFirst`.
/// Outside the iteration space, `zeroFill` stores zeros (a partial chunk of
/// a sum then adds nothing), else nothing is stored.
void stageTile(
    OpBuilder &b, Location loc, const TileWalk &walk, ValueRange tiles,
    bool fastFirst, bool zeroFill,
    function_ref<Value(OpBuilder &, Value slow, Value fast, IRMapping &)>
        mapElement,
    function_ref<SmallVector<Value>(OpBuilder &, IRMapping &)> read) {
  forEachTileElement(b, loc, walk, [&](OpBuilder &nb, Value slow, Value fast) {
    IRMapping mapping;
    Value inRange = mapElement(nb, slow, fast, mapping);
    SmallVector<Value> indices = {slow, fast};
    if (fastFirst)
      std::swap(indices[0], indices[1]);
    auto storeAll = [&](OpBuilder &sb, ValueRange values) {
      for (auto [value, stagedTile] : llvm::zip_equal(values, tiles))
        memref::StoreOp::create(sb, loc, value, stagedTile, indices);
    };
    if (!zeroFill) {
      auto ifIn = scf::IfOp::create(nb, loc, inRange, false);
      OpBuilder ib = OpBuilder::atBlockTerminator(ifIn.thenBlock());
      SmallVector<Value> values = read(ib, mapping);
      storeAll(ib, values);
      return;
    }
    auto ifIn = scf::IfOp::create(
        nb, loc, inRange,
        [&](OpBuilder &ib, Location) {
          SmallVector<Value> values = read(ib, mapping);
          scf::YieldOp::create(ib, loc, values);
        },
        [&](OpBuilder &ib, Location) {
          SmallVector<Value> zeros;
          for (Value stagedTile : tiles) {
            Type type = cast<MemRefType>(stagedTile.getType()).getElementType();
            zeros.push_back(
                arith::ConstantOp::create(ib, loc, ib.getZeroAttr(type)));
          }
          scf::YieldOp::create(ib, loc, zeros);
        });
    storeAll(nb, ifIn.getResults());
  });
}

/// Edge of the square tiles through which transposes are staged in
/// workgroup memory; a block of `blockSize` threads covers a tile in
/// passes of blockSize / kTransposeTile rows.
constexpr int64_t kTransposeTile = 32;
/// Workgroup memory a transpose kernel may use for its tiles (Vulkan
/// guarantees 16 KiB).
constexpr int64_t kTransposeSharedBytes = 16 * 1024;
/// Both tiled dimensions must have at least this many iterations.
constexpr int64_t kTransposeMinExtent = 8;

/// A parallel loop that reads buffers along one of its dimensions (`read`:
/// the loaded element's innermost index is that induction variable) and
/// writes them along another (`write`): a transpose, possibly fused with
/// elementwise work around it. Its loads along `read` are `staged` through
/// workgroup memory tiles, so that both the reads and the writes of
/// neighbouring threads touch neighbouring elements.
struct TransposeTiling {
  unsigned read = 0, write = 0;
  SmallVector<memref::LoadOp> staged;
  /// The ops of the body the staged loads' indices are computed with
  /// (pure, region-free).
  llvm::SmallPtrSet<Operation *, 8> indexOps;
};

std::optional<unsigned> getInductionVarPosition(scf::ParallelOp loop,
                                                Value value) {
  for (auto [i, iv] : llvm::enumerate(loop.getInductionVars()))
    if (iv == value)
      return i;
  return std::nullopt;
}

/// Adds to `ops` the ops of `body` that `value` is computed from; false if
/// one of them is not a pure op without regions.
bool collectIndexOps(Value value, Block *body,
                     llvm::SmallPtrSetImpl<Operation *> &ops) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != body || ops.contains(def))
    return true;
  if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  ops.insert(def);
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return collectIndexOps(operand, body, ops);
  });
}

std::optional<TransposeTiling> matchTranspose(scf::ParallelOp loop,
                                              int64_t blockSize) {
  if (loop.getNumResults() != 0 || loop.getNumLoops() < 2 ||
      blockSize < kTransposeTile)
    return std::nullopt;
  Block *body = loop.getBody();
  // Every write is a store of the body along one induction variable; the
  // rest of the body only reads and computes.
  std::optional<unsigned> write;
  llvm::SmallPtrSet<Value, 4> written;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<scf::ParallelOp, gpu::LaunchOp>(op))
      return WalkResult::interrupt();
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (store->getBlock() != body || store.getIndices().empty())
        return WalkResult::interrupt();
      std::optional<unsigned> dim =
          getInductionVarPosition(loop, store.getIndices().back());
      if (!dim || (write && *write != *dim))
        return WalkResult::interrupt();
      write = dim;
      written.insert(store.getMemRef());
      return WalkResult::advance();
    }
    if (op->getNumRegions() == 0 && !isMemoryEffectFree(op) &&
        !isa<memref::LoadOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || !write)
    return std::nullopt;
  TransposeTiling tiling;
  tiling.write = *write;
  std::optional<unsigned> read;
  int64_t sharedBytes = 0;
  for (Operation &op : body->without_terminator()) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load || load.getIndices().empty() ||
        written.contains(load.getMemRef()))
      continue;
    std::optional<unsigned> dim =
        getInductionVarPosition(loop, load.getIndices().back());
    if (!dim || *dim == *write || (read && *read != *dim))
      continue;
    Type element = load.getType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
        element.getIntOrFloatBitWidth() > 64)
      continue;
    int64_t bytes = kTransposeTile * (kTransposeTile + 1) *
                    element.getIntOrFloatBitWidth() / 8;
    if (sharedBytes + bytes > kTransposeSharedBytes)
      continue;
    llvm::SmallPtrSet<Operation *, 8> indexOps(tiling.indexOps.begin(),
                                               tiling.indexOps.end());
    if (!llvm::all_of(load.getIndices(), [&](Value index) {
          return collectIndexOps(index, body, indexOps);
        }))
      continue;
    tiling.indexOps = std::move(indexOps);
    read = dim;
    sharedBytes += bytes;
    tiling.staged.push_back(load);
  }
  if (!read)
    return std::nullopt;
  tiling.read = *read;
  for (unsigned dim : {tiling.read, tiling.write}) {
    std::optional<int64_t> count =
        getStaticTripCount(loop.getLowerBound()[dim], loop.getUpperBound()[dim],
                           loop.getStep()[dim]);
    if (!count || *count < kTransposeMinExtent)
      return std::nullopt;
  }
  return tiling;
}

/// Tile of a contraction kernel's block: kContractionTile x
/// kContractionTile outputs, computed by kContractionThreads threads as a
/// square of (tile / kContractionRegisters)^2 threads, each holding a
/// kContractionRegisters^2 register tile of accumulators.
constexpr int64_t kContractionTile = 64;
constexpr int64_t kContractionRegisters = 4;
constexpr int64_t kContractionThreads =
    (kContractionTile / kContractionRegisters) *
    (kContractionTile / kContractionRegisters);
/// Both output dimensions of a contraction must have at least this many
/// elements to be tiled (matrix-vector shapes keep a block per output
/// element, its threads sharing the reduction).
constexpr int64_t kContractionMinExtent = 16;

/// A dimension of a contraction's iteration space: a dimension of its
/// output loop, or, for a loop dimension split by a feature or batch group
/// (`o / C` read by one operand, `o` by the other), its quotient (`scale`
/// C, the group) or remainder (`scale` 1, the feature within the group).
/// The loop's induction variable is lb + step * (sum of index * scale over
/// its parts); a split dimension has lb 0 and step 1.
struct ContractionDim {
  unsigned loop = 0;
  int64_t extent = 1;
  int64_t scale = 1;
};

/// How a contraction's blocks tile it (see ContractionTiling).
enum class ContractionKind {
  /// m x n output tiles, both operands staged.
  Gemm,
  /// Few outputs per group (a depthwise or grouped convolution): tiles of
  /// m x columns, the column operand staged.
  Grouped,
};

/// An output loop whose iterations each sum products over a reduction band:
/// what a dot (batched or not) or a convolution becomes,
///   scf.parallel (P) { pure ops; scf.for (K) { ... acc += post(x * y) } }
/// where `x` depends only on the `m` and batch dimensions of P (and K) and
/// `y` only on the `n` and batch dimensions: an implicit GEMM. A block
/// computes a tile of (m x n) outputs, staging the x and y values of a
/// chunk of K in workgroup memory (zero outside the iteration space, so
/// that they add nothing), each thread accumulating a register tile.
///
/// A grouped convolution's input feature depends on the output feature's
/// group (o / features-per-group), its filter on the output feature: the
/// output feature loop splits into the group, a batch dimension (each
/// group an independent GEMM: M output positions, N features per group, K
/// window x input features per group), and the feature within the group,
/// an n dimension; batch_group_count splits it likewise. When the groups
/// have too few features for a GEMM tile (depthwise convolutions: 1 or the
/// channel multiplier), the kernel is a Grouped one (launchTiledGrouped).
struct ContractionTiling {
  ContractionKind kind = ContractionKind::Gemm;
  ReductionBand band;
  Operation *mix = nullptr; // x * y
  /// Conversions of the product before it is added (in order).
  SmallVector<Operation *> post;
  SmallVector<ContractionDim> mDims, nDims, batchDims;
  /// The ops of the innermost body computing x and y, in body order.
  SmallVector<Operation *> lhsOps, rhsOps;
  /// Whether x (y) is read along the reduction: the innermost index of one
  /// of its loads depends on the innermost reduction loop.
  bool lhsAlongK = false, rhsAlongK = false;
  /// Grouped: whether x is read along the innermost m dimension (else along
  /// a column: batch or n).
  bool lhsAlongM = false;
};

/// The induction variables (bit i: the parallel loop's i-th, bit P + j: the
/// band's j-th loop's) values of a parallel loop's body depend on.
class IvDependences {
public:
  IvDependences(scf::ParallelOp loop, MutableArrayRef<scf::ForOp> band)
      : loop(loop) {
    for (auto [i, iv] : llvm::enumerate(loop.getInductionVars()))
      bits[iv] = uint64_t(1) << i;
    for (auto [j, forOp] : llvm::enumerate(band))
      bits[forOp.getInductionVar()] = uint64_t(1)
                                      << (loop.getNumLoops() + j);
  }

  /// Makes `value` depend on `bit` alone (a group index, o / C).
  void seed(Value value, uint64_t bit) { bits[value] = bit; }

  uint64_t get(Value value) {
    auto it = bits.find(value);
    if (it != bits.end())
      return it->second;
    uint64_t result = 0;
    Operation *def = value.getDefiningOp();
    if (def && loop->isProperAncestor(def)) {
      for (Value operand : def->getOperands())
        result |= get(operand);
      def->walk([&](Operation *nested) {
        if (nested == def)
          return;
        for (Value operand : nested->getOperands())
          if (!def->isAncestor(operand.getParentRegion()->getParentOp()))
            result |= get(operand);
      });
    }
    bits[value] = result;
    return result;
  }

private:
  scf::ParallelOp loop;
  DenseMap<Value, uint64_t> bits;
};

/// Collects into `ops` the ops of `body` that `value` is computed from (ops
/// nested in them included); false if one of them writes memory or is the
/// band's accumulator load.
bool collectSideOps(Value value, Block *body, const ReductionBand &band,
                    llvm::SetVector<Operation *> &ops) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return true;
  // A value of a nested region's op: its owner in the body.
  while (def->getBlock() != body && def->getParentOp() &&
         body->getParentOp()->isProperAncestor(def))
    def = def->getParentOp();
  if (def->getBlock() != body || ops.contains(def))
    return true;
  if (def == band.accumulatorLoad || def == band.combiner ||
      (!isa<memref::LoadOp>(def) && !isMemoryEffectFree(def) &&
       !isReadOnlyIf(def)))
    return false;
  ops.insert(def);
  bool ok = true;
  def->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      ok &= collectSideOps(operand, body, band, ops);
  });
  return ok;
}

std::optional<ContractionTiling> matchContraction(scf::ParallelOp loop,
                                                  int64_t blockSize) {
  if (loop.getNumResults() != 0 || blockSize < kContractionThreads)
    return std::nullopt;
  // The body: index computations, then the band.
  Block *body = loop.getBody();
  scf::ForOp outer;
  for (Operation &op : body->without_terminator()) {
    if (outer)
      return std::nullopt;
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      outer = forOp;
      continue;
    }
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return std::nullopt;
  }
  if (!outer)
    return std::nullopt;
  std::optional<ReductionBand> band =
      matchReductionBand(outer, /*anyAddition=*/true);
  if (!band || !isa<arith::AddFOp, arith::AddIOp>(band->combiner))
    return std::nullopt;
  ContractionTiling tiling;
  tiling.band = *band;
  // contribution = post(x * y)
  Block *inner = band->loops.back().getBody();
  Value product = band->contribution;
  while (true) {
    Operation *def = product.getDefiningOp();
    if (!def || def->getBlock() != inner)
      return std::nullopt;
    if (isa<arith::MulFOp, arith::MulIOp>(def)) {
      tiling.mix = def;
      break;
    }
    if (!isa<arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp>(def))
      return std::nullopt;
    tiling.post.insert(tiling.post.begin(), def);
    product = def->getOperand(0);
  }
  Type accumulator = band->contribution.getType();
  if (!accumulator.isIntOrFloat())
    return std::nullopt;
  for (Value side : tiling.mix->getOperands())
    if (!side.getType().isIntOrFloat() ||
        side.getType().getIntOrFloatBitWidth() < 8 ||
        side.getType().getIntOrFloatBitWidth() > 64)
      return std::nullopt;
  unsigned numLoops = loop.getNumLoops();
  if (2 * numLoops + band->loops.size() > 64)
    return std::nullopt;
  SmallVector<int64_t> counts;
  for (unsigned i = 0; i < numLoops; ++i) {
    std::optional<int64_t> count = getStaticTripCount(
        loop.getLowerBound()[i], loop.getUpperBound()[i], loop.getStep()[i]);
    if (!count)
      return std::nullopt;
    counts.push_back(*count);
  }
  IvDependences deps(loop, band->loops);
  // Group indices: `iv / C` of a dimension from 0 step 1 that C divides
  // (the same C throughout), each its own dependence bit, so that an
  // operand reading only the group does not depend on the whole dimension.
  auto bit = [](unsigned i) { return uint64_t(1) << i; };
  auto groupBit = [&](unsigned i) {
    return bit(numLoops + band->loops.size() + i);
  };
  SmallVector<int64_t> divisors(numLoops, 0); // 0: none, -1: mixed
  SmallVector<std::pair<Value, unsigned>> groupIndices;
  loop.getBody()->walk([&](Operation *op) {
    if (!isa<arith::DivUIOp, arith::DivSIOp>(op))
      return;
    std::optional<unsigned> dim =
        getInductionVarPosition(loop, op->getOperand(0));
    std::optional<int64_t> divisor = getConstantIntValue(op->getOperand(1));
    if (!dim || !divisor ||
        getConstantIntValue(loop.getLowerBound()[*dim]) != 0 ||
        getConstantIntValue(loop.getStep()[*dim]) != 1 || *divisor <= 1 ||
        *divisor >= counts[*dim] || counts[*dim] % *divisor != 0)
      return;
    int64_t &known = divisors[*dim];
    known = known == 0 || known == *divisor ? *divisor : -1;
    groupIndices.push_back({op->getResult(0), *dim});
  });
  for (auto [value, dim] : groupIndices)
    if (divisors[dim] > 0)
      deps.seed(value, groupBit(dim));
  uint64_t lhs = deps.get(tiling.mix->getOperand(0));
  uint64_t rhs = deps.get(tiling.mix->getOperand(1));
  int64_t mExtent = 1, nExtent = 1, columnExtent = 1;
  uint64_t columnBits = 0;
  for (unsigned i = 0; i < numLoops; ++i) {
    bool lhsWhole = lhs & bit(i), rhsWhole = rhs & bit(i);
    bool lhsGroup = lhs & groupBit(i), rhsGroup = rhs & groupBit(i);
    int64_t divisor = divisors[i];
    // A split dimension: the group is a batch dimension, the feature within
    // it belongs to the operand reading the whole dimension.
    bool lhsOnlyGroup = lhsGroup && !lhsWhole;
    bool rhsOnlyGroup = rhsGroup && !rhsWhole;
    if (divisor > 0 &&
        ((lhsOnlyGroup && rhsWhole) || (rhsOnlyGroup && lhsWhole))) {
      tiling.batchDims.push_back({i, counts[i] / divisor, divisor});
      (lhsWhole ? tiling.mDims : tiling.nDims).push_back({i, divisor, 1});
      (lhsWhole ? mExtent : nExtent) *= divisor;
      if (rhsWhole)
        columnExtent *= counts[i];
      else
        columnExtent *= counts[i] / divisor;
      columnBits |= bit(i) | groupBit(i);
      continue;
    }
    bool inLhs = lhsWhole || lhsGroup, inRhs = rhsWhole || rhsGroup;
    ContractionDim dim{i, counts[i], 1};
    if (inLhs && !inRhs) {
      tiling.mDims.push_back(dim);
      mExtent *= counts[i];
      continue;
    }
    if (inRhs && !inLhs)
      tiling.nDims.push_back(dim);
    else
      tiling.batchDims.push_back(dim);
    if (inRhs && !inLhs)
      nExtent *= counts[i];
    columnExtent *= counts[i];
    columnBits |= bit(i) | groupBit(i);
  }
  if (tiling.mDims.empty() || mExtent < kContractionMinExtent)
    return std::nullopt;
  if (tiling.nDims.empty() || nExtent < kContractionMinExtent) {
    // Too few outputs per group for a GEMM tile: a Grouped kernel, when
    // there are columns (the batch and n dimensions) and x is read along
    // one of its output dimensions, so that neighbouring threads read
    // neighbouring elements of it (a read along the reduction, a matrix
    // times vectors, keeps a block per output element).
    if (columnExtent < 2)
      return std::nullopt;
    tiling.kind = ContractionKind::Grouped;
  }
  for (scf::ForOp forOp : band->loops)
    if (!getStaticTripCount(forOp.getLowerBound(), forOp.getUpperBound(),
                            forOp.getStep()))
      return std::nullopt;
  llvm::SetVector<Operation *> lhsOps, rhsOps;
  if (!collectSideOps(tiling.mix->getOperand(0), inner, *band, lhsOps) ||
      !collectSideOps(tiling.mix->getOperand(1), inner, *band, rhsOps))
    return std::nullopt;
  uint64_t kBit = uint64_t(1) << (loop.getNumLoops() + band->loops.size() - 1);
  for (Operation &op : inner->without_terminator()) {
    for (auto sideTuple :
         {std::make_tuple(&lhsOps, &tiling.lhsOps, &tiling.lhsAlongK),
          std::make_tuple(&rhsOps, &tiling.rhsOps, &tiling.rhsAlongK)}) {
      auto *ops = std::get<0>(sideTuple);
      auto *sorted = std::get<1>(sideTuple);
      bool *alongK = std::get<2>(sideTuple);
      if (!ops->contains(&op))
        continue;
      sorted->push_back(&op);
      op.walk([&](memref::LoadOp load) {
        if (!load.getIndices().empty() &&
            (deps.get(load.getIndices().back()) & kBit))
          *alongK = true;
      });
    }
  }
  if (tiling.kind == ContractionKind::Grouped) {
    // The m dimensions are linearized innermost last.
    uint64_t lastM = bit(tiling.mDims.back().loop);
    bool alongColumns = false;
    for (Operation *op : tiling.lhsOps)
      op->walk([&](memref::LoadOp load) {
        if (load.getIndices().empty())
          return;
        uint64_t innermost = deps.get(load.getIndices().back());
        tiling.lhsAlongM |= (innermost & lastM) != 0;
        alongColumns |= (innermost & columnBits) != 0;
      });
    if (!tiling.lhsAlongM && !alongColumns)
      return std::nullopt;
  }
  return tiling;
}

/// The indices of dimensions of `extents` (innermost fastest) whose
/// linearized index is `id`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value id,
                               ArrayRef<int64_t> extents) {
  SmallVector<Value> indices(extents.size());
  Value rest = id;
  for (int64_t i = extents.size() - 1; i >= 0; --i) {
    indices[i] = rest;
    if (i > 0) {
      Value extent = arith::ConstantIndexOp::create(b, loc, extents[i]);
      indices[i] = arith::RemSIOp::create(b, loc, rest, extent);
      rest = arith::DivSIOp::create(b, loc, rest, extent);
    }
  }
  return indices;
}

int64_t getExtent(ArrayRef<ContractionDim> dims) {
  int64_t extent = 1;
  for (const ContractionDim &dim : dims)
    extent *= dim.extent;
  return extent;
}

SmallVector<int64_t> getExtents(ArrayRef<ContractionDim> dims) {
  return llvm::map_to_vector(dims,
                             [](const ContractionDim &d) { return d.extent; });
}

/// Maps the induction variables of `band`'s loops to the linear reduction
/// index `k` (null: to their lower bounds; the band's bounds are constants,
/// see matchContraction).
void mapBandIvs(OpBuilder &b, Location loc, const ReductionBand &band,
                Value k, IRMapping &mapping) {
  SmallVector<Value> bandLbs, bandSteps, bandCounts, ivs;
  for (scf::ForOp forOp : band.loops) {
    int64_t lb = *getConstantIntValue(forOp.getLowerBound());
    bandLbs.push_back(arith::ConstantIndexOp::create(b, loc, lb));
    bandSteps.push_back(arith::ConstantIndexOp::create(
        b, loc, *getConstantIntValue(forOp.getStep())));
    bandCounts.push_back(arith::ConstantIndexOp::create(
        b, loc,
        *getStaticTripCount(forOp.getLowerBound(), forOp.getUpperBound(),
                            forOp.getStep())));
    ivs.push_back(forOp.getInductionVar());
  }
  if (k)
    mapDelinearized(b, loc, k, bandCounts, bandLbs, bandSteps, ivs, mapping);
  else
    for (auto [iv, lb] : llvm::zip_equal(ivs, bandLbs))
      mapping.map(iv, lb);
}

/// Maps the induction variables of a contraction's output loop given the
/// indices of some of its dimensions (`dims`, `indices`; a null index, or
/// a dimension not given, counts 0: the loop's lower bound), then clones
/// the loop body's index computations before the band. With `k`, the
/// linear reduction index, maps the band's loops too (else to their lower
/// bounds; the band's bounds are constants, see matchContraction).
void mapContractionIvs(OpBuilder &b, Location loc, scf::ParallelOp loop,
                       const ReductionBand &band,
                       ArrayRef<ContractionDim> dims, ArrayRef<Value> indices,
                       Value k, IRMapping &mapping) {
  SmallVector<Value> offsets(loop.getNumLoops());
  for (auto [dim, index] : llvm::zip_equal(dims, indices)) {
    if (!index)
      continue;
    Value part = index;
    if (dim.scale != 1) {
      Value scale = arith::ConstantIndexOp::create(b, loc, dim.scale);
      part = arith::MulIOp::create(b, loc, index, scale);
    }
    Value &offset = offsets[dim.loop];
    offset = offset ? arith::AddIOp::create(b, loc, offset, part) : part;
  }
  for (unsigned i = 0; i < loop.getNumLoops(); ++i) {
    Value iv = loop.getLowerBound()[i];
    if (offsets[i]) {
      Value scaled =
          arith::MulIOp::create(b, loc, offsets[i], loop.getStep()[i]);
      iv = arith::AddIOp::create(b, loc, iv, scaled);
    }
    mapping.map(loop.getInductionVars()[i], iv);
  }
  mapBandIvs(b, loc, band, k, mapping);
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (&op == band.loops.front())
      break;
    b.clone(op, mapping);
  }
}

/// The band's trip count (its bounds are constants).
int64_t getBandExtent(const ReductionBand &band) {
  int64_t extent = 1;
  for (scf::ForOp forOp : band.loops)
    extent *= *getStaticTripCount(forOp.getLowerBound(),
                                  forOp.getUpperBound(), forOp.getStep());
  return extent;
}

class KernelMapper {
public:
  KernelMapper(int64_t blockSize, bool reportUntiled)
      : blockSize(blockSize), reportUntiled(reportUntiled) {}

  LogicalResult mapBlock(Block &block);

private:
  /// A launch of `gridSize` x `threads` whose body is empty but for its
  /// terminator; the builder is left before the terminator.
  gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value gridSize,
                             Value threads);
  LogicalResult launchParallelLoop(scf::ParallelOp loop);
  /// A kernel whose blocks each compute a tile of a contraction's outputs
  /// (see ContractionTiling).
  LogicalResult launchTiledContraction(scf::ParallelOp loop,
                                       const ContractionTiling &tiling);
  /// A kernel whose blocks each compute a tile of a Grouped contraction's
  /// outputs (see launchTiledGrouped's definition).
  LogicalResult launchTiledGrouped(scf::ParallelOp loop,
                                   const ContractionTiling &tiling);
  /// A kernel whose blocks each transpose a tile of `loop`'s iteration
  /// space through workgroup memory (see TransposeTiling).
  LogicalResult launchTiledTranspose(scf::ParallelOp loop,
                                     const TransposeTiling &tiling);
  /// Whether `loop` is worth one block per iteration (a row of a softmax,
  /// of a row reduction) and can be mapped so; sets the block size.
  bool canLaunchBlockPerIteration(scf::ParallelOp loop, int64_t &threads);
  /// One block per iteration of `loop`, its threads sharing the nested
  /// parallel loops and row reductions of the iteration.
  LogicalResult launchBlockPerIteration(scf::ParallelOp loop, int64_t threads);
  /// Distributes the ops of `block` (in a kernel whose threads all run it)
  /// over the block's threads: nested parallel loops and reductions are
  /// shared, buffer writes are done by thread 0, barriers separate them.
  void shareAmongThreads(Block &block, Value threadId, Value blockDim);
  /// Rewrites `band` as a reduction shared by the threads of a block.
  void shareReduction(ReductionBand band, Value threadId,
                      Value blockDim);
  /// A top-level reduction band: one block of threads sharing it.
  LogicalResult launchReduction(ReductionBand band);
  /// Moves `op` into a one-thread kernel; its scalar results come back to
  /// the host through device scratch buffers.
  LogicalResult launchSerially(Operation *op);
  LogicalResult copyAsParallelLoop(memref::CopyOp copy);
  /// Private buffers of a kernel's thread instead of allocations.
  LogicalResult privatizeAllocations(gpu::LaunchOp launch);
  /// With `reportUntiled`: a remark when `loop`, about to get a thread per
  /// iteration, is a reduction (a contraction) or a transpose.
  void reportIfUntiled(scf::ParallelOp loop);

  int64_t blockSize;
  bool reportUntiled;
};

gpu::LaunchOp KernelMapper::createLaunch(OpBuilder &b, Location loc,
                                         Value gridSize, Value threads) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch =
      gpu::LaunchOp::create(b, loc, gridSize, one, one, threads, one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  return launch;
}

LogicalResult KernelMapper::launchParallelLoop(scf::ParallelOp loop) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  int64_t width = getVectorWidth(loop);
  // Trip counts and their product: the iteration space, linearized (with
  // vectors, the innermost dimension counts groups of `width` iterations,
  // each thread's first iteration `width` steps after its neighbour's).
  SmallVector<Value> counts = getTripCounts(b, loc, loop);
  SmallVector<Value> steps(loop.getStep());
  if (width > 1) {
    Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
    counts.back() = arith::DivSIOp::create(b, loc, counts.back(), widthValue);
    steps.back() = arith::MulIOp::create(b, loc, steps.back(), widthValue);
  }
  Value total = product(b, loc, counts);
  std::optional<int64_t> staticTotal = 1;
  for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                       loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> count = getStaticTripCount(lb, ub, step);
    if (staticTotal && count)
      *staticTotal *= *count;
    else
      staticTotal.reset();
  }
  if (staticTotal && *staticTotal == 0) {
    loop.erase();
    return success();
  }
  if (staticTotal)
    *staticTotal /= width;
  int64_t threads = blockSize;
  if (staticTotal && *staticTotal < threads)
    threads = std::max<int64_t>(1, *staticTotal);
  Value threadsValue = arith::ConstantIndexOp::create(b, loc, threads);
  Value grid = arith::CeilDivSIOp::create(b, loc, total, threadsValue);
  // An empty iteration space still launches one (idle) block.
  Value oneBlock = arith::ConstantIndexOp::create(b, loc, 1);
  grid = arith::MaxSIOp::create(b, loc, grid, oneBlock);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, threadsValue);

  b.setInsertionPoint(launch.getBody().front().getTerminator());
  Value blockId = launch.getBlockIds().x;
  Value threadId = launch.getThreadIds().x;
  Value id = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, blockId, threadsValue), threadId);
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id,
                                        total);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guard.thenBlock());
  IRMapping mapping;
  mapDelinearized(b, loc, id, counts, loop.getLowerBound(), steps,
                  loop.getInductionVars(), mapping);
  if (width > 1) {
    cloneVectorized(b, loop, width, mapping);
  } else {
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, mapping);
  }
  loop.erase();
  return privatizeAllocations(launch);
}

LogicalResult KernelMapper::launchTiledTranspose(scf::ParallelOp loop,
                                                 const TransposeTiling &tiling) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  const int64_t tile = kTransposeTile;
  // Rows of a tile per pass of the block: a power of two dividing the tile.
  int64_t rows = std::min<int64_t>(llvm::bit_floor(uint64_t(blockSize / tile)),
                                   tile);
  SmallVector<Value> counts = getTripCounts(b, loc, loop);
  // The grid: a block per tile of the (read, write) plane and per iteration
  // of the other dimensions, linearized.
  Value tileValue = arith::ConstantIndexOp::create(b, loc, tile);
  SmallVector<Value> gridCounts = counts;
  for (unsigned dim : {tiling.read, tiling.write})
    gridCounts[dim] = arith::CeilDivSIOp::create(b, loc, counts[dim], tileValue);
  Value grid = product(b, loc, gridCounts);
  Value threadsValue = arith::ConstantIndexOp::create(b, loc, rows * tile);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, threadsValue);
  b.setInsertionPoint(launch.getBody().front().getTerminator());
  Value blockId = launch.getBlockIds().x;
  Value threadId = launch.getThreadIds().x;
  // Both phases walk the tile as rows of `tile` threads.
  TileWalk walk = getTileWalk(b, loc, threadId, rows * tile, tile, tile);
  // The block's position: its tile's first iteration along `read` and
  // `write`, its iteration of the other dimensions.
  SmallVector<Value> position(counts.size());
  Value rest = blockId;
  for (int64_t i = counts.size() - 1; i >= 0; --i) {
    Value index = rest;
    if (i > 0) {
      index = arith::RemSIOp::create(b, loc, rest, gridCounts[i]);
      rest = arith::DivSIOp::create(b, loc, rest, gridCounts[i]);
    }
    position[i] = index;
  }
  Value readBase = arith::MulIOp::create(b, loc, position[tiling.read], tileValue);
  Value writeBase =
      arith::MulIOp::create(b, loc, position[tiling.write], tileValue);
  // A tile per staged load, padded by a column: the threads of a row of
  // the block read a column of it without bank conflicts.
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  SmallVector<Value> tiles;
  for (memref::LoadOp load : tiling.staged)
    tiles.push_back(launch.addWorkgroupAttribution(
        MemRefType::get({tile, tile + 1}, load.getType(),
                        MemRefLayoutAttrInterface(), workgroup),
        load.getLoc()));
  // Maps the loop's induction variables to the iteration whose (read,
  // write) indices within the tile are (`readOffset`, `writeOffset`), and
  // returns whether that iteration exists (edge tiles are partial).
  auto mapIteration = [&](OpBuilder &nb, Value readOffset, Value writeOffset,
                          IRMapping &mapping) -> Value {
    SmallVector<Value> index = position;
    index[tiling.read] = arith::AddIOp::create(nb, loc, readBase, readOffset);
    index[tiling.write] =
        arith::AddIOp::create(nb, loc, writeBase, writeOffset);
    for (unsigned i = 0; i < counts.size(); ++i)
      mapping.map(loop.getInductionVars()[i],
                  arith::AddIOp::create(
                      nb, loc, loop.getLowerBound()[i],
                      arith::MulIOp::create(nb, loc, index[i],
                                            loop.getStep()[i])));
    Value inRead = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt,
                                         index[tiling.read],
                                         counts[tiling.read]);
    Value inWrite = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt,
                                          index[tiling.write],
                                          counts[tiling.write]);
    return arith::AndIOp::create(nb, loc, inRead, inWrite);
  };
  // Phase 1: neighbouring threads load neighbouring elements along `read`
  // (the loaded buffers' innermost dimension) into a row of the tiles.
  stageTile(
      b, loc, walk, tiles, /*fastFirst=*/false, /*zeroFill=*/false,
      [&](OpBuilder &nb, Value tileRow, Value tileColumn, IRMapping &mapping) {
        return mapIteration(nb, tileColumn, tileRow, mapping);
      },
      [&](OpBuilder &ib, IRMapping &mapping) {
        SmallVector<Value> values(tiles.size());
        for (Operation &op : loop.getBody()->without_terminator()) {
          if (tiling.indexOps.contains(&op)) {
            ib.clone(op, mapping);
            continue;
          }
          auto load = dyn_cast<memref::LoadOp>(op);
          auto it = load ? llvm::find(tiling.staged, load)
                         : tiling.staged.end();
          if (it == tiling.staged.end())
            continue;
          values[it - tiling.staged.begin()] =
              ib.clone(op, mapping)->getResult(0);
        }
        return values;
      });
  gpu::BarrierOp::create(b, loc);
  // Phase 2: neighbouring threads compute neighbouring iterations along
  // `write` (the stored buffers' innermost dimension), reading the staged
  // values down a column of the tiles.
  forEachTileElement(
      b, loc, walk, [&](OpBuilder &nb, Value tileRow, Value column) {
        IRMapping mapping;
        Value inRange = mapIteration(nb, tileRow, column, mapping);
        auto ifIn = scf::IfOp::create(nb, loc, inRange, false);
        OpBuilder ib = OpBuilder::atBlockTerminator(ifIn.thenBlock());
        for (Operation &op : loop.getBody()->without_terminator()) {
          auto load = dyn_cast<memref::LoadOp>(op);
          auto it = load ? llvm::find(tiling.staged, load)
                         : tiling.staged.end();
          if (it == tiling.staged.end()) {
            ib.clone(op, mapping);
            continue;
          }
          Value staged = memref::LoadOp::create(
              ib, loc, tiles[it - tiling.staged.begin()],
              ValueRange{column, tileRow});
          mapping.map(load.getResult(), staged);
        }
      });
  loop.erase();
  return privatizeAllocations(launch);
}

LogicalResult
KernelMapper::launchTiledContraction(scf::ParallelOp loop,
                                     const ContractionTiling &tiling) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  ReductionBand band = tiling.band;
  const int64_t tile = kContractionTile, regs = kContractionRegisters;
  const int64_t side = tile / regs, threads = kContractionThreads;
  Type lhsType = tiling.mix->getOperand(0).getType();
  Type rhsType = tiling.mix->getOperand(1).getType();
  unsigned widest = std::max(lhsType.getIntOrFloatBitWidth(),
                             rhsType.getIntOrFloatBitWidth());
  // A chunk of the reduction staged at a time: 16 (8 for 64-bit values)
  // iterations, 8 KiB of workgroup memory at most.
  const int64_t chunk = widest > 32 ? 8 : 16;
  auto constant = [&](OpBuilder &nb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(nb, loc, v);
  };
  // Host side: the grid (a block per batch index and tile of m x n, n
  // fastest).
  int64_t mExtent = getExtent(tiling.mDims), nExtent = getExtent(tiling.nDims);
  Value mTotal = constant(b, mExtent), nTotal = constant(b, nExtent);
  int64_t kExtent = getBandExtent(band);
  Value kTotal = constant(b, kExtent);
  Value tileValue = constant(b, tile);
  SmallVector<int64_t> gridCounts = getExtents(tiling.batchDims);
  gridCounts.push_back(llvm::divideCeil(mExtent, tile));
  gridCounts.push_back(llvm::divideCeil(nExtent, tile));
  Value grid = constant(b, llvm::product_of(gridCounts));
  Value chunks = constant(b, llvm::divideCeil(kExtent, chunk));
  gpu::LaunchOp launch = createLaunch(b, loc, grid, constant(b, threads));
  b.setInsertionPoint(launch.getBody().front().getTerminator());
  Value threadId = launch.getThreadIds().x;
  Value sideValue = constant(b, side);
  Value tx = arith::RemSIOp::create(b, loc, threadId, sideValue);
  Value ty = arith::DivSIOp::create(b, loc, threadId, sideValue);
  // The block's batch indices and tile origins.
  SmallVector<Value> blockIndex =
      delinearize(b, loc, launch.getBlockIds().x, gridCounts);
  Value mBase = arith::MulIOp::create(b, loc, blockIndex[gridCounts.size() - 2],
                                      tileValue);
  Value nBase = arith::MulIOp::create(b, loc, blockIndex.back(), tileValue);
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Value lhsTile = launch.addWorkgroupAttribution(
      MemRefType::get({chunk, tile}, lhsType, MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  Value rhsTile = launch.addWorkgroupAttribution(
      MemRefType::get({chunk, tile}, rhsType, MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  // Maps every induction variable: batch dimensions to the block's, m and
  // n dimensions to the linear indices `m` and `n`, the band's loops to
  // the linear reduction index `k` (an unused one to its lower bound).
  auto mapIvs = [&](OpBuilder &nb, Value m, Value n, Value k,
                    IRMapping &mapping) {
    SmallVector<ContractionDim> dims(tiling.batchDims);
    SmallVector<Value> indices(blockIndex.begin(),
                               blockIndex.begin() + tiling.batchDims.size());
    auto addDims = [&](Value index, ArrayRef<ContractionDim> group) {
      if (!index)
        return;
      llvm::append_range(dims, group);
      llvm::append_range(indices,
                         delinearize(nb, loc, index, getExtents(group)));
    };
    addDims(m, tiling.mDims);
    addDims(n, tiling.nDims);
    mapContractionIvs(nb, loc, loop, band, dims, indices, k, mapping);
  };
  auto zeroOf = [&](OpBuilder &nb, Type type) -> Value {
    return arith::ConstantOp::create(nb, loc, nb.getZeroAttr(type));
  };
  Value zero = constant(b, 0), one = constant(b, 1);
  // The accumulators: a register tile per thread, starting at the
  // combiner's identity.
  Type accType = band.contribution.getType();
  Value identity =
      isa<FloatType>(accType)
          ? Value(arith::ConstantOp::create(
                b, loc, b.getFloatAttr(accType, -0.0)))
          : zeroOf(b, accType);
  SmallVector<Value> init(regs * regs, identity);
  auto chunkLoop = scf::ForOp::create(
      b, loc, zero, chunks, one, init,
      [&](OpBuilder &nb, Location, Value chunkIndex, ValueRange accs) {
        Value k0 = arith::MulIOp::create(nb, loc, chunkIndex,
                                         constant(nb, chunk));
        // Stage x (y) of the chunk, neighbouring threads on neighbouring
        // values along the reduction when the buffer is read along it, else
        // along m (n).
        auto stage = [&](Value stagedTile, bool isLhs) {
          bool alongK = isLhs ? tiling.lhsAlongK : tiling.rhsAlongK;
          Value base = isLhs ? mBase : nBase;
          Value total = isLhs ? mTotal : nTotal;
          Value staged = tiling.mix->getOperand(isLhs ? 0 : 1);
          ArrayRef<Operation *> ops = isLhs ? tiling.lhsOps : tiling.rhsOps;
          TileWalk walk =
              getTileWalk(nb, loc, threadId, threads, alongK ? tile : chunk,
                          alongK ? chunk : tile);
          stageTile(
              nb, loc, walk, stagedTile, /*fastFirst=*/alongK,
              /*zeroFill=*/true,
              [&](OpBuilder &gb, Value slow, Value fast, IRMapping &mapping) {
                Value kk = alongK ? fast : slow;
                Value mn = alongK ? slow : fast;
                Value k = arith::AddIOp::create(gb, loc, k0, kk);
                Value index = arith::AddIOp::create(gb, loc, base, mn);
                Value indexIn = arith::CmpIOp::create(
                    gb, loc, arith::CmpIPredicate::slt, index, total);
                Value kIn = arith::CmpIOp::create(
                    gb, loc, arith::CmpIPredicate::slt, k, kTotal);
                mapIvs(gb, isLhs ? index : Value(), isLhs ? Value() : index,
                       k, mapping);
                return arith::AndIOp::create(gb, loc, indexIn, kIn);
              },
              [&](OpBuilder &ib, IRMapping &mapping) {
                for (Operation *op : ops)
                  ib.clone(*op, mapping);
                return SmallVector<Value>{mapping.lookupOrDefault(staged)};
              });
        };
        stage(lhsTile, /*isLhs=*/true);
        stage(rhsTile, /*isLhs=*/false);
        gpu::BarrierOp::create(nb, loc);
        // Each thread multiplies a column of x by a row of y per step of
        // the chunk into its register tile.
        auto steps = scf::ForOp::create(
            nb, loc, zero, constant(nb, chunk), one, accs,
            [&](OpBuilder &sb, Location, Value kk, ValueRange partial) {
              SmallVector<Value> xs, ys;
              for (int64_t i = 0; i < regs; ++i) {
                xs.push_back(memref::LoadOp::create(
                    sb, loc, lhsTile,
                    ValueRange{kk, arith::AddIOp::create(
                                       sb, loc, ty, constant(sb, i * side))}));
                ys.push_back(memref::LoadOp::create(
                    sb, loc, rhsTile,
                    ValueRange{kk, arith::AddIOp::create(
                                       sb, loc, tx, constant(sb, i * side))}));
              }
              SmallVector<Value> next;
              for (int64_t i = 0; i < regs; ++i)
                for (int64_t j = 0; j < regs; ++j) {
                  IRMapping mapping;
                  mapping.map(tiling.mix->getOperand(0), xs[i]);
                  mapping.map(tiling.mix->getOperand(1), ys[j]);
                  sb.clone(*tiling.mix, mapping);
                  for (Operation *op : tiling.post)
                    sb.clone(*op, mapping);
                  mapping.map(band.accumulatorLoad.getResult(),
                              partial[i * regs + j]);
                  next.push_back(
                      sb.clone(*band.combiner, mapping)->getResult(0));
                }
              scf::YieldOp::create(sb, loc, next);
            });
        gpu::BarrierOp::create(nb, loc);
        scf::YieldOp::create(nb, loc, steps.getResults());
      });
  // Each thread folds its register tile into the outputs.
  memref::StoreOp store = band.accumulatorStore;
  for (int64_t i = 0; i < regs; ++i)
    for (int64_t j = 0; j < regs; ++j) {
      Value m = arith::AddIOp::create(
          b, loc, mBase,
          arith::AddIOp::create(b, loc, ty, constant(b, i * side)));
      Value n = arith::AddIOp::create(
          b, loc, nBase,
          arith::AddIOp::create(b, loc, tx, constant(b, j * side)));
      Value mIn =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, m, mTotal);
      Value nIn =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, n, nTotal);
      Value inRange = arith::AndIOp::create(b, loc, mIn, nIn);
      auto ifIn = scf::IfOp::create(b, loc, inRange, false);
      OpBuilder ib = OpBuilder::atBlockTerminator(ifIn.thenBlock());
      IRMapping mapping;
      mapIvs(ib, m, n, Value(), mapping);
      SmallVector<Value> indices;
      for (Value index : store.getIndices())
        indices.push_back(mapping.lookupOrDefault(index));
      Value memref = mapping.lookupOrDefault(store.getMemRef());
      Value old = memref::LoadOp::create(ib, loc, memref, indices);
      mapping.map(band.accumulatorLoad.getResult(), old);
      mapping.map(band.contribution, chunkLoop.getResult(i * regs + j));
      Operation *combined = ib.clone(*band.combiner, mapping);
      memref::StoreOp::create(ib, loc, combined->getResult(0), memref,
                              indices);
    }
  loop.erase();
  return privatizeAllocations(launch);
}

/// Edge of a Grouped contraction kernel's tile of m x columns outputs; its
/// kGroupedThreads threads each compute kGroupedTile^2 / kGroupedThreads of
/// them.
constexpr int64_t kGroupedTile = 32;
constexpr int64_t kGroupedThreads = 256;

/// A depthwise convolution (or a grouped one with fewer than 16 output
/// features per group) has no GEMM in it worth a 64x64 tile: an output
/// feature's input values are those of its own group only, so a staged
/// input value would serve 1 (the channel multiplier) output feature
/// instead of 64, and N = 1 would leave 63 of 64 tile columns empty. The
/// reuse is of the filter, whose values serve every output position, and
/// of the input across the overlapping windows of neighbouring positions.
/// So a block computes a 32x32 tile of (output positions x columns, the
/// columns being the output features: the batch and n dimensions), staging
/// each chunk of the reduction (window x input features per group) of the
/// filter's columns in workgroup memory, and each thread reads its input
/// values directly, with neighbouring threads on neighbouring positions
/// when the input is read along them (NCHW) or neighbouring channels
/// (NHWC): coalesced, the window overlap served by the caches. (Staging
/// the input window too would need its halo, i.e. the spatial structure
/// of the index computations, which this loop-level matcher does not
/// see; staged per (k, position), the input would only be copied.)
LogicalResult KernelMapper::launchTiledGrouped(scf::ParallelOp loop,
                                               const ContractionTiling &tiling) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  ReductionBand band = tiling.band;
  const int64_t tile = kGroupedTile, threads = kGroupedThreads;
  const int64_t rowsPerPass = threads / tile;
  const int64_t outputs = tile / rowsPerPass;
  Value y = tiling.mix->getOperand(1);
  Type rhsType = y.getType();
  const int64_t chunk = rhsType.getIntOrFloatBitWidth() > 32 ? 8 : 16;
  auto constant = [&](OpBuilder &nb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(nb, loc, v);
  };
  // The columns in loop order, a group before the feature within it (the
  // output feature o = group * features-per-group + feature; no two have
  // the same loop and scale).
  SmallVector<ContractionDim> columnDims(tiling.batchDims);
  llvm::append_range(columnDims, tiling.nDims);
  llvm::sort(columnDims, [](const ContractionDim &l,
                                   const ContractionDim &r) {
    return l.loop != r.loop ? l.loop < r.loop : l.scale > r.scale;
  });
  int64_t mExtent = getExtent(tiling.mDims);
  int64_t columnExtent = getExtent(columnDims);
  int64_t kExtent = getBandExtent(band);
  // Host side: a block per tile, columns fastest.
  SmallVector<int64_t> gridCounts = {
      static_cast<int64_t>(llvm::divideCeil(mExtent, tile)),
      static_cast<int64_t>(llvm::divideCeil(columnExtent, tile))};
  Value grid = constant(b, gridCounts[0] * gridCounts[1]);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, constant(b, threads));
  b.setInsertionPoint(launch.getBody().front().getTerminator());
  Value threadId = launch.getThreadIds().x;
  SmallVector<Value> blockIndex =
      delinearize(b, loc, launch.getBlockIds().x, gridCounts);
  Value tileValue = constant(b, tile);
  Value mBase = arith::MulIOp::create(b, loc, blockIndex[0], tileValue);
  Value columnBase = arith::MulIOp::create(b, loc, blockIndex[1], tileValue);
  Value mTotal = constant(b, mExtent), columnTotal = constant(b, columnExtent);
  Value kTotal = constant(b, kExtent);
  // The thread's outputs: neighbouring threads on neighbouring positions
  // (x read along them) or columns, `outputs` rows of the tile apart.
  Value fast = arith::RemSIOp::create(b, loc, threadId, tileValue);
  Value slow = arith::DivSIOp::create(b, loc, threadId, tileValue);
  SmallVector<Value> mLocals, columnLocals;
  for (int64_t i = 0; i < outputs; ++i) {
    Value row = arith::AddIOp::create(b, loc, slow,
                                      constant(b, i * rowsPerPass));
    mLocals.push_back(tiling.lhsAlongM ? fast : row);
    columnLocals.push_back(tiling.lhsAlongM ? row : fast);
  }
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Value rhsTile = launch.addWorkgroupAttribution(
      MemRefType::get({chunk, tile}, rhsType, MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  // Maps the output loop's induction variables to the linear position `m`
  // (none: y's staging) and column, the band's to `k` (none: its lower
  // bounds).
  auto mapIvs = [&](OpBuilder &nb, Value m, Value column, Value k,
                    IRMapping &mapping) {
    SmallVector<ContractionDim> dims;
    SmallVector<Value> indices;
    if (m) {
      llvm::append_range(dims, tiling.mDims);
      llvm::append_range(
          indices, delinearize(nb, loc, m, getExtents(tiling.mDims)));
    }
    llvm::append_range(dims, columnDims);
    llvm::append_range(indices,
                       delinearize(nb, loc, column, getExtents(columnDims)));
    mapContractionIvs(nb, loc, loop, band, dims, indices, k, mapping);
  };
  auto inRangeOf = [&](OpBuilder &nb, Value m, Value column) -> Value {
    Value mIn =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt, m, mTotal);
    Value columnIn = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt,
                                           column, columnTotal);
    return arith::AndIOp::create(nb, loc, mIn, columnIn);
  };
  Type accType = band.contribution.getType();
  Value identity =
      isa<FloatType>(accType)
          ? Value(arith::ConstantOp::create(b, loc,
                                            b.getFloatAttr(accType, -0.0)))
          : Value(arith::ConstantOp::create(b, loc, b.getZeroAttr(accType)));
  SmallVector<Value> init(outputs, identity);
  Value zero = constant(b, 0), one = constant(b, 1);
  Value chunks = constant(b, llvm::divideCeil(kExtent, chunk));
  auto chunkLoop = scf::ForOp::create(
      b, loc, zero, chunks, one, init,
      [&](OpBuilder &nb, Location, Value chunkIndex, ValueRange accs) {
        Value chunkValue = constant(nb, chunk);
        Value k0 = arith::MulIOp::create(nb, loc, chunkIndex, chunkValue);
        // Stage y of the chunk's columns, neighbouring threads on
        // neighbouring values along the reduction when y is read along it,
        // else along the columns.
        bool alongK = tiling.rhsAlongK;
        TileWalk walk = getTileWalk(nb, loc, threadId, threads,
                                    alongK ? tile : chunk,
                                    alongK ? chunk : tile);
        stageTile(
            nb, loc, walk, rhsTile, /*fastFirst=*/alongK, /*zeroFill=*/true,
            [&](OpBuilder &gb, Value slowIndex, Value fastIndex,
                IRMapping &mapping) {
              Value kk = alongK ? fastIndex : slowIndex;
              Value cc = alongK ? slowIndex : fastIndex;
              Value k = arith::AddIOp::create(gb, loc, k0, kk);
              Value column = arith::AddIOp::create(gb, loc, columnBase, cc);
              Value columnIn = arith::CmpIOp::create(
                  gb, loc, arith::CmpIPredicate::slt, column, columnTotal);
              Value kIn = arith::CmpIOp::create(
                  gb, loc, arith::CmpIPredicate::slt, k, kTotal);
              mapIvs(gb, Value(), column, k, mapping);
              return arith::AndIOp::create(gb, loc, columnIn, kIn);
            },
            [&](OpBuilder &ib, IRMapping &mapping) {
              for (Operation *op : tiling.rhsOps)
                ib.clone(*op, mapping);
              return SmallVector<Value>{mapping.lookupOrDefault(y)};
            });
        gpu::BarrierOp::create(nb, loc);
        // Each thread folds the chunk's products into its outputs, reading
        // x directly and y from the staged tile.
        Value left = arith::SubIOp::create(nb, loc, kTotal, k0);
        Value kEnd = arith::MinSIOp::create(nb, loc, left, chunkValue);
        SmallVector<Value> next;
        for (int64_t i = 0; i < outputs; ++i) {
          Value m = arith::AddIOp::create(nb, loc, mBase, mLocals[i]);
          Value column =
              arith::AddIOp::create(nb, loc, columnBase, columnLocals[i]);
          Value inRange = inRangeOf(nb, m, column);
          auto ifIn = scf::IfOp::create(
              nb, loc, inRange,
              [&](OpBuilder &ib, Location) {
                IRMapping outer;
                mapIvs(ib, m, column, Value(), outer);
                auto steps = scf::ForOp::create(
                    ib, loc, zero, kEnd, one, ValueRange{accs[i]},
                    [&](OpBuilder &sb, Location, Value kk, ValueRange acc) {
                      IRMapping mapping = outer;
                      Value k = arith::AddIOp::create(sb, loc, k0, kk);
                      mapBandIvs(sb, loc, band, k, mapping);
                      for (Operation *op : tiling.lhsOps)
                        sb.clone(*op, mapping);
                      Value staged = memref::LoadOp::create(
                          sb, loc, rhsTile, ValueRange{kk, columnLocals[i]});
                      mapping.map(y, staged);
                      sb.clone(*tiling.mix, mapping);
                      for (Operation *op : tiling.post)
                        sb.clone(*op, mapping);
                      mapping.map(band.accumulatorLoad.getResult(),
                                  acc.front());
                      Operation *folded = sb.clone(*band.combiner, mapping);
                      scf::YieldOp::create(sb, loc, folded->getResult(0));
                    });
                scf::YieldOp::create(ib, loc, steps.getResults());
              },
              [&](OpBuilder &ib, Location) {
                scf::YieldOp::create(ib, loc, accs[i]);
              });
          next.push_back(ifIn.getResult(0));
        }
        gpu::BarrierOp::create(nb, loc);
        scf::YieldOp::create(nb, loc, next);
      });
  // Each thread folds its sums into its outputs.
  memref::StoreOp store = band.accumulatorStore;
  for (int64_t i = 0; i < outputs; ++i) {
    Value m = arith::AddIOp::create(b, loc, mBase, mLocals[i]);
    Value column = arith::AddIOp::create(b, loc, columnBase, columnLocals[i]);
    auto ifIn = scf::IfOp::create(b, loc, inRangeOf(b, m, column), false);
    OpBuilder ib = OpBuilder::atBlockTerminator(ifIn.thenBlock());
    IRMapping mapping;
    mapIvs(ib, m, column, Value(), mapping);
    SmallVector<Value> indices;
    for (Value index : store.getIndices())
      indices.push_back(mapping.lookupOrDefault(index));
    Value memref = mapping.lookupOrDefault(store.getMemRef());
    Value old = memref::LoadOp::create(ib, loc, memref, indices);
    mapping.map(band.accumulatorLoad.getResult(), old);
    mapping.map(band.contribution, chunkLoop.getResult(i));
    Operation *combined = ib.clone(*band.combiner, mapping);
    memref::StoreOp::create(ib, loc, combined->getResult(0), memref, indices);
  }
  loop.erase();
  return privatizeAllocations(launch);
}

bool KernelMapper::canLaunchBlockPerIteration(scf::ParallelOp loop,
                                              int64_t &threads) {
  if (loop.getNumResults() != 0)
    return false;
  bool rowReduction = false;
  int64_t innerExtent = 0;
  int64_t sharedBytes = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    // What writes buffers runs on one thread of the block; its results
    // would have to reach the others.
    if (op.getNumResults() != 0 && !isMemoryEffectFree(&op) &&
        !isa<memref::LoadOp, memref::AllocOp, memref::AllocaOp>(op) &&
        !isa<scf::ParallelOp>(op))
      return false;
    if (auto nested = dyn_cast<scf::ParallelOp>(op)) {
      int64_t total = 1;
      for (auto [lb, ub, step] :
           llvm::zip(nested.getLowerBound(), nested.getUpperBound(),
                     nested.getStep())) {
        std::optional<int64_t> count = getStaticTripCount(lb, ub, step);
        total = count ? total * *count : blockSize;
      }
      innerExtent = std::max(innerExtent, total);
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (std::optional<ReductionBand> band = matchReductionBand(forOp)) {
        rowReduction |= readsRows(*band);
        int64_t total = 1;
        for (scf::ForOp l : band->loops) {
          std::optional<int64_t> count = getStaticTripCount(
              l.getLowerBound(), l.getUpperBound(), l.getStep());
          total = count ? total * *count : blockSize;
        }
        innerExtent = std::max(innerExtent, total);
      }
    } else if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      // Temporaries of the iteration are shared by its threads.
      auto type = cast<MemRefType>(op.getResult(0).getType());
      if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
        return false;
      for (Operation *user : op.getResult(0).getUsers())
        if (!isa<memref::LoadOp, memref::StoreOp, memref::DeallocOp,
                 memref::CopyOp>(user) ||
            (isa<memref::CopyOp>(user) && user->getBlock() != loop.getBody()))
          return false;
      sharedBytes += type.getNumElements() *
                     llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    }
  }
  // A block per row pays when the rows are reduced along their contiguous
  // dimension and are at least a warp long; column reductions keep a thread
  // per column (coalesced), short rows (a convolution's 3-wide window) a
  // thread per row.
  if (!rowReduction || sharedBytes > 32 * 1024 || innerExtent < 32)
    return false;
  threads = std::clamp<int64_t>(llvm::alignTo(innerExtent, 32), 32, blockSize);
  return true;
}

void KernelMapper::shareReduction(ReductionBand band, Value threadId,
                                  Value blockDim) {
  scf::ForOp outer = band.loops.front();
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  SmallVector<Value> counts = getTripCounts(b, loc, band.loops);
  Value total = product(b, loc, counts);
  Value identity = arith::ConstantOp::create(b, loc, band.identity);
  SmallVector<Value> lbs, steps, ivs;
  for (scf::ForOp loop : band.loops) {
    lbs.push_back(loop.getLowerBound());
    steps.push_back(loop.getStep());
    ivs.push_back(loop.getInductionVar());
  }
  // Each thread folds every blockDim-th iteration into a partial value...
  auto strided = scf::ForOp::create(
      b, loc, threadId, total, blockDim, ValueRange{identity},
      [&](OpBuilder &nested, Location nestedLoc, Value id, ValueRange args) {
        IRMapping mapping;
        mapDelinearized(nested, nestedLoc, id, counts, lbs, steps, ivs,
                        mapping);
        for (Operation &op : band.loops.back().getBody()->without_terminator())
          if (&op != band.accumulatorLoad && &op != band.combiner &&
              &op != band.accumulatorStore)
            nested.clone(op, mapping);
        mapping.map(band.accumulatorLoad.getResult(), args.front());
        Operation *folded = nested.clone(*band.combiner, mapping);
        scf::YieldOp::create(nested, nestedLoc, folded->getResult(0));
      });
  // ...the block combines the partial values...
  Value reduced =
      gpu::AllReduceOp::create(
          b, loc, strided.getResult(0),
          gpu::AllReduceOperationAttr::get(b.getContext(), band.kind),
          b.getUnitAttr())
          .getResult();
  // ...and thread 0 folds the result into the accumulator.
  memref::StoreOp store = band.accumulatorStore;
  Value old = memref::LoadOp::create(b, loc, store.getMemRef(),
                                     store.getIndices());
  IRMapping finalMapping;
  finalMapping.map(band.accumulatorLoad.getResult(), old);
  finalMapping.map(band.contribution, reduced);
  Operation *combined = b.clone(*band.combiner, finalMapping);
  gpu::BarrierOp::create(b, loc);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      threadId, zero);
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifFirst.thenBlock());
    memref::StoreOp::create(b, loc, combined->getResult(0), store.getMemRef(),
                            store.getIndices());
  }
  gpu::BarrierOp::create(b, loc);
  outer.erase();
}

void KernelMapper::shareAmongThreads(Block &block, Value threadId,
                                     Value blockDim) {
  Value zero;
  auto barrierAfter = [&](Operation *op) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    gpu::BarrierOp::create(b, op->getLoc());
  };
  auto onFirstThread = [&](Operation *op) {
    OpBuilder b(op);
    if (!zero)
      zero = arith::ConstantIndexOp::create(b, op->getLoc(), 0);
    Value first = arith::CmpIOp::create(b, op->getLoc(),
                                        arith::CmpIPredicate::eq, threadId,
                                        zero);
    auto ifFirst =
        scf::IfOp::create(b, op->getLoc(), first, /*withElseRegion=*/false);
    op->moveBefore(ifFirst.thenBlock()->getTerminator());
    barrierAfter(ifFirst);
  };
  for (Operation &opRef : llvm::make_early_inc_range(block)) {
    Operation *op = &opRef;
    if (op->hasTrait<OpTrait::IsTerminator>())
      continue;
    if (auto nested = dyn_cast<scf::ParallelOp>(op);
        nested && nested.getNumResults() == 0) {
      // Threads stride over the loop's linearized iterations: neighbouring
      // threads take neighbouring (innermost) iterations.
      Location loc = nested.getLoc();
      OpBuilder b(nested);
      SmallVector<Value> counts = getTripCounts(b, loc, nested);
      Value total = product(b, loc, counts);
      scf::ForOp::create(
          b, loc, threadId, total, blockDim, ValueRange(),
          [&](OpBuilder &inner, Location innerLoc, Value id, ValueRange) {
            IRMapping mapping;
            mapDelinearized(inner, innerLoc, id, counts,
                            nested.getLowerBound(), nested.getStep(),
                            nested.getInductionVars(), mapping);
            for (Operation &bodyOp : nested.getBody()->without_terminator())
              inner.clone(bodyOp, mapping);
            scf::YieldOp::create(inner, innerLoc);
          });
      gpu::BarrierOp::create(b, loc);
      nested.erase();
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (std::optional<ReductionBand> band = matchReductionBand(forOp)) {
        shareReduction(*band, threadId, blockDim);
        continue;
      }
    }
    // Everything else runs on every thread when it only computes values
    // (each thread needs them), on thread 0 when it writes buffers.
    bool writes = false;
    op->walk([&](Operation *nested) {
      if (!isMemoryEffectFree(nested) && !isa<memref::LoadOp>(nested) &&
          !isa<memref::AllocaOp>(nested) && nested->getNumRegions() == 0)
        writes = true;
    });
    if (writes && op->getNumResults() == 0)
      onFirstThread(op);
  }
}

LogicalResult KernelMapper::launchBlockPerIteration(scf::ParallelOp loop,
                                                    int64_t threads) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  SmallVector<Value> counts = getTripCounts(b, loc, loop);
  // A block per iteration.
  Value grid = product(b, loc, counts);
  Value threadsValue = arith::ConstantIndexOp::create(b, loc, threads);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, threadsValue);
  Block &body = launch.getBody().front();
  b.setInsertionPoint(body.getTerminator());
  Value blockId = launch.getBlockIds().x;
  Value threadId = launch.getThreadIds().x;
  Value blockDim = launch.getBlockSize().x;
  // Exactly one block per iteration (shapes are static, an empty loop was
  // erased): no guard, so the block-wide reductions stay in the kernel's
  // top-level control flow.
  IRMapping mapping;
  mapDelinearized(b, loc, blockId, counts, loop.getLowerBound(),
                  loop.getStep(), loop.getInductionVars(), mapping);
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
  loop.erase();
  // Copies between the iteration's buffers become loops (run by thread 0).
  Block *iteration = body.getTerminator()->getBlock();
  for (Operation &op : llvm::make_early_inc_range(*iteration))
    if (auto copy = dyn_cast<memref::CopyOp>(op))
      expandCopy(copy);
  // The iteration's temporaries live in the block's shared memory.
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  for (Operation &op : llvm::make_early_inc_range(*iteration)) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op))
      continue;
    auto type = cast<MemRefType>(op.getResult(0).getType());
    auto shared = MemRefType::get(type.getShape(), type.getElementType(),
                                  MemRefLayoutAttrInterface(), workgroup);
    Value buffer = launch.addWorkgroupAttribution(shared, op.getLoc());
    for (Operation *user : llvm::make_early_inc_range(op.getResult(0).getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    op.getResult(0).replaceAllUsesWith(buffer);
    op.erase();
  }
  shareAmongThreads(*iteration, threadId, blockDim);
  return privatizeAllocations(launch);
}

LogicalResult KernelMapper::launchReduction(ReductionBand band) {
  scf::ForOp outer = band.loops.front();
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value threads = arith::ConstantIndexOp::create(b, loc, 1024);
  gpu::LaunchOp launch = createLaunch(b, loc, one, threads);
  outer->moveBefore(launch.getBody().front().getTerminator());
  shareReduction(band, launch.getThreadIds().x, launch.getBlockSize().x);
  return privatizeAllocations(launch);
}

LogicalResult KernelMapper::launchSerially(Operation *op) {
  Location loc = op->getLoc();
  for (Type type : op->getResultTypes())
    if (!isScalarType(type))
      return op->emitOpError("cannot run on a GPU: its result of type ")
             << type << " would have to come back to the host";
  OpBuilder b(op);
  // Device scratch buffers for the results (placed by hlo-gpu-place-buffers).
  SmallVector<Value> scratch;
  for (Type type : op->getResultTypes())
    scratch.push_back(
        memref::AllocOp::create(b, loc, MemRefType::get({}, type)));
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  gpu::LaunchOp launch = createLaunch(b, loc, one, one);
  Operation *terminator = launch.getBody().front().getTerminator();
  op->moveBefore(terminator);
  b.setInsertionPoint(terminator);
  for (auto [result, buffer] : llvm::zip(op->getResults(), scratch))
    memref::StoreOp::create(b, loc, result, buffer, ValueRange());
  // Back on the host: copy each result into a host scalar and read it.
  b.setInsertionPointAfter(launch);
  for (auto [result, buffer] : llvm::zip(op->getResults(), scratch)) {
    auto type = cast<MemRefType>(buffer.getType());
    auto host = memref::AllocaOp::create(b, loc, type);
    host->setAttr(kHostBufferAttrName, b.getUnitAttr());
    gpu::MemcpyOp::create(b, loc, TypeRange(), ValueRange(), host, buffer);
    Value value = memref::LoadOp::create(b, loc, host, ValueRange());
    result.replaceUsesWithIf(value, [&](OpOperand &use) {
      return !launch->isAncestor(use.getOwner());
    });
    memref::DeallocOp::create(b, loc, buffer);
  }
  return privatizeAllocations(launch);
}

LogicalResult KernelMapper::copyAsParallelLoop(memref::CopyOp copy) {
  // A scalar copy: one thread (the copy is expanded inside the kernel).
  if (cast<MemRefType>(copy.getSource().getType()).getRank() == 0)
    return launchSerially(copy);
  Location loc = copy.getLoc();
  OpBuilder b(copy);
  CopyBounds bounds = getCopyBounds(b, copy);
  auto loop = scf::ParallelOp::create(
      b, loc, bounds.lbs, bounds.ubs, bounds.steps,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange ivs) {
        Value v = memref::LoadOp::create(nested, nestedLoc, copy.getSource(),
                                         ivs);
        memref::StoreOp::create(nested, nestedLoc, v, copy.getTarget(), ivs);
      });
  copy.erase();
  return launchParallelLoop(loop);
}

LogicalResult KernelMapper::privatizeAllocations(gpu::LaunchOp launch) {
  SmallVector<memref::CopyOp> copies;
  launch.getBody().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies)
    expandCopy(copy);
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  launch.getBody().walk([&](Operation *op) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(alloc);
    else if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
      deallocs.push_back(dealloc);
  });
  for (memref::DeallocOp dealloc : deallocs)
    dealloc.erase();
  for (memref::AllocOp alloc : allocs) {
    if (!alloc.getType().hasStaticShape())
      return alloc.emitOpError(
          "cannot run on a GPU: a dynamically sized temporary inside a "
          "kernel");
    OpBuilder b(alloc);
    auto alloca = memref::AllocaOp::create(b, alloc.getLoc(), alloc.getType());
    if (IntegerAttr alignment = alloc.getAlignmentAttr())
      alloca.setAlignmentAttr(alignment);
    alloc.replaceAllUsesWith(alloca.getResult());
    alloc.erase();
  }
  return success();
}

void KernelMapper::reportIfUntiled(scf::ParallelOp loop) {
  if (!reportUntiled)
    return;
  Block *body = loop.getBody();
  for (scf::ForOp forOp : body->getOps<scf::ForOp>()) {
    std::optional<ReductionBand> band =
        matchReductionBand(forOp, /*anyAddition=*/true);
    if (!band)
      continue;
    int64_t iterations = 1;
    for (scf::ForOp l : band->loops) {
      std::optional<int64_t> count = getStaticTripCount(
          l.getLowerBound(), l.getUpperBound(), l.getStep());
      iterations = count && iterations >= 0 ? iterations * *count : -1;
    }
    InFlightDiagnostic remark = loop.emitRemark(
        "untiled reduction: a thread per output element, summing ");
    if (iterations >= 0)
      remark << iterations;
    else
      remark << "a dynamic number of";
    remark << " iterations";
    return;
  }
  // A transpose: stores along one induction variable, loads along another.
  std::optional<unsigned> write;
  for (auto store : body->getOps<memref::StoreOp>())
    if (!store.getIndices().empty())
      write = getInductionVarPosition(loop, store.getIndices().back());
  if (!write)
    return;
  for (auto load : body->getOps<memref::LoadOp>()) {
    if (load.getIndices().empty())
      continue;
    std::optional<unsigned> read =
        getInductionVarPosition(loop, load.getIndices().back());
    if (read && *read != *write) {
      loop.emitRemark("untiled transpose: a thread per element");
      return;
    }
  }
}

LogicalResult KernelMapper::mapBlock(Block &block) {
  for (Operation &opRef : llvm::make_early_inc_range(block)) {
    Operation *op = &opRef;
    if (isa<gpu::LaunchOp>(op))
      continue;
    if (auto loop = dyn_cast<scf::ParallelOp>(op);
        loop && loop.getNumResults() == 0) {
      int64_t threads = 0;
      if (std::optional<ContractionTiling> tiling =
              matchContraction(loop, blockSize)) {
        if (failed(tiling->kind == ContractionKind::Grouped
                       ? launchTiledGrouped(loop, *tiling)
                       : launchTiledContraction(loop, *tiling)))
          return failure();
      } else if (canLaunchBlockPerIteration(loop, threads)) {
        if (failed(launchBlockPerIteration(loop, threads)))
          return failure();
      } else if (std::optional<TransposeTiling> tiling =
                     matchTranspose(loop, blockSize)) {
        if (failed(launchTiledTranspose(loop, *tiling)))
          return failure();
      } else {
        reportIfUntiled(loop);
        if (failed(launchParallelLoop(loop)))
          return failure();
      }
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (std::optional<ReductionBand> band = matchReductionBand(forOp)) {
        if (failed(launchReduction(*band)))
          return failure();
        continue;
      }
      if (scf::ParallelOp hoisted = hoistParallelLoop(forOp)) {
        if (reportUntiled && llvm::any_of(hoisted.getBody()->getOps<scf::ForOp>(),
                                          [](scf::ForOp inner) {
                                            return matchReductionBand(inner, true)
                                                .has_value();
                                          }))
          hoisted.emitRemark(
              "untiled column reduction: a thread per column");
        if (failed(launchParallelLoop(hoisted)))
          return failure();
        continue;
      }
    }
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (!isContiguousCopy(copy) && failed(copyAsParallelLoop(copy)))
        return failure();
      continue;
    }
    if (op->getNumRegions() == 0) {
      if (!isHostOp(op) && failed(launchSerially(op)))
        return failure();
      continue;
    }
    if (!accessesBuffers(op) && !holdsKernelsOrCalls(op))
      continue;
    // Control flow around kernels (or carrying buffers) stays on the host.
    bool scalarResults = llvm::all_of(op->getResultTypes(), isScalarType);
    if (holdsKernelsOrCalls(op) || !scalarResults) {
      for (Region &region : op->getRegions())
        for (Block &nested : region)
          if (failed(mapBlock(nested)))
            return failure();
      continue;
    }
    if (failed(launchSerially(op)))
      return failure();
  }
  return success();
}

struct HloGpuMapToKernelsPass
    : hlo::impl::HloGpuMapToKernelsPassBase<HloGpuMapToKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      emitError(getOperation().getLoc())
          << "hlo-gpu-map-to-kernels: block-size must be in [1, 1024]";
      return signalPassFailure();
    }
    KernelMapper mapper(blockSize, reportUntiled);
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      for (Block &block : func.getBody())
        if (failed(mapper.mapBlock(block)))
          return signalPassFailure();
    }
  }
};

} // namespace
