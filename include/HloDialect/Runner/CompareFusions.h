//===- CompareFusions.h - find the fusion that computes wrong ---*- C++ -*-===//
//
// A wrong-result localizer, like XLA's run_hlo_module --reference_platform:
// runs a program with its fusions, records what each fusion of the entry
// function reads and computes, then runs each fusion alone, unfused (the
// reference lowering: every op its own loop nest), on the inputs it
// recorded, and reports the first fusion whose results differ, with a
// reproducer saved: the fusion as a module of its own and its inputs and
// both results as .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_COMPAREFUSIONS_H
#define HLODIALECT_RUNNER_COMPAREFUSIONS_H

#include "HloDialect/Runner/HostTensor.h"
#include "HloDialect/Runner/Runner.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::hlo {

struct CompareFusionsOptions {
  /// How the program and the fusions run (pipeline options, JIT); the
  /// reference adds `fusion=false` to the pipeline options.
  RunnerOptions runner;
  /// Where the reproducer of the first differing fusion goes.
  std::string reproducerDir;
  /// Floats agree when |fused - reference| <= atol + rtol * |reference|
  /// (NaNs agree with NaNs); integers and booleans must be equal.
  double rtol = 1e-5;
  double atol = 1e-6;
};

/// Compares every fusion of `module`'s entry (top-level ones: fusions
/// inside control flow run with the program but are not compared) on
/// `inputs`. Prints one line per fusion to `os`. Returns the number of the
/// first fusion that differs (its reproducer written), or nullopt if all
/// agree; failure if the program or a fusion cannot be compiled or run.
FailureOr<std::optional<unsigned>>
compareFusions(ModuleOp module, ArrayRef<HostTensor> inputs,
               const CompareFusionsOptions &options, llvm::raw_ostream &os);

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_COMPAREFUSIONS_H
