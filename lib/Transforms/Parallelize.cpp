//===- Parallelize.cpp - distributing loop nests over threads -------------===//

#include "HloDialect/Transforms/Parallelize.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::hlo;

FailureOr<DistributedOp> hlo::distributeOverThreads(
    RewriterBase &rewriter, TilingInterface op, int64_t threads,
    llvm::function_ref<bool(Operation *)> fuseProducer) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op.getOperation());
  if (threads < 2 || !linalgOp || !linalgOp.hasPureTensorSemantics() ||
      linalgOp.hasDynamicShape() || linalgOp.getNumDpsInits() == 0)
    return failure();
  SmallVector<int64_t> extents = linalgOp.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators =
      linalgOp.getIteratorTypesArray();
  std::optional<unsigned> distributed;
  for (unsigned i = 0, e = extents.size(); i < e; ++i) {
    if (iterators[i] == utils::IteratorType::parallel &&
        extents[i] >= threads && extents[i] % threads == 0) {
      distributed = i;
      break;
    }
  }
  if (!distributed)
    return failure();

  SmallVector<int64_t> sizes(extents.size(), 0);
  sizes[*distributed] = extents[*distributed] / threads;
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(getAsIndexOpFoldResult(op->getContext(), sizes));
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions fuse;
  fuse.setTilingOptions(tiling);
  fuse.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fuseProducer(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, op, fuse);
  if (failed(tiled) || tiled->loops.size() != 1)
    return failure();
  auto forall = dyn_cast<scf::ForallOp>(tiled->loops.front().getOperation());
  if (!forall)
    return failure();
  for (auto [original, replacement] : tiled->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  // The tile of `op` is what the loop's parallel inserts write.
  DistributedOp result;
  result.loop = forall;
  for (Operation &inner : forall.getTerminator().getYieldingOps()) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(inner);
    if (insert && insert.getSource().getDefiningOp())
      result.tiledOp = insert.getSource().getDefiningOp();
  }
  if (op->use_empty())
    rewriter.eraseOp(op);
  return result;
}
