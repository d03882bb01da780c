//===- Passes.h - whole-program hlo transformations -------------*- C++ -*-===//

#ifndef HLODIALECT_TRANSFORMS_PASSES_H
#define HLODIALECT_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization

namespace hlo {

#define GEN_PASS_DECL
#include "HloDialect/Transforms/Passes.h.inc"

/// Adds the canonicalization patterns of every registered `hlo` op (folders
/// are applied by the greedy driver itself).
void populateHloCanonicalizationPatterns(RewritePatternSet &patterns);

/// Adds the patterns of `hlo-fuse-f16-multiply-add`: an f16 product with no
/// other use, added or subtracted, becomes one `math.fma`.
void populateFuseF16MultiplyAddPatterns(RewritePatternSet &patterns);

/// Registers `hlo-fusion-explain`, the pipeline that runs `hlo-fusion` with
/// its `explain` option.
void registerHloFusionExplainPipeline();

#define GEN_PASS_REGISTRATION
#include "HloDialect/Transforms/Passes.h.inc"

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_PASSES_H
