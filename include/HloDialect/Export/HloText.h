//===- HloText.h - writing hlo as XLA's HLO text format ---------*- C++ -*-===//
//
// The inverse of HloDialect/Import/HloText.h: a module of hlo ops (as the
// importer produces it, or written by hand) printed as an `HloModule` that
// XLA's parser accepts. Regions become computations, multiple results become
// tuples, `xla.*` attributes and locations are printed back as layouts,
// attributes and metadata.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_EXPORT_HLOTEXT_H
#define HLODIALECT_EXPORT_HLOTEXT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::hlo {

/// Writes `module` as HLO text. Fails, with an error at the offending op,
/// on ops, types or attributes HLO text cannot express.
LogicalResult exportHloText(ModuleOp module, llvm::raw_ostream &os);

} // namespace mlir::hlo

#endif // HLODIALECT_EXPORT_HLOTEXT_H
