// RUN: hlo-opt %s --pass-pipeline='builtin.module(gpu.module(hlo-gpu-lower-all-reduce))' | FileCheck %s

// A block-wide sum: shuffles within subgroups, their results exchanged
// through a workgroup buffer added to the kernel, barriers.
// CHECK-LABEL: gpu.func @sum
// CHECK-SAME: workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK-NOT: gpu.all_reduce
gpu.module @kernels {
  gpu.func @sum(%out: memref<f32>, %x: f32) kernel {
    %r = gpu.all_reduce add %x uniform {} : (f32) -> f32
    memref.store %r, %out[] : memref<f32>
    gpu.return
  }
}
