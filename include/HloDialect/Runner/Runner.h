//===- Runner.h - compile an hlo module and run it on the host --*- C++ -*-===//

#ifndef HLODIALECT_RUNNER_RUNNER_H
#define HLODIALECT_RUNNER_RUNNER_H

#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runner/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>
#include <optional>

namespace mlir {
class PassManager;

namespace hlo {
class ProbeRecorder;
class HostJit;
class KernelProfiler;

struct RunnerOptions {
  /// Function to run.
  std::string entry = "main";
  /// Where the code runs: "cpu" (hlo-cpu-pipeline) or "tpu-sim" (the TPU
  /// simulator: hlo-tpu-sim-pipeline, whose options pipelineOptions then
  /// holds, e.g. `chip=v6e`).
  std::string device = "cpu";
  /// With device "tpu-sim": print hlo-tpu-cost-report's estimate of every
  /// kernel when compiling and the simulator's counts after each run.
  bool tpuCostReport = false;
  /// LLVM optimization level of the JIT (0-3).
  unsigned optLevel = 3;
  /// Shared libraries the JIT resolves symbols from (runner utils).
  SmallVector<std::string> sharedLibs;
  /// Run hlo-canonicalize before lowering (hlo-cpu-pipeline's option).
  bool canonicalize = true;
  /// More hlo-cpu-pipeline options, in its textual form
  /// (`fusion=false vectorize=false`).
  std::string pipelineOptions;
  /// Where each run writes what its `check.probe` ops recorded, as .npy
  /// files (see ProbeRecorder::writeNpyFiles); empty: nowhere.
  std::string probeOutputDir;
  /// Print the module after the CPU pipeline to stderr.
  bool printLoweredIR = false;
  /// Verify the module after every pass of the CPU pipeline (MLIR's
  /// default; about a third of the pipeline's time). Off: verified once,
  /// after the pipeline.
  bool verifyEachPass = false;
  /// Threads compiling LLVM partitions in parallel; 0: one per core.
  unsigned codegenThreads = 0;
  /// LLVM's loop unrolling (HostCodegenOptions::loopUnrolling; part of the
  /// compile cache's key).
  bool llvmLoopUnrolling = false;
  /// Directory of the compile cache (object code keyed by the module, the
  /// options, the LLVM version, this compiler's build and the host CPU);
  /// empty: no cache.
  std::string cacheDir;
  /// The most memory, in bytes, the runner lets a run take: the entry's
  /// parameters and results together, and each value the program computes
  /// on its own, must fit (checked before anything is allocated);
  /// 0: getDefaultMaxMemory().
  uint64_t maxMemory = 0;
  /// Time every kernel (hlo-cpu-pipeline profile=true, the hooks of
  /// KernelProfiler); bypasses the compile cache.
  bool profile = false;
  /// Called on the CPU pipeline's pass manager before it runs (a tool
  /// applies its `--mlir-print-ir-*` / `--mlir-timing` options here).
  std::function<LogicalResult(PassManager &)> configurePassManager;
};

/// The default memory limit of a run: three quarters of the physical
/// memory, or of the process's address-space limit (ulimit -v) if lower.
uint64_t getDefaultMaxMemory();

/// Parses a memory size: bytes, or a number with a K, M, G or T suffix
/// (powers of 1024, an optional trailing B or iB); nullopt if malformed.
std::optional<uint64_t> parseMemorySize(StringRef text);

/// Checks that `types` (an entry's parameters and results) take at most
/// `maxMemory` bytes together, and that no value `module` computes takes
/// more on its own; emits a located error otherwise.
LogicalResult checkMemoryLimit(ModuleOp module, func::FuncOp entry,
                               ArrayRef<RankedTensorType> types,
                               uint64_t maxMemory);

/// Seconds spent in each stage of CompiledModule::compile.
struct CompileTimings {
  /// hlo-cpu-pipeline (hlo to the LLVM dialect).
  double pipeline = 0;
  /// The LLVM dialect to LLVM IR.
  double translate = 0;
  /// LLVM's IR optimizer (-O<n>) and code generation to machine code: CPU
  /// seconds summed over the partitions, compiled on `threads` threads in
  /// `parallel` wall-clock seconds.
  double optimize = 0;
  double codegen = 0;
  double parallel = 0;
  unsigned partitions = 0;
  unsigned threads = 0;
  /// Functions compiled as another identical one.
  unsigned mergedFunctions = 0;
  /// Loading the objects into the JIT and resolving the entry.
  double link = 0;
  /// The compile cache: "off", "hit", "miss" or "rebuilt" (a corrupt entry
  /// was found and replaced), and the entry's path.
  std::string cache = "off";
  std::string cachePath;
};

/// A module compiled for the host, ready to run its entry function.
class CompiledModule {
public:
  ~CompiledModule();
  CompiledModule(CompiledModule &&) noexcept;

