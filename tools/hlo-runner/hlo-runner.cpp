//===- hlo-runner.cpp - JIT-compile an hlo module and run it --------------===//
//
//   hlo-runner FILE [--entry NAME] [--input a.npy ...] [--output DIR]
//              [--print-timing] [--split-input-file]
//              [--generate-inputs] [--benchmark=N] [--pipeline-options=..]
//              [--probe-output-dir DIR] [--compile-only]
//
// Reads FILE (hlo, StableHLO or XLA HLO text), compiles it with the CPU pipeline,
// JIT-compiles it (-O3, host CPU) and runs the entry on the given .npy
// inputs; prints the results or writes them as DIR/result<N>.npy.
//
// A self-checking program (one with check ops, as the StableHLO conformance
// suite writes them) runs in check mode instead (see Runner/SelfCheck.h):
// its constants become run-time inputs, its checks are evaluated on the
// host, one line is printed per failed check, and a final line
// 'N passed, M failed' counts the checks. The entry is @main, or else every
// public function without parameters.
//
// --generate-inputs fills the parameters with deterministic pseudo-random
// values; --benchmark=N runs the entry N times after a warm-up run and
// prints the compile time and the median, minimum and maximum run time
// (bench/run.py compares these with other implementations).
// An entry with dynamic dimensions is compiled for the shapes of the
// --input files (hlo-refine-shapes after specializing its parameters).
// --probe-output-dir writes what `check.probe` ops (StableHLO's
// `interpreter.probe`) recorded as DIR/<probe_id>.<iteration>.npy.
//
// The machine code is cached (--cache-dir, default $XDG_CACHE_HOME/hlo,
// --no-cache): a module compiled before with the same options, compiler
// and host CPU is loaded instead of compiled; --print-timing says which.
//
// --compile-only compiles the entry to machine code and stops: nothing runs
// and no inputs are needed (an entry with dynamic dimensions still takes
// its shapes from --input files); with --print-timing it reports the
// seconds of each compile stage.
//
// Exits 0 only if everything ran and every check passed.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/HostArray.h"
#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dump/Dump.h"
#include "HloDialect/Import/Diagnostics.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/StableHLO.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/CompareFusions.h"
#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Runner/DeviceCompiler.h"
#ifdef HLO_HAVE_VULKAN_RUNTIME
#include "HloDialect/Runtime/VulkanRuntime.h"
#endif
#include "HloDialect/Runner/Npy.h"
#include "HloDialect/Runner/Profiler.h"
#include "HloDialect/Runner/Runner.h"
#include "HloDialect/Runner/SelfCheck.h"
#include "HloDialect/Tools/CommandLine.h"
#include "HloDialect/Transforms/BufferAssignment.h"
#include "HloDialect/Transforms/RefineShapes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
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

