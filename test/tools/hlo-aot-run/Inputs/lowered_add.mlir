// Host code as MLIR 22's gpu-to-llvm lowers it: c = (a copied into a
// stream-ordered temporary) + b, launched once from a PTX object
// (mgpuModuleLoadJIT) and once, with clusters, from a binary object
// (mgpuModuleLoad). The objects are placeholders for the fake driver, which
// runs add_f32 on the host. lowered_add_entry.c wraps @run as hlo_aot_entry.
module attributes {gpu.container_module} {
  gpu.binary @kernels_ptx [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = "fake PTX">]
  gpu.binary @kernels_bin [#gpu.object<#nvvm.target<chip = "sm_90">, "fake cubin">]
  func.func @run(%a: memref<1000xf32>, %b: memref<1000xf32>, %c: memref<1000xf32>) attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1000 : i64
    %zero = arith.constant 0.0 : f32
    %t0 = gpu.wait async
    %tmp, %t1 = gpu.alloc async [%t0] () : memref<1000xf32>
    %t2 = gpu.memset async [%t1] %tmp, %zero : memref<1000xf32>, f32
    %t3 = gpu.memcpy async [%t2] %tmp, %a : memref<1000xf32>, memref<1000xf32>
    %t4 = gpu.launch_func async [%t3] @kernels_ptx::@add_f32 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%tmp : memref<1000xf32>, %b : memref<1000xf32>, %c : memref<1000xf32>, %n : i64)
    %t5 = gpu.launch_func async [%t4] @kernels_bin::@add_f32 clusters in (%c1, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%tmp : memref<1000xf32>, %b : memref<1000xf32>, %c : memref<1000xf32>, %n : i64)
    %t6 = gpu.dealloc async [%t5] %tmp : memref<1000xf32>
    gpu.wait [%t6]
    return
  }
}
