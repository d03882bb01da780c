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

#include "HloDialect/Dump/Dump.h"
#include "HloDialect/Import/Diagnostics.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/InputLimits.h"
#include "HloDialect/Import/StableHLO.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Tools/CommandLine.h"
#include "HloDialect/Transforms/BufferAssignment.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace {
/// Diagnostics about StableHLO or HLO text input in the user's words.
/// MlirOptMain makes its own context and prints diagnostics against the
/// buffer it parses, which for StableHLO input is the respelled text
/// (`hlo.add      %a`) and for HLO text the imported module's MLIR. This
/// printer holds the user's own text; a handler that respells each
/// diagnostic for the input's form and prints it against that text is
/// attached to MlirOptMain's context when the hlo dialect is loaded into it
/// (the one hook into that context before parsing).
struct UserWordsDiagnosticPrinter {
  mlir::hlo::InputForm form;
  llvm::SourceMgr userSource;
  /// The printer needs a context of its own to exist; it is used only to
  /// print diagnostics of the driver's context.
  mlir::MLIRContext printerContext;
  std::optional<mlir::SourceMgrDiagnosticHandler> printer;
  std::list<std::string> storage;

  UserWordsDiagnosticPrinter(const llvm::MemoryBuffer &input,
                             mlir::hlo::InputForm form)
      : form(form) {
    userSource.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                      input.getBuffer(),
                                      input.getBufferIdentifier()),
                                  llvm::SMLoc());
    printer.emplace(userSource, &printerContext);
  }

  mlir::LogicalResult print(mlir::Diagnostic &diag) {
    mlir::hlo::respellDiagnostic(diag, form, storage);
    printer->emitDiagnostic(diag.getLocation(), diag.str(),
                            diag.getSeverity());
    for (mlir::Diagnostic &note : diag.getNotes())
      printer->emitDiagnostic(note.getLocation(), note.str(),
                              note.getSeverity(),
                              /*displaySourceLine=*/note.getLocation() !=
                                  diag.getLocation());
    return mlir::success();
  }
};
/// Per function, what buffer assignment did (hlo-buffer-assignment report).
llvm::cl::opt<bool> bufferReport(
    "hlo-buffer-report",
    llvm::cl::desc("Print a buffer-report line per function on stderr from "
                   "each hlo-buffer-assignment pass (hlo-cpu-pipeline, "
                   "hlo-cpu-bufferize)"),
    llvm::cl::init(false));

/// The printer of this run (extensions are plain functions).
UserWordsDiagnosticPrinter *activePrinter = nullptr;