// Named so that --help lists it first (categories are sorted by name).
static cl::OptionCategory runnerCategory("Compile and run options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::init("-"), cl::cat(runnerCategory));
static cl::opt<std::string> entryName("entry", cl::desc("Function to run"),
                                      cl::init("main"), cl::cat(runnerCategory));
static cl::list<std::string> inputFiles(
    "input", cl::desc("A .npy file per entry parameter, in order"), cl::cat(runnerCategory));
static cl::opt<std::string>
    outputDir("output", cl::desc("Write results as DIR/result<N>.npy"), cl::cat(runnerCategory));
static cl::opt<std::string> entryArgs(
    "args",
    cl::desc("The entry's arguments as an array of MLIR dense attributes, "
             "e.g. --args='[dense<1> : tensor<2xi32>, dense<2.5> : "
             "tensor<f32>]' (as stablehlo-translate --interpret takes them)"),
    cl::cat(runnerCategory));
enum class PrintFormat { Plain, Interpreter, Dense };
static cl::opt<PrintFormat> printFormat(
    "print-format", cl::desc("How printed results look"),
    cl::values(
        clEnumValN(PrintFormat::Plain, "plain",
                   "`result #N: TYPE` and nested brackets (default)"),
        clEnumValN(PrintFormat::Interpreter, "interpreter",
                   "as stablehlo-translate --interpret prints them"),
        clEnumValN(PrintFormat::Dense, "dense",
                   "as MLIR dense attributes, like stablehlo-translate "
                   "--interpret --interpreter-print-dense")),
    cl::init(PrintFormat::Plain), cl::cat(runnerCategory));
static cl::opt<std::string> probeOutputDir(
    "probe-output-dir",
    cl::desc("Write each value a check.probe recorded as "
             "DIR/<probe_id>.<iteration>.npy"), cl::cat(runnerCategory));
static cl::opt<bool> bufferReport(
    "hlo-buffer-report",
    cl::desc("Print per function what buffer assignment did on stderr "
             "(buffer-report @NAME: total_bytes=... arena_bytes=... "
             "temp_lower_bound_bytes=... allocations=...); compiles without "
             "the compile cache"),
    cl::init(false), cl::cat(runnerCategory));
static cl::opt<bool> printTiming(
    "print-timing", cl::desc("Report compile and run time separately"), cl::cat(runnerCategory));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Run each '// -----'-separated chunk of the input separately"), cl::cat(runnerCategory));
static cl::opt<unsigned> optLevel("O", cl::desc("JIT optimization level"),
                                  cl::init(3), cl::cat(runnerCategory));
static cl::opt<bool> printLoweredIR(
    "print-lowered-ir",
    cl::desc("Print the module after the CPU pipeline (to stderr)"), cl::cat(runnerCategory));
static cl::list<unsigned> donatedInputs(
    "donate",
    cl::desc("Donate the buffers of these parameters of the entry (numbers "
             "from 0, as jax.jit's donate_argnums): each becomes a buffer "
             "donor (hlo.buffer_donor), and a result of its type is computed "
             "in its buffer"),
    cl::CommaSeparated, cl::cat(runnerCategory));
static cl::opt<unsigned> benchmarkRuns(
    "benchmark",
    cl::desc("Run the entry N times after a warm-up run and print the median, "
             "minimum and maximum run time instead of the results"),
    cl::init(0), cl::cat(runnerCategory));
static cl::opt<unsigned> profileRuns(
    "profile",
    cl::desc("Time every kernel (each fusion, and each op that is a loop "
             "nest of its own, outlined into a function) over N runs after "
             "a warm-up run, and print the kernels by their share of the run "
             "time instead of the results (on the CPU)"),
    cl::init(0), cl::cat(runnerCategory));
static cl::opt<unsigned> profileTop(
    "profile-top", cl::desc("With --profile: the number of kernels listed"),
    cl::init(20), cl::cat(runnerCategory));
static cl::opt<bool> generateInputs(
    "generate-inputs",
    cl::desc("Fill every entry parameter with deterministic pseudo-random "
             "values instead of reading --input files"), cl::cat(runnerCategory));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of hlo-cpu-pipeline, e.g. 'fusion=false'"), cl::cat(runnerCategory));
// Devices other than the host CPU (see Runner/DeviceCompiler.h).
static cl::opt<std::string> device(
    "device",
    cl::desc("Where the program runs: cpu (JIT on the host), cuda or "
             "vulkan (GPU kernels in a program object run by hlo-aot-run), "
             "rocm (compile-only) or tpu-sim (the TPU simulator, on the "
             "host: hlo-tpu-sim-pipeline; --pipeline-options=chip=v6e)"),
    cl::init("cpu"), cl::cat(runnerCategory));
static cl::opt<bool> tpuCostReport(
    "hlo-tpu-cost-report",
    cl::desc("With --device=tpu-sim: print hlo-tpu-cost-report's estimate of "
             "every kernel (DMA bytes, MXU pushes, VPU ops, time) and, after "
             "each run, the DMA bytes and MXU pushes the simulator counted"),
    cl::init(false), cl::cat(runnerCategory));
static cl::opt<int> vulkanDevice(
    "vulkan-device",
    cl::desc("With --device=vulkan: the physical device to use (see "
             "--list-devices; default: $HLO_VULKAN_DEVICE, else 0)"),
    cl::init(-1), cl::cat(runnerCategory));
static cl::opt<bool> listDevices(
    "list-devices",
    cl::desc("List the devices programs can run on and exit"),
    cl::cat(runnerCategory));
static cl::opt<std::string> dumpDeviceCode(
    "dump-device-code",
    cl::desc("Write each kernel module's device code to DIR (.ptx and "
             ".cubin for cuda, .s for rocm)"), cl::cat(runnerCategory));
static cl::opt<std::string> aotOutput(
    "aot-output",
    cl::desc("Write an ahead-of-time program object for hlo-aot-run "
             "(link it with `cc -shared FILE.o -o FILE.so`)"), cl::cat(runnerCategory));
static cl::opt<std::string> aotInputsDir(
    "aot-inputs-dir",
    cl::desc("With --aot-output on a self-checking program: write the "
             "values of its parameters as DIR/input<N>.npy"), cl::cat(runnerCategory));
static cl::opt<std::string> checkResults(
    "check-results",
    cl::desc("Evaluate a self-checking program's checks on results computed "
             "elsewhere (DIR/result<N>.npy, e.g. by hlo-aot-run) instead of "
             "running it"), cl::cat(runnerCategory));
// --compile-only serves every device: machine code (host code and device
// code), nothing run, no inputs needed.
static cl::opt<bool> compileOnly(
    "compile-only",
    cl::desc("Compile the entry to machine code (host and device code) and "
             "stop: run nothing and need no inputs (with --print-timing on "
             "the CPU: seconds per stage)"), cl::cat(runnerCategory));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Directory of the compile cache (default: $XDG_CACHE_HOME/hlo, "
             "else ~/.cache/hlo)"), cl::cat(runnerCategory));
static cl::opt<bool> noCache(
    "no-cache", cl::desc("Neither read nor write the compile cache"), cl::cat(runnerCategory));
