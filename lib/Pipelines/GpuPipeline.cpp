//===- GpuPipeline.cpp - hlo to GPU kernels and host code -----------------===//

#include "HloDialect/Pipelines/GpuPipeline.h"

#include "HloDialect/Conversion/Passes.h"
#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Target/Backends.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;


void hlo::buildHloGpuKernelsPipeline(OpPassManager &pm,
                                     const HloGpuPipelineOptions &options) {
  const GpuBackend *backend = lookupGpuBackend(options.target);
  bool hasF64 = !backend || !backend->hasF64Arithmetic ||
                backend->hasF64Arithmetic(options);
  buildHloGraphPipeline(pm, options.canonicalize, options.fusion,
                        /*convolutionToDot=*/false,
                        /*specialFunctionsThroughF64=*/hasF64);
  // Row loops of gathers and scatters would become kernels with scalar
  // arguments, which the Vulkan back end cannot pass yet.
  HloLegalizeToLinalgPassOptions legalize;
  legalize.rowLoops = false;
  pm.addPass(createHloLegalizeToLinalgPass(legalize));
  if (options.fusion) {
    // Each tile of a fusion (a row of an input fusion, an element of an
    // output fusion's product) is one iteration of a parallel loop, which
    // becomes one thread.
    HloEmitFusionsPassOptions emitOptions;
    emitOptions.parallelTiles = true;
    emitOptions.outputTileRows = 1;
    emitOptions.outputTileColumns = 1;
    pm.addPass(createHloEmitFusionsPass(emitOptions));
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // No buffers hoisted out of loops or promoted to the stack: allocations
  // inside kernels become private buffers in hlo-gpu-map-to-kernels.
  buildHloBufferizePipeline(pm, /*hoistAndPromoteBuffers=*/false);
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createForallToParallelLoopPass());
  // Index computations that are constant over the loops' bounds fold (a
  // convolution's feature group index without groups, its padding checks
  // without padding), so that hlo-gpu-map-to-kernels sees which loop
  // dimensions each operand of a dot or convolution depends on.
  pm.addPass(arith::createIntRangeOptimizationsPass());
  pm.addPass(createCanonicalizerPass());
  HloGpuMapToKernelsPassOptions mapOptions;
  mapOptions.blockSize = options.blockSize;
  mapOptions.reportUntiled = options.reportUntiled;
  pm.addPass(createHloGpuMapToKernelsPass(mapOptions));
  pm.addPass(createHloGpuPlaceBuffersPass());
  // Trip counts and bounds fold to constants first, so that they are
  // sunk into the kernels rather than passed as arguments.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  // Launches, copies and allocations of straight-line host code go on one
  // stream, waited for where the host reads results (and around host
  // control flow), instead of one synchronized stream per operation.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

ArrayRef<hlo::GpuBackend> hlo::getGpuBackends() {
  static const GpuBackend backends[] = {
      {"cuda", "sm_90", buildCudaBackend},
      {"rocm", "gfx942", buildRocmBackend},
      {"vulkan", "", buildVulkanBackend, vulkanHasF64Arithmetic},
  };
  return backends;
}

const hlo::GpuBackend *hlo::lookupGpuBackend(StringRef name) {
  for (const GpuBackend &backend : getGpuBackends())
    if (backend.name == name)
      return &backend;
  return nullptr;
}

LogicalResult hlo::buildHloGpuPipeline(OpPassManager &pm,
                                       const HloGpuPipelineOptions &options,
                                       std::string *error) {
  const GpuBackend *backend = lookupGpuBackend(options.target);
  if (!backend) {
    if (error) {
      *error = "unknown GPU target '" + options.target + "' (known:";
      for (const GpuBackend &known : getGpuBackends())
        *error += " " + known.name.str();
      *error += ")";
    }
    return failure();
  }
  buildHloGpuKernelsPipeline(pm, options);
  backend->build(pm, options);
  return success();
}

void hlo::registerHloGpuPipelines() {
  PassPipelineRegistration<HloGpuPipelineOptions>(
      "hlo-gpu-pipeline",
      "Compile hlo for a GPU: kernels serialized for the target "
      "(target=cuda|rocm|vulkan, chip=...) and host code in the LLVM dialect "
      "calling the GPU runtime",
      [](OpPassManager &pm, const HloGpuPipelineOptions &options) {
        std::string error;
        if (failed(buildHloGpuPipeline(pm, options, &error)))
          llvm::report_fatal_error(llvm::Twine("hlo-gpu-pipeline: ") + error,
                                   /*gen_crash_diag=*/false);
      });
  PassPipelineRegistration<HloGpuPipelineOptions>(
      "hlo-gpu-to-kernels",
      "Stage 1 of hlo-gpu-pipeline (target-neutral): hlo to outlined "
      "gpu.module kernels launched by host functions on device buffers",
      buildHloGpuKernelsPipeline);
}
