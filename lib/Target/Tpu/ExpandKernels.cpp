//===- ExpandKernels.cpp - a tpu.kernel's block pipeline made explicit ----===//
//
// hlo-tpu-expand-kernels: each tpu.kernel becomes a loop over its grid with
// two VMEM buffers and two DMA semaphores per operand, DMAs that move a
// block only when its block index changes, and the next grid point's input
// blocks fetched while the body computes on this one's. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Tpu/Passes.h"

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include "KernelScope.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOTPUEXPANDKERNELSPASS
#include "HloDialect/Target/Tpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// One operand of a kernel: its HBM array, block, block-index map, and the
/// two VMEM buffers its blocks alternate between.
struct BlockOperand {
  Value hbm;
  ArrayRef<int64_t> block;
  AffineMap map;
  Value buffers[2];
  /// The operand's position; its semaphores are 2 * position (a DMA of
  /// buffer 0) and 2 * position + 1 (buffer 1).
  unsigned position;
  /// Whether its block index changes during the grid: its map reads a grid
  /// dimension of more than one point.
  bool moves;
};

/// Validates a block map: each result a constant or one grid dimension.
LogicalResult checkMap(tpu::KernelOp kernel, AffineMap map) {
  for (AffineExpr expr : map.getResults())
    if (!isa<AffineConstantExpr, AffineDimExpr>(expr))
      return kernel.emitError()
             << "hlo-tpu-expand-kernels handles block maps whose results "
                "are constants or grid indices, found "
             << AffineMapAttr::get(map);
  return success();
}

/// Emits the pieces of the pipeline: grid indices of a step, block-index
/// comparisons, and the DMAs of a block and the waits for them.
class Pipeline {
public:
  Pipeline(OpBuilder &b, Location loc, ArrayRef<int64_t> grid,
           Value semaphores)
      : b(b), loc(loc), grid(grid), semaphores(semaphores) {}

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// The grid indices of linear step `step` (the last grid dimension
  /// fastest). Steps outside the grid give indices that are only compared.
  SmallVector<Value> delinearize(Value step) {
    SmallVector<Value> indices(grid.size());
    int64_t stride = 1;
    for (int64_t g = grid.size() - 1; g >= 0; --g) {
      if (grid[g] == 1) {
        indices[g] = constant(0);
        continue;
      }
      Value strideValue = constant(stride);
      Value quotient = arith::DivSIOp::create(b, loc, step, strideValue);
      Value bound = constant(grid[g]);
      indices[g] = arith::RemSIOp::create(b, loc, quotient, bound);
      stride *= grid[g];
    }
    return indices;
  }

  /// The grid indices of constant step indices.
  SmallVector<Value> constantIndices(ArrayRef<int64_t> values) {
    SmallVector<Value> indices;
    for (int64_t value : values)
      indices.push_back(constant(value));
    return indices;
  }

