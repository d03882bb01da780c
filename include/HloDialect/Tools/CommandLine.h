//===- CommandLine.h - what the tools' --help shows ------------*- C++ -*-===//
//
// Every tool links LLVM's back ends, whose static command-line options
// (hundreds: --amdgpu-*, --aarch64-*, --x86-*...) would fill --help. The
// tools show their own options, the MLIR options they register (--mlir-*)
// and LLVM's generic ones; the rest stay usable and are listed by
// --help-hidden.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TOOLS_COMMANDLINE_H
#define HLODIALECT_TOOLS_COMMANDLINE_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::hlo {

/// The category --help lists MLIR's --mlir-* options under.
inline llvm::cl::OptionCategory &getMlirDebuggingCategory() {
  static llvm::cl::OptionCategory category("MLIR debugging options");
  return category;
}

/// Hides from --help every option registered so far that is neither in one
/// of `keep`, nor one of MLIR's --mlir-* options (listed under
/// getMlirDebuggingCategory()), nor LLVM's help and version options. Call it
/// after the options to show are registered and before parsing; options
/// registered later (a driver's own) stay visible. --help lists categories
/// by name: a tool names its own so that it comes first ("Compile ...").
inline void
hideLibraryOptions(llvm::ArrayRef<const llvm::cl::OptionCategory *> keep = {}) {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::StringRef name = entry.first;
    llvm::cl::Option *option = entry.second;
    if (name.starts_with("help") || name == "version" ||
        name == "print-options" || name == "print-all-options")
      continue;
    if (name.starts_with("mlir-") &&
        option->getOptionHiddenFlag() == llvm::cl::NotHidden) {
      option->addCategory(getMlirDebuggingCategory());
      continue;
    }
    if (llvm::any_of(option->Categories,
                     [&](const llvm::cl::OptionCategory *category) {
                       return llvm::is_contained(keep, category);
                     }))
      continue;
    if (option->getOptionHiddenFlag() == llvm::cl::NotHidden)
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}

} // namespace mlir::hlo

#endif // HLODIALECT_TOOLS_COMMANDLINE_H
