//===- hlo-runner.cpp - JIT-compile an hlo module and run it --------------===//
//
//   hlo-runner FILE [--entry NAME] [--input a.npy ...] [--output DIR]
//              [--print-timing] [--split-input-file]
//
// Compiles FILE with the CPU pipeline, JIT-compiles it (-O3, host CPU) and
// runs the entry on the given .npy inputs; prints the results or writes them
// as DIR/result<N>.npy. Exits non-zero on any error.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/Npy.h"
#include "HloDialect/Runner/Runner.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>

using namespace mlir;
using namespace mlir::hlo;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::init("-"));
static cl::opt<std::string> entryName("entry", cl::desc("Function to run"),
                                      cl::init("main"));
static cl::list<std::string> inputFiles(
    "input", cl::desc("A .npy file per entry parameter, in order"));
static cl::opt<std::string>
    outputDir("output", cl::desc("Write results as DIR/result<N>.npy"));
static cl::opt<bool> printTiming(
    "print-timing", cl::desc("Report compile and run time separately"));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Run each '// -----'-separated chunk of the input separately"));
static cl::opt<unsigned> optLevel("O", cl::desc("JIT optimization level"),
                                  cl::init(3));
static cl::list<std::string> sharedLibs(
    "shared-libs", cl::desc("Libraries the JIT resolves symbols from"),
    cl::CommaSeparated);

namespace {
double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

LogicalResult runChunk(std::unique_ptr<llvm::MemoryBuffer> buffer,
                       llvm::raw_ostream &os, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  auto compileStart = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failure();
  Location loc = module->getLoc();

  SmallVector<HostTensor> inputs;
  for (const std::string &path : inputFiles) {
    auto tensor = readNpyFile(path, &context);
    if (!tensor) {
      emitError(loc) << llvm::toString(tensor.takeError());
      return failure();
    }
    inputs.push_back(std::move(*tensor));
  }

  RunnerOptions options;
  options.entry = entryName;
  options.optLevel = optLevel;
  for (const std::string &lib : sharedLibs)
    options.sharedLibs.push_back(lib);
  if (options.sharedLibs.empty())
    options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
  FailureOr<CompiledModule> compiled = CompiledModule::compile(*module, options);
  if (failed(compiled))
    return failure();
  double compileSeconds = secondsSince(compileStart);

  auto runStart = std::chrono::steady_clock::now();
  FailureOr<SmallVector<HostTensor>> results = compiled->run(inputs, loc);
  if (failed(results))
    return failure();
  double runSeconds = secondsSince(runStart);

  for (auto [i, result] : llvm::enumerate(*results)) {
    if (!outputDir.empty()) {
      SmallString<128> path(outputDir);
      llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
      if (llvm::Error error = writeNpyFile(path, result)) {
        emitError(loc) << llvm::toString(std::move(error));
        return failure();
      }
      continue;
    }
    os << "result #" << i << ": " << result.getType() << "\n";
    result.printValues(os);
    os << "\n";
  }
  if (printTiming)
    os << llvm::format("compile time: %.3f s\nrun time: %.6f s\n",
                       compileSeconds, runSeconds);
  return success();
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "hlo-runner: compile an hlo module for the host "
                              "CPU and run it\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllHloDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  auto file = openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << "hlo-runner: " << errorMessage << "\n";
    return 1;
  }
  if (!outputDir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
      llvm::errs() << "hlo-runner: cannot create '" << outputDir
                   << "': " << ec.message() << "\n";
      return 1;
    }
  LogicalResult result = splitAndProcessBuffer(
      std::move(file),
      [&](std::unique_ptr<llvm::MemoryBuffer> chunk, llvm::raw_ostream &os) {
        return runChunk(std::move(chunk), os, context);
      },
      llvm::outs(), splitInputFile ? kDefaultSplitMarker : "",
      kDefaultSplitMarker);
  return failed(result) ? 1 : 0;
}
