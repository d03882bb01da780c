//===- LowerAllReduce.cpp - block-wide reductions in workgroup memory -----===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANLOWERALLREDUCEPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// `a <kind> b`, or null for a kind this lowering does not know.
Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
              Value lhs, Value rhs) {
  using Kind = gpu::AllReduceOperation;
  switch (kind) {
  case Kind::ADD:
    if (isa<FloatType>(lhs.getType()))
      return arith::AddFOp::create(b, loc, lhs, rhs);
    return arith::AddIOp::create(b, loc, lhs, rhs);
  case Kind::MUL:
    if (isa<FloatType>(lhs.getType()))
      return arith::MulFOp::create(b, loc, lhs, rhs);
    return arith::MulIOp::create(b, loc, lhs, rhs);
  case Kind::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case Kind::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case Kind::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case Kind::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case Kind::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case Kind::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case Kind::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  }
  return nullptr;
}

LogicalResult lowerAllReduce(gpu::AllReduceOp op, int64_t blockX,
                             int64_t blockY, int64_t blockZ) {
  if (!op.getOp() || !op.getBody().empty())
    return op.emitError() << "only gpu.all_reduce with a reduction kind "
                             "(no region) is supported on Vulkan";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  Location loc = op.getLoc();
  Type type = op.getType();
  int64_t threads = blockX * blockY * blockZ;
  MLIRContext *context = op.getContext();
  auto workgroup = gpu::AddressSpaceAttr::get(
      context, gpu::GPUDialect::getWorkgroupAddressSpace());
  auto bufferType = MemRefType::get({threads}, type, MemRefLayoutAttrInterface(),
                                    workgroup);
  Value buffer = func.addWorkgroupAttribution(bufferType, loc);

  OpBuilder b(op);
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value sizeX = arith::ConstantIndexOp::create(b, loc, blockX);
  Value sizeY = arith::ConstantIndexOp::create(b, loc, blockY);
  Value zRow = arith::MulIOp::create(b, loc, z, sizeY);
  Value yz = arith::AddIOp::create(b, loc, zRow, y);
  Value yzRow = arith::MulIOp::create(b, loc, yz, sizeX);
  Value tid = arith::AddIOp::create(b, loc, yzRow, x);
  memref::StoreOp::create(b, loc, op.getValue(), buffer, tid);
  gpu::BarrierOp::create(b, loc);
  Value total = arith::ConstantIndexOp::create(b, loc, threads);
  for (int64_t stride = static_cast<int64_t>(llvm::PowerOf2Ceil(threads)) / 2;
       stride >= 1; stride /= 2) {
    Value strideValue = arith::ConstantIndexOp::create(b, loc, stride);
    Value partner = arith::AddIOp::create(b, loc, tid, strideValue);
    Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                                      strideValue);
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         partner, total);
    Value active = arith::AndIOp::create(b, loc, low, inside);
    auto ifOp = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value mine = memref::LoadOp::create(b, loc, buffer, tid);
      Value theirs = memref::LoadOp::create(b, loc, buffer, partner);
      Value combined = combine(b, loc, *op.getOp(), mine, theirs);
      if (!combined)
        return op.emitError() << "unknown gpu.all_reduce kind";
      memref::StoreOp::create(b, loc, combined, buffer, tid);
    }
    gpu::BarrierOp::create(b, loc);
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value result = memref::LoadOp::create(b, loc, buffer, zero);
  // Every thread has read the result before the buffer is written again.
  gpu::BarrierOp::create(b, loc);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

struct HloVulkanLowerAllReducePass
    : hlo::impl::HloVulkanLowerAllReducePassBase<HloVulkanLowerAllReducePass> {
  void runOnOperation() override {
    SmallVector<gpu::AllReduceOp> reductions;
    getOperation().walk([&](gpu::AllReduceOp op) { reductions.push_back(op); });
    for (gpu::AllReduceOp op : reductions) {
      auto func = op->getParentOfType<gpu::GPUFuncOp>();
      std::optional<ArrayRef<int32_t>> block =
          func ? func.getKnownBlockSize() : std::nullopt;
      if (!block || block->size() != 3) {
        op.emitError() << "gpu.all_reduce needs a kernel with a "
                          "known_block_size";
        return signalPassFailure();
      }
      if (failed(lowerAllReduce(op, (*block)[0], (*block)[1], (*block)[2])))
        return signalPassFailure();
    }
  }
};
} // namespace
