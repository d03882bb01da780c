// RUN: hlo-opt --hlo-tpu-expand-kernels --verify-diagnostics %s

func.func @strided_map(%x: memref<64x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{hlo-tpu-expand-kernels handles block maps whose results are constants or grid indices, found affine_map<(d0) -> (d0 * 2, 0)>}}
  tpu.kernel grid = [2] semantics = [parallel]
      ins(%x : memref<64x128xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[16, 128], affine_map<(i) -> (i * 2, 0)>>]
      target = #tpu.target<v5e> {
  ^bb0(%i: index, %xb: memref<16x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
