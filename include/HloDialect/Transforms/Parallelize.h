//===- Parallelize.h - distributing loop nests over threads -----*- C++ -*-===//
//
// The CPU pipeline's threading: an op's outermost parallel loop split into
// one `scf.forall` iteration per thread (TilingInterface tiling with the
// forall loop type). After bufferization the foralls become scf.parallel
// loops that `async-parallel-for` runs on the MLIR async runtime's worker
// threads.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_PARALLELIZE_H
#define HLODIALECT_TRANSFORMS_PARALLELIZE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class TilingInterface;

namespace hlo {

struct DistributedOp {
  scf::ForallOp loop;
  /// The tile of the distributed op inside the loop.
  Operation *tiledOp = nullptr;
};

/// Splits the first parallel loop of `op` whose static extent `threads`
/// divides (and is at least `threads`) into `threads` chunks, one
/// `scf.forall` iteration each, and fuses into the loop the producers of
/// `op`'s operands for which `fuseProducer` returns true (they are
/// computed per chunk, on the slices the chunk reads). Replaces `op`.
/// Fails without changing the IR when `op` has no such loop, has dynamic
/// shapes or is not on tensors.
FailureOr<DistributedOp>
distributeOverThreads(RewriterBase &rewriter, TilingInterface op,
                      int64_t threads,
                      llvm::function_ref<bool(Operation *)> fuseProducer);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_PARALLELIZE_H
