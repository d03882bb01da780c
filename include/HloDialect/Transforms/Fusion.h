//===- Fusion.h - forming hlo.fusion ops ------------------------*- C++ -*-===//
//
// Producer-consumer and sibling fusion of hlo ops into `hlo.fusion` regions,
// in the spirit of XLA's instruction fusion and multi-output fusion passes.
// Planning (which ops go together, and why a candidate was rejected) is
// separate from forming the fusions, so that other drivers can reuse either:
//
//   planFusions(block, options, explain)  -> SmallVector<FusionGroup>
//   createFusion(rewriter, group)         -> hlo.fusion
//   fuseBlock(rewriter, block, ...)       both, for every group
//
// The rules:
//  * loop fusions: elementwise ops, broadcasts, reshapes, transposes, iota
//    and splat constants fused into their consumers;
//  * input fusions: reductions with their elementwise producers, and the
//    consumers of reduced values that map rows back to rows (softmax,
//    layernorm, log-sum-exp) in one loop over the reductions' rows;
//  * output fusions: a dot_general with its elementwise epilogue (bias,
//    activation), computed per tile of the product;
//  * a producer whose result has users outside the fusion is duplicated
//    into it when recomputing is cheap and reads no more bytes than it
//    saves, made an extra result of the fusion (multi-output) otherwise, and
//    never duplicated when it is expensive (a transcendental, a division, a
//    reduction or a contraction);
//  * an expensive producer is not fused where its elements would be
//    recomputed many times (through a broadcast);
//  * siblings that read the same operand over the same iteration space are
//    merged into one multi-output fusion;
//  * no fusion creates a cycle between fusions.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_FUSION_H
#define HLODIALECT_TRANSFORMS_FUSION_H

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::hlo {

/// One planned fusion: ops of one block and the loop structure they are
/// emitted as.
struct FusionGroup {
  FusionKind kind = FusionKind::loop;
  /// The op the group was grown from (its last op in block order).
  Operation *root = nullptr;
  /// The reduction or contraction that decides the loop structure of an
  /// input or output fusion.
  Operation *hero = nullptr;
  /// Ops moved into the fusion.
  llvm::SetVector<Operation *> ops;
  /// Cheap ops cloned into the fusion; the originals stay for other users.
  llvm::SetVector<Operation *> duplicated;

  /// A fusion is formed only for groups of two or more ops.
  bool isTrivial() const { return ops.size() + duplicated.size() < 2; }
};

struct FusionOptions {
  /// Most ops (moved and duplicated, splat constants not counted) in one
  /// fusion.
  int64_t maxFusedOps = 128;
  /// Most inputs of one fusion.
  int64_t maxInputs = 32;
  /// Allow producers with users outside to become extra fusion results.
  bool multiOutput = true;
  /// Merge sibling fusions that read the same operand.
  bool siblingFusion = true;
  /// Merge a loop fusion into a loop fusion over the same index space that
  /// reads its results elementwise (producer-consumer multi-output fusion).
  bool producerMerge = true;
};

/// Called for every producer that was considered for a fusion and rejected,
/// with the op of the fusion it was considered for and the reason.
using FusionExplainFn = std::function<void(
    Operation *producer, Operation *fusionRoot, const llvm::Twine &reason)>;

/// Decides which ops of `block` are fused together. Groups are returned in
/// block order of their roots; trivial groups are omitted.
SmallVector<FusionGroup> planFusions(Block &block,
                                     const FusionOptions &options,
                                     const FusionExplainFn &explain = {});

/// Wraps the ops of `group` (all in one block) into one `hlo.fusion`: its
/// inputs are the values the ops use from outside, its results the values
/// used outside. Moved ops are erased, duplicated ones cloned. The block may
/// need `sortTopologically` afterwards when outside users of fusion results
/// sat between the fused ops.
FailureOr<FusionOp> createFusion(RewriterBase &rewriter,
                                 const FusionGroup &group);

/// Plans and forms all fusions of `block`; returns the fusions formed.
SmallVector<FusionOp> fuseBlock(RewriterBase &rewriter, Block &block,
                                const FusionOptions &options,
                                const FusionExplainFn &explain = {});

} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_FUSION_H
