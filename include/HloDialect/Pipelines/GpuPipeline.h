//===- GpuPipeline.h - hlo to GPU kernels and host code ---------*- C++ -*-===//
//
// `hlo-gpu-pipeline` compiles an hlo module for a GPU: the graph stage and
// hlo-to-linalg shared with the CPU pipeline, bufferization, the
// target-neutral GPU stage (lib/Gpu: loop nests to gpu.launch kernels,
// buffers in device memory, kernel outlining), then one back end per target
// (lib/Target/<Target>): kernels to the target's dialect and binary, host
// code to the LLVM dialect calling the runtime (`mgpu*` functions).
//
//   hlo-gpu-pipeline="target=cuda chip=sm_90"     NVVM -> PTX -> cubin
//   hlo-gpu-pipeline="target=rocm chip=gfx942"    ROCDL -> AMDGPU assembly
//   hlo-gpu-pipeline="target=vulkan"              SPIR-V for Vulkan
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_PIPELINES_GPUPIPELINE_H
#define HLODIALECT_PIPELINES_GPUPIPELINE_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace hlo {

struct HloGpuPipelineOptions
    : public PassPipelineOptions<HloGpuPipelineOptions> {
  PassOptions::Option<std::string> target{
      *this, "target", llvm::cl::desc("GPU back end: cuda, rocm or vulkan"),
      llvm::cl::init("cuda")};
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (cuda: sm_80, sm_90, sm_90a; rocm: gfx90a, "
                     "gfx942); empty: the back end's default"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the kernels' gpu.binary holds: isa (PTX or AMDGPU "
                     "assembly text), bin (cubin through ptxas, or an AMDGPU "
                     "code object), fatbin; empty: bin for cuda when ptxas is "
                     "found, else isa"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit (ptxas, libdevice); empty: $CUDA_HOME or "
                     "/usr/local/cuda"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> subgroupSize{
      *this, "subgroup-size",
      llvm::cl::desc("vulkan: the device's subgroup size (hlo-runner "
                     "queries it from the device)"),
      llvm::cl::init(32)};
  PassOptions::Option<int64_t> sharedMemoryBytes{
      *this, "shared-memory-bytes",
      llvm::cl::desc("vulkan: the device's workgroup memory per workgroup"),
      llvm::cl::init(16384)};
  PassOptions::Option<std::string> vulkanFeatures{
      *this, "vulkan-features",
      llvm::cl::desc("vulkan: what the device has, comma-separated from f16, "
                     "f64, i64, i16, i8"),
      llvm::cl::init("f16,f64,i64,i16,i8")};
  PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Fold and simplify hlo ops before lowering"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fusion{
      *this, "fusion",
      llvm::cl::desc("Form hlo.fusion ops and emit each as one kernel"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of kernels mapped from parallel "
                     "loops"),
      llvm::cl::init(256)};
  PassOptions::Option<bool> reportUntiled{
      *this, "report-untiled",
      llvm::cl::desc("Remark at each reduction, contraction or transpose "
                     "that gets no kernel sharing work through workgroup "
                     "memory (hlo-gpu-map-to-kernels' report-untiled)"),
      llvm::cl::init(false)};
};

/// hlo to bufferized kernels: gpu.launch_func of outlined gpu.module
/// kernels, still in upstream dialects (no target yet).
void buildHloGpuKernelsPipeline(OpPassManager &pm,
                                const HloGpuPipelineOptions &options);

/// A GPU back end: lowers the outlined kernels for its target and the host
/// code to the LLVM dialect.
struct GpuBackend {
  llvm::StringRef name;
  llvm::StringRef defaultChip;
  void (*build)(OpPassManager &pm, const HloGpuPipelineOptions &options);
  /// Whether the device does f64 arithmetic (null: always). Without it the
  /// graph stage keeps f32 special functions in f32.
  bool (*hasF64Arithmetic)(const HloGpuPipelineOptions &options) = nullptr;
};

/// The back ends linked into this build (cuda, rocm).
llvm::ArrayRef<GpuBackend> getGpuBackends();
const GpuBackend *lookupGpuBackend(llvm::StringRef name);

/// The whole pipeline; fails (with a message) for an unknown target.
llvm::LogicalResult buildHloGpuPipeline(OpPassManager &pm,
                                        const HloGpuPipelineOptions &options,
                                        std::string *error = nullptr);

void registerHloGpuPipelines();

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_PIPELINES_GPUPIPELINE_H
