// RUN: hlo-opt %s --hlo-vulkan-prepare-kernels='subgroup-size=8' | FileCheck %s --check-prefix=PREPARE

// convert-gpu-to-spirv drops workgroup and private attributions: they
// become a memref.alloc in Workgroup storage and a memref.alloca in
// Function storage at the kernel's entry, and every memref in the GPU
// dialect's address spaces gets SPIR-V's storage class.
// PREPARE-LABEL: gpu.func @attributions
// PREPARE-SAME: (%[[OUT:.+]]: memref<4xf32>)
// PREPARE-NOT: workgroup(
// PREPARE-NOT: private(
// PREPARE-SAME: kernel
// PREPARE-NEXT: %[[SHARED:.+]] = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
// PREPARE-NEXT: %[[LOCAL:.+]] = memref.alloca() : memref<1xf32, #spirv.storage_class<Function>>
// PREPARE: memref.store %{{.+}}, %[[SHARED]][%{{.+}}] : memref<4xf32, #spirv.storage_class<Workgroup>>
// PREPARE: memref.store %{{.+}}, %[[LOCAL]][%{{.+}}] : memref<1xf32, #spirv.storage_class<Function>>
// PREPARE: memref.subview %[[SHARED]][2] [2] [1] : memref<4xf32, #spirv.storage_class<Workgroup>> to memref<2xf32, strided<[1], offset: 2>, #spirv.storage_class<Workgroup>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @attributions(%out: memref<4xf32>)
        workgroup(%shared: memref<4xf32, #gpu.address_space<workgroup>>)
        private(%local: memref<1xf32, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %x = memref.load %out[%t] : memref<4xf32>
      memref.store %x, %shared[%t] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %x, %local[%c0] : memref<1xf32, #gpu.address_space<private>>
      gpu.barrier
      %half = memref.subview %shared[2] [2] [1] : memref<4xf32, #gpu.address_space<workgroup>> to memref<2xf32, strided<[1], offset: 2>, #gpu.address_space<workgroup>>
      %y = memref.load %half[%c0] : memref<2xf32, strided<[1], offset: 2>, #gpu.address_space<workgroup>>
      %z = memref.load %local[%c0] : memref<1xf32, #gpu.address_space<private>>
      %s = arith.addf %y, %z : f32
      memref.store %s, %out[%t] : memref<4xf32>
      gpu.return
    }
  }
}