static cl::opt<unsigned> codegenThreads(
    "codegen-threads",
    cl::desc("Threads compiling LLVM partitions in parallel (0: one per "
             "core)"),
    cl::init(0), cl::cat(runnerCategory));
static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the module after every pass of the CPU or GPU "
             "pipeline (off: once, after the pipeline; verifying after each "
             "pass costs about a third of the pipeline's time)"),
    cl::init(false));
static cl::opt<bool> llvmFullUnroll(
    "llvm-full-unroll",
    cl::desc("Let LLVM unroll loops (fully where the trip count is known, "
             "else partially): off by default, since the code is unrolled "
             "to register tiles before LLVM and LLVM's unrolling of the "
             "loops around them costs compile time"),
    cl::init(false), cl::cat(runnerCategory));
static cl::opt<std::string> compareFusionsDir(
    "compare-fusions",
    cl::desc("Run each fusion of the entry against the unfused reference "
             "lowering on the inputs it gets in the program; report the "
             "first that differs and write its reproducer (the fusion as a "
             "module, its inputs, both results) to DIR. Exit status 1 if "
             "one differs"),
    cl::value_desc("DIR"), cl::cat(runnerCategory));
static cl::opt<double> compareRtol(
    "compare-rtol",
    cl::desc("--compare-fusions: relative tolerance of floats"),
    cl::init(1e-5), cl::cat(runnerCategory));
static cl::opt<double> compareAtol(
    "compare-atol",
    cl::desc("--compare-fusions: absolute tolerance of floats"),
    cl::init(1e-6), cl::cat(runnerCategory));
static cl::opt<std::string> maxMemory(
    "max-memory",
    cl::desc("The most memory a run may take, in bytes or with a K, M, G or "
             "T suffix (default: three quarters of the physical memory or "
             "of ulimit -v): parameters and results together and each value "
             "alone must fit, else a located error before anything is "
             "allocated"),
    cl::cat(runnerCategory));
static cl::list<std::string> sharedLibs(
    "shared-libs", cl::desc("Libraries the JIT resolves symbols from"),
    cl::CommaSeparated, cl::cat(runnerCategory));

