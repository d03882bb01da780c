// RUN: hlo-opt %s --split-input-file --verify-diagnostics --hlo-vulkan-prepare-kernels='subgroup-size=8 shared-memory-bytes=32768 features=f64' | FileCheck %s

// The kernel module gets the device's target environment (subgroup size,
// workgroup memory, capabilities of the features), the kernel its workgroup
// size. The i1, i8 and i16 scalars are passed as i32 push constants: the
// kernel truncates them on entry, the launch zero-extends them; the i32
// scalar and the buffer are left alone.
// CHECK-LABEL: gpu.module @kernels
// CHECK-SAME: #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformShuffle, GroupNonUniformBallot, GroupNonUniformVote, Float64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan,
// CHECK-SAME: max_compute_shared_memory_size = 32768
// CHECK-SAME: subgroup_size = 8
// CHECK: gpu.func @k(%[[FLAG:.+]]: i32, %[[B:.+]]: i32, %[[H:.+]]: i32, %[[N:.+]]: i32, %[[OUT:.+]]: memref<4xi32>) kernel
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>
// CHECK-NEXT: %[[FLAG1:.+]] = arith.trunci %[[FLAG]] : i32 to i1
// CHECK-NEXT: %[[B8:.+]] = arith.trunci %[[B]] : i32 to i8
// CHECK-NEXT: %[[H16:.+]] = arith.trunci %[[H]] : i32 to i16
// CHECK: arith.extui %[[FLAG1]] : i1 to i32
// CHECK: arith.extsi %[[B8]] : i8 to i32
// CHECK: arith.extsi %[[H16]] : i16 to i32
// CHECK: arith.addi %{{.+}}, %[[N]] : i32
// CHECK: func.func @host(%[[HFLAG:.+]]: i1, %[[HB:.+]]: i8, %[[HH:.+]]: i16, %[[HN:.+]]: i32, %[[HOUT:.+]]: memref<4xi32>)
// CHECK: %[[WFLAG:.+]] = arith.extui %[[HFLAG]] : i1 to i32
// CHECK: %[[WB:.+]] = arith.extui %[[HB]] : i8 to i32
// CHECK: %[[WH:.+]] = arith.extui %[[HH]] : i16 to i32
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[WFLAG]] : i32, %[[WB]] : i32, %[[WH]] : i32, %[[HN]] : i32, %[[HOUT]] : memref<4xi32>)
// The launch of a kernel of the same name in another module widens what
// that kernel's arguments need.
// CHECK: %[[WB2:.+]] = arith.extui %[[HB]] : i8 to i32
// CHECK: gpu.launch_func @others::@k {{.*}} args(%[[HN]] : i32, %[[WB2]] : i32)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%flag: i1, %b: i8, %h: i16, %n: i32, %out: memref<4xi32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %x = arith.extui %flag : i1 to i32
      %y = arith.extsi %b : i8 to i32
      %z = arith.extsi %h : i16 to i32
      %s = arith.addi %x, %y : i32
      %s2 = arith.addi %s, %z : i32
      %s3 = arith.addi %s2, %n : i32
      memref.store %s3, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
  gpu.module @others {
    gpu.func @k(%n: i32, %b: i8) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
  func.func @host(%flag: i1, %b: i8, %h: i16, %n: i32, %out: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%flag : i1, %b : i8, %h : i16, %n : i32, %out : memref<4xi32>)
    gpu.launch_func @others::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i32, %b : i8)
    return
  }
}

// -----

// A buffer of dynamic size has no fixed descriptor binding.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{unsupported on this device: kernel argument #0 of type 'memref<?xf32>' (Vulkan kernels take statically shaped buffers and scalars of up to 64 bits only)}}
    gpu.func @k(%out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// Nor can a scalar wider than 64 bits be a push constant.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{unsupported on this device: kernel argument #0 of type 'i128'}}
    gpu.func @k(%x: i128) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// Vulkan fixes the workgroup size in the shader.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel has no known_block_size: its workgroup size must be fixed for Vulkan}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
