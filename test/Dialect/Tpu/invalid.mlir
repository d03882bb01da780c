// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown TPU chip 'v99' (known: v5e v6e)}}
module attributes {tpu.target = #tpu.target<v99>} {}

// -----

// expected-error @+1 {{target field 'vmem_bytes' must be positive, found 0}}
module attributes {tpu.target = #tpu.target<chip = "x", generation = 5, lanes = 128, sublanes = 8, mxu_rows = 128, mxu_cols = 128, mxu_count = 4, vmem_bytes = 0, smem_bytes = 1, hbm_bytes_per_second = 1, peak_bf16_flops = 1, clock_mhz = 1>} {}

// -----

// expected-error @+1 {{an MXU of 100x128 is not a whole number of 8x128 registers}}
module attributes {tpu.target = #tpu.target<chip = "x", generation = 5, lanes = 128, sublanes = 8, mxu_rows = 100, mxu_cols = 128, mxu_count = 4, vmem_bytes = 1, smem_bytes = 1, hbm_bytes_per_second = 1, peak_bf16_flops = 1, clock_mhz = 1>} {}

// -----

// expected-error @+1 {{expected a chip name or 'chip = "..."'}}
module attributes {tpu.target = #tpu.target<generation = 5>} {}

// -----

// expected-error @+1 {{'tpu.target' must be a #tpu.target, found "v5e"}}
module attributes {tpu.target = "v5e"} {}

// -----

// expected-error @+1 {{unknown tpu attribute 'tpu.chip'}}
module attributes {tpu.chip = 1} {}

// -----

// expected-error @+1 {{expected 'parallel' or 'arbitrary', found 'serial'}}
tpu.kernel grid = [2] semantics = [serial] blocks = [] target = #tpu.target<v5e> {
^bb0(%i: index):
}

// -----

// expected-error @+1 {{'tpu.kernel' op has a grid of rank 2 but 1 dimension semantics}}
tpu.kernel grid = [2, 2] semantics = [parallel] blocks = [] target = #tpu.target<v5e> {
^bb0(%i: index, %j: index):
}

// -----

// expected-error @+1 {{'tpu.kernel' op grid bounds must be positive, found 0}}
tpu.kernel grid = [0] semantics = [parallel] blocks = [] target = #tpu.target<v5e> {
^bb0(%i: index):
}

// -----

func.func @specs(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op has 1 operands but 0 block specs}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf32, #tpu.memory_space<hbm>>) blocks = [] target = #tpu.target<v5e> {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}

// -----

// expected-error @+1 {{'tpu.kernel' op needs a target: a 'target' of its own or a 'tpu.target' attribute on an enclosing op}}
tpu.kernel grid = [2] semantics = [parallel] blocks = [] {
^bb0(%i: index):
}

// -----

// expected-error @+1 {{'tpu.kernel' op body must take 1 grid indices and 0 blocks, found 0 arguments}}
tpu.kernel grid = [2] semantics = [parallel] blocks = [] target = #tpu.target<v5e> {
}

// -----

