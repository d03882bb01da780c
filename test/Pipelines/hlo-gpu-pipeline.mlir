// RUN: hlo-opt %s --hlo-gpu-to-kernels | FileCheck %s --check-prefix=KERNELS
// RUN: hlo-opt %s --hlo-gpu-pipeline="target=cuda chip=sm_80 format=isa" | FileCheck %s --check-prefix=CUDA
// RUN: hlo-opt %s --hlo-gpu-pipeline="target=rocm chip=gfx942" | FileCheck %s --check-prefix=ROCM
// RUN: hlo-opt %s --hlo-gpu-pipeline="target=vulkan subgroup-size=8" | FileCheck %s --check-prefix=VULKAN

// relu(x + b) over rows: one outlined kernel launched by the host function
// on the caller's (device) buffers.
// KERNELS-LABEL: func.func @main(%arg0: memref<64x256xf32>, %arg1: memref<256xf32>, %arg2: memref<64x256xf32> {bufferize.result})
// KERNELS: gpu.launch_func async
// KERNELS: gpu.wait [
// KERNELS: gpu.module @main_kernel
// KERNELS: gpu.func @main_kernel
// KERNELS-SAME: kernel

// CUDA: llvm.func @main
// CUDA: gpu.launch_func
// CUDA: gpu.binary @main_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80"
// CUDA-SAME: assembly = "

// ROCM: gpu.binary @main_kernel [#gpu.object<#rocdl.target<O = 3, chip = "gfx942">
// VULKAN: llvm.func @main
// VULKAN: gpu.binary @main_kernel {{ *}}[#gpu.object<#spirv.target_env<#spirv.vce<v1.3, [Shader
// VULKAN-SAME: api=Vulkan, #spirv.resource_limits<{{.*}}subgroup_size = 8
// VULKAN-SAME: bin = "
func.func @main(%x: tensor<64x256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
  %s = hlo.add %x, %bb : tensor<64x256xf32>
  %z = hlo.constant dense<0.0> : tensor<64x256xf32>
  %r = hlo.maximum %s, %z : tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
