//===- CpuThreads.cpp - the default thread count of hlo-cpu-pipeline ------===//
//
// (Apart from CpuPipeline.cpp, which uses namespace mlir: the runtime's
// namespace ::hlo cannot be named unqualified there.)
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runtime/AsyncRuntime.h"

int64_t
mlir::hlo::getCpuPipelineThreads(const HloCpuPipelineOptions &options) {
  if (options.threads != 0)
    return options.threads;
  return ::hlo::runtime::getAvailableCores();
}