/// Prints the diagnostics of every context MlirOptMain makes with `printer`.
void printDiagnosticsWith(UserWordsDiagnosticPrinter &printer,
                          mlir::DialectRegistry &registry) {
  activePrinter = &printer;
  registry.addExtension(+[](mlir::MLIRContext *context,
                            mlir::hlo::HloDialect *) {
    context->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &diag) { return activePrinter->print(diag); });
  });
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::hlo::hideLibraryOptions();
  mlir::registerAllPasses();
  mlir::hlo::registerAllHloPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::hlo::registerAllHloDialects(registry);

  mlir::hlo::registerDumpCLOptions();
  // HLO_FLAGS holds flags too, like XLA_FLAGS (e.g. --hlo-dump-to=DIR).
  llvm::BumpPtrAllocator flagStorage;
  llvm::StringSaver flagSaver(flagStorage);
  llvm::SmallVector<const char *> args =
      mlir::hlo::argvWithHloFlags(argc, argv, flagSaver);
  int argCount = args.size();
  char **argValues = const_cast<char **>(args.data());
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argCount, argValues,
      "hlo optimizer driver: the hlo dialect and passes on top of all of "
      "upstream MLIR; reads hlo or StableHLO text\n",
      registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  std::optional<mlir::hlo::DumpOptions> dump =
      mlir::hlo::getDumpCLOptions(inputFilename);
  if (dump || bufferReport)
    // The passes of the command line, then the dumps' instrumentation and
    // the buffer report.
    config.setPassPipelineSetupFn(
        [passes = config, dump,
         report = bool(bufferReport)](mlir::PassManager &pm) {
          if (mlir::failed(passes.setupPassPipeline(pm)))
            return mlir::failure();
          if (report && mlir::failed(mlir::hlo::enableBufferReport(pm)))
            return mlir::failure();
          return dump ? mlir::hlo::enableDumps(pm, *dump) : mlir::success();
        });

  std::optional<UserWordsDiagnosticPrinter> userWordsPrinter;
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  // -verify-diagnostics matches what the driver prints against the buffer
  // it parses: it keeps the driver's printing.
  bool printInUserWords = !config.shouldVerifyDiagnostics();
  if (mlir::hlo::looksLikeHloText(input->getBuffer(), inputFilename)) {
    if (printInUserWords) {
      userWordsPrinter.emplace(*input, mlir::hlo::InputForm::HloText);
      printDiagnosticsWith(*userWordsPrinter, registry);
    }
    // Import, then hand the hlo module (with its locations) to the driver;
    // with --split-input-file each chunk is imported alone (padded so that
    // its line numbers are those of the file) and the modules are joined
    // by the same marker.
    std::string name = input->getBufferIdentifier().str();
    llvm::StringRef marker = config.inputSplitMarker();
    llvm::SmallVector<std::string> chunks(1);
    unsigned line = 0;
    for (llvm::StringRef rest = input->getBuffer(); !rest.empty(); ++line) {
      auto [text, tail] = rest.split('\n');
      rest = tail;
      if (!marker.empty() && text.trim() == marker) {
        chunks.push_back(std::string(line + 1, '\n'));
        continue;
      }
      chunks.back() += text.str() + "\n";
    }
    std::string joined;
    mlir::MLIRContext context(registry);
    for (auto [i, chunk] : llvm::enumerate(chunks)) {
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy(chunk, name), llvm::SMLoc());
      mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
      mlir::hlo::UserWordsDiagnosticHandler userWords(
          &context, mlir::hlo::InputForm::HloText);
      mlir::OwningOpRef<mlir::ModuleOp> module =
          mlir::hlo::importHloText(sourceMgr, &context);
      if (!module)
        return 1;
      if (i)
        joined += "\n" + marker.str() + "\n";
      llvm::raw_string_ostream os(joined);
      module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
    }
    input = llvm::MemoryBuffer::getMemBufferCopy(joined, name);
  } else {
    // Text nested too deeply for the parser's and the passes' recursion is
    // refused before it is parsed (see HloDialect/Import/InputLimits.h).
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (mlir::failed(mlir::hlo::checkNestingDepth(sourceMgr, llvm::errs())))
      return 1;
    if (mlir::hlo::containsStableHloSpelling(input->getBuffer())) {
      // Split chunks are buffers of their own, with their own line numbers.
      if (printInUserWords && config.inputSplitMarker().empty()) {
        userWordsPrinter.emplace(*input, mlir::hlo::InputForm::StableHlo);
        printDiagnosticsWith(*userWordsPrinter, registry);
      }
      input = llvm::MemoryBuffer::getMemBufferCopy(
          mlir::hlo::respellStableHlo(input->getBuffer()),
          input->getBufferIdentifier());
    }
  }
  // The output goes to a temporary file beside -o's that replaces it once
  // the run succeeded: a failed or interrupted run leaves no partial file
  // (and an earlier output as it was).
  bool failed = false;
  llvm::Error error = llvm::writeToOutput(
      outputFilename, [&](llvm::raw_ostream &os) -> llvm::Error {
        failed = mlir::failed(
            mlir::MlirOptMain(os, std::move(input), registry, config));
        if (failed)
          return llvm::createStringError("the run failed");
        return llvm::Error::success();
      });
  if (failed) {
    llvm::consumeError(std::move(error));
    return 1;
  }
  if (error) {
    llvm::errs() << "hlo-opt: cannot write '" << outputFilename
                 << "': " << llvm::toString(std::move(error)) << "\n";
    return 1;
  }
  return 0;
}
