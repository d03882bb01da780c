//===- LegalizeCustomCalls.h - JAX's custom calls as hlo ops ----*- C++ -*-===//
//
// JAX on the CPU calls LAPACK through typed-FFI custom calls
// (`lapack_spotrf_ffi`, ...) and XLA writes top-k as a `TopK` custom call or a
// `topk` instruction. These functions rewrite them into hlo and chlo ops, and
// the factorizations hlo has no op for (LU, QR, symmetric eigenproblems,
// SVD) into scf loop nests on tensors, the form in which the hlo-to-linalg
// conversion emits cholesky: native code every target can compile.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_LEGALIZECUSTOMCALLS_H
#define HLODIALECT_TRANSFORMS_LEGALIZECUSTOMCALLS_H

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {

/// Whether `target` names a custom call that legalizeCustomCall lowers
/// (for some operand types and configurations).
bool isLegalizableCustomCallTarget(StringRef target);

/// Replaces `call` (a target isLegalizableCustomCallTarget accepts) by hlo,
/// chlo and scf ops. Fails with a located error saying why when its operand
/// types or configuration are not supported.
LogicalResult legalizeCustomCall(RewriterBase &rewriter, CustomCallOp call);

} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_LEGALIZECUSTOMCALLS_H
