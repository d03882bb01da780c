//===- ExpandKernels.cpp - a tpu.kernel's block pipeline made explicit ----===//
//
// hlo-tpu-expand-kernels: each tpu.kernel becomes a loop nest over its grid
// with VMEM block buffers, DMA semaphores, and DMAs in and out around the
// body at every grid point. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Tpu/Passes.h"

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOTPUEXPANDKERNELSPASS
#include "HloDialect/Target/Tpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

constexpr int64_t kLanes = 128;

int64_t roundUp(int64_t a, int64_t b) { return (a + b - 1) / b * b; }

/// One operand of a kernel: its HBM array, block, block-index map and VMEM
/// buffer.
struct BlockOperand {
  Value hbm;
  ArrayRef<int64_t> block;
  AffineMap map;
  Value buffer;
  unsigned semaphore;
};

class Expander {
public:
  Expander(OpBuilder &b, Location loc, tpu::KernelOp kernel, Value semaphores,
           ArrayRef<Value> gridIndices)
      : b(b), loc(loc), grid(kernel.getGrid()), semaphores(semaphores),
        gridIndices(gridIndices) {}

  /// Validates the map of `operand`: each result a constant or one grid
  /// dimension.
  static LogicalResult checkMap(tpu::KernelOp kernel, AffineMap map) {
    for (AffineExpr expr : map.getResults())
      if (!isa<AffineConstantExpr, AffineDimExpr>(expr))
        return kernel.emitError()
               << "hlo-tpu-expand-kernels handles block maps whose results "
                  "are constants or grid indices, found "
               << AffineMapAttr::get(map);
    return success();
  }

  /// Emits `emit(sizes)` for the block of `operand` at this grid point,
  /// under conditions choosing the static sizes of a partial block at the
  /// array's edges.
  void forEachBlockShape(const BlockOperand &operand,
                         function_ref<void(ArrayRef<int64_t>)> emit) {
    SmallVector<int64_t> sizes(operand.block);
    emitCases(operand, 0, sizes, emit);
  }

  /// The origin of the block of `operand` at this grid point.
  SmallVector<OpFoldResult> origin(const BlockOperand &operand) {
    SmallVector<OpFoldResult> offsets;
    for (auto [d, expr] : llvm::enumerate(operand.map.getResults())) {
      if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
        offsets.push_back(b.getIndexAttr(constant.getValue() * operand.block[d]));
        continue;
      }
      unsigned g = cast<AffineDimExpr>(expr).getPosition();
      Value scale = arith::ConstantIndexOp::create(b, loc, operand.block[d]);
      offsets.push_back(
          arith::MulIOp::create(b, loc, gridIndices[g], scale).getResult());
    }
    return offsets;
  }

  /// Emits the DMA of `operand`'s block in (HBM to VMEM) or out, or the
  /// wait for it.
  void emitTransfer(const BlockOperand &operand, bool in, bool wait) {
    forEachBlockShape(operand, [&](ArrayRef<int64_t> sizes) {
      auto bufferType = cast<MemRefType>(operand.buffer.getType());
      Value local = operand.buffer;
      if (bufferType.getShape() != sizes) {
        SmallVector<OpFoldResult> zeros(sizes.size(), b.getIndexAttr(0));
        SmallVector<OpFoldResult> ones(sizes.size(), b.getIndexAttr(1));
        SmallVector<OpFoldResult> staticSizes;
        for (int64_t size : sizes)
          staticSizes.push_back(b.getIndexAttr(size));
        local = memref::SubViewOp::create(b, loc, operand.buffer, zeros,
                                          staticSizes, ones);
      }
      Value index = arith::ConstantIndexOp::create(b, loc, operand.semaphore);
      if (wait) {
        tpu::DmaWaitOp::create(b, loc, semaphores, ValueRange{index},
                               in ? local : window(operand, sizes));
        return;
      }
      Value remote = window(operand, sizes);
      if (in)
        tpu::DmaStartOp::create(b, loc, remote, local, semaphores,
                                ValueRange{index});
      else
        tpu::DmaStartOp::create(b, loc, local, remote, semaphores,
                                ValueRange{index});
    });
  }

