//===- PlaceBuffers.cpp - host functions' buffers in device memory --------===//
//
// See the pass description in Gpu/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOGPUPLACEBUFFERSPASS
#include "HloDialect/Gpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

// Device memory operations are created in their synchronous form;
// gpu-async-region later chains them and the kernel launches on one stream
// per straight-line stretch of host code, waited for only where the host
// needs the results.
Value allocateOnDevice(OpBuilder &b, Location loc, MemRefType type,
                       ValueRange dynamicSizes) {
  return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), dynamicSizes,
                              /*symbolOperands=*/ValueRange(),
                              /*hostShared=*/false)
      .getMemref();
}

void freeOnDevice(OpBuilder &b, Location loc, Value buffer) {
  gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(), buffer);
}

void copyOnDevice(OpBuilder &b, Location loc, Value target, Value source) {
  gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(), target,
                        source);
}

/// Frees `buffer` before the terminator of `block` (a stack buffer's scope
/// ends there).
void freeAtEndOf(OpBuilder &b, Block &block, Location loc, Value buffer) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(block.getTerminator());
  freeOnDevice(b, loc, buffer);
}

struct HloGpuPlaceBuffersPass
    : hlo::impl::HloGpuPlaceBuffersPassBase<HloGpuPlaceBuffersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> hostOps;
    for (auto func : getOperation().getOps<func::FuncOp>())
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<gpu::LaunchOp>(op))
          return WalkResult::skip();
        if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
                memref::CopyOp, memref::GetGlobalOp>(op))
          hostOps.push_back(op);
        return WalkResult::advance();
      });

    for (Operation *op : hostOps) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        Value device = allocateOnDevice(b, loc, alloc.getType(),
                                        alloc.getDynamicSizes());
        alloc.replaceAllUsesWith(device);
        alloc.erase();
      } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
        if (isHostScalarBuffer(alloca))
          continue;
        Value device = allocateOnDevice(b, loc, alloca.getType(),
                                        alloca.getDynamicSizes());
        alloca.replaceAllUsesWith(device);
        freeAtEndOf(b, *alloca->getBlock(), loc, device);
        alloca.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        freeOnDevice(b, loc, dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        copyOnDevice(b, loc, copy.getTarget(), copy.getSource());
        copy.erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // The constant's bytes are in the host image: give host code (and
        // the kernels it passes the buffer to) a device copy.
        b.setInsertionPointAfter(global);
        auto type = cast<MemRefType>(global.getType());
        Value device = allocateOnDevice(b, loc, type, ValueRange());
        global.getResult().replaceAllUsesWith(device);
        copyOnDevice(b, loc, device, global.getResult());
        freeAtEndOf(b, *global->getBlock(), loc, device);
      }
    }
  }
};

} // namespace