  /// Compiles `module` (consumed: it is lowered in place) with the CPU
  /// pipeline and JIT-compiles the entry function. Diagnostics go to the
  /// module's context.
  static FailureOr<CompiledModule> compile(ModuleOp module,
                                           const RunnerOptions &options);

  ArrayRef<RankedTensorType> getInputTypes() const { return inputTypes; }
  ArrayRef<RankedTensorType> getResultTypes() const { return resultTypes; }

  /// For each result, the input whose buffer it is (input/output aliasing:
  /// hlo.result_alias and buffer donors, see HloAliasing.h), or -1.
  ArrayRef<int64_t> getAliasedInputs() const { return aliasedInputs; }

  /// Runs the entry on `inputs` (types must match the entry's parameters
  /// exactly) and returns its results. Errors are reported at `loc`. A
  /// donated input is first copied into its result's buffer, which the
  /// program then gets as that input and computes the result in: `inputs`
  /// are never written (an input donated without a result is copied too:
  /// the program may use its buffer after its last use).
  FailureOr<SmallVector<HostTensor>> run(ArrayRef<HostTensor> inputs,
                                         Location loc) const;

  /// Runs the entry `repetitions` times (after one untimed run) on `inputs`,
  /// writing the same preallocated results each time, and returns the
  /// wall-clock seconds of each run. A donated input's buffer is its
  /// result's (copied once, before the untimed run): each run computes in
  /// place on the previous run's result, as a caller that donates the
  /// result of one step to the next does. Inputs donated without a result
  /// are copied again before each run (untimed).
  FailureOr<SmallVector<double>> benchmark(ArrayRef<HostTensor> inputs,
                                           unsigned repetitions,
                                           Location loc) const;

  /// Where compile() spent its time.
  const CompileTimings &getTimings() const { return timings; }

  /// What the `check.probe` ops recorded in the latest run.
  const ProbeRecorder &getProbes() const { return *probes; }

  /// The kernel profiler when compiled with RunnerOptions::profile, else
  /// null. benchmark() resets it after its untimed run.
  KernelProfiler *getProfiler() const { return profiler.get(); }

private:
  CompiledModule() = default;
  LogicalResult checkInputs(ArrayRef<HostTensor> inputs, Location loc) const;
  /// `donorCopies`: a copy of each of `donorInputs`, passed in its place.
  LogicalResult invoke(ArrayRef<HostTensor> inputs,
                       MutableArrayRef<HostTensor> results,
                       MutableArrayRef<HostTensor> donorCopies,
                       Location loc) const;
  /// The results, allocated, each donated input copied into its result.
  SmallVector<HostTensor> makeResults(ArrayRef<HostTensor> inputs) const;
  /// A copy of each of `donorInputs`.
  SmallVector<HostTensor> makeDonorCopies(ArrayRef<HostTensor> inputs) const;
  std::unique_ptr<HostJit> jit;
  void (*entryFunction)(void **) = nullptr;
  /// Runs on the TPU simulator (its errors are checked after each run).
  bool tpuSim = false;
  /// Prints what the simulator counted (DMA bytes, MXU pushes) after each
  /// run, next to hlo-tpu-cost-report's estimate.
  bool tpuSimCounters = false;
  std::unique_ptr<ProbeRecorder> probes;
  std::unique_ptr<KernelProfiler> profiler;
  std::string probeOutputDir;
  std::string entry;
  SmallVector<RankedTensorType> inputTypes;
  SmallVector<RankedTensorType> resultTypes;
  SmallVector<int64_t> aliasedInputs;
  /// Inputs donated without a result: the program may use their buffers
  /// for temporaries after their last use, so each run gets copies (the
  /// caller's `inputs` are never written).
  SmallVector<unsigned> donorInputs;
  CompileTimings timings;
};

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_RUNNER_RUNNER_H
