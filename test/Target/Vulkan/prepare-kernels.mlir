// RUN: hlo-opt %s --split-input-file --verify-diagnostics --hlo-vulkan-prepare-kernels='subgroup-size=8 shared-memory-bytes=32768 features=f64' | FileCheck %s

// The kernel module gets the device's target environment (subgroup size,
// workgroup memory, capabilities of the features), the kernel its workgroup
// size. The i1, i8, i16 and f16 scalars are passed as i32 push constants:
// the kernel truncates them on entry (f16: its bits), the launch
// zero-extends them; the i32
// scalar and the buffer are left alone.
// CHECK-LABEL: gpu.module @kernels
// CHECK-SAME: #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic, GroupNonUniformShuffle, GroupNonUniformBallot, GroupNonUniformVote, Float64], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan,
// CHECK-SAME: max_compute_shared_memory_size = 32768
// CHECK-SAME: subgroup_size = 8
// CHECK: gpu.func @k(%[[FLAG:.+]]: i32, %[[B:.+]]: i32, %[[H:.+]]: i32, %[[N:.+]]: i32, %[[OUT:.+]]: memref<4xi32>, %[[F:.+]]: i32, %[[FO:.+]]: memref<4xf16>) kernel
// CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>
// CHECK-NEXT: %[[FLAG1:.+]] = arith.trunci %[[FLAG]] : i32 to i1
// CHECK-NEXT: %[[B8:.+]] = arith.trunci %[[B]] : i32 to i8
// CHECK-NEXT: %[[H16:.+]] = arith.trunci %[[H]] : i32 to i16
// CHECK-NEXT: %[[FBITS:.+]] = arith.trunci %[[F]] : i32 to i16
// CHECK-NEXT: %[[F16:.+]] = arith.bitcast %[[FBITS]] : i16 to f16
// CHECK: memref.store %[[F16]], %[[FO]]
// CHECK: arith.extui %[[FLAG1]] : i1 to i32
// CHECK: arith.extsi %[[B8]] : i8 to i32
// CHECK: arith.extsi %[[H16]] : i16 to i32
// CHECK: arith.addi %{{.+}}, %[[N]] : i32
// CHECK: func.func @host(%[[HFLAG:.+]]: i1, %[[HB:.+]]: i8, %[[HH:.+]]: i16, %[[HN:.+]]: i32, %[[HOUT:.+]]: memref<4xi32>, %[[HF:.+]]: f16, %[[HFO:.+]]: memref<4xf16>)
// CHECK: %[[WFLAG:.+]] = arith.extui %[[HFLAG]] : i1 to i32
// CHECK: %[[WB:.+]] = arith.extui %[[HB]] : i8 to i32
// CHECK: %[[WH:.+]] = arith.extui %[[HH]] : i16 to i32
// CHECK: %[[HFBITS:.+]] = arith.bitcast %[[HF]] : f16 to i16
// CHECK: %[[WF:.+]] = arith.extui %[[HFBITS]] : i16 to i32
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[WFLAG]] : i32, %[[WB]] : i32, %[[WH]] : i32, %[[HN]] : i32, %[[HOUT]] : memref<4xi32>, %[[WF]] : i32, %[[HFO]] : memref<4xf16>)
// The launch of a kernel of the same name in another module widens what
// that kernel's arguments need.
// CHECK: %[[WB2:.+]] = arith.extui %[[HB]] : i8 to i32
// CHECK: gpu.launch_func @others::@k {{.*}} args(%[[HN]] : i32, %[[WB2]] : i32)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%flag: i1, %b: i8, %h: i16, %n: i32, %out: memref<4xi32>, %f: f16, %fo: memref<4xf16>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      memref.store %f, %fo[%t] : memref<4xf16>
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
  func.func @host(%flag: i1, %b: i8, %h: i16, %n: i32, %out: memref<4xi32>, %f: f16, %fo: memref<4xf16>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%flag : i1, %b : i8, %h : i16, %n : i32, %out : memref<4xi32>, %f : f16, %fo : memref<4xf16>)
    gpu.launch_func @others::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i32, %b : i8)
    return
  }
}

