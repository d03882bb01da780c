// RUN: hlo-opt --hlo-tpu-sim-to-host --split-input-file --verify-diagnostics %s

// VMEM is a bounded arena: 2 x 96 MiB do not fit the 128 MiB of v5e.
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @too_much_vmem() {
  %a = memref.alloca() : memref<3072x8192xf32, #tpu.memory_space<vmem>>
  // expected-error @+1 {{VMEM arena exhausted: this allocation needs bytes 100663296 to 201326592, v5e has 134217728}}
  %b = memref.alloca() : memref<3072x8192xf32, #tpu.memory_space<vmem>>
  return
}
}

// -----

// Released with its scope, the first buffer leaves room for the second.
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @scoped_vmem() {
  memref.alloca_scope {
    %a = memref.alloca() : memref<3072x8192xf32, #tpu.memory_space<vmem>>
  }
  %b = memref.alloca() : memref<3072x8192xf32, #tpu.memory_space<vmem>>
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @too_much_smem() {
  // expected-error @+1 {{SMEM arena exhausted: this allocation needs bytes 0 to 2097152, v5e has 1048576}}
  %a = memref.alloca() : memref<524288xi32, #tpu.memory_space<smem>>
  return
}
}

// -----

func.func @kernel(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{the TPU simulator runs expanded kernels: run hlo-tpu-expand-kernels first}}
  tpu.kernel grid = [1] semantics = [parallel]
      ins(%x : memref<8x128xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (0, 0)>>]
      target = #tpu.target<v5e> {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
