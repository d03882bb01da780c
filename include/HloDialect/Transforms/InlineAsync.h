//===- InlineAsync.h - async_start/async_done run synchronously -*- C++ -*-===//
//
// Replaces each hlo.async_start by a copy of its body's operation, placed
// where the asynchronous operation starts, and the results of its
// hlo.async_done ops by that copy's results: the synchronous execution the
// spec allows ("the asynchrony is not guaranteed"), which is what a target
// running one process does.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_INLINEASYNC_H
#define HLODIALECT_TRANSFORMS_INLINEASYNC_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class RewritePatternSet;
class RewriterBase;
namespace hlo {
class AsyncStartOp;

/// Runs `start`'s operation synchronously: clones it before `start`,
/// replaces every `hlo.async_done` of the future with the clone's results
/// and erases them and `start`. Fails, changing nothing, when the future
/// has a user other than `hlo.async_done` (a call, a return, a block
/// argument's branch).
LogicalResult inlineAsync(RewriterBase &rewriter, AsyncStartOp start);

/// The pattern of `hlo-inline-async` (one application of `inlineAsync`
/// per `hlo.async_start`).
void populateHloInlineAsyncPatterns(RewritePatternSet &patterns);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_INLINEASYNC_H
