//===- CudaBackend.cpp - kernels to NVVM, PTX and cubin -------------------===//

#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Target/Backends.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace mlir;

std::string hlo::getCudaToolkitPath(StringRef requested) {
  if (!requested.empty())
    return requested.str();
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    return home;
  return "/usr/local/cuda";
}

namespace {
/// LLVM's NVPTX back end fuses every multiply-add into an fma by default
/// (-nvptx-fma-level=2), which rounds differently from the CPU path and
/// from the program as written. Level 1 fuses only what the IR allows (the
/// `contract` fast-math flag).
void fuseOnlyContractableMultiplyAdds() {
  static bool done = [] {
    auto &options =
        llvm::cl::getRegisteredOptions();
    auto it = options.find("nvptx-fma-level");
    if (it != options.end())
      it->second->addOccurrence(0, "nvptx-fma-level", "1");
    return true;
  }();
  (void)done;
}
} // namespace

void hlo::buildCudaBackend(OpPassManager &pm,
                           const HloGpuPipelineOptions &options) {
  fuseOnlyContractableMultiplyAdds();
  std::string toolkit = getCudaToolkitPath(options.toolkit);
  SmallString<128> libdevice(toolkit);
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  SmallString<128> ptxas(toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip.empty() ? "sm_90" : options.chip.getValue();
  // PTX 8.0 (CUDA 12.0) is the oldest ISA that knows sm_90a and that CUDA
  // 13's ptxas still accepts.
  target.features = "+ptx80";
  target.optLevel = 3;
  // Math functions (__nv_expf, ...) come from the toolkit's libdevice.
  if (llvm::sys::fs::exists(libdevice))
    target.linkLibs.push_back(libdevice.str().str());
  pm.addPass(createGpuNVVMAttachTarget(target));

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  // Narrow float formats compute in f32 as on the CPU.
  buildGpuKernelArithmeticPipeline(kernels, /*emulateBF16=*/false);
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = 64;
  kernels.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  kernels.addPass(createConvertComplexToLLVMPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  buildGpuHostToLLVMPipeline(pm);

  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = toolkit;
  std::string format = options.format;
  if (format.empty())
    format = llvm::sys::fs::can_execute(ptxas) ? "bin" : "isa";
  binary.compilationTarget = format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createCanonicalizerPass());
}
