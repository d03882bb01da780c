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
#include <string>
#include <vector>

namespace mlir::hlo {

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
  /// milliseconds per run (own and total), the calls per run, the function
  /// and what it computes; then the time outside every kernel.
  void print(llvm::raw_ostream &os, unsigned runs, double wallSeconds,
             unsigned top) const;

  size_t getNumKernels() const { return kernels.size(); }

private:
  struct Kernel {
    std::string function;
    std::string description;
    std::atomic<uint64_t> calls{0};
    std::atomic<uint64_t> totalNanoseconds{0};
    std::atomic<uint64_t> selfNanoseconds{0};
    /// Calls made while no other kernel was open (their total time is
    /// the part of the run spent in kernels).
    std::atomic<uint64_t> outermostNanoseconds{0};
  };
  std::vector<std::unique_ptr<Kernel>> kernels;
};

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_PROFILER_H
