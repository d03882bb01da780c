//===- Diagnostics.cpp - diagnostics in the words of the input ------------===//

#include "HloDialect/Import/Diagnostics.h"

#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/StableHLO.h"

#include "mlir/IR/Location.h"

using namespace mlir;
using namespace mlir::hlo;

InputForm hlo::detectInputForm(StringRef text, StringRef filename) {
  if (looksLikeHloText(text, filename))
    return InputForm::HloText;
  if (containsStableHloSpelling(text))
    return InputForm::StableHlo;
  return InputForm::Hlo;
}

namespace {
/// Replaces the text of `d` (its arguments) by `text`, kept in `storage`.
void setText(Diagnostic &d, std::string text, std::list<std::string> &storage) {
  MutableArrayRef<DiagnosticArgument> args = d.getArguments();
  if (args.empty())
    return;
  storage.push_back(std::move(text));
  args.front() = DiagnosticArgument(StringRef(storage.back()));
  for (DiagnosticArgument &arg : args.drop_front())
    arg = DiagnosticArgument(StringRef());
}

/// The HLO instruction `loc` points at: the importer names each op's
/// location after its instruction (`loc("add.3"("f.hlo":6:8))`).
std::optional<StringRef> instructionName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    if (isa<FileLineColLoc>(name.getChildLoc()))
      return name.getName().getValue();
  return std::nullopt;
}

/// `'hlo.add' op all operands...` at instruction `add.3` ->
/// `instruction %add.3: all operands...`.
std::optional<std::string> respellForHloText(const Diagnostic &d) {
  std::optional<StringRef> name = instructionName(d.getLocation());
  if (!name)
    return std::nullopt;
  std::string text = d.str();
  StringRef rest(text);
  if (!rest.consume_front("'hlo."))
    return std::nullopt;
  size_t end = rest.find("' op ");
  if (end == StringRef::npos)
    return std::nullopt;
  return ("instruction %" + *name + ": " + rest.drop_front(end + 5)).str();
}
} // namespace

void hlo::respellDiagnostic(Diagnostic &diag, InputForm form,
                            std::list<std::string> &storage) {
  auto respellOne = [&](Diagnostic &d) {
    if (form == InputForm::StableHlo) {
      std::string text = d.str();
      std::string respelled = respellDiagnosticAsStableHlo(text);
      if (respelled != text)
        setText(d, std::move(respelled), storage);
    } else if (form == InputForm::HloText) {
      if (std::optional<std::string> respelled = respellForHloText(d))
        setText(d, std::move(*respelled), storage);
    }
  };
  respellOne(diag);
  for (Diagnostic &note : diag.getNotes())
    respellOne(note);
}

UserWordsDiagnosticHandler::UserWordsDiagnosticHandler(MLIRContext *context,
                                                       InputForm form)
    : ScopedDiagnosticHandler(context) {
  setHandler([this, form](Diagnostic &diag) {
    respellDiagnostic(diag, form, storage);
    return failure(); // Not handled: the tool's handler prints it.
  });
}
