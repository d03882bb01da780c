//===- ExpandBatchNorm.h - batch norms as reductions and arithmetic -*- C++ -*-===//
//
// Rewrites hlo.batch_norm_inference, hlo.batch_norm_training and
// hlo.batch_norm_grad into hlo.broadcast_in_dim, hlo.reduce and elementwise
// hlo ops, following the StableHLO spec's reference decompositions (which
// are XLA's batchnorm expander), computed in the operand's element type.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_EXPANDBATCHNORM_H
#define HLODIALECT_TRANSFORMS_EXPANDBATCHNORM_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class RewritePatternSet;
class RewriterBase;
namespace hlo {

/// Replaces one batch norm op (`op` must be one of the three) by its
/// decomposition. Fails, without changing anything, for quantized element
/// types (hlo-legalize-quantized computes those in their expressed type
/// first) and for shapes that are not static.
LogicalResult expandBatchNorm(RewriterBase &rewriter, Operation *op);

/// The decompositions of `hlo-expand-batch-norm`, one pattern per op.
void populateHloExpandBatchNormPatterns(RewritePatternSet &patterns);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_EXPANDBATCHNORM_H
