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
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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

class KernelMapper {
public:
  KernelMapper(int64_t blockSize) : blockSize(blockSize) {}

  LogicalResult mapBlock(Block &block);

private:
  /// A launch of `gridSize` x `threads` whose body is empty but for its
  /// terminator; the builder is left before the terminator.
  gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, Value gridSize,
                             Value threads);
  LogicalResult launchParallelLoop(scf::ParallelOp loop);
  /// Moves `op` into a one-thread kernel; its scalar results come back to
  /// the host through device scratch buffers.
  LogicalResult launchSerially(Operation *op);
  LogicalResult copyAsParallelLoop(memref::CopyOp copy);
  /// Private buffers of a kernel's thread instead of allocations.
  LogicalResult privatizeAllocations(gpu::LaunchOp launch);

  int64_t blockSize;
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
  // Trip counts and their product: the iteration space, linearized.
  SmallVector<Value> counts;
  Value total = arith::ConstantIndexOp::create(b, loc, 1);
  std::optional<int64_t> staticTotal = 1;
  for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                       loop.getUpperBound(), loop.getStep())) {
    Value extent = arith::SubIOp::create(b, loc, ub, lb);
    Value count = arith::CeilDivSIOp::create(b, loc, extent, step);
    counts.push_back(count);
    total = arith::MulIOp::create(b, loc, total, count);
    std::optional<int64_t> lbc = getConstantIntValue(lb);
    std::optional<int64_t> ubc = getConstantIntValue(ub);
    std::optional<int64_t> stepc = getConstantIntValue(step);
    if (staticTotal && lbc && ubc && stepc && *stepc > 0)
      *staticTotal *= std::max<int64_t>(0, llvm::divideCeil(*ubc - *lbc, *stepc));
    else
      staticTotal.reset();
  }
  if (staticTotal && *staticTotal == 0) {
    loop.erase();
    return success();
  }
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
  // Delinearize with the innermost dimension fastest.
  IRMapping mapping;
  Value rest = id;
  for (int64_t i = counts.size() - 1; i >= 0; --i) {
    Value index = rest;
    if (i > 0) {
      index = arith::RemSIOp::create(b, loc, rest, counts[i]);
      rest = arith::DivSIOp::create(b, loc, rest, counts[i]);
    }
    Value iv = arith::AddIOp::create(
        b, loc, loop.getLowerBound()[i],
        arith::MulIOp::create(b, loc, index, loop.getStep()[i]));
    mapping.map(loop.getInductionVars()[i], iv);
  }
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
  loop.erase();
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
  Location loc = copy.getLoc();
  OpBuilder b(copy);
  auto type = cast<MemRefType>(copy.getSource().getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one);
  SmallVector<Value> ubs;
  for (int64_t i = 0; i < type.getRank(); ++i)
    ubs.push_back(memref::DimOp::create(b, loc, copy.getSource(), i));
  if (type.getRank() == 0) {
    // A scalar copy: one thread.
    auto load = memref::LoadOp::create(b, loc, copy.getSource(), ValueRange());
    auto store = memref::StoreOp::create(b, loc, load, copy.getTarget(), ValueRange());
    copy.erase();
    if (failed(launchSerially(load)))
      return failure();
    return launchSerially(store);
  }
  auto loop = scf::ParallelOp::create(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange ivs) {
        Value v = memref::LoadOp::create(nested, nestedLoc, copy.getSource(),
                                         ivs);
        memref::StoreOp::create(nested, nestedLoc, v, copy.getTarget(), ivs);
      });
  copy.erase();
  return launchParallelLoop(loop);
}

LogicalResult KernelMapper::privatizeAllocations(gpu::LaunchOp launch) {
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

LogicalResult KernelMapper::mapBlock(Block &block) {
  for (Operation &opRef : llvm::make_early_inc_range(block)) {
    Operation *op = &opRef;
    if (isa<gpu::LaunchOp>(op))
      continue;
    if (auto loop = dyn_cast<scf::ParallelOp>(op);
        loop && loop.getNumResults() == 0) {
      if (failed(launchParallelLoop(loop)))
        return failure();
      continue;
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
    KernelMapper mapper(blockSize);
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
