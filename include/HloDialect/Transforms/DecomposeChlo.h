//===- DecomposeChlo.h - chlo special functions as hlo ops ------*- C++ -*-===//
//
// Rewrites the chlo ops that have no scalar counterpart in the math dialect
// (lgamma, digamma, erf_inv, bessel_i1e, next_after, top_k, mulhi,
// ragged_dot, scan, and complex cosh/sinh/asin/acos/asinh/acosh) into hlo
// ops, following the numerical algorithms of StableHLO's chlo legalization
// (Lanczos for lgamma/digamma, Giles for erf_inv, Cephes for bessel_i1e) so
// results agree with JAX's reference outputs.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_DECOMPOSECHLO_H
#define HLODIALECT_TRANSFORMS_DECOMPOSECHLO_H

namespace mlir {
class RewritePatternSet;
namespace hlo {

/// The decompositions of `hlo-decompose-chlo`, one pattern per chlo op.
/// `f32ThroughF64`: f32 and narrower special functions computed with the f64
/// algorithms (see the pass's `f32-through-f64` option).
void populateChloDecompositionPatterns(RewritePatternSet &patterns,
                                       bool f32ThroughF64 = true);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_DECOMPOSECHLO_H
