//===- Probes.h - recording check.probe values at run time ------*- C++ -*-===//
//
// `check.probe %x, probe_id = "id"` returns %x and records its value each
// time it executes. For the JIT, every probe becomes a call to a host
// function (one private declaration per probe site, all bound to the same
// recorder) that copies the operand's buffer into a host tensor.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_PROBES_H
#define HLODIALECT_RUNNER_PROBES_H

#include "HloDialect/Runner/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace mlir {
class ExecutionEngine;
namespace hlo {

class ProbeRecorder {
public:
  /// Replaces every `check.probe` of `module` by a call that records its
  /// operand in this recorder. Fails (with a diagnostic) on a probe of a
  /// dynamically shaped tensor.
  LogicalResult instrument(ModuleOp module);

  /// Whether `instrument` found any probe.
  bool empty() const { return sites.empty(); }

  /// The host functions the instrumented calls need (name -> address), for
  /// the JIT to bind.
  llvm::StringMap<void *> getSymbols() const;

  /// Forgets every recorded value (done before each run).
  void clear() { records.clear(); }

  /// The values recorded for `probeId`, in execution order.
  ArrayRef<HostTensor> getRecords(StringRef probeId) const;

  /// Writes each record as DIR/<id>.<iteration>.npy (characters of the id
  /// other than letters, digits, '-' and '_' become '_').
  llvm::Error writeNpyFiles(StringRef dir) const;

  /// Called from compiled code: copies the memref described by
  /// `descriptor` (the C interface's {allocated, aligned, offset, sizes,
  /// strides}) as a record of probe site `site`.
  void record(const int64_t *descriptor, int64_t site);

private:
  struct Site {
    std::string probeId;
    RankedTensorType type;
  };
  SmallVector<Site> sites;
  llvm::StringMap<SmallVector<HostTensor>> records;
  /// Probe ids in the order they were first recorded.
  SmallVector<std::string> recordOrder;
};

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_RUNNER_PROBES_H
