//===- StableHLO.h - reading StableHLO text as hlo --------------*- C++ -*-===//
//
// The hlo dialect spells every op, attribute and type as StableHLO does, with
// `hlo` for `stablehlo`. Importing StableHLO text is therefore a respelling of
// the dialect prefix (token-aware, keeping every token's line and column, so
// diagnostics point into the original text), a parse, and a legalization of
// the conformance convention `stablehlo.custom_call @check.*` into check ops.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_STABLEHLO_H
#define HLODIALECT_IMPORT_STABLEHLO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

namespace mlir::hlo {

/// True if `text` uses the `stablehlo` dialect prefix anywhere outside
/// comments and strings.
bool containsStableHloSpelling(llvm::StringRef text);

/// `text` with the `stablehlo` prefix of op names (pretty and generic),
/// attributes (`#stablehlo.dot<...>`, `#stablehlo<...>`) and types
/// (`!stablehlo.token`) spelled `hlo`. Each token keeps its line and start
/// column: the removed characters become spaces next to it. Comments and
/// other string literals are left alone.
std::string respellStableHlo(llvm::StringRef text);

/// Rewrites `hlo.custom_call @check.expect_{eq,close,almost_eq}(%a, %e)` into
/// the check dialect's ops (expect_close with 3 ulp, expect_almost_eq with
/// the conformance suite's absolute tolerance 1e-3).
void legalizeCheckCustomCalls(Operation *root);

/// Parses the main buffer of `sourceMgr` (StableHLO or hlo text) into a
/// module of hlo ops with check calls legalized. Diagnostics go to the
/// context's handlers; returns null on error.
OwningOpRef<ModuleOp> importStableHlo(llvm::SourceMgr &sourceMgr,
                                      MLIRContext *context);

/// `message`, a diagnostic about a module read from StableHLO text, in the
/// user's words: the `hlo` names of ops, attributes and types (`'hlo.add'
/// op`, `"hlo.add"(...)`, `#hlo.dot<...>`, `!hlo.token`) spelled `stablehlo`.
std::string respellDiagnosticAsStableHlo(llvm::StringRef message);

} // namespace mlir::hlo

#endif // HLODIALECT_IMPORT_STABLEHLO_H
