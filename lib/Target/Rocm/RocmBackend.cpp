//===- RocmBackend.cpp - kernels to ROCDL and AMDGPU assembly -------------===//
//
// Compile-only here: no ROCm runtime or device libraries (ocml) exist on
// the build machine, so math is expanded into our own polynomials before
// the ROCDL conversion could turn it into ocml calls, and the kernels are
// serialized as AMDGPU assembly by LLVM's own AMDGPU back end.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Target/Backends.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void hlo::buildRocmBackend(OpPassManager &pm,
                           const HloGpuPipelineOptions &options) {
  GpuROCDLAttachTargetOptions target;
  target.chip = options.chip.empty() ? "gfx942" : options.chip.getValue();
  target.optLevel = 3;
  pm.addPass(createGpuROCDLAttachTarget(target));

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  // Narrow float formats compute in f32 as on the CPU (bf16 too, as
  // the ROCm back end has always done).
  buildGpuKernelArithmeticPipeline(kernels, /*emulateBF16=*/true);
  // Without ocml, math functions become polynomial and bit-level
  // expansions (math-expand-ops, then the polynomial approximations).
  kernels.addPass(hlo::createHloAccurateMathPass());
  kernels.addPass(hlo::createHloGpuExpandMathPass());
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  ConvertGpuOpsToROCDLOpsOptions toROCDL;
  toROCDL.chipset = target.chip;
  toROCDL.indexBitwidth = 64;
  kernels.addPass(createConvertGpuOpsToROCDLOps(toROCDL));
  kernels.addPass(createConvertComplexToLLVMPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  buildGpuHostToLLVMPipeline(pm);

  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format.empty() ? "isa"
                                                   : options.format.getValue();
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createCanonicalizerPass());
}
