//===- HostThreads.cpp - the async runtime of multi-threaded host code ----===//
//
// The MLIR-free runtime (lib/Runtime/Async) is in namespace ::hlo::runtime,
// which files that use namespace mlir cannot name unqualified: its uses by
// the JIT are here.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runner/HostJit.h"
#include "HloDialect/Runtime/AsyncRuntime.h"

unsigned mlir::hlo::getHostThreadCount() {
  return ::hlo::runtime::getAvailableCores();
}

llvm::StringMap<void *> mlir::hlo::getHostAsyncRuntimeSymbols() {
  llvm::StringMap<void *> symbols;
  for (auto [name, address] : ::hlo::runtime::getAsyncRuntimeSymbols())
    symbols[name] = address;
  return symbols;
}

void mlir::hlo::waitForHostTasks() {
  ::hlo::runtime::waitForAsyncRuntimeIdle();
}