  /// Whether the block index of `operand` differs between grid points
  /// `from` and `to` (an i1), or null where it never changes.
  Value changed(const BlockOperand &operand, ArrayRef<Value> from,
                ArrayRef<Value> to) {
    Value result;
    for (AffineExpr expr : operand.map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || grid[dim.getPosition()] == 1)
        continue;
      unsigned g = dim.getPosition();
      Value differs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            from[g], to[g]);
      result = result ? arith::OrIOp::create(b, loc, result, differs)
                      : differs;
    }
    return result;
  }

  /// `then()` under `condition`.
  void ifThen(Value condition, function_ref<void()> then) {
    auto ifOp = scf::IfOp::create(b, loc, condition, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    then();
  }

  /// The buffer of `operand` that `slot` (an i1) selects.
  Value buffer(const BlockOperand &operand, Value slot) {
    return arith::SelectOp::create(b, loc, slot, operand.buffers[1],
                                   operand.buffers[0]);
  }

  /// Starts the DMA of `operand`'s block at grid point `indices` into
  /// (`in`) or out of buffer `slot`.
  void start(const BlockOperand &operand, ArrayRef<Value> indices,
             Value slot, bool in) {
    transfer(operand, indices, slot, in, /*wait=*/false);
  }

  /// Waits for that DMA.
  void wait(const BlockOperand &operand, ArrayRef<Value> indices, Value slot,
            bool in) {
    transfer(operand, indices, slot, in, /*wait=*/true);
  }

private:
  /// The origin of the block of `operand` at grid point `indices`.
  SmallVector<OpFoldResult> origin(const BlockOperand &operand,
                                   ArrayRef<Value> indices) {
    SmallVector<OpFoldResult> offsets;
    for (auto [d, expr] : llvm::enumerate(operand.map.getResults())) {
      if (auto constantExpr = dyn_cast<AffineConstantExpr>(expr)) {
        offsets.push_back(
            b.getIndexAttr(constantExpr.getValue() * operand.block[d]));
        continue;
      }
      unsigned g = cast<AffineDimExpr>(expr).getPosition();
      Value scale = constant(operand.block[d]);
      offsets.push_back(
          arith::MulIOp::create(b, loc, indices[g], scale).getResult());
    }
    return offsets;
  }

  /// The window of the HBM array the block at `indices` covers, of static
  /// `sizes`.
  Value window(const BlockOperand &operand, ArrayRef<Value> indices,
               ArrayRef<int64_t> sizes) {
    SmallVector<OpFoldResult> ones(sizes.size(), b.getIndexAttr(1));
    SmallVector<OpFoldResult> staticSizes;
    for (int64_t size : sizes)
      staticSizes.push_back(b.getIndexAttr(size));
    SmallVector<OpFoldResult> offsets = origin(operand, indices);
    return memref::SubViewOp::create(b, loc, operand.hbm, offsets,
                                     staticSizes, ones);
  }

  void transfer(const BlockOperand &operand, ArrayRef<Value> indices,
                Value slot, bool in, bool wait) {
    SmallVector<int64_t> sizes(operand.block);
    emitCases(operand, indices, 0, sizes, [&](ArrayRef<int64_t> shape) {
      Value local = buffer(operand, slot);
      auto bufferType = cast<MemRefType>(local.getType());
      if (bufferType.getShape() != shape) {
        SmallVector<OpFoldResult> zeros(shape.size(), b.getIndexAttr(0));
        SmallVector<OpFoldResult> ones(shape.size(), b.getIndexAttr(1));
        SmallVector<OpFoldResult> staticSizes;
        for (int64_t size : shape)
          staticSizes.push_back(b.getIndexAttr(size));
        local = memref::SubViewOp::create(b, loc, local, zeros, staticSizes,
                                          ones);
      }
      Value first = constant(2 * operand.position);
      Value second = constant(2 * operand.position + 1);
      Value semaphore = arith::SelectOp::create(b, loc, slot, second, first);
      if (wait) {
        Value awaited = in ? local : window(operand, indices, shape);
        tpu::DmaWaitOp::create(b, loc, semaphores, ValueRange{semaphore},
                               awaited);
        return;
      }
      Value remote = window(operand, indices, shape);
      if (in)
        tpu::DmaStartOp::create(b, loc, remote, local, semaphores,
                                ValueRange{semaphore});
      else
        tpu::DmaStartOp::create(b, loc, local, remote, semaphores,
                                ValueRange{semaphore});
    });
  }

  /// Emits `emit(sizes)` for the block of `operand` at grid point
  /// `indices`, under conditions choosing the static sizes of a partial
  /// block at the array's edges.
  void emitCases(const BlockOperand &operand, ArrayRef<Value> indices,
                 unsigned d, SmallVector<int64_t> &sizes,
                 function_ref<void(ArrayRef<int64_t>)> emit) {
    ArrayRef<int64_t> shape =
        cast<MemRefType>(operand.hbm.getType()).getShape();
    for (; d < sizes.size(); ++d) {
      auto dim = dyn_cast<AffineDimExpr>(operand.map.getResult(d));
      if (!dim)
        continue;
      unsigned g = dim.getPosition();
      int64_t last = (grid[g] - 1) * operand.block[d];
      int64_t edge = shape[d] - last;
      if (edge >= operand.block[d])
        continue;
      // The last block along this dimension is partial.
      Value lastIndex = constant(grid[g] - 1);
      Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           indices[g], lastIndex);
      auto ifOp = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      int64_t full = sizes[d];
      b.setInsertionPointToStart(ifOp.thenBlock());
      sizes[d] = edge;
      emitCases(operand, indices, d + 1, sizes, emit);
      b.setInsertionPointToStart(ifOp.elseBlock());
      sizes[d] = full;
      emitCases(operand, indices, d + 1, sizes, emit);
      return;
    }
    emit(sizes);
  }

  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> grid;
  Value semaphores;
};

