//===- hlo-opt.cpp - the hlo optimizer driver -----------------------------===//
//
// An mlir-opt with the hlo dialect and passes added to every upstream
// dialect, extension, pass and LLVM-IR translation, so any upstream pipeline
// can run after ours. StableHLO text is accepted as input directly (its
// dialect prefix is respelled `hlo`; see HloDialect/Import/StableHLO.h), and
// so is XLA's HLO text format (`.hlo` files, XLA dumps; imported first, with
// locations kept, see HloDialect/Import/HloText.h).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/StableHLO.h"
#include "HloDialect/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerAllPasses();
  mlir::hlo::registerAllHloPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::hlo::registerAllHloDialects(registry);

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv,
      "hlo optimizer driver: the hlo dialect and passes on top of all of "
      "upstream MLIR; reads hlo or StableHLO text\n",
      registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::hlo::looksLikeHloText(input->getBuffer(), inputFilename)) {
    // Import, then hand the hlo module (with its locations) to the driver.
    std::string name = input->getBufferIdentifier().str();
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
    mlir::MLIRContext context(registry);
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::hlo::importHloText(sourceMgr, &context);
    if (!module)
      return 1;
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
    input = llvm::MemoryBuffer::getMemBufferCopy(text, name);
  } else if (mlir::hlo::containsStableHloSpelling(input->getBuffer()))
    input = llvm::MemoryBuffer::getMemBufferCopy(
        mlir::hlo::respellStableHlo(input->getBuffer()),
        input->getBufferIdentifier());
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(input), registry,
                                     config)))
    return 1;
  output->keep();
  return 0;
}
