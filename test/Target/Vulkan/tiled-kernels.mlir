// RUN: hlo-opt %s --hlo-gpu-pipeline="target=vulkan subgroup-size=8" -mlir-print-ir-before=hlo-vulkan-serialize-kernels -o /dev/null 2>&1 | FileCheck %s

// What the shared GPU stage (hlo-gpu-to-kernels) makes of a dot, a
// transpose and a convolution, as SPIR-V for Vulkan. (A dot with 16 or
// more rows and columns is a tiled contraction like the convolution.)

// A dot whose rows are reduced along their contiguous dimension: one
// workgroup per output element, its 256 threads sharing the 256 products,
// their sum a tree over a Workgroup variable with barriers
// (hlo-vulkan-lower-all-reduce), whatever the subgroup size.
// CHECK-LABEL: spirv.module @__spv__dot_kernel_0
// CHECK: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<256 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @dot_kernel()
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 128, 1, 1>
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.Load "Workgroup"
// CHECK: spirv.FAdd {{.*}} {no_contraction} : f32
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
func.func @dot(%arg0: tensor<16x256xf32>, %arg1: tensor<256x8xf32>) -> tensor<16x8xf32> {
  %0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// A transpose: a workgroup per 32x32 tile, its 256 threads loading 8 rows
// of the tile per pass along the input's contiguous dimension into a
// workgroup array of 32x33 (a row padded by one element: no bank
// conflicts), a barrier, then storing 8 rows of the transposed tile per
// pass along the output's contiguous dimension.
// CHECK-LABEL: spirv.module @__spv__transpose_kernel
// CHECK: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1056 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @transpose_kernel()
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 1, 1>
// CHECK: spirv.Load "StorageBuffer"
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.Load "Workgroup"
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.EntryPoint
func.func @transpose(%arg0: tensor<64x32xf32>) -> tensor<32x64xf32> {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// A convolution: an implicit GEMM, a workgroup per 64x64 tile of (output
// positions x output features) (4 for 196 x 16), its 256 threads staging
// each chunk of 16 (window x input feature) iterations of the input patch
// and of the filter in two Workgroup arrays of 16x64, a barrier, then each
// thread accumulating a 4x4 register tile (16 multiplications per step), a
// barrier.
// CHECK-LABEL: spirv.module @__spv__conv_kernel_1
// CHECK-DAG: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1024 x f32>)>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1024 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @conv_kernel()
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 4, 1, 1>
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.Load "Workgroup"
// CHECK-COUNT-16: spirv.FMul
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.EntryPoint
func.func @conv(%arg0: tensor<1x16x16x8xf32>, %arg1: tensor<3x3x8x16xf32>) -> tensor<1x14x14x16xf32> {
  %0 = hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<1x14x14x16xf32>
  return %0 : tensor<1x14x14x16xf32>
}

// A grouped convolution (2 groups of 32 output features): the output
// feature splits into the group (a workgroup per group: 2) and the feature
// within it, each group an implicit GEMM whose input patch and filter
// chunks are staged in two Workgroup arrays of 16x64 (16 multiplications
// per step of a thread's 4x4 register tile).
// CHECK-LABEL: spirv.module @__spv__grouped_conv_kernel_2
// CHECK-DAG: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1024 x f32>)>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1024 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @grouped_conv_kernel()
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 1, 1>
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.Load "Workgroup"
// CHECK-COUNT-16: spirv.FMul
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.EntryPoint
func.func @grouped_conv(%arg0: tensor<1x10x10x8xf32>, %arg1: tensor<3x3x4x64xf32>) -> tensor<1x8x8x64xf32> {
  %0 = hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x10x10x8xf32>, tensor<3x3x4x64xf32>) -> tensor<1x8x8x64xf32>
  return %0 : tensor<1x8x8x64xf32>
}

// A depthwise convolution (24 channels, 3x3 window, padded): a Grouped
// kernel, a workgroup per 32x32 tile of (143 output positions x 24
// channels) (5), its 256 threads staging the filter's chunk of 16 window
// positions x 32 channels in a Workgroup array of 512, a barrier, then
// each thread's 4 outputs reading the input directly and the filter from
// the Workgroup array, a barrier.
// CHECK-LABEL: spirv.module @__spv__depthwise_conv_kernel_3
// CHECK: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<512 x f32>)>, Workgroup>
// CHECK-NOT: spirv.GlobalVariable @__workgroup_mem__
// CHECK-LABEL: spirv.func @depthwise_conv_kernel()
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 5, 1, 1>
// CHECK: spirv.Store "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK-COUNT-4: spirv.Load "Workgroup"
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.EntryPoint
func.func @depthwise_conv(%arg0: tensor<1x11x13x24xf32>, %arg1: tensor<3x3x1x24xf32>) -> tensor<1x11x13x24xf32> {
  %0 = hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 24 : i64} : (tensor<1x11x13x24xf32>, tensor<3x3x1x24xf32>) -> tensor<1x11x13x24xf32>
  return %0 : tensor<1x11x13x24xf32>
}
