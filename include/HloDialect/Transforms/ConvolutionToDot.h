//===- ConvolutionToDot.h - convolutions as one matmul of patches -*- C++ -*-===//
//
// Rewrites hlo.convolution with float operands into hlo data movement (a
// transpose to [batch, spatial..., feature], a pad that also inserts the
// lhs_dilation holes, strided slices and one concatenate: the patch matrix)
// and one hlo.dot_general with the kernel, so that convolutions of every
// dimension numbering (forward, input gradient, weight gradient) run on the
// tiled, vectorized matmul path.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_CONVOLUTIONTODOT_H
#define HLODIALECT_TRANSFORMS_CONVOLUTIONTODOT_H

#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace mlir {
class RewritePatternSet;
class RewriterBase;
namespace hlo {
class ConvolutionOp;

/// Limits of the rewrite: convolutions whose patch matrix would have more
/// elements, or that would need more slices, keep the direct lowering.
struct ConvolutionToDotOptions {
  int64_t maxPatchElements = int64_t(1) << 25;
  int64_t maxSlices = 256;
};

/// Replaces `op` by the patch matrix and one dot_general. Fails, without
/// changing anything, for non-float or mixed element types, dynamic or
/// empty shapes, negative padding, both group counts above one,
/// depthwise convolutions (feature groups of one input feature), and
/// convolutions over the limits of `options`.
LogicalResult convolutionToDot(RewriterBase &rewriter, ConvolutionOp op,
                               const ConvolutionToDotOptions &options = {});

/// The rewrite of `hlo-convolution-to-dot` as a pattern.
void populateHloConvolutionToDotPatterns(
    RewritePatternSet &patterns, const ConvolutionToDotOptions &options = {});

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_CONVOLUTIONTODOT_H
