//===- HloVectorize.cpp - the hlo-vectorize pass --------------------------===//

#include "HloDialect/Transforms/Passes.h"
#include "HloDialect/Transforms/Vectorize.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVECTORIZEPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloVectorizePass : hlo::impl::HloVectorizePassBase<HloVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBits < 64 || contractionRows < 1 || contractionColumns < 2 ||
        cacheTileRows < 1 || cacheTileColumns < 1 || cacheTileDepth < 0 ||
        l2CacheBytes < 0) {
      emitError(getOperation()->getLoc())
          << "hlo-vectorize: vector-bits must be at least 64, the tile "
             "sizes positive and cache-tile-depth and l2-cache-bytes not "
             "negative";
      return signalPassFailure();
    }
    VectorizeOptions options;
    options.vectorBits = vectorBits;
    options.contractionRows = contractionRows;
    options.contractionColumns = contractionColumns;
    options.cacheTileRows = cacheTileRows;
    options.cacheTileColumns = cacheTileColumns;
    options.cacheTileDepth = cacheTileDepth;
    options.packRightHandSide = packRightHandSide;
    options.packLeftHandSide = packLeftHandSide;
    options.l2CacheBytes = l2CacheBytes;
    options.wholePanelBytes = wholePanelBytes;
    IRRewriter rewriter(&getContext());
    // Collected first: tiling creates new linalg ops, which are vectorized
    // by the strategy that created them, not visited again.
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk(
        [&](linalg::LinalgOp op) { candidates.push_back(op); });
    // Contractions first: packing may absorb the ops producing their
    // operands (the widening of a bf16 right-hand side), which are then
    // dead and left to the canonicalizer instead of being vectorized.
    std::stable_partition(candidates.begin(), candidates.end(),
                          [](linalg::LinalgOp op) {
                            return linalg::isaContractionOpInterface(op);
                          });
    for (linalg::LinalgOp op : candidates) {
      if (op->use_empty() && op.hasPureTensorSemantics())
        continue;
      (void)vectorizeLinalgOp(rewriter, op, options);
    }
  }
};
} // namespace
