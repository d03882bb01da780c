//===- TpuPipeline.h - hlo-tpu-pipeline and the simulator's -----*- C++ -*-===//
//
// hlo-tpu-pipeline="chip=v5e|v6e": the target-neutral graph stage (fusion),
// then the fusions as tpu.kernel grids (hlo-tpu-form-kernels).
// hlo-tpu-sim-pipeline: that, the kernels' block pipelines made explicit
// (hlo-tpu-expand-kernels), the tpu ops as host code (hlo-tpu-sim-to-host)
// and the CPU's lowering to LLVM: what hlo-runner --device=tpu-sim runs.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_PIPELINES_TPUPIPELINE_H
#define HLODIALECT_PIPELINES_TPUPIPELINE_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace hlo {

struct HloTpuPipelineOptions
    : public PassPipelineOptions<HloTpuPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("The TPU chip: v5e or v6e"),
      llvm::cl::init("v5e")};
  PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Fold and simplify hlo ops before lowering"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> dotBlockM{
      *this, "dot-block-m",
      llvm::cl::desc("The largest M block of dot kernels (0: the default; "
                     "hlo-tpu-form-kernels)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> dotBlockK{
      *this, "dot-block-k",
      llvm::cl::desc("The largest K block of dot kernels (0: the default)"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> dotBlockN{
      *this, "dot-block-n",
      llvm::cl::desc("The largest N block of dot kernels (0: the default)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> costReport{
      *this, "cost-report",
      llvm::cl::desc("Print the estimate of every kernel "
                     "(hlo-tpu-cost-report) to standard error"),
      llvm::cl::init(false)};
};

void buildHloTpuPipeline(OpPassManager &pm,
                         const HloTpuPipelineOptions &options);
void buildHloTpuSimPipeline(OpPassManager &pm,
                            const HloTpuPipelineOptions &options);

/// Registers hlo-tpu-pipeline and hlo-tpu-sim-pipeline.
void registerHloTpuPipelines();

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_PIPELINES_TPUPIPELINE_H
