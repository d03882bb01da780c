//===- SelfCheck.h - running self-checking test programs --------*- C++ -*-===//
//
// Conformance programs carry their inputs as constants and their expected
// results as check ops. To measure the compiled code rather than the
// constant folder, the entry is rewritten before compilation:
//
//   * private callees (`@inputs`, `@expected`, helpers) are inlined;
//   * every constant at the top level of the entry becomes a parameter whose
//     value is passed in at run time, so nothing can be folded;
//   * every checked value becomes a result, and the check op is removed;
//
// then the module is compiled and run, and the checks are evaluated on the
// host against the results with the StableHLO interpreter's semantics.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_SELFCHECK_H
#define HLODIALECT_RUNNER_SELFCHECK_H

#include "HloDialect/Runner/HostTensor.h"
#include "HloDialect/Runner/Runner.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::hlo {
class ProbeRecorder;

/// Whether `module` contains check ops (or `custom_call @check.*`).
bool isSelfChecking(ModuleOp module);

struct SelfCheckResult {
  unsigned passed = 0;
  unsigned failed = 0;
};

/// One check of a rewritten program: which result it reads and what it
/// compares it with.
struct SelfCheck {
  SelfCheck(Location loc, std::string kind)
      : loc(loc), kind(std::move(kind)) {}

  Location loc;
  /// expect_eq, expect_close or expect_almost_eq.
  std::string kind;
  double tolerance = 0;
  int64_t maxUlps = 0;
  unsigned actualResult = 0;
  /// The expected value: a constant, or another result of the program.
  std::optional<HostTensor> expected;
  std::optional<unsigned> expectedResult;
  /// expect_serialized_eq: the probe and iteration compared with.
  std::optional<std::string> probeId;
  int64_t probeIteration = 0;
};

/// A self-checking program rewritten as described above: the values of its
/// new parameters and its checks over its results.
struct SelfCheckProgram {
  SmallVector<HostTensor> inputs;
  SmallVector<SelfCheck> checks;
};

/// Rewrites `entry` of `module` in place (inlined, constants as
/// parameters, checked values as results). Deterministic: rewriting the
/// same module again gives the same program, so results computed elsewhere
/// (on a device, ahead of time) can be checked later.
FailureOr<SelfCheckProgram> prepareSelfChecking(ModuleOp module,
                                                StringRef entry);

/// Evaluates the checks of `program` on its results `outputs`, printing
/// one line per failed check to `os`. `probes` may be null when the program
/// has no expect_serialized_eq checks.
SelfCheckResult evaluateSelfChecks(const SelfCheckProgram &program,
                                   ArrayRef<HostTensor> outputs,
                                   const ProbeRecorder *probes,
                                   llvm::raw_ostream &os);

/// Rewrites, compiles and runs `entry` of `module` as described above,
/// printing one line per failed check to `os`. Fails (with diagnostics) if
/// the program cannot be compiled or run.
FailureOr<SelfCheckResult> runSelfChecking(ModuleOp module, StringRef entry,
                                           const RunnerOptions &options,
                                           llvm::raw_ostream &os);

/// The value of a constant attribute as a host tensor.
FailureOr<HostTensor> hostTensorFromAttr(ElementsAttr attr, Location loc);

/// Compares `actual` with `expected` by the check `kind` ("expect_eq",
/// "expect_close", "expect_almost_eq"); on mismatch returns a description
/// (max error, first mismatching index, the two values).
std::optional<std::string> compareTensors(StringRef kind,
                                          const HostTensor &actual,
                                          const HostTensor &expected,
                                          double tolerance, int64_t maxUlps);

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_SELFCHECK_H