namespace {
double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// --cache-dir, else $XDG_CACHE_HOME/hlo, else $HOME/.cache/hlo; empty
/// with --no-cache or without any of them, and with --hlo-dump-to (a cached
/// module is not compiled again, and its dumps would be missing).
std::string getCacheDir() {
  if (noCache || getDumpCLOptions(inputFilename))
    return "";
  if (!cacheDir.empty())
    return cacheDir;
  SmallString<128> path;
  if (const char *xdg = getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else if (const char *home = getenv("HOME"); home && *home) {
    path = home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "hlo");
  return path.str().str();
}

/// MLIR's pass manager options (--mlir-print-ir-*, ...) and the dumps of
/// --hlo-dump-to.
LogicalResult configurePassManager(PassManager &pm) {
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  if (bufferReport && failed(enableBufferReport(pm)))
    return failure();
  if (std::optional<DumpOptions> dump = getDumpCLOptions(inputFilename))
    return enableDumps(pm, *dump);
  return success();
}

/// --max-memory in bytes (set in main).
uint64_t maxMemoryBytes = 0;

RunnerOptions getRunnerOptions() {
  RunnerOptions options;
  // The TPU simulator runs on the host, through the CPU path's inputs,
  // outputs and checks.
  if (device == "tpu-sim")
    options.device = "tpu-sim";
  // The report comes from the pipeline, which a cache hit skips.
  options.cacheDir =
      bufferReport || tpuCostReport ? std::string() : getCacheDir();
  options.codegenThreads = codegenThreads;
  options.llvmLoopUnrolling = llvmFullUnroll;
  options.verifyEachPass = verifyEach;
  options.configurePassManager = [](PassManager &pm) {
    applyDefaultTimingPassManagerCLOptions(pm);
    return configurePassManager(pm);
  };
  options.entry = entryName;
  options.optLevel = optLevel;
  options.printLoweredIR = printLoweredIR;
  options.profile = profileRuns > 0;
  options.pipelineOptions = pipelineOptions;
  options.tpuCostReport = tpuCostReport;
  options.probeOutputDir = probeOutputDir;
  options.maxMemory = maxMemoryBytes;
  for (const std::string &lib : sharedLibs)
    options.sharedLibs.push_back(lib);
  if (options.sharedLibs.empty()) {
    options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
  }
  return options;
}

/// Check totals over all chunks and entries.
SelfCheckResult checkTotals;
/// --compare-fusions found a fusion that differs from the reference.
bool foundFusionDifference = false;
bool sawSelfChecking = false;

/// The functions to run: --entry, else @main, else every public function
/// without parameters (the reference interpreter's test files name each
/// case's function after the case). Empty after a diagnostic.
SmallVector<std::string> getEntries(ModuleOp module) {
  SmallVector<std::string> entries;
  if (entryName.getNumOccurrences() || module.lookupSymbol<func::FuncOp>("main")) {
    entries.push_back(entryName);
    return entries;
  }
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal() && func.getNumArguments() == 0)
      entries.push_back(func.getSymName().str());
  if (entries.empty())
    emitError(module.getLoc()) << "no entry: no @main and no public function "
                                  "without parameters";
  return entries;
}

LogicalResult runSelfCheckingChunk(ModuleOp module, llvm::raw_ostream &os) {
  sawSelfChecking = true;
  SmallVector<std::string> entries = getEntries(module);
  if (entries.empty())
    return failure();
  bool ok = true;
  for (const std::string &entry : entries) {
    OwningOpRef<ModuleOp> copy = module.clone();
    auto start = std::chrono::steady_clock::now();
    FailureOr<SelfCheckResult> result =
        runSelfChecking(*copy, entry, getRunnerOptions(), os);
    if (failed(result)) {
      ok = false;
      continue;
    }
    checkTotals.passed += result->passed;
    checkTotals.failed += result->failed;
    if (printTiming)
      os << llvm::format("@%s: compile and run time: %.3f s\n", entry.c_str(),
                         secondsSince(start));
  }
  return success(ok);
}

LogicalResult runEntry(ModuleOp module, StringRef entry,
                       std::chrono::steady_clock::time_point compileStart,
                       llvm::raw_ostream &os, StringRef outputSubdir = "");

/// Seconds the latest chunk took to parse and import.
double importSeconds = 0;

/// --compile-only: what is printed once the entry is compiled.
/// --donate: the entry's listed parameters become buffer donors.
LogicalResult applyDonations(ModuleOp module, StringRef entry) {
  if (donatedInputs.empty())
    return success();
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return success(); // compile() reports the missing entry
  for (unsigned i : donatedInputs) {
    if (i >= function.getNumArguments())
      return emitError(function.getLoc())
             << "--donate=" << i << ": @" << entry << " has "
             << function.getNumArguments() << " parameters";
    function.setArgAttr(i, "hlo.buffer_donor",
                        UnitAttr::get(module.getContext()));
  }
  return success();
}

LogicalResult reportCompileOnly(const CompiledModule &compiled,
                                double compileSeconds, llvm::raw_ostream &os) {
  if (!printTiming)
    return success();
  const CompileTimings &t = compiled.getTimings();
  os << llvm::format("compile time: %.3f s\n", compileSeconds)
     << llvm::format("  import: %.3f s\n", importSeconds)
     << llvm::format("  hlo-cpu-pipeline: %.3f s\n", t.pipeline)
     << llvm::format("  llvm translate: %.3f s (%u identical functions "
                     "merged)\n",
                     t.translate, t.mergedFunctions)
     << llvm::format("  llvm optimize: %.3f s (cpu)\n", t.optimize)
     << llvm::format("  llvm codegen: %.3f s (cpu)\n", t.codegen)
     << llvm::format("  llvm optimize+codegen: %.3f s on %u threads, %u "
                     "partitions\n",
                     t.parallel, t.threads, t.partitions)
     << llvm::format("  jit link: %.3f s\n", t.link)
     << "  cache: " << t.cache;
  if (!t.cachePath.empty())
    os << " (" << t.cachePath << ")";
  os << "\n";
  return success();
}

/// Writes `results` as --output's DIR/<subdir>/result<N>.npy, or prints
/// them.
LogicalResult emitResults(ArrayRef<HostTensor> results, Location loc,
                          llvm::raw_ostream &os, StringRef outputSubdir = "") {
  for (auto [i, result] : llvm::enumerate(results)) {
    if (!outputDir.empty()) {
      SmallString<128> path(outputDir);
      llvm::sys::path::append(path, outputSubdir);
      if (std::error_code ec = llvm::sys::fs::create_directories(path))
        return emitError(loc) << "cannot create '" << path
                              << "': " << ec.message();
      llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
      if (llvm::Error error = writeNpyFile(path, result))
        return emitError(loc) << llvm::toString(std::move(error));
      continue;
    }
    switch (printFormat) {
    case PrintFormat::Plain:
      os << "result #" << i << ": " << result.getType() << "\n";
      result.printValues(os);
      break;
    case PrintFormat::Interpreter:
      result.printAsInterpreter(os);
      break;
    case PrintFormat::Dense:
      os << result.toAttr();
      break;
    }
    os << "\n";
  }
  return success();
}

/// The tensors of --args, each checked to be a dense attribute.
FailureOr<SmallVector<HostTensor>> parseEntryArgs(MLIRContext &context,
                                                  Location loc) {
  Attribute parsed = parseAttribute(entryArgs, &context);
  auto array = dyn_cast_or_null<ArrayAttr>(parsed);
  if (!array)
    return emitError(loc) << "--args must be an array attribute of dense "
                             "tensors, e.g. --args='[dense<1> : "
                             "tensor<2xi32>]'; got '"
                          << entryArgs << "'";
  SmallVector<HostTensor> tensors;
  for (auto [i, element] : llvm::enumerate(array)) {
    auto dense = dyn_cast<DenseElementsAttr>(element);
    if (!dense)
      return emitError(loc) << "--args: element #" << i << " (" << element
                            << ") is not a dense elements attribute, e.g. "
                               "dense<1> : tensor<2xi32>";
    FailureOr<HostTensor> tensor = hostTensorFromAttr(dense, loc);
    if (failed(tensor))
      return failure();
    tensors.push_back(std::move(*tensor));
  }
  return tensors;
}

//===----------------------------------------------------------------------===//
// Devices other than the host CPU
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<RankedTensorType>> getStaticTypes(func::FuncOp function,
                                                        TypeRange types,
                                                        StringRef what) {
  SmallVector<RankedTensorType> result;
  for (auto [i, type] : llvm::enumerate(types)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape()) {
      emitError(function.getLoc())
          << "--device=" << device << " needs statically shaped tensors, "
          << what << " #" << i << " is " << type;
      return failure();
    }
    result.push_back(tensor);
  }
  return result;
}

