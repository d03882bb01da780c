//===- HostJit.h - parallel LLVM code generation and an object JIT -*- C++ -*-===//
//
// The back end of CompiledModule: the LLVM dialect becomes LLVM IR, which is
// split into partitions (llvm::SplitModule) that are optimized and compiled
// to object files on a thread pool, each in an LLVMContext of its own; an
// LLJIT of ours links the objects (freshly compiled or read from the compile
// cache) with the runtime libraries. MLIR's ExecutionEngine compiles one
// module on one thread and cannot load objects.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_HOSTJIT_H
#define HLODIALECT_RUNNER_HOSTJIT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace mlir::hlo {

struct HostCodegenOptions {
  /// LLVM optimization and code generation level (0-3).
  unsigned optLevel = 3;
  /// Threads compiling partitions; 0: one per core.
  unsigned threads = 0;
  /// LLVM's loop unrolling (full unrolling of constant trip counts, partial
  /// and runtime unrolling). Off by default: the loops of hlo-vectorize are
  /// already unrolled to register tiles, and LLVM fully unrolling the row
  /// and column loops of fused 64x64 loop nests multiplied the IR (and the
  /// instruction selection time) for no run-time gain.
  bool loopUnrolling = false;
  /// Compile identical functions once (LLVM's MergeFunctions before the
  /// optimizer): the fusions of repeated layers, and the parallel bodies
  /// and dispatchers of their loops, are the same code under other names.
  bool mergeIdenticalFunctions = true;
  /// Called with each partition once LLVM's optimizations have run, before
  /// instruction selection (to look at the code that will run: hlo-runner
  /// --profile classifies each kernel's loops as vector or scalar). Called
  /// from the compiling threads, possibly several at once.
  std::function<void(llvm::Module &)> inspectOptimized;
};

struct HostCodegenTimings {
  /// The LLVM dialect to LLVM IR, and splitting it (seconds).
  double translate = 0;
  /// CPU seconds in LLVM's optimizer and in code generation, summed over
  /// the partitions (on several threads at once).
  double optimize = 0;
  double codegen = 0;
  /// Wall-clock seconds of the parallel optimization and code generation.
  double parallel = 0;
  unsigned partitions = 0;
  /// Functions found identical to another and compiled as that one.
  unsigned mergedFunctions = 0;
  unsigned threads = 0;
};

/// Compiles `module` (in the LLVM dialect) for the host CPU to object files,
/// in parallel. For each name in `packed`, a function `_mlir_<name>(void**)`
/// calling `<name>` with its arguments read through the pointers is added
/// (the ExecutionEngine's packed calling convention). Diagnostics go to the
/// module's context.
FailureOr<SmallVector<std::string>>
compileToObjects(ModuleOp module, ArrayRef<std::string> packed,
                 const HostCodegenOptions &options,
                 HostCodegenTimings &timings);

/// Optimizes `module` in place with LLVM's O`optLevel` pipeline for
/// `machine` (MLIR's makeOptimizingTransformer, with loop unrolling as
/// `options` says).
llvm::Error optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                           const HostCodegenOptions &options);

/// A string identifying the host for the compile cache: CPU name and
/// features, target triple.
std::string getHostCpuKey();

/// Asks the OS for the AMX tile state of this process (Linux x86-64:
/// arch_prctl ARCH_REQ_XCOMP_PERM for XTILEDATA), once; code with AMX
/// instructions faults without it. False where it is not granted.
bool requestAmxTileState();

/// The `target-features` of hlo-cpu-pipeline for this host at JIT time:
/// the AMX features (amx-tile, amx-bf16, amx-int8) the CPU has and the OS
/// grants (requestAmxTileState) and the AVX-512 dot instructions it has
/// (avx512bf16, avx512vnni), as "+amx-tile,+amx-bf16,+avx512bf16,...";
/// empty (portable code) when it has none.
std::string getHostDotTargetFeatures();

/// The cores this process may run on (sched_getaffinity): the default of
/// hlo-cpu-pipeline's `threads` where code is compiled for this host.
unsigned getHostThreadCount();

/// The functions of MLIR's async runtime ABI that multi-threaded code calls,
/// on the process's one thread pool (HloDialect/Runtime/AsyncRuntime.h):
/// name -> address, for HostJit::create's `symbols`.
llvm::StringMap<void *> getHostAsyncRuntimeSymbols();

/// Blocks until no task of multi-threaded code is queued or running.
void waitForHostTasks();

/// The `vector-bits` of hlo-cpu-pipeline for this host: 512 with
/// AVX-512 (avx512f), 256 with AVX or AVX2, else 128.
int64_t getHostVectorBits();

/// The `l2-cache-bytes` of hlo-cpu-pipeline for this host: the size of the
/// L2 cache of the CPU this process runs on (sysconf, else sysfs), 256 KiB
/// when neither says.
int64_t getHostL2CacheBytes();

/// Links object files (from compileToObjects) in process.
class HostJit {
public:
  /// `sharedLibs` are loaded as the ExecutionEngine does (a library's
  /// `__mlir_execution_engine_init` provides its symbols); `symbols` are
  /// more absolute symbols (unmangled name -> address).
  static llvm::Expected<std::unique_ptr<HostJit>>
  create(ArrayRef<std::string> objects, ArrayRef<std::string> sharedLibs,
         const llvm::StringMap<void *> &symbols);
  ~HostJit();

  /// The address of `_mlir_<name>`, the packed wrapper of `name`.
  llvm::Expected<void (*)(void **)> lookupPacked(StringRef name);

private:
  HostJit() = default;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  SmallVector<void (*)()> destroyFunctions;
};

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_HOSTJIT_H
