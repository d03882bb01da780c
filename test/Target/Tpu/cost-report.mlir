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
// at 1.5 GHz are 699 us, 2 * 4096^3 / 197 TFLOP/s. Blocks of 1024 x 512 x
// 1024: the f32 output block stays in VMEM across the 8 K steps and goes
// back once (64 MiB), each operand block moves once per output block
// (4 x 32 MiB each): 320 MiB over 819 GB/s, 410 us, under the MXU's time.
// The estimate is the MXUs' 699 us, the 4 x 4 x 8 grid steps' pipeline
// work (500 cycles each, 43 us) and the first blocks in and the last out
// (6 MiB, 7.7 us): 7.4% over 0.70 ms, MXUs 93.3% busy. (The Pallas TPU
// matmul guide measured 827 us for XLA's kernel and 889 us for blocks of
// 512 x 1024 x 1024, host dispatch included: cost-report-pallas-matmul.test.)
// CHECK: tpu-cost kernel matmul#0 (v5e): dma_bytes=335544320 mxu_pushes=4194304 vpu_ops=0 dma_us=409.700 mxu_us=699.051
// CHECK-SAME: estimated_us=749.399 mxu_utilization=0.933
func.func @matmul(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// 4100^3: the padding cost. Blocks cover each dimension with the least
// padding: M in 6 blocks of 688 rows (4128), N in 5 of 896 columns (4480,
// 35 MXU tiles), K in 11 of 384 (4224, 33 tiles); the edge blocks are
// computed whole: 4128 x 35 x 33 pushes, 13.7% more than 4096^3 for 2.9%
// more work, and 6 x 5 x 11 grid steps (110 us) against 4096^3's 128.
// Zeros past K's end in the last K block cost a few VPU ops.
// CHECK: tpu-cost kernel matmul_padded#0 (v5e): dma_bytes=437060000 mxu_pushes=4767840 vpu_ops=2970 dma_us=533.651 mxu_us=794.640
// CHECK-SAME: estimated_us=909.769
func.func @matmul_padded(%a: tensor<4100x4100xbf16>, %b: tensor<4100x4100xbf16>) -> tensor<4100x4100xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4100x4100xbf16>, tensor<4100x4100xbf16>) -> tensor<4100x4100xf32>
  return %0 : tensor<4100x4100xf32>
}
