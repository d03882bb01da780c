//===- HloText.h - reading XLA's HLO text format as hlo ---------*- C++ -*-===//
//
// XLA's HLO text format (`HloModule m ... ENTRY main { ... }`, the format of
// XLA dumps and of XLA's own tests) imported as a module of hlo ops:
//
// - the entry computation becomes `func.func @main` (its name is kept in
//   `xla.name`); computations used by region ops (reduce, sort, scatter,
//   while, conditional, fusion, ...) are inlined into their regions, the
//   others become private functions;
// - tuples are flattened: a tuple-shaped value is the list of its leaves;
// - layouts become `hlo.layout` attributes (`#hlo.layout`; on ops,
//   function arguments and results) and custom calls' operand layout
//   constraints `hlo.operand_layouts`; metadata becomes the op's
//   location, unknown but allowed attributes stay as `xla.<name>` strings;
// - ops the hlo dialect does not have (collectives, send/recv, infeed,
//   async wrappers, ...) become `hlo.custom_call @xla.<opcode>` with their
//   attributes, so the module round-trips through the exporter.
//
// See docs/HloText.md for what is supported.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_HLOTEXT_H
#define HLODIALECT_IMPORT_HLOTEXT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::hlo {

/// True if `text` (from a file called `filename`) is HLO text rather than
/// MLIR: a `.hlo` extension, or text whose first token (after comments) is
/// `HloModule`, `ENTRY` or a computation header `name {` / `name (...) ->`.
/// `.txt` files are judged by their content.
bool looksLikeHloText(llvm::StringRef text, llvm::StringRef filename = "");

/// Parses the main buffer of `sourceMgr` as HLO text into a verified module
/// of hlo ops. Errors are reported through the context's diagnostic
/// handlers at `file:line:col` of the text; returns null on error.
OwningOpRef<ModuleOp> importHloText(llvm::SourceMgr &sourceMgr,
                                    MLIRContext *context);

/// importHloText when the main buffer looks like HLO text, importStableHlo
/// (StableHLO or hlo MLIR text) otherwise.
OwningOpRef<ModuleOp> importHloTextOrMlir(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context);

} // namespace mlir::hlo

#endif // HLODIALECT_IMPORT_HLOTEXT_H
