//===- HloStreamingStores.cpp - the hlo-streaming-stores pass -------------===//
//
// A result that the function writes once and never reads does not need to
// pass through the cache: a non-temporal store writes whole lines to memory
// without first reading them (no read-for-ownership), so a memory-bound
// loop moves one array less. Only provably aligned full-line stores qualify
// (an unaligned non-temporal vector store becomes scalar stores on x86).
// Stores in parallel loop iterations are fenced at the iteration's end, as
// other threads read what they write.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/SetVector.h"

#include <numeric>

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOSTREAMINGSTORESPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The cache line (and the alignment the ABI guarantees for arguments).
constexpr int64_t kLineBytes = 64;

bool isMultipleOf(Value value, int64_t k, unsigned depth = 0);

bool isMultipleOf(AffineExpr expr, ValueRange operands, unsigned numDims,
                  int64_t k, unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue() % k == 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return isMultipleOf(operands[dim.getPosition()], k, depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return isMultipleOf(operands[numDims + symbol.getPosition()], k,
                        depth + 1);
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return isMultipleOf(binary.getLHS(), operands, numDims, k, depth) &&
           isMultipleOf(binary.getRHS(), operands, numDims, k, depth);
  case AffineExprKind::Mul:
    return isMultipleOf(binary.getLHS(), operands, numDims, k, depth) ||
           isMultipleOf(binary.getRHS(), operands, numDims, k, depth);
  default:
    return false;
  }
}

/// Whether the index `value` is provably a multiple of `k`.
bool isMultipleOf(Value value, int64_t k, unsigned depth) {
  if (k == 1)
    return true;
  if (depth > 16)
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue() % k == 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      return loop.getInductionVar() == arg &&
             isMultipleOf(loop.getLowerBound(), k, depth + 1) &&
             isMultipleOf(loop.getStep(), k, depth + 1);
    // The iterations of a forall (tasks on other threads) start at
    // lower bound + i * step.
    if (auto forall = dyn_cast<scf::ForallOp>(parent)) {
      auto ivs = forall.getInductionVars();
      auto it = llvm::find(ivs, arg);
      if (it == ivs.end())
        return false;
      size_t dim = it - ivs.begin();
      auto isMultiple = [&](OpFoldResult bound) {
        if (auto attr = dyn_cast<Attribute>(bound))
          return cast<IntegerAttr>(attr).getInt() % k == 0;
        return isMultipleOf(cast<Value>(bound), k, depth + 1);
      };
      return isMultiple(forall.getMixedLowerBound()[dim]) &&
             isMultiple(forall.getMixedStep()[dim]);
    }
    return false;
  }
  Operation *op = value.getDefiningOp();
  if (!op)
    return false;
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return isMultipleOf(op->getOperand(0), k, depth + 1) &&
           isMultipleOf(op->getOperand(1), k, depth + 1);
  if (isa<arith::MulIOp>(op))
    return isMultipleOf(op->getOperand(0), k, depth + 1) ||
           isMultipleOf(op->getOperand(1), k, depth + 1);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return isMultipleOf(apply.getAffineMap().getResult(0),
                        apply.getMapOperands(),
                        apply.getAffineMap().getNumDims(), k, depth + 1);
  return false;
}

/// Whether `store` writes whole, line-aligned lines of `type` (identity
/// layout, a line-aligned base).
bool writesAlignedLines(vector::StoreOp store, MemRefType type,
                        int64_t elementBytes) {
  VectorType vectorType = store.getVectorType();
  if (vectorType.getRank() != 1 || vectorType.isScalable() ||
      (vectorType.getNumElements() * elementBytes) % kLineBytes != 0)
    return false;
  int64_t lineElements = kLineBytes / elementBytes;
  ArrayRef<int64_t> shape = type.getShape();
  // index_i * stride_i must be a multiple of a line for every i.
  int64_t stride = 1;
  for (int64_t i = shape.size() - 1; i >= 0; --i) {
    int64_t needed = lineElements / std::gcd(stride, lineElements);
    if (!isMultipleOf(store.getIndices()[i], needed))
      return false;
    stride *= shape[i];
  }
  return true;
}

struct HloStreamingStoresPass
    : hlo::impl::HloStreamingStoresPassBase<HloStreamingStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minBytes < 0) {
      emitError(getOperation()->getLoc())
          << "hlo-streaming-stores: min-bytes must not be negative";
      return signalPassFailure();
    }
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    for (BlockArgument arg : func.getArguments()) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
          !type.getElementType().isIntOrFloat())
        continue;
      unsigned bits = type.getElementType().getIntOrFloatBitWidth();
      if (bits % 8 != 0 || kLineBytes % (bits / 8) != 0)
        continue;
      int64_t elementBytes = bits / 8;
      if (type.getNumElements() * elementBytes < minBytes)
        continue;
      // Written only, and only by vector stores: nothing reads it back.
      SmallVector<vector::StoreOp> stores;
      bool writeOnly = true;
      for (OpOperand &use : arg.getUses()) {
        auto store = dyn_cast<vector::StoreOp>(use.getOwner());
        if (!store || store.getBase() != arg) {
          writeOnly = false;
          break;
        }
        stores.push_back(store);
      }
      if (!writeOnly)
        continue;
      for (vector::StoreOp store : stores) {
        if (!writesAlignedLines(store, type, elementBytes))
          continue;
        store.setNontemporal(true);
        store.setAlignment(kLineBytes);
        if (auto forall = store->getParentOfType<scf::ForallOp>())
          fenced.insert(forall);
      }
    }
    // An iteration that streamed lines fences them before its task ends.
    for (scf::ForallOp forall : fenced) {
      OpBuilder builder(forall.getBody()->getTerminator());
      LLVM::CallIntrinsicOp::create(
          builder, forall.getLoc(),
          builder.getStringAttr("llvm.x86.sse.sfence"), ValueRange{});
    }
  }

  llvm::SetVector<scf::ForallOp> fenced;
};

} // namespace
