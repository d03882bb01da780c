//===- Backends.h - the GPU back ends ---------------------------*- C++ -*-===//
//
// One function per target folder (lib/Target/<Target>), each building the
// passes that take outlined gpu.module kernels and host code to the LLVM
// dialect with the kernels serialized into gpu.binary ops.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TARGET_BACKENDS_H
#define HLODIALECT_TARGET_BACKENDS_H

#include "HloDialect/Pipelines/GpuPipeline.h"

namespace mlir::hlo {

/// CUDA: NVVM, libdevice for math, PTX serialized by LLVM's NVPTX back end,
/// cubin by the toolkit's ptxas.
void buildCudaBackend(OpPassManager &pm, const HloGpuPipelineOptions &options);

/// ROCm: ROCDL, our own polynomial math (no ocml here), AMDGPU assembly by
/// LLVM's AMDGPU back end.
void buildRocmBackend(OpPassManager &pm, const HloGpuPipelineOptions &options);

/// Vulkan: our own all-reduce and math expansions, SPIR-V through
/// convert-gpu-to-spirv with a target environment from the device's limits
/// (subgroup-size, shared-memory-bytes, vulkan-features), serialized into
/// gpu.binary; the host code calls lib/Runtime/Vulkan.
void buildVulkanBackend(OpPassManager &pm,
                        const HloGpuPipelineOptions &options);
/// Whether the Vulkan device of `options` (vulkan-features) has f64.
bool vulkanHasF64Arithmetic(const HloGpuPipelineOptions &options);

/// The CUDA toolkit directory the CUDA back end uses: `requested`, else
/// $CUDA_HOME, else /usr/local/cuda.
std::string getCudaToolkitPath(llvm::StringRef requested = "");

/// Passes shared by the back ends on each outlined kernel module before its
/// target conversion: structured control flow to branches, block-wide
/// reductions to shuffles, complex arithmetic to floats, and float formats
/// without hardware arithmetic computed in f32 (`bf16` too, with
/// `emulateBF16`) and converted with integer operations on their bits.
void buildGpuKernelArithmeticPipeline(OpPassManager &kernels,
                                      bool emulateBF16);

/// The float part of buildGpuKernelArithmeticPipeline, for back ends that
/// keep structured control flow and lower block-wide reductions their own
/// way (Vulkan): complex arithmetic to floats, and float formats without
/// hardware arithmetic (`bf16` too, with `emulateBF16`) computed in f32 and
/// converted with integer operations on their bits.
void buildGpuKernelFloatEmulationPipeline(OpPassManager &kernels,
                                          bool emulateBF16);

/// Passes shared by the back ends after their kernel lowering: the host
/// functions to the LLVM dialect calling the `mgpu*` runtime functions. With
/// `barePointerKernels`, a kernel's memref argument is passed as its aligned
/// pointer alone (Vulkan: one buffer binding per argument).
void buildGpuHostToLLVMPipeline(OpPassManager &pm,
                                bool barePointerKernels = false);

} // namespace mlir::hlo

#endif // HLODIALECT_TARGET_BACKENDS_H
