// RUN: hlo-opt %s --pass-pipeline='builtin.module(gpu.module(hlo-vulkan-lower-all-reduce),hlo-vulkan-prepare-kernels{subgroup-size=8},convert-gpu-to-spirv)' | FileCheck %s

// The block-wide sum of a reduction kernel is a tree over a Workgroup
// variable with barriers, whatever the subgroup size.
// CHECK-LABEL: spirv.module @__spv__kernels
// CHECK: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @row_sum
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.Load "Workgroup"
// CHECK: spirv.FAdd
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_sum(%in: memref<2x4xf32>, %out: memref<2xf32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %row = gpu.block_id x
      %t = gpu.thread_id x
      %x = memref.load %in[%row, %t] : memref<2x4xf32>
      %sum = gpu.all_reduce add %x uniform {} : (f32) -> f32
      memref.store %sum, %out[%row] : memref<2xf32>
      gpu.return
    }
  }
}
