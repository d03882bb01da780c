//===- Diagnostics.h - diagnostics in the words of the input ---*- C++ -*-===//
//
// Every tool reads three input forms: the hlo form, StableHLO text (its
// prefix respelled `hlo` on reading) and XLA's HLO text (imported into hlo
// ops with each instruction's name and line as its location). A user who
// wrote StableHLO or HLO text should read errors in those words, not in the
// internal hlo op names: tools install a UserWordsDiagnosticHandler for the
// form of their input for as long as they work on it.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_DIAGNOSTICS_H
#define HLODIALECT_IMPORT_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <list>
#include <string>

namespace mlir::hlo {

enum class InputForm { Hlo, StableHlo, HloText };

/// The form of `text` (the contents of the file `filename`), as the tools'
/// importers tell them apart.
InputForm detectInputForm(llvm::StringRef text, llvm::StringRef filename = "");

/// Respells the message and notes of `diag`, about a module read from
/// `form`, in that form's words; new texts are kept in `storage`, which must
/// outlive the diagnostic's emission.
/// - StableHLO: `'hlo.add' op`, `"hlo.add"(...)`, `#hlo.*`, `!hlo.*` are
///   spelled `stablehlo` (respellDiagnosticAsStableHlo).
/// - HLO text: an op diagnostic (`'hlo.add' op ...`) located at an
///   instruction names the instruction: `instruction %add.3: ...`.
void respellDiagnostic(Diagnostic &diag, InputForm form,
                       std::list<std::string> &storage);

/// While alive, every diagnostic of `context` is respelled for `form`
/// before the handlers registered earlier (the tool's printer) see it.
class UserWordsDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  UserWordsDiagnosticHandler(MLIRContext *context, InputForm form);

private:
  std::list<std::string> storage;
};

} // namespace mlir::hlo

#endif // HLODIALECT_IMPORT_DIAGNOSTICS_H
