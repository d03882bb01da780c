//===- AlgebraicSimplifier.h - algebraic identities on hlo ops --*- C++ -*-===//

#ifndef HLODIALECT_TRANSFORMS_ALGEBRAICSIMPLIFIER_H
#define HLODIALECT_TRANSFORMS_ALGEBRAICSIMPLIFIER_H

namespace mlir {
class RewritePatternSet;
namespace hlo {

/// The algebraic identities of `hlo-algebraic-simplifier` (see its pass
/// description): exact for integers and, for floats, only the ones IEEE
/// arithmetic guarantees bit for bit. Add the hlo canonicalization patterns
/// too for folding and shape-op chains.
void populateHloAlgebraicSimplificationPatterns(RewritePatternSet &patterns);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_ALGEBRAICSIMPLIFIER_H
