//===- Profiler.h - run time per kernel (hlo-runner --profile) --*- C++ -*-===//
//
// Defines the hooks that hlo-profile-kernels calls around every outlined
// kernel (see HloDialect/Transforms/ProfileKernels.h) and sums, per kernel,
// the calls, the time between enter and exit, and its own time (less the
// time of the kernels it calls itself, as a while loop calls the fusions of
// its body). Kernels may run on several threads (threads=N): each thread
// keeps its own stack of open calls; the sums are shared.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_PROFILER_H
#define HLODIALECT_RUNNER_PROFILER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace mlir::hlo {

/// What a kernel's innermost loops compute with, after LLVM's optimizations
/// (its own vectorizers included): a loop is a vector loop when any of its
/// element work is on vectors, a scalar loop when all of it is on scalars.
/// Element work is arithmetic on, and loads and stores of, floating-point
/// values and 8-, 16- and 32-bit integers (64-bit scalars are taken for
/// address arithmetic). Not counted: the scalar remainder loops LLVM's vectorizer
/// leaves after a vector loop, and loops that call other functions (a while
/// loop calling the kernels of its body).
struct KernelCode {
  unsigned vectorLoops = 0;
  unsigned scalarLoops = 0;
  /// Loop-free code (a kernel whose loops were unrolled): whether its
  /// arithmetic includes vector or scalar ops.
  bool straightVector = false;
  bool straightScalar = false;

  /// Whether some loop, or the loop-free code of a kernel without vector
  /// loops, computes on scalars only.
  bool hasScalarCode() const {
    return scalarLoops || (!vectorLoops && straightScalar && !straightVector);
  }

  /// `vector`, `scalar`, `2v+1s` for mixed loops, `-` for none.
  std::string summary() const;
};
KernelCode classifyKernelCode(const llvm::Function &function);

class KernelProfiler {
public:
  /// The kernels of a module lowered with `profile=true`, from its
  /// `hlo.profile.kernels` attribute; none when it has none.
  explicit KernelProfiler(ArrayAttr kernels);
  ~KernelProfiler();

  /// The hooks, to resolve the compiled code's calls against. The hooks
  /// report to the profiler that defined them last.
  llvm::StringMap<void *> getSymbols();

  /// Forgets what earlier runs recorded.
  void reset();

  /// Records one call of kernel `id` that took `total` nanoseconds, `self`
  /// of them outside the kernels it called, `outermost` when no other
  /// kernel was open on its thread (the hooks call this).
  void record(int64_t id, uint64_t total, uint64_t self, bool outermost);

  /// Prints the `top` kernels with the most own time over `runs` runs that
  /// took `wallSeconds` in all: per kernel the share of the run time, the
  /// milliseconds per run (own and total), its code (KernelCode::summary),
  /// the calls per run, the function and what it computes; first the time
  /// outside every kernel, last the kernels whose loops are scalar.
  void print(llvm::raw_ostream &os, unsigned runs, double wallSeconds,
             unsigned top) const;

  size_t getNumKernels() const { return kernels.size(); }

  /// Classifies the code of the kernels defined in `module` (a partition,
  /// optimized; see HostCodegenOptions::inspectOptimized). Thread-safe.
  void inspectOptimizedModule(llvm::Module &module);

private:
  struct Kernel {
    std::string function;
    std::string description;
    /// Unknown (a cached object, or the kernel inlined away) until
    /// inspectOptimizedModule sees it.
    std::optional<KernelCode> code;
    std::atomic<uint64_t> calls{0};
    std::atomic<uint64_t> totalNanoseconds{0};
    std::atomic<uint64_t> selfNanoseconds{0};
    /// Calls made while no other kernel was open (their total time is
    /// the part of the run spent in kernels).
    std::atomic<uint64_t> outermostNanoseconds{0};
  };
  std::vector<std::unique_ptr<Kernel>> kernels;
  std::mutex codeMutex;
};

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_PROFILER_H
