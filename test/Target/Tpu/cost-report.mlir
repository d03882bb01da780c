// RUN: hlo-opt --split-input-file --hlo-tpu-form-kernels --hlo-tpu-cost-report %s -o /dev/null 2>&1 | FileCheck %s

// A memory-bound elementwise kernel: 3 x 4096 x 4096 x 4 bytes = 201 MB
// over 819 GB/s is 245.8 us; the estimate adds the first blocks in and the
// last block out (3 MB), which nothing overlaps.
// CHECK: tpu-cost kernel add#0 (v5e): dma_bytes=201326592 mxu_pushes=0 vpu_ops=16384 dma_us=245.820 mxu_us=0.000 vpu_us=10.923
// CHECK-SAME: estimated_us=249.661 mxu_utilization=0.000
// CHECK: tpu-cost total: kernels=1 dma_bytes=201326592
func.func @add(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = hlo.add %x, %y : tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// A 4096^3 bf16 matmul: 4096 x 32 x 32 pushes of rows through the 4 MXUs
// at 1.5 GHz are 699 us, 2 * 4096^3 / 197 TFLOP/s. The blocks as
// hlo-tpu-expand-kernels moves them today (every block at every grid
// point, the f32 output after every K step) make it DMA-bound, and the
// K-padding masks VPU work: the estimate is not yet the MXU's 0.70 ms.
// CHECK: tpu-cost kernel matmul#0 (v5e): dma_bytes=1342177280 mxu_pushes=4194304 vpu_ops=2359296 dma_us=1638.800 mxu_us=699.051
// CHECK-SAME: estimated_us=2273.515
func.func @matmul(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// 4100^3: the edge blocks computed whole (4352 rows of M in 17 blocks of
// 256, 4608 of K and N in 9 blocks of 512): 34% more pushes than 4096^3.
// CHECK: tpu-cost kernel matmul_padded#0 (v5e): dma_bytes=1479280000 mxu_pushes=5640192 vpu_ops=3172608 dma_us=1806.203 mxu_us=940.032
// CHECK-SAME: estimated_us=3056.064
func.func @matmul_padded(%a: tensor<4100x4100xbf16>, %b: tensor<4100x4100xbf16>) -> tensor<4100x4100xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4100x4100xbf16>, tensor<4100x4100xbf16>) -> tensor<4100x4100xf32>
  return %0 : tensor<4100x4100xf32>
}