// expected-error @+1 {{'tpu.kernel' op body argument #0 is a grid index and must be 'index', found 'i32'}}
tpu.kernel grid = [2] semantics = [parallel] blocks = [] target = #tpu.target<v5e> {
^bb0(%i: i32):
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @not_hbm(%x: memref<8x128xf32, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.kernel' op operand #0 must be in #tpu.memory_space<hbm>, found vmem}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf32, #tpu.memory_space<vmem>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @block_rank(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0 has a block of rank 1 for an operand of rank 2}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[128], affine_map<(i) -> (0)>>] {
  ^bb0(%i: index, %xb: memref<128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @map_arity(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0's index map affine_map<(d0, d1) -> (0, 0)> must take the 1 grid indices to 2 block indices}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i, j) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @f64_block(%x: memref<8x128xf64, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op operand #0 has element type 'f64'; blocks hold 8-, 16- and 32-bit elements}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf64, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf64, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @block_too_big(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0: block dimension 0 is 16, outside [1, 8]}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[16, 128], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<16x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @lanes(%x: memref<8x256xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0: block dimension 1 (64) must be a multiple of 128 lanes or the whole dimension (256)}}
  tpu.kernel grid = [4] semantics = [parallel] ins(%x : memref<8x256xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 64], affine_map<(i) -> (0, i)>>] {
  ^bb0(%i: index, %xb: memref<8x64xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @packed_sublanes(%x: memref<64x128xbf16, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0: block dimension 0 (8) must be a multiple of 16 sublanes of 16-bit data or the whole dimension (64)}}
  tpu.kernel grid = [8] semantics = [parallel] ins(%x : memref<64x128xbf16, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (i, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xbf16, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @grid_past_the_end(%x: memref<64x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block spec #0: at grid point (8) block dimension 0 starts at element 64, outside the operand's 64}}
  tpu.kernel grid = [9] semantics = [parallel] ins(%x : memref<64x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (i, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @block_arg(%x: memref<64x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op body argument #1 must be the VMEM block 'memref<8x128xf32, #tpu.memory_space<vmem>>', found 'memref<8x128xf32, #tpu.memory_space<smem>>'}}
  tpu.kernel grid = [8] semantics = [parallel] ins(%x : memref<64x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (i, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf32, #tpu.memory_space<smem>>):
  }
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @block_tiling(%x: memref<64x128xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op block #0 in VMEM must be in the native (8, 128) tiling of 'f32', found layout #hlo.layout<minor_to_major = [1, 0], tiles = }}
  tpu.kernel grid = [8] semantics = [parallel] ins(%x : memref<64x128xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[8, 128], affine_map<(i) -> (i, 0)>>] {
  ^bb0(%i: index, %xb: memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[16, 128]]>, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

// Two 32 MiB f32 blocks, double-buffered, are all of v5e's 128 MiB; 4 KiB
// of scratch is too much.
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @vmem_capacity(%x: memref<8192x1024xf32, #tpu.memory_space<hbm>>, %y: memref<8192x1024xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op needs 134221824 bytes of VMEM (its blocks padded to whole tiles, double-buffered, and the VMEM its body allocates), more than the 134217728 bytes of v5e}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<8192x1024xf32, #tpu.memory_space<hbm>>) outs(%y : memref<8192x1024xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[8192, 1024], affine_map<(i) -> (0, 0)>>, #tpu.block_spec<[8192, 1024], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<8192x1024xf32, #tpu.memory_space<vmem>>, %yb: memref<8192x1024xf32, #tpu.memory_space<vmem>>):
    %s = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}
}

// -----

// Blocks are padded to whole tiles: 1x100 f32 takes an 8x128 tile.
module attributes {tpu.target = #tpu.target<chip = "tiny", generation = 5, lanes = 128, sublanes = 8, mxu_rows = 128, mxu_cols = 128, mxu_count = 4, vmem_bytes = 8191, smem_bytes = 1, hbm_bytes_per_second = 1, peak_bf16_flops = 1, clock_mhz = 1>} {
func.func @padding(%x: memref<1x100xf32, #tpu.memory_space<hbm>>) {
  // expected-error @+1 {{'tpu.kernel' op needs 8192 bytes of VMEM}}
  tpu.kernel grid = [1] semantics = [parallel] ins(%x : memref<1x100xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[1, 100], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<1x100xf32, #tpu.memory_space<vmem>>):
  }
  return
}
}

// -----

// expected-error @+1 {{'tpu.sem_alloc' op allocates in #tpu.memory_space<semaphore>, found smem}}
%s = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<smem>>

// -----

// expected-error @+1 {{'tpu.sem_alloc' op result #0 must be memref of a DMA semaphore values}}
%s = tpu.sem_alloc : memref<2xi32, #tpu.memory_space<semaphore>>

// -----

func.func @dma_spaces(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore>>) {
  // expected-error @+1 {{'tpu.dma_start' op copies between HBM and VMEM or SMEM, found vmem to vmem}}
  tpu.dma_start %a, %b, %s : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// -----

func.func @dma_shapes(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<16x128xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore>>) {
  // expected-error @+1 {{'tpu.dma_start' op source and target differ: 'memref<8x128xf32, #tpu.memory_space<hbm>>' and 'memref<16x128xf32, #tpu.memory_space<vmem>>'}}
  tpu.dma_start %a, %b, %s : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// -----

func.func @dma_tiling(%a: memref<16x128xbf16, #tpu.memory_space<hbm>>, %b: memref<16x128xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore>>) {
  // expected-error @+1 {{'tpu.dma_start' op the VMEM buffer in VMEM must be in the native (16, 128) tiling of 'bf16'}}
  tpu.dma_start %a, %b, %s : memref<16x128xbf16, #tpu.memory_space<hbm>>, memref<16x128xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// -----

func.func @dma_semaphore_space(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<smem>>) {
  // expected-error @+1 {{'tpu.dma_start' op semaphores must be in #tpu.memory_space<semaphore>, found smem}}
  tpu.dma_start %a, %b, %s : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.semaphore, #tpu.memory_space<smem>>
  return
}

// -----

func.func @dma_semaphore_index(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>) {
  // expected-error @+1 {{'tpu.dma_start' op the semaphore memref has rank 1 but 0 indices are given}}
  tpu.dma_start %a, %b, %s : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// -----

func.func @dma_wait_space(%b: memref<8x128xf32>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore>>) {
  // expected-error @+1 {{'tpu.dma_wait' op waits for a DMA into HBM, VMEM or SMEM, found no TPU memory}}
  tpu.dma_wait %s, %b : memref<!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32>
  return
}

// -----

func.func @dma_wait_index(%b: memref<8x128xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.semaphore, #tpu.memory_space<semaphore>>, %i: index) {
  // expected-error @+1 {{'tpu.dma_wait' op the semaphore memref has rank 0 but 1 indices are given}}
  tpu.dma_wait %s[%i], %b : memref<!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @load_hbm(%r: memref<8x128xf32, #tpu.memory_space<hbm>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op accesses VMEM only, found a memref in hbm}}
  %v = tpu.load %r[%i, %i] : memref<8x128xf32, #tpu.memory_space<hbm>>, vector<8x128xf32>
  return
}

// -----

func.func @load_rank(%r: memref<1024xf32, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op needs a memref of rank 2 or more, found 'memref<1024xf32, #tpu.memory_space<vmem>>'}}
  %v = tpu.load %r[%i] : memref<1024xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @load_indices(%r: memref<8x128xf32, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op needs 2 indices, found 1}}
  %v = tpu.load %r[%i] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @load_types(%r: memref<8x128xf32, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op element types differ: memref of 'f32', vector of 'i32'}}
  %v = tpu.load %r[%i, %i] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xi32>
  return
}

// -----

func.func @load_tiling(%r: memref<8x128xf32, #hlo.layout<minor_to_major = [0, 1]>, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op the memref in VMEM must be in the native (8, 128) tiling of 'f32', found layout #hlo.layout<minor_to_major = [0, 1]>}}
  %v = tpu.load %r[%i, %i] : memref<8x128xf32, #hlo.layout<minor_to_major = [0, 1]>, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @load_packed_register(%r: memref<16x128xbf16, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op moves one vector register, 'vector<16x128xbf16>', found 'vector<8x128xbf16>'}}
  %v = tpu.load %r[%i, %i] : memref<16x128xbf16, #tpu.memory_space<vmem>>, vector<8x128xbf16>
  return
}

// -----

func.func @load_f64(%r: memref<8x128xf64, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op the memref holds 'f64' in VMEM; VMEM holds 8-, 16- and 32-bit elements}}
  %v = tpu.load %r[%i, %i] : memref<8x128xf64, #tpu.memory_space<vmem>>, vector<8x128xf64>
  return
}

// -----

func.func @load_stride(%r: memref<8x128xf32, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op attribute 'sublane_stride' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 1}}
  %v = tpu.load %r[%i, %i] sublane_stride 0 : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}

// -----

func.func @store_register(%v: vector<16x128xf32>, %r: memref<16x128xf32, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.store' op moves one vector register, 'vector<8x128xf32>', found 'vector<16x128xf32>'}}
  tpu.store %v, %r[%i, %i] : vector<16x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @store_smem(%v: vector<8x128xf32>, %r: memref<8x128xf32, #tpu.memory_space<smem>>, %i: index) {
  // expected-error @+1 {{'tpu.store' op accesses VMEM only, found a memref in smem}}
  tpu.store %v, %r[%i, %i] : vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<smem>>
  return
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @matmul_types(%a: vector<8x128xf32>, %b: vector<128x128xbf16>, %c: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.matmul' op multiplies operands of one type (bf16 or f32), found 'f32' and 'bf16'}}
  %r = tpu.matmul %a, %b, %c : vector<8x128xf32>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @matmul_shapes(%a: vector<8x256xf32>, %b: vector<128x128xf32>, %c: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.matmul' op needs lhs MxK, rhs KxN and acc MxN, found 'vector<8x256xf32>', 'vector<128x128xf32>' and 'vector<8x128xf32>'}}
  %r = tpu.matmul %a, %b, %c : vector<8x256xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  return
}
}

// -----

// A transposed right-hand side is N x K.
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @matmul_transposed_shapes(%a: vector<8x256xf32>, %b: vector<256x128xf32>, %c: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.matmul' op needs lhs MxK, rhs NxK and acc MxN, found 'vector<8x256xf32>', 'vector<256x128xf32>' and 'vector<8x128xf32>'}}
  %r = tpu.matmul %a, %b, %c transpose_rhs : vector<8x256xf32>, vector<256x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  return
}
}

// -----

func.func @matmul_target(%a: vector<8x128xf32>, %b: vector<128x128xf32>, %c: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.matmul' op needs a target in scope}}
  %r = tpu.matmul %a, %b, %c : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

// 128x128 tiles are whole for v5e's MXU but not for v6e's 256x256.
func.func @matmul_mxu(%a: vector<8x128xf32>, %b: vector<128x128xf32>, %c: vector<8x128xf32>) attributes {tpu.target = #tpu.target<v6e>} {
  // expected-error @+1 {{'tpu.matmul' op K = 128 and N = 128 must be multiples of the 256x256 MXU of v6e}}
  %r = tpu.matmul %a, %b, %c : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @matmul_rows(%a: vector<8x128xbf16>, %b: vector<128x128xbf16>, %c: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.matmul' op M = 8 must be a multiple of 16 (whole registers of 'bf16')}}
  %r = tpu.matmul %a, %b, %c : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}
}

// -----

module attributes {tpu.target = #tpu.target<v5e>} {
func.func @matmul_acc(%a: vector<16x128xbf16>, %b: vector<128x128xbf16>, %c: vector<16x128xbf16>) {
  // expected-error @+1 {{'tpu.matmul' op operand #2 must be vector of 32-bit float values of ranks 2}}
  %r = tpu.matmul %a, %b, %c : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xbf16> -> vector<16x128xbf16>
  return
}
}

// -----

func.func @reduce_whole(%v: vector<4x128xf32>) {
  // expected-error @+1 {{'tpu.reduce_lanes' op source 'vector<4x128xf32>' is not whole 8x128 registers of 'f32'}}
  %r = tpu.reduce_lanes <sum> %v : vector<4x128xf32> -> vector<4x1xf32>
  return
}

// -----

func.func @reduce_lanes_result(%v: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.reduce_lanes' op the result must be 'vector<8x1xf32>', found 'vector<1x128xf32>'}}
  %r = tpu.reduce_lanes <sum> %v : vector<8x128xf32> -> vector<1x128xf32>
  return
}

// -----

func.func @reduce_sublanes_result(%v: vector<8x128xf32>) {
  // expected-error @+1 {{'tpu.reduce_sublanes' op the result must be 'vector<1x128xf32>', found 'vector<1x128xi32>'}}
  %r = tpu.reduce_sublanes <max> %v : vector<8x128xf32> -> vector<1x128xi32>
  return
}

// -----

func.func @reduce_i64(%v: vector<8x128xi64>) {
  // expected-error @+1 {{'tpu.reduce_sublanes' op source has element type 'i64'; vector registers hold 8-, 16- and 32-bit elements}}
  %r = tpu.reduce_sublanes <max> %v : vector<8x128xi64> -> vector<1x128xi64>
  return
}

// -----

func.func @broadcast_lanes_source(%v: vector<8x2xf32>) {
  // expected-error @+1 {{'tpu.broadcast_lanes' op the source must be 'vector<8x1xf32>', found 'vector<8x2xf32>'}}
  %r = tpu.broadcast_lanes %v : vector<8x2xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @broadcast_sublanes_result(%v: vector<1x100xf32>) {
  // expected-error @+1 {{'tpu.broadcast_sublanes' op result 'vector<8x100xf32>' is not whole 8x128 registers of 'f32'}}
  %r = tpu.broadcast_sublanes %v : vector<1x100xf32> -> vector<8x100xf32>
  return
}

// -----

func.func @relayout_space(%a: memref<8x128xf32, #tpu.memory_space<hbm>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.relayout' op relayouts within VMEM, found hbm to vmem}}
  tpu.relayout %a, %b : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @relayout_shapes(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x256xf32, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.relayout' op source and target differ}}
  tpu.relayout %a, %b : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x256xf32, #tpu.memory_space<vmem>>
  return
}

// -----

// No layout in VMEM is the native tiling, the same as this explicit one.
func.func @relayout_same(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.relayout' op source and target have the same layout}}
  tpu.relayout %a, %b : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>
  return
}

// -----

func.func @relayout_strided(%a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, strided<[256, 1]>, #tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tpu.relayout' op layouts are #hlo.layout or native, found strided<[256, 1]>}}
  tpu.relayout %a, %b : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, strided<[256, 1]>, #tpu.memory_space<vmem>>
  return
}

// -----

// A DMA's VMEM side may be a window of a tiled buffer, but with static
// strides.
func.func @dma_dynamic_window(%src: memref<4x100xf32, #tpu.memory_space<hbm>>, %dst: memref<4x100xf32, strided<[?, 1]>, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %sems = tpu.sem_alloc : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
  // expected-error @+1 {{'tpu.dma_start' op the VMEM buffer in VMEM must be in the native (8, 128) tiling of 'f32', found layout strided<[?, 1]>}}
  tpu.dma_start %src, %dst, %sems[%c0] : memref<4x100xf32, #tpu.memory_space<hbm>>, memref<4x100xf32, strided<[?, 1]>, #tpu.memory_space<vmem>>, memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// -----

// A window of a VMEM buffer is not what a load reads from.
func.func @load_window(%r: memref<8x128xf32, strided<[256, 1]>, #tpu.memory_space<vmem>>, %i: index) {
  // expected-error @+1 {{'tpu.load' op the memref in VMEM must be in the native (8, 128) tiling of 'f32', found layout strided<[256, 1]>}}
  %v = tpu.load %r[%i, %i] : memref<8x128xf32, strided<[256, 1]>, #tpu.memory_space<vmem>>, vector<8x128xf32>
  return
}