/// The VMEM buffer of a block: its shape padded to whole tiles of its
/// element type, as VMEM holds it.
MemRefType getPaddedBufferType(MemRefType block) {
  return MemRefType::get(
      tpu::getPaddedVmemShape(block.getShape(), block.getElementType()),
      block.getElementType(), MemRefLayoutAttrInterface(),
      block.getMemorySpace());
}

LogicalResult expandKernel(tpu::KernelOp kernel) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  OpBuilder b(kernel);
  Block &body = kernel.getBody().front();
  ArrayRef<int64_t> grid = kernel.getGrid();
  unsigned gridRank = grid.size();
  unsigned numInputs = kernel.getInputs().size();
  SmallVector<Value> operands(kernel.getInputs());
  llvm::append_range(operands, kernel.getOutputs());
  for (Attribute attr : kernel.getBlockSpecs())
    if (failed(checkMap(kernel, cast<tpu::BlockSpecAttr>(attr).getIndexMap())))
      return failure();

  // Everything the kernel allocates lives as long as it runs.
  tpu_kernels::enterAllocaScope(b, loc);

  auto semaphoreType = tpu::getSemaphoresType(
      context, 2 * static_cast<int64_t>(operands.size()));
  Value semaphores = tpu::SemAllocOp::create(b, loc, semaphoreType);
  SmallVector<BlockOperand> blockOperands;
  for (auto [k, operand] : llvm::enumerate(operands)) {
    auto spec = cast<tpu::BlockSpecAttr>(kernel.getBlockSpecs()[k]);
    auto blockType =
        cast<MemRefType>(body.getArgument(gridRank + k).getType());
    MemRefType bufferType = getPaddedBufferType(blockType);
    BlockOperand &blockOperand = blockOperands.emplace_back();
    blockOperand.hbm = operand;
    blockOperand.block = spec.getBlockShape();
    blockOperand.map = spec.getIndexMap();
    blockOperand.buffers[0] = memref::AllocaOp::create(b, loc, bufferType);
    blockOperand.buffers[1] = memref::AllocaOp::create(b, loc, bufferType);
    blockOperand.position = k;
    blockOperand.moves = llvm::any_of(
        blockOperand.map.getResults(), [&](AffineExpr expr) {
          auto dim = dyn_cast<AffineDimExpr>(expr);
          return dim && grid[dim.getPosition()] > 1;
        });
  }
  ArrayRef<BlockOperand> ins = ArrayRef(blockOperands).take_front(numInputs);
  ArrayRef<BlockOperand> outs = ArrayRef(blockOperands).drop_front(numInputs);

  Pipeline pipeline(b, loc, grid, semaphores);
  int64_t points = 1;
  for (int64_t bound : grid)
    points *= bound;
  Value slot0 = arith::ConstantIntOp::create(b, loc, 0, 1);

  // Prologue: the first grid point's input blocks into buffers 0.
  SmallVector<Value> firstPoint =
      pipeline.constantIndices(SmallVector<int64_t>(gridRank, 0));
  for (const BlockOperand &operand : ins)
    pipeline.start(operand, firstPoint, slot0, /*in=*/true);

  // The grid as one loop over its points in order (the last dimension
  // fastest), carrying the buffer each operand's current block is in.
  Value lower = pipeline.constant(0);
  Value upper = pipeline.constant(points);
  Value one = pipeline.constant(1);
  SmallVector<Value> initialSlots(blockOperands.size(), slot0);
  auto loop = scf::ForOp::create(b, loc, lower, upper, one, initialSlots);
  b.setInsertionPointToStart(loop.getBody());
  Value step = loop.getInductionVar();
  ValueRange slots = loop.getRegionIterArgs();
  SmallVector<Value> here = pipeline.delinearize(step);
  Value previousStep = arith::SubIOp::create(b, loc, step, one);
  SmallVector<Value> previous = pipeline.delinearize(previousStep);
  Value nextStep = arith::AddIOp::create(b, loc, step, one);
  SmallVector<Value> next = pipeline.delinearize(nextStep);
  Value zero = pipeline.constant(0);
  Value lastStep = pipeline.constant(points - 1);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, step, zero);
  Value notFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, step, zero);
  Value isLast =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, step, lastStep);
  Value notLast =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, step, lastStep);
  Value flip = arith::ConstantIntOp::create(b, loc, 1, 1);

  // Whether each operand's block changes after this step (null: never).
  SmallVector<Value> changesNext, changedHere;
  for (const BlockOperand &operand : blockOperands) {
    Value after = pipeline.changed(operand, here, next);
    changesNext.push_back(
        after ? arith::AndIOp::create(b, loc, after, notLast).getResult()
              : Value());
    Value before = pipeline.changed(operand, previous, here);
    changedHere.push_back(
        before ? arith::AndIOp::create(b, loc, before, notFirst).getResult()
               : Value());
  }

  // Wait for the input blocks fetched for this step (at the first step or
  // when the block changed), then fetch the next step's changed blocks into
  // the other buffers while the body computes.
  for (const BlockOperand &operand : ins) {
    unsigned k = operand.position;
    Value fetched = changedHere[k]
                        ? arith::OrIOp::create(b, loc, isFirst, changedHere[k])
                              .getResult()
                        : isFirst;
    pipeline.ifThen(fetched,
                    [&] { pipeline.wait(operand, here, slots[k], true); });
  }
  for (const BlockOperand &operand : ins) {
    unsigned k = operand.position;
    if (!changesNext[k])
      continue;
    Value other = arith::XOrIOp::create(b, loc, slots[k], flip);
    pipeline.ifThen(changesNext[k],
                    [&] { pipeline.start(operand, next, other, true); });
  }

  IRMapping map;
  for (auto [g, index] : llvm::enumerate(here))
    map.map(body.getArgument(g), index);
  for (const BlockOperand &operand : blockOperands)
    map.map(body.getArgument(gridRank + operand.position),
            pipeline.buffer(operand, slots[operand.position]));
  for (Operation &op : body)
    b.clone(op, map);

  // An output block goes back when its index is about to change or at the
  // end; the previous block's copy out (from the other buffer) is waited
  // for here, one step after it started.
  for (const BlockOperand &operand : outs) {
    unsigned k = operand.position;
    if (changedHere[k]) {
      Value other = arith::XOrIOp::create(b, loc, slots[k], flip);
      pipeline.ifThen(changedHere[k], [&] {
        pipeline.wait(operand, previous, other, /*in=*/false);
      });
    }
    Value writeBack = changesNext[k]
                          ? arith::OrIOp::create(b, loc, isLast, changesNext[k])
                                .getResult()
                          : isLast;
    pipeline.ifThen(writeBack,
                    [&] { pipeline.start(operand, here, slots[k], false); });
  }
  SmallVector<Value> nextSlots;
  for (const BlockOperand &operand : blockOperands) {
    unsigned k = operand.position;
    nextSlots.push_back(
        changesNext[k]
            ? arith::XOrIOp::create(b, loc, slots[k], changesNext[k])
                  .getResult()
            : slots[k]);
  }
  scf::YieldOp::create(b, loc, nextSlots);

  // Epilogue: the last step's copies out.
  b.setInsertionPointAfter(loop);
  SmallVector<int64_t> lastIndices;
  for (int64_t bound : grid)
    lastIndices.push_back(bound - 1);
  SmallVector<Value> lastPoint = pipeline.constantIndices(lastIndices);
  for (const BlockOperand &operand : outs)
    pipeline.wait(operand, lastPoint, loop.getResult(operand.position),
                  /*in=*/false);
  kernel.erase();
  return success();
}

struct HloTpuExpandKernelsPass
    : public hlo::impl::HloTpuExpandKernelsPassBase<HloTpuExpandKernelsPass> {
  void runOnOperation() override {
    SmallVector<tpu::KernelOp> kernels;
    getOperation().walk([&](tpu::KernelOp kernel) { kernels.push_back(kernel); });
    for (tpu::KernelOp kernel : kernels)
      if (failed(expandKernel(kernel)))
        return signalPassFailure();
  }
};

} // namespace