/// hlo-gpu-pipeline options describing the selected Vulkan device (subgroup
/// size, workgroup memory, features); empty when there is none and it is
/// not `required`.
LogicalResult getVulkanPipelineOptions(Location loc, std::string &options,
                                       bool required) {
#ifdef HLO_HAVE_VULKAN_RUNTIME
  char reason[512] = "";
  if (!hloVulkanAvailable(reason, sizeof(reason))) {
    if (!required)
      return success();
    return emitError(loc) << "no Vulkan device: " << reason;
  }
  HloVulkanLimits limits;
  if (hloVulkanQueryLimits(&limits) != 0)
    return emitError(loc) << "cannot query the Vulkan device's limits";
  std::string features;
  auto add = [&](bool present, const char *name) {
    if (present)
      features += (features.empty() ? "" : ",") + std::string(name);
  };
  add(limits.float16 && limits.storage16, "f16");
  add(limits.float64, "f64");
  add(limits.int64, "i64");
  add(limits.int16 && limits.storage16, "i16");
  add(limits.int8 && limits.storage8, "i8");
  options = "subgroup-size=" + std::to_string(limits.subgroupSize) +
            " shared-memory-bytes=" +
            std::to_string(limits.maxSharedMemoryBytes) +
            " vulkan-features=" + (features.empty() ? "none" : features);
  return success();
#else
  if (!required)
    return success();
  return emitError(loc) << "no Vulkan device: this hlo-runner was built "
                           "without the Vulkan runtime (vulkan/vulkan.h)";
#endif
}

