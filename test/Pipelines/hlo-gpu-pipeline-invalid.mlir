// RUN: not hlo-opt %s --hlo-gpu-pipeline="target=metal" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not hlo-runner %s --device=opencl 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: env HLO_CUDA_DRIVER=/nonexistent/libcuda.so.1 not hlo-runner %s --device=cuda --generate-inputs 2>&1 | FileCheck %s --check-prefix=AOT
// RUN: env HLO_VULKAN_DEVICE=99 not hlo-runner %s --device=vulkan --generate-inputs 2>&1 | FileCheck %s --check-prefix=VULKAN
// RUN: not hlo-runner %s --device=rocm 2>&1 | FileCheck %s --check-prefix=ROCM
// RUN: not hlo-runner %s --device=cuda 2>&1 | FileCheck %s --check-prefix=INPUTS
// RUN: not hlo-runner %s --device=cuda --pipeline-options="block-size=x" --compile-only 2>&1 | FileCheck %s --check-prefix=OPTIONS

// TARGET: hlo-gpu-pipeline: unknown GPU target 'metal' (known: cuda rocm vulkan)
// VULKAN: error: no Vulkan device:
// DEVICE: error: unknown device 'opencl' (known: cpu, cuda, rocm, vulkan, tpu-sim)
// Without a driver (forced here, so the test means the same on a GPU
// machine), running is one located error naming what is missing:
// AOT: error: running on the device failed: hlo-aot-run: error: no CUDA device: CUDA driver not found: /nonexistent/libcuda.so.1
// INPUTS: error: @main takes 1 inputs, 0 given
// ROCM: error: --device=rocm is compile-only (no ROCm runtime): use --compile-only
// OPTIONS: error: invalid hlo-gpu-pipeline options 'block-size=x'
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = hlo.add %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
