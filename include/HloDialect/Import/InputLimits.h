//===- InputLimits.h - limits checked before parsing -------------*- C++ -*-===//
//
// MLIR's parser, verifier, printer and walkers recurse once per nested
// region, block argument list or attribute: text nested deeply enough
// overflows the stack (10^4 nested regions do with an 8 MiB stack). The
// tools check the nesting depth of their input before parsing it, and answer
// text nested deeper than the limit with a located error.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_INPUTLIMITS_H
#define HLODIALECT_IMPORT_INPUTLIMITS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

namespace mlir::hlo {

/// The deepest nesting of brackets ((, [, {) accepted in MLIR text: far more
/// than any program nests regions (tens), few enough that the parser and the
/// passes (on threads with the default 8 MiB stack) stay well within their
/// stack (about 3000 nested regions are the most they survive).
constexpr unsigned kMaxNestingDepth = 1000;

/// The largest result number (`%x#N`) accepted: MLIR's parser allocates an
/// entry per result up to a forward-referenced number (`%0#2147483648`
/// aborted it out of memory).
constexpr uint64_t kMaxResultNumber = uint64_t(1) << 20;

/// The first `%name#N` of `text` with N > kMaxResultNumber, if any.
std::optional<llvm::SMLoc> findExcessiveResultNumber(StringRef text);

/// The first bracket of `text` that opens level `maxDepth + 1` (string
/// literals and `//` comments skipped), if any.
std::optional<llvm::SMLoc> findExcessiveNesting(StringRef text,
                                                unsigned maxDepth);

/// Checks the main buffer of `sourceMgr` against kMaxNestingDepth and
/// kMaxResultNumber; prints a located error to `os` on failure.
LogicalResult checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                llvm::raw_ostream &os,
                                unsigned maxDepth = kMaxNestingDepth);

/// The same, with the error emitted as a diagnostic of `context`.
LogicalResult checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                MLIRContext *context,
                                unsigned maxDepth = kMaxNestingDepth);

} // namespace mlir::hlo

#endif // HLODIALECT_IMPORT_INPUTLIMITS_H