// -----

// An unranked buffer has no layout to bind.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{unsupported on this device: kernel argument #0 of type 'memref<*xf32>' (Vulkan kernels take ranked buffers and scalars of up to 64 bits only)}}
    gpu.func @k(%out: memref<*xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// A view passed as its base buffer is only loaded from and stored to.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%view: memref<2xf32, strided<[2], offset: 1>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      // expected-error @+1 {{unsupported on this device: kernel argument #0 of type 'memref<2xf32, strided<[2], offset: 1>>' used by 'memref.subview' (a view is passed as its base buffer, which loads, stores and memref.dim read)}}
      %half = memref.subview %view[1] [1] [1] : memref<2xf32, strided<[2], offset: 1>> to memref<1xf32, strided<[2], offset: 3>>
      gpu.return
    }
  }
}

// -----

// Views (an offset, strides, dynamic sizes) lose all but their pointer as
// bare-pointer kernel arguments: the kernel takes the base buffer as a 1-D
// runtime array, and the dynamic offset, strides and sizes as index
// arguments after the others; loads and stores index the base, memref.dim
// reads the size. The launch passes the base (a reinterpret_cast of the
// view's base buffer, as long as the view reaches) and the metadata. A 1-D
// buffer of dynamic size is bound as it is unless its size is read.
// CHECK-LABEL: gpu.module @views
// CHECK: gpu.func @k(%[[A:.+]]: memref<?xf32>, %[[B:.+]]: memref<?xi32>, %[[C:.+]]: memref<?xf32>, %[[D:.+]]: memref<?xi8>, %[[AOFF:.+]]: index, %[[BN:.+]]: index, %[[CS0:.+]]: index, %[[CN0:.+]]: index, %[[CN1:.+]]: index) kernel
// CHECK-DAG: %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG: %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK: %[[T:.+]] = gpu.thread_id x
// CHECK: %[[AI0:.+]] = arith.muli %[[T]], %[[C5]] : index
// CHECK: %[[AI:.+]] = arith.addi %[[AOFF]], %[[AI0]] : index
// CHECK: %[[AI1:.+]] = arith.addi %[[AI]], %{{.+}} : index
// CHECK: %[[X:.+]] = memref.load %[[A]][%[[AI1]]] : memref<?xf32>
// CHECK: %[[CI0:.+]] = arith.muli %[[T]], %[[CS0]] : index
// CHECK: %[[CI:.+]] = arith.addi %[[C7]], %[[CI0]] : index
// CHECK: memref.store %[[X]], %[[C]][%{{.+}}] : memref<?xf32>
// CHECK: memref.load %[[B]][%{{.+}}] : memref<?xi32>
// CHECK: arith.index_cast %[[BN]] : index to i32
// CHECK: memref.load %[[D]][%[[T]]] : memref<?xi8>
// CHECK: func.func @host(%[[HA:.+]]: memref<2x5xf32, strided<[5, 1], offset: ?>>, %[[HB:.+]]: memref<?xi32>, %[[HC:.+]]: memref<?x?xf32, strided<[?, 1], offset: 7>>, %[[HD:.+]]: memref<?xi8>)
// CHECK: %[[BASE:.+]], %[[OFF:.+]], %[[SIZES:.+]]:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[HA]]
// CHECK: %[[FA:.+]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%{{.+}}], strides: [1] : memref<f32> to memref<?xf32>
// CHECK: %[[FB:.+]] = memref.reinterpret_cast
// CHECK: %[[CBASE:.+]], %{{.+}}, %[[CSIZES:.+]]:2, %[[CSTRIDES:.+]]:2 = memref.extract_strided_metadata %[[HC]]
// CHECK: %[[FC:.+]] = memref.reinterpret_cast %[[CBASE]]
// CHECK: gpu.launch_func @views::@k {{.*}} args(%[[FA]] : memref<?xf32>, %[[FB]] : memref<?xi32>, %[[FC]] : memref<?xf32>, %[[HD]] : memref<?xi8>, %[[OFF]] : index, %{{.+}} : index, %[[CSTRIDES]]#0 : index, %[[CSIZES]]#0 : index, %[[CSIZES]]#1 : index)
module attributes {gpu.container_module} {
  gpu.module @views {
    gpu.func @k(%a: memref<2x5xf32, strided<[5, 1], offset: ?>>, %b: memref<?xi32>, %c: memref<?x?xf32, strided<[?, 1], offset: 7>>, %d: memref<?xi8>) kernel attributes {known_block_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %x = memref.load %a[%t, %c3] : memref<2x5xf32, strided<[5, 1], offset: ?>>
      memref.store %x, %c[%t, %c3] : memref<?x?xf32, strided<[?, 1], offset: 7>>
      %y = memref.load %b[%t] : memref<?xi32>
      %n = memref.dim %b, %c0 : memref<?xi32>
      %n32 = arith.index_cast %n : index to i32
      %sum = arith.addi %y, %n32 : i32
      memref.store %sum, %b[%t] : memref<?xi32>
      %z = memref.load %d[%t] : memref<?xi8>
      memref.store %z, %d[%t] : memref<?xi8>
      gpu.return
    }
  }
  func.func @host(%a: memref<2x5xf32, strided<[5, 1], offset: ?>>, %b: memref<?xi32>, %c: memref<?x?xf32, strided<[?, 1], offset: 7>>, %d: memref<?xi8>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @views::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<2x5xf32, strided<[5, 1], offset: ?>>, %b : memref<?xi32>, %c : memref<?x?xf32, strided<[?, 1], offset: 7>>, %d : memref<?xi8>)
    return
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

// -----

// SPIR-V vectors have at most 4 elements on Vulkan devices: wider vector
// arithmetic in a kernel (8 lanes of bf16 bits widened to f32, as 128-bit
// loads of 16-bit elements give) is unrolled into vectors of 4, and the
// halves of a vector built element by element are built directly.
// CHECK-LABEL: gpu.func @wide
// CHECK-NOT:     vector<8x
// CHECK:         %[[LO:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4xi16>
// CHECK:         arith.extui %[[LO]] : vector<4xi16> to vector<4xi32>
// CHECK:         arith.mulf %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK:         arith.mulf %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK-NOT:     vector<8x
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @wide(%in: memref<8xi16>, %out: memref<8xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %e0 = memref.load %in[%c0] : memref<8xi16>
    %e1 = memref.load %in[%c1] : memref<8xi16>
    %e2 = memref.load %in[%c2] : memref<8xi16>
    %e3 = memref.load %in[%c3] : memref<8xi16>
    %e4 = memref.load %in[%c4] : memref<8xi16>
    %e5 = memref.load %in[%c5] : memref<8xi16>
    %e6 = memref.load %in[%c6] : memref<8xi16>
    %e7 = memref.load %in[%c7] : memref<8xi16>
    %v = vector.from_elements %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7 : vector<8xi16>
    %w = arith.extui %v : vector<8xi16> to vector<8xi32>
    %sixteen = arith.constant dense<16> : vector<8xi32>
    %s = arith.shli %w, %sixteen : vector<8xi32>
    %f = arith.bitcast %s : vector<8xi32> to vector<8xf32>
    %p = arith.mulf %f, %f : vector<8xf32>
    %x0 = vector.extract %p[0] : f32 from vector<8xf32>
    %x7 = vector.extract %p[7] : f32 from vector<8xf32>
    memref.store %x0, %out[%c0] : memref<8xf32>
    memref.store %x7, %out[%c7] : memref<8xf32>
    gpu.return
  }
}
