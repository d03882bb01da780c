//===- HloLowerStridedCopies.cpp - the hlo-lower-strided-copies pass ------===//
//
// memref.copy between buffers that are not both contiguous (subviews of a
// slice, a strided window, a transposed layout) lowers to a call of the
// runtime's memrefCopy, which walks the elements one by one through a
// generic index vector: several nanoseconds per element. As a linalg.copy
// it becomes a static loop nest whose innermost loop LLVM vectorizes when
// both sides are unit-stride there. Contiguous copies stay memref.copy
// (one memcpy).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLOWERSTRIDEDCOPIESPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// Whether a copy from `source` to `target` becomes a call of memrefCopy
/// (not one memcpy) and has static shapes of rank one or more.
bool isStridedStaticCopy(MemRefType source, MemRefType target) {
  if (!source || !target || !source.hasStaticShape() ||
      !target.hasStaticShape() || source.getRank() == 0)
    return false;
  return !memref::isStaticShapeAndContiguousRowMajor(source) ||
         !memref::isStaticShapeAndContiguousRowMajor(target);
}

struct HloLowerStridedCopiesPass
    : hlo::impl::HloLowerStridedCopiesPassBase<HloLowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (isStridedStaticCopy(dyn_cast<MemRefType>(copy.getSource().getType()),
                              dyn_cast<MemRefType>(copy.getTarget().getType())))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      linalg::CopyOp::create(rewriter, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      rewriter.eraseOp(copy);
    }
  }
};
} // namespace
