//===- EmitFusions.h - one loop nest per lowered fusion ---------*- C++ -*-===//
//
// After hlo-legalize-to-linalg, each `hlo.fusion` is an `scf.execute_region`
// tagged `hlo.fusion_kind` holding the linalg ops of its body. Emitting a
// fusion turns those ops into one loop nest:
//
//  * elementwise producers are fused into their consumers
//    (upstream linalg elementwise fusion, reshapes propagated out of the way),
//  * independent ops over the same iteration space are merged into one
//    multi-result linalg.generic (sibling fusion at the loop level),
//  * what remains (reductions feeding the rows of their consumers, a
//    contraction feeding its epilogue) is tiled from its root and the
//    producers are fused into the tile loop (TilingInterface), rows for
//    input fusions and 2-d tiles for output fusions,
//
// then the region is inlined.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_EMITFUSIONS_H
#define HLODIALECT_TRANSFORMS_EMITFUSIONS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace linalg {
class GenericOp;
} // namespace linalg
namespace scf {
class ExecuteRegionOp;
} // namespace scf

namespace hlo {

struct EmitFusionOptions {
  /// Tile of the product an output fusion computes with its epilogue at a
  /// time (rows, columns of the result; leading batch dimensions take 1).
  int64_t outputTileRows = 64;
  int64_t outputTileColumns = 256;
  /// Threads a fusion's loop nest is distributed over (an scf.forall with
  /// one iteration per thread around the tile loops); 1: none.
  int64_t threads = 1;
  /// Tile loops as scf.forall (their iterations are independent) rather
  /// than scf.for: what a GPU maps to threads.
  bool parallelTiles = false;
};

/// What emitting one fusion produced.
struct EmittedFusion {
  /// The linalg ops (outside any tile loop) and tile loops the fusion's
  /// ops became; one when the fusion is one loop nest.
  int64_t numLoopNests = 0;
};

/// Emits the fusion in `region` (an execute_region tagged with
/// `hlo.fusion_kind`) as one loop nest and inlines it into its block.
FailureOr<EmittedFusion> emitFusion(RewriterBase &rewriter,
                                    scf::ExecuteRegionOp region,
                                    const EmitFusionOptions &options = {});

/// Merges `second` into `first` when both are linalg.generic ops over the
/// same iteration space and `second` does not depend on `first`: the result
/// is one generic computing the results of both. Returns the merged op.
FailureOr<linalg::GenericOp> mergeSiblingGenerics(RewriterBase &rewriter,
                                                  linalg::GenericOp first,
                                                  linalg::GenericOp second);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_EMITFUSIONS_H
