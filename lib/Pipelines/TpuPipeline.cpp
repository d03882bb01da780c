//===- TpuPipeline.cpp - hlo-tpu-pipeline and the simulator's -------------===//

#include "HloDialect/Pipelines/TpuPipeline.h"

#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Target/Tpu/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::hlo;

void hlo::buildHloTpuPipeline(OpPassManager &pm,
                              const HloTpuPipelineOptions &options) {
  // TPUs have no f64 arithmetic. Convolutions are dots on the MXU: a
  // patch matrix (slices, pads, reshapes: DMAs) times the kernel.
  buildHloGraphPipeline(pm, options.canonicalize, /*fusion=*/true,
                        /*convolutionToDot=*/true,
                        /*specialFunctionsThroughF64=*/false);
  HloTpuFormKernelsPassOptions formKernels;
  formKernels.chip = options.chip;
  formKernels.dotBlockM = options.dotBlockM;
  formKernels.dotBlockK = options.dotBlockK;
  formKernels.dotBlockN = options.dotBlockN;
  pm.addPass(createHloTpuFormKernelsPass(formKernels));
  pm.addPass(createCanonicalizerPass());
  if (options.costReport)
    pm.addPass(createHloTpuCostReportPass());
}

void hlo::buildHloTpuSimPipeline(OpPassManager &pm,
                                 const HloTpuPipelineOptions &options) {
  buildHloTpuPipeline(pm, options);
  pm.addPass(createHloTpuExpandKernelsPass());
  pm.addPass(createHloTpuSimToHostPass());
  // No canonicalizer: it would fold the row insertions of a register into
  // element-by-element vector.from_elements (thousands of scalars).
  pm.addNestedPass<func::FuncOp>(createCSEPass());
  // 16-bit floats compute in f32 (rounded after every op, which for the
  // basic operations is the correctly rounded 16-bit result): the host has
  // no arithmetic on them, and LLVM's promotion of whole registers
  // (vector<16x128xbf16>) is slow to compile.
  pm.addNestedPass<func::FuncOp>(arith::createArithEmulateUnsupportedFloats(
      {/*sourceTypeStrs=*/{"bf16", "f16"}, /*targetTypeStr=*/"f32"}));
  // Conversions to and from bf16 with integer operations on the bits.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass(expand));
  HloCpuPipelineOptions cpu;
  cpu.threads = 1;
  buildHloCpuToLLVMPipeline(pm, cpu);
}

void hlo::registerHloTpuPipelines() {
  PassPipelineRegistration<HloTpuPipelineOptions>(
      "hlo-tpu-pipeline",
      "Compile hlo for a TPU: the graph stage (convolutions as dots, "
      "fusion), then every fusion as a tpu.kernel grid over VMEM blocks "
      "(hlo-tpu-form-kernels)",
      buildHloTpuPipeline);
  PassPipelineRegistration<HloTpuPipelineOptions>(
      "hlo-tpu-sim-pipeline",
      "hlo-tpu-pipeline, then the kernels' DMAs made explicit "
      "(hlo-tpu-expand-kernels), the tpu ops as host code "
      "(hlo-tpu-sim-to-host) and the CPU's lowering to the LLVM dialect: "
      "what hlo-runner --device=tpu-sim runs",
      buildHloTpuSimPipeline);
}