LogicalResult compileEntryForDevice(ModuleOp module, StringRef entry,
                                    bool selfChecking, llvm::raw_ostream &os) {
  auto start = std::chrono::steady_clock::now();
  Location loc = module.getLoc();
  std::optional<SelfCheckProgram> program;
  if (selfChecking) {
    // Checks are evaluated (and counted) only with --check-results.
    sawSelfChecking = !checkResults.empty();
    FailureOr<SelfCheckProgram> prepared = prepareSelfChecking(module, entry);
    if (failed(prepared))
      return failure();
    program = std::move(*prepared);
  }
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function || function.isExternal())
    return emitError(loc) << "entry function '@" << entry << "' not found";
  check::ProbeOp probe;
  module.walk([&](check::ProbeOp op) {
    probe = op;
    return WalkResult::interrupt();
  });
  if (probe)
    return emitError(probe.getLoc())
           << "check.probe is not supported on --device=" << device;
  auto inputTypes =
      getStaticTypes(function, function.getArgumentTypes(), "parameter");
  auto resultTypes =
      getStaticTypes(function, function.getResultTypes(), "result");
  if (failed(inputTypes) || failed(resultTypes))
    return failure();

  if (!checkResults.empty()) {
    if (!program)
      return emitError(loc) << "--check-results needs a self-checking program";
    SmallVector<HostTensor> results;
    for (auto [i, type] : llvm::enumerate(*resultTypes)) {
      SmallString<128> path(checkResults);
      llvm::sys::path::append(path, "result" + std::to_string(i) + ".npy");
      auto tensor = readNpyFile(path, module.getContext());
      if (!tensor)
        return emitError(loc) << llvm::toString(tensor.takeError());
      if (tensor->getType() != type)
        return emitError(loc) << "'" << path << "' holds " << tensor->getType()
                              << ", result #" << i << " is " << type;
      results.push_back(std::move(*tensor));
    }
    SelfCheckResult checked =
        evaluateSelfChecks(*program, results, /*probes=*/nullptr, os);
    checkTotals.passed += checked.passed;
    checkTotals.failed += checked.failed;
    return success();
  }

  std::string signature = getAotSignature(device, *inputTypes, *resultTypes);
  DeviceCompileOptions options;
  options.device = device;
  options.pipelineOptions = pipelineOptions;
  if (device == "vulkan") {
    // The kernels are compiled for the device's limits and features; a
    // program that is only compiled may use the defaults.
    bool run = !compileOnly && aotOutput.empty();
    std::string queried;
    if (failed(getVulkanPipelineOptions(loc, queried, /*required=*/run)))
      return failure();
    options.pipelineOptions = queried + " " + pipelineOptions;
  }
  options.configurePassManager = configurePassManager;
  options.verifyEachPass = verifyEach;
  // Device programs give every result a buffer of their own.
  if (auto function = module.lookupSymbol<FunctionOpInterface>(entry))
    if (failed(diagnoseIgnoredAliasing(
            function, "a --device=" + device + " program")))
      return failure();
  if (failed(lowerForDevice(module, options, dumpDeviceCode)))
    return failure();
  if (printLoweredIR)
    module.print(llvm::errs());
  bool run = !compileOnly && aotOutput.empty();
  if (!run && failed(emitAotObject(module, entry, signature, *inputTypes,
                                   *resultTypes, aotOutput)))
    return failure();
  if (program && !aotInputsDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directory(aotInputsDir))
      return emitError(loc) << "cannot create '" << aotInputsDir
                            << "': " << ec.message();
    for (auto [i, input] : llvm::enumerate(program->inputs)) {
      SmallString<128> path(aotInputsDir);
      llvm::sys::path::append(path, "input" + std::to_string(i) + ".npy");
      if (llvm::Error error = writeNpyFile(path, input))
        return emitError(loc) << llvm::toString(std::move(error));
    }
  }
  if (printTiming)
    os << llvm::format("@%s: compile time: %.3f s\n", entry.str().c_str(),
                       secondsSince(start));
  if (!run)
    return success();
  if (device == "rocm")
    return emitError(loc) << "--device=rocm is compile-only (no ROCm "
                             "runtime): use --compile-only";

  // Run as a machine without MLIR would: the program object under
  // hlo-aot-run, with the CPU path's inputs, outputs and checks.
  SmallVector<HostTensor> inputs;
  if (program) {
    inputs = program->inputs;
  } else if (generateInputs) {
    for (auto [i, type] : llvm::enumerate(*inputTypes))
      inputs.push_back(HostTensor::makeDeterministic(type, i + 1));
  } else if (!entryArgs.empty()) {
    FailureOr<SmallVector<HostTensor>> parsed =
        parseEntryArgs(*module.getContext(), loc);
    if (failed(parsed))
      return failure();
    inputs = std::move(*parsed);
  } else {
    for (const std::string &path : inputFiles) {
      auto tensor = readNpyFile(path, module.getContext());
      if (!tensor)
        return emitError(loc) << llvm::toString(tensor.takeError());
      inputs.push_back(std::move(*tensor));
    }
  }
  if (inputs.size() != inputTypes->size())
    return emitError(loc) << "@" << entry << " takes " << inputTypes->size()
                          << " inputs, " << inputs.size() << " given";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, *inputTypes)))
    if (std::get<0>(pair).getType() != std::get<1>(pair))
      return emitError(loc) << "input #" << i << " of @" << entry
                            << " must be " << std::get<1>(pair) << ", found "
                            << std::get<0>(pair).getType();
  AotRunOptions runOptions;
  runOptions.benchmarkRuns = benchmarkRuns;
  FailureOr<SmallVector<HostTensor>> results = runOnDevice(
      module, entry, signature, inputs, *resultTypes, runOptions, os);
  if (failed(results))
    return failure();
  if (program) {
    sawSelfChecking = true;
    SelfCheckResult checked =
        evaluateSelfChecks(*program, *results, /*probes=*/nullptr, os);
    checkTotals.passed += checked.passed;
    checkTotals.failed += checked.failed;
    return success();
  }
  if (benchmarkRuns)
    return success();
  return emitResults(*results, loc, os);
}

LogicalResult runChunkOnDevice(ModuleOp module, llvm::raw_ostream &os) {
  if (!isGpuDevice(device))
    return emitError(module.getLoc())
           << "unknown device '" << device
           << "' (known: cpu, cuda, rocm, vulkan, tpu-sim)";
  bool selfChecking =
      inputFiles.empty() && entryArgs.empty() && isSelfChecking(module);
  SmallVector<std::string> entries = getEntries(module);
  if (entries.empty())
    return failure();
  if (entries.size() > 1 && (!aotOutput.empty() || !checkResults.empty()))
    return emitError(module.getLoc())
           << "--aot-output and --check-results take one entry; the module "
              "has "
           << entries.size() << " (choose one with --entry)";
  bool ok = true;
  for (const std::string &entry : entries) {
    OwningOpRef<ModuleOp> copy = module.clone();
    ok &= succeeded(compileEntryForDevice(*copy, entry, selfChecking, os));
  }
  return success(ok);
}