private:
  /// The window of the HBM array the block covers, of static `sizes`.
  Value window(const BlockOperand &operand, ArrayRef<int64_t> sizes) {
    SmallVector<OpFoldResult> ones(sizes.size(), b.getIndexAttr(1));
    SmallVector<OpFoldResult> staticSizes;
    for (int64_t size : sizes)
      staticSizes.push_back(b.getIndexAttr(size));
    return memref::SubViewOp::create(b, loc, operand.hbm, origin(operand),
                                     staticSizes, ones);
  }

  void emitCases(const BlockOperand &operand, unsigned d,
                 SmallVector<int64_t> &sizes,
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
      Value isLast = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, gridIndices[g],
          arith::ConstantIndexOp::create(b, loc, grid[g] - 1));
      auto ifOp = scf::IfOp::create(b, loc, isLast, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      int64_t full = sizes[d];
      b.setInsertionPointToStart(ifOp.thenBlock());
      sizes[d] = edge;
      emitCases(operand, d + 1, sizes, emit);
      b.setInsertionPointToStart(ifOp.elseBlock());
      sizes[d] = full;
      emitCases(operand, d + 1, sizes, emit);
      return;
    }
    emit(sizes);
  }

  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> grid;
  Value semaphores;
  ArrayRef<Value> gridIndices;
};

/// The VMEM buffer of a block: its shape padded to whole tiles of its
/// element type, as VMEM holds it.
MemRefType getPaddedBufferType(MemRefType block) {
  SmallVector<int64_t> shape(block.getShape());
  int64_t rank = shape.size();
  if (rank >= 1)
    shape[rank - 1] = roundUp(shape[rank - 1], kLanes);
  if (rank >= 2)
    shape[rank - 2] = roundUp(shape[rank - 2],
                              tpu::getNativeSublaneTile(block.getElementType()));
  return MemRefType::get(shape, block.getElementType(),
                         MemRefLayoutAttrInterface(), block.getMemorySpace());
}

LogicalResult expandKernel(tpu::KernelOp kernel) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  OpBuilder b(kernel);
  Block &body = kernel.getBody().front();
  unsigned gridRank = kernel.getGrid().size();
  unsigned numInputs = kernel.getInputs().size();
  SmallVector<Value> operands(kernel.getInputs());
  llvm::append_range(operands, kernel.getOutputs());
  for (Attribute attr : kernel.getBlockSpecs())
    if (failed(Expander::checkMap(
            kernel, cast<tpu::BlockSpecAttr>(attr).getIndexMap())))
      return failure();

  // Everything the kernel allocates lives as long as it runs.
  auto scope = memref::AllocaScopeOp::create(b, loc, TypeRange());
  Block *scopeBody = new Block();
  scope.getBodyRegion().push_back(scopeBody);
  b.setInsertionPointToStart(scopeBody);
  memref::AllocaScopeReturnOp::create(b, loc);
  b.setInsertionPointToStart(scopeBody);

  auto semaphoreType = MemRefType::get(
      {static_cast<int64_t>(operands.size())}, tpu::SemaphoreType::get(context),
      MemRefLayoutAttrInterface(),
      tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::semaphore));
  Value semaphores = tpu::SemAllocOp::create(b, loc, semaphoreType);
  SmallVector<BlockOperand> blockOperands;
  for (auto [k, operand] : llvm::enumerate(operands)) {
    auto spec = cast<tpu::BlockSpecAttr>(kernel.getBlockSpecs()[k]);
    auto blockType =
        cast<MemRefType>(body.getArgument(gridRank + k).getType());
    Value buffer =
        memref::AllocaOp::create(b, loc, getPaddedBufferType(blockType));
    blockOperands.push_back({operand, spec.getBlockShape(), spec.getIndexMap(),
                             buffer, static_cast<unsigned>(k)});
  }

  // The grid, outermost dimension first.
  SmallVector<Value> gridIndices;
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t bound : kernel.getGrid()) {
    auto loop = scf::ForOp::create(
        b, loc, c0, arith::ConstantIndexOp::create(b, loc, bound), c1);
    gridIndices.push_back(loop.getInductionVar());
    b.setInsertionPoint(loop.getBody()->getTerminator());
  }

  Expander expander(b, loc, kernel, semaphores, gridIndices);
  ArrayRef<BlockOperand> ins = ArrayRef(blockOperands).take_front(numInputs);
  ArrayRef<BlockOperand> outs = ArrayRef(blockOperands).drop_front(numInputs);
  for (const BlockOperand &operand : ins)
    expander.emitTransfer(operand, /*in=*/true, /*wait=*/false);
  for (const BlockOperand &operand : ins)
    expander.emitTransfer(operand, /*in=*/true, /*wait=*/true);

  IRMapping map;
  for (auto [g, index] : llvm::enumerate(gridIndices))
    map.map(body.getArgument(g), index);
  for (auto [k, operand] : llvm::enumerate(blockOperands))
    map.map(body.getArgument(gridRank + k), operand.buffer);
  for (Operation &op : body)
    b.clone(op, map);

  for (const BlockOperand &operand : outs)
    expander.emitTransfer(operand, /*in=*/false, /*wait=*/false);
  for (const BlockOperand &operand : outs)
    expander.emitTransfer(operand, /*in=*/false, /*wait=*/true);
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
