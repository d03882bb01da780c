//===- VulkanBackend.cpp - kernels to SPIR-V for Vulkan -------------------===//
//
// The outlined kernels become SPIR-V compute shaders for a Vulkan device
// (checked on Mesa's lavapipe): workgroup-memory all-reduce, our own math
// expansions (GLSL.std.450 is f16/f32 only and loosely specified), scalar
// storage-buffer accesses, the device's target environment, then upstream's
// convert-gpu-to-spirv and serialization. Host code calls our Vulkan runtime
// (lib/Runtime/Vulkan), whose functions replace upstream's mgpu* ones when
// the object is emitted (see DeviceCompiler.cpp).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Target/Backends.h"
#include "HloDialect/Target/Vulkan/Passes.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRVPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {
SmallVector<std::string>
getVulkanFeatures(const hlo::HloGpuPipelineOptions &options) {
  SmallVector<StringRef> featureList;
  StringRef(options.vulkanFeatures.getValue())
      .split(featureList, ',', -1, /*KeepEmpty=*/false);
  SmallVector<std::string> features;
  for (StringRef feature : featureList)
    features.push_back(feature.trim().str());
  return features;
}
} // namespace

bool hlo::vulkanHasF64Arithmetic(const HloGpuPipelineOptions &options) {
  return llvm::is_contained(getVulkanFeatures(options), "f64");
}

void hlo::buildVulkanBackend(OpPassManager &pm,
                             const HloGpuPipelineOptions &options) {
  SmallVector<std::string> features = getVulkanFeatures(options);

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(hlo::createHloVulkanLowerAllReducePass());
  buildGpuKernelFloatEmulationPipeline(kernels, /*emulateBF16=*/true);
  // Only the bits of bf16, 8-bit floats and complex numbers are left to
  // move: as integers and vectors.
  pm.addPass(hlo::createHloVulkanEmulateStorageTypesPass());
  OpPassManager &math = pm.nest<gpu::GPUModuleOp>();
  math.addPass(hlo::createHloAccurateMathPass());
  // With f64 arithmetic, f32 math is computed by our f64 expansions too
  // (lavapipe's GLSL.std.450 math and upstream's f32 approximations are
  // off by up to hundreds of ulp).
  hlo::HloGpuExpandMathPassOptions expand;
  expand.computeF32InF64 = llvm::is_contained(features, "f64");
  math.addPass(hlo::createHloGpuExpandMathPass(expand));
  hlo::HloVulkanLegalizeStorageTypesPassOptions legalize;
  legalize.features = features;
  math.addPass(hlo::createHloVulkanLegalizeStorageTypesPass(legalize));
  math.addPass(memref::createExpandStridedMetadataPass());
  math.addPass(createLowerAffinePass());
  math.addPass(createCanonicalizerPass());
  math.addPass(createCSEPass());

  hlo::HloVulkanPrepareKernelsPassOptions prepare;
  prepare.subgroupSize = options.subgroupSize;
  prepare.sharedMemoryBytes = options.sharedMemoryBytes;
  prepare.features = features;
  pm.addPass(hlo::createHloVulkanPrepareKernelsPass(prepare));
  // convert-gpu-to-spirv has no math patterns of its own.
  pm.nest<gpu::GPUModuleOp>().addPass(createConvertMathToSPIRVPass());
  pm.addPass(createConvertGPUToSPIRVPass(/*mapMemorySpace=*/true));
  OpPassManager &spirvModules = pm.nest<spirv::ModuleOp>();
  spirvModules.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvModules.addPass(hlo::createHloVulkanPushConstantsPass());
  spirvModules.addPass(hlo::createHloVulkanExactFloatArithmeticPass());
  spirvModules.addPass(spirv::createSPIRVUpdateVCEPass());
  pm.addPass(hlo::createHloVulkanSerializeKernelsPass());

  buildGpuHostToLLVMPipeline(pm, /*barePointerKernels=*/true);
  pm.addPass(createCanonicalizerPass());
}