LogicalResult runChunk(std::unique_ptr<llvm::MemoryBuffer> buffer,
                       llvm::raw_ostream &os, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // Errors in the words of the input's form, from import to codegen.
  const llvm::MemoryBuffer *input =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  UserWordsDiagnosticHandler userWords(
      &context,
      detectInputForm(input->getBuffer(), input->getBufferIdentifier()));

  auto compileStart = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> module = importHloTextOrMlir(sourceMgr, &context);
  if (!module)
    return failure();
  importSeconds = secondsSince(compileStart);
  if (device != "cpu" && device != "tpu-sim")
    return runChunkOnDevice(*module, os);
  if (compileOnly && isSelfChecking(*module)) {
    emitError(module->getLoc())
        << "--compile-only on the CPU does not apply to self-checking "
           "programs";
    return failure();
  }
  if (inputFiles.empty() && entryArgs.empty() && isSelfChecking(*module)) {
    if (profileRuns)
      return emitError(module->getLoc())
             << "--profile runs an entry on its inputs (--input or "
                "--generate-inputs), not a self-checking program";
    return runSelfCheckingChunk(*module, os);
  }

  SmallVector<std::string> entries = getEntries(*module);
  if (entries.empty())
    return failure();
  if (entries.size() == 1)
    return runEntry(*module, entries.front(), compileStart, os);
  // Several parameterless functions: each runs on its own copy, and its
  // results are headed by its name (and written to DIR/<name>/).
  bool ok = true;
  for (const std::string &entry : entries) {
    OwningOpRef<ModuleOp> copy = module->clone();
    os << "@" << entry << ":\n";
    ok &= succeeded(runEntry(*copy, entry, std::chrono::steady_clock::now(),
                             os, entry));
  }
  return success(ok);
}

LogicalResult runEntry(ModuleOp module, StringRef entry,
                       std::chrono::steady_clock::time_point compileStart,
                       llvm::raw_ostream &os, StringRef outputSubdir) {
  MLIRContext &context = *module.getContext();
  Location loc = module.getLoc();
  SmallVector<HostTensor> inputs;
  if (int(generateInputs) + int(!inputFiles.empty()) +
          int(!entryArgs.empty()) > 1) {
    emitError(loc) << "--generate-inputs, --input and --args exclude each "
                      "other";
    return failure();
  }
  if (!entryArgs.empty()) {
    FailureOr<SmallVector<HostTensor>> parsed = parseEntryArgs(context, loc);
    if (failed(parsed))
      return failure();
    inputs = std::move(*parsed);
  }
  if (generateInputs) {
    auto function = module.lookupSymbol<func::FuncOp>(entry);
    if (!function) {
      emitError(loc) << "entry function '@" << entry << "' not found";
      return failure();
    }
    SmallVector<RankedTensorType> types;
    for (auto [i, type] : llvm::enumerate(function.getArgumentTypes())) {
      auto tensorType = dyn_cast<RankedTensorType>(type);
      if (!tensorType || !tensorType.hasStaticShape()) {
        emitError(function.getLoc()) << "--generate-inputs needs statically "
                                     "shaped tensor parameters, parameter #"
                                  << i << " is " << type;
        return failure();
      }
      types.push_back(tensorType);
    }
    // The inputs are allocated before the compile checks the limit.
    if (failed(checkMemoryLimit(module, function, types, maxMemoryBytes)))
      return failure();
    for (auto [i, type] : llvm::enumerate(types))
      inputs.push_back(HostTensor::makeDeterministic(type, i + 1));
  }
  for (const std::string &path : inputFiles) {
    auto tensor = readNpyFile(path, &context);
    if (!tensor) {
      emitError(loc) << llvm::toString(tensor.takeError());
      return failure();
    }
    inputs.push_back(std::move(*tensor));
  }

  // An entry with dynamic dimensions (a shape-polymorphic export) is
  // compiled for the shapes of its inputs, as XLA does.
  if (auto function = module.lookupSymbol<func::FuncOp>(entry)) {
    bool dynamic = llvm::any_of(function.getArgumentTypes(), [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor && !tensor.hasStaticShape();
    });
    if (dynamic && !inputs.empty()) {
      SmallVector<Type> types;
      for (const HostTensor &input : inputs)
        types.push_back(input.getType());
      if (failed(specializeFunction(function, types)))
        return failure();
    }
  }

  RunnerOptions options = getRunnerOptions();
  options.entry = entry.str();
  if (!compareFusionsDir.empty()) {
    if (compareRtol < 0 || compareAtol < 0)
      return emitError(loc) << "--compare-rtol and --compare-atol must not "
                               "be negative";
    CompareFusionsOptions compare;
    compare.runner = options;
    compare.reproducerDir = compareFusionsDir;
    compare.rtol = compareRtol;
    compare.atol = compareAtol;
    FailureOr<std::optional<unsigned>> differing =
        compareFusions(module, inputs, compare, os);
    if (failed(differing))
      return failure();
    if (*differing) {
      // A difference is a finding, not an error: reported, exit status 1.
      foundFusionDifference = true;
      return success();
    }
    os << "compare-fusions: every fusion agrees with the reference\n";
    return success();
  }
  if (failed(applyDonations(module, entry)))
    return failure();
  FailureOr<CompiledModule> compiled = CompiledModule::compile(module, options);
  if (failed(compiled))
    return failure();
  double compileSeconds = secondsSince(compileStart);
  if (compileOnly)
    return reportCompileOnly(*compiled, compileSeconds, os);

  if (profileRuns) {
    FailureOr<SmallVector<double>> seconds =
        compiled->benchmark(inputs, profileRuns, loc);
    if (failed(seconds))
      return failure();
    double wall = 0;
    for (double s : *seconds)
      wall += s;
    if (KernelProfiler *profiler = compiled->getProfiler())
      profiler->print(os, profileRuns, wall, profileTop);
    return success();
  }

  if (benchmarkRuns) {
    FailureOr<SmallVector<double>> seconds =
        compiled->benchmark(inputs, benchmarkRuns, loc);
    if (failed(seconds))
      return failure();
    llvm::sort(*seconds);
    os << llvm::format("compile time: %.3f s\n", compileSeconds)
       << llvm::format("run time: median %.6f s, min %.6f s, max %.6f s "
                       "over %u runs\n",
                       (*seconds)[seconds->size() / 2], seconds->front(),
                       seconds->back(), benchmarkRuns.getValue());
    return success();
  }

  auto runStart = std::chrono::steady_clock::now();
  FailureOr<SmallVector<HostTensor>> results = compiled->run(inputs, loc);
  if (failed(results))
    return failure();
  double runSeconds = secondsSince(runStart);

  if (failed(emitResults(*results, loc, os, outputSubdir)))
    return failure();
  if (printTiming)
    os << llvm::format("compile time: %.3f s\nrun time: %.6f s\n",
                       compileSeconds, runSeconds)
       << "cache: " << compiled->getTimings().cache << "\n";
  return success();
}
} // namespace

