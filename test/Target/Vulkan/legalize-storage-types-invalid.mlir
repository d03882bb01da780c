// RUN: hlo-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(hlo-vulkan-legalize-storage-types{features=f16,f64,i64}))'

// A math function on f64 without an expansion (hlo-gpu-expand-math has
// none for erf): GLSL.std.450 takes only f16 and f32.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @erf(%in: memref<4xf64>, %out: memref<4xf64>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %in[%c0] : memref<4xf64>
      // expected-error @+1 {{unsupported on this device: 'math.erf' on f64 (GLSL.std.450 math is f16/f32 only and there is no f64 expansion of it)}}
      %y = math.erf %x : f64
      memref.store %y, %out[%c0] : memref<4xf64>
      gpu.return
    }
  }
}

// -----

// f64 math that GLSL.std.450 has (sqrt, fma, floor, ...) is not an error.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sqrt(%in: memref<4xf64>, %out: memref<4xf64>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %in[%c0] : memref<4xf64>
      %s = math.sqrt %x : f64
      %f = math.fma %s, %x, %x : f64
      %y = math.floor %f : f64
      memref.store %y, %out[%c0] : memref<4xf64>
      gpu.return
    }
  }
}
