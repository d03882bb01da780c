// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/copies-chunked.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/copies-chunked.mlir --output %t.tpu 2>&1 | FileCheck %s
// RUN: cmp %t.tpu/result0.npy %t.cpu/result0.npy
// RUN: cmp %t.tpu/result1.npy %t.cpu/result1.npy
// RUN: cmp %t.tpu/result2.npy %t.cpu/result2.npy
// RUN: cmp %t.tpu/result3.npy %t.cpu/result3.npy

// Copies streamed through two VMEM buffers in chunks (hlo-tpu-form-kernels'
// copyPieces) give the CPU path's results bit for bit, and every DMA of
// the chunk loops is counted: the cost report's bytes are the simulator's.
// Each result is read once and written once: 2 x (3000 x 1100 x 4 + 2100 x
// 1030 x 2 + 300 x 64 x 2 x 3 x 4 + 2000 x 1000 x 4) bytes, plus the update
// (3 x 5 x 4, twice) and its two indices (4 each).
// CHECK: tpu-cost total: kernels=1 dma_bytes=[[BYTES:51973728]]
// CHECK: tpu-sim counted: dma_bytes=[[BYTES]]