int main(int argc, char **argv) {
  ::hlo::runtime::keepLargeAllocationsInHeap();
  llvm::InitLLVM init(argc, argv);
  // --mlir-print-ir-after-all, --mlir-timing, ... for the CPU pipeline.
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerMLIRContextCLOptions();
  registerAsmPrinterCLOptions();
  cl::OptionCategory &dumpCategory = registerDumpCLOptions();
  hideLibraryOptions({&runnerCategory, &dumpCategory});
  // HLO_FLAGS holds flags too, like XLA_FLAGS (e.g. --hlo-dump-to=DIR).
  llvm::BumpPtrAllocator flagStorage;
  llvm::StringSaver flagSaver(flagStorage);
  SmallVector<const char *> args = argvWithHloFlags(argc, argv, flagSaver);
  cl::ParseCommandLineOptions(args.size(), args.data(),
                              "hlo-runner: compile an hlo module for the host "
                              "CPU and run it\n");

  if (vulkanDevice >= 0) {
    // hlo-aot-run (a child process) reads it too.
    std::string index = std::to_string(vulkanDevice.getValue());
    ::setenv("HLO_VULKAN_DEVICE", index.c_str(), /*overwrite=*/1);
  }
  if (listDevices) {
    llvm::outs() << "cpu: the host (JIT)\n";
    llvm::outs().flush();
#ifdef HLO_HAVE_VULKAN_RUNTIME
    std::fflush(stdout);
    hloVulkanListDevices(stdout);
    std::fflush(stdout);
#else
    llvm::outs() << "vulkan: unavailable: built without vulkan/vulkan.h\n";
#endif
    return 0;
  }

  if (profileRuns && (benchmarkRuns || compileOnly || device != "cpu")) {
    llvm::errs() << "hlo-runner: --profile runs the program on the CPU and "
                    "excludes --benchmark, --compile-only and other devices\n";
    return 1;
  }

  maxMemoryBytes = getDefaultMaxMemory();
  if (maxMemory.getNumOccurrences()) {
    std::optional<uint64_t> bytes = parseMemorySize(maxMemory);
    if (!bytes || !*bytes) {
      llvm::errs() << "hlo-runner: --max-memory='" << maxMemory
                   << "' is not a memory size (bytes, or a number with a K, "
                      "M, G or T suffix)\n";
      return 1;
    }
    maxMemoryBytes = *bytes;
  }

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
  // An output directory is created if missing, but not its parents: a
  // mistyped path is an error, not a new directory tree.
  for (const std::string &dir : {outputDir.getValue(), probeOutputDir.getValue()})
    if (!dir.empty())
      if (std::error_code ec = llvm::sys::fs::create_directory(dir)) {
        llvm::errs() << "hlo-runner: cannot create '" << dir
                     << "': " << ec.message() << "\n";
        return 1;
      }
  LogicalResult result = splitAndProcessBuffer(
      std::move(file),
      [&](std::unique_ptr<llvm::MemoryBuffer> chunk, llvm::raw_ostream &os) {
        return runChunk(std::move(chunk), os, context);
      },
      llvm::outs(), splitInputFile ? kDefaultSplitMarker : "", "");
  if (sawSelfChecking)
    llvm::outs() << checkTotals.passed << " passed, " << checkTotals.failed
                 << " failed\n";
  return failed(result) || checkTotals.failed || foundFusionDifference ? 1 : 0;
}
