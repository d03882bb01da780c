//===- hlo-translate.cpp - translations into and out of hlo ---------------===//
//
// An mlir-translate with the project's translations:
//
//   --import-stablehlo  read StableHLO text (as JAX emits it) and write the
//                       hlo form, conformance checks as check ops
//   --import-hlo-text   read XLA's HLO text format (XLA dumps, .hlo files)
//                       and write the hlo form
//   --export-hlo-text   write a module as HLO text
//   --hlo-to-llvmir     compile a module with hlo-cpu-pipeline and emit
//                       LLVM IR
//
// The translations out of hlo read every input form the other tools read:
// the hlo form, StableHLO text and HLO text.
//
// plus every upstream translation (e.g. --mlir-to-llvmir).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Export/HloText.h"
#include "HloDialect/Import/Diagnostics.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/InputLimits.h"
#include "HloDialect/Import/StableHLO.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Tools/CommandLine.h"
#include "HloDialect/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"

using namespace mlir;

namespace {
void registerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  hlo::registerAllHloDialects(registry);
}

/// Reads the main buffer of `sourceMgr` in any input form (hlo, StableHLO
/// text, HLO text) into `context`, errors in the words of that form.
OwningOpRef<ModuleOp> importAnyForm(llvm::SourceMgr &sourceMgr,
                                    MLIRContext *context) {
  DialectRegistry registry;
  registerDialects(registry);
  context->appendDialectRegistry(registry);
  // Text nested too deeply for the parser's and the passes' recursion is
  // refused before it is parsed (see HloDialect/Import/InputLimits.h).
  if (failed(hlo::checkNestingDepth(sourceMgr, context)))
    return nullptr;
  return hlo::importHloTextOrMlir(sourceMgr, context);
}

/// Registers a translation out of hlo that reads any input form; `function`
/// gets the imported module. Diagnostics are in the words of the input's
/// form until the translation ends.
void registerTranslationFromAnyForm(
    StringRef name, StringRef description,
    std::function<LogicalResult(ModuleOp, llvm::raw_ostream &)> function) {
  TranslateRegistration registration(
      name, description,
      [function](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                 llvm::raw_ostream &output, MLIRContext *context) {
        const llvm::MemoryBuffer *input =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        hlo::UserWordsDiagnosticHandler userWords(
            context, hlo::detectInputForm(input->getBuffer(),
                                          input->getBufferIdentifier()));
        OwningOpRef<ModuleOp> module = importAnyForm(*sourceMgr, context);
        if (!module)
          return failure();
        return function(*module, output);
      });
}

void registerImportStableHloTranslation() {
  TranslateToMLIRRegistration registration(
      "import-stablehlo",
      "Read StableHLO text and write the hlo form (check calls become check "
      "ops)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        hlo::UserWordsDiagnosticHandler userWords(context,
                                                  hlo::InputForm::StableHlo);
        OwningOpRef<ModuleOp> module = hlo::importStableHlo(sourceMgr, context);
        return OwningOpRef<Operation *>(module.release());
      },
      registerDialects);
}

void registerImportHloTextTranslation() {
  TranslateToMLIRRegistration registration(
      "import-hlo-text",
      "Read XLA's HLO text format and write the hlo form",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        hlo::UserWordsDiagnosticHandler userWords(context,
                                                  hlo::InputForm::HloText);
        OwningOpRef<ModuleOp> module = hlo::importHloText(sourceMgr, context);
        return OwningOpRef<Operation *>(module.release());
      },
      registerDialects);
}

void registerExportHloTextTranslation() {
  registerTranslationFromAnyForm(
      "export-hlo-text",
      "Write a module (hlo, StableHLO or HLO text) as XLA's HLO text format",
      [](ModuleOp module, llvm::raw_ostream &output) {
        return hlo::exportHloText(module, output);
      });
}

void registerHloToLLVMIRTranslation() {
  registerTranslationFromAnyForm(
      "hlo-to-llvmir",
      "Compile a module (hlo, StableHLO or HLO text) with hlo-cpu-pipeline "
      "and emit LLVM IR",
      [](ModuleOp module, llvm::raw_ostream &output) -> LogicalResult {
        PassManager pm(module->getContext(), ModuleOp::getOperationName());
        hlo::buildHloCpuPipeline(pm, hlo::HloCpuPipelineOptions());
        if (failed(pm.run(module)))
          return failure();
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule =
            translateModuleToLLVMIR(module, llvmContext);
        if (!llvmModule)
          return module.emitError("translation to LLVM IR failed");
        llvmModule->print(output, nullptr);
        return success();
      });
}

/// mlirTranslateMain writes -o's file itself, truncating it first and
/// removing it when the run fails. So that a failed or interrupted run
/// leaves an earlier output as it was and never a partial one, -o is
/// pointed at a temporary file beside it, renamed over it on success.
/// Returns the -o file ("" if none or stdout) and rewrites `args`.
std::string redirectOutputToTemporary(SmallVectorImpl<const char *> &args,
                                      std::string &temporary) {
  for (size_t i = 1; i < args.size(); ++i) {
    StringRef arg = args[i];
    if (arg == "--")
      break;
    std::string path;
    bool separate = false;
    if (arg == "-o" || arg == "--o") {
      if (i + 1 == args.size())
        return "";
      path = args[i + 1];
      separate = true;
    } else if (arg.consume_front("-o=") || arg.consume_front("--o=")) {
      path = arg.str();
    } else {
      continue;
    }
    if (path.empty() || path == "-")
      return "";
    // A name no other run uses, beside the output (same file system, so
    // the rename is atomic).
    SmallString<128> model(path);
    model += ".tmp-%%%%%%";
    SmallString<128> unique;
    llvm::sys::fs::createUniquePath(model, unique, /*MakeAbsolute=*/false);
    temporary = unique.str().str();
    static std::string storage;
    storage = separate ? temporary : "-o=" + temporary;
    args[separate ? i + 1 : i] = storage.c_str();
    return path;
  }
  return "";
}
} // namespace

int main(int argc, char **argv) {
  mlir::hlo::hideLibraryOptions();
  registerAllTranslations();
  registerImportStableHloTranslation();
  registerImportHloTextTranslation();
  registerExportHloTextTranslation();
  registerHloToLLVMIRTranslation();
  SmallVector<const char *> args(argv, argv + argc);
  std::string temporary;
  std::string output = redirectOutputToTemporary(args, temporary);
  LogicalResult result = mlirTranslateMain(
      args.size(), const_cast<char **>(args.data()), "hlo translation driver");
  if (output.empty())
    return failed(result);
  if (succeeded(result)) {
    if (std::error_code ec = llvm::sys::fs::rename(temporary, output)) {
      llvm::errs() << "hlo-translate: cannot write '" << output
                   << "': " << ec.message() << "\n";
      result = failure();
    }
  }
  llvm::sys::fs::remove(temporary);
  return failed(result);
}
