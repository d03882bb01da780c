// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/reduce-window-variadic.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/reduce-window-variadic.mlir --output %t.tpu 2>&1 | FileCheck %s
// RUN: cmp %t.tpu/result0.npy %t.cpu/result0.npy
// RUN: cmp %t.tpu/result1.npy %t.cpu/result1.npy
// RUN: cmp %t.tpu/result2.npy %t.cpu/result2.npy

// A reduce_window of several arrays (values and their coordinates) on the
// VPU: an accumulator and a strided DMA window per array, the body applied
// to all of them on registers; bit for bit the CPU path's results, and the
// cost report's DMA bytes are the simulator's.
// CHECK: tpu-cost total: kernels={{[0-9]+}} dma_bytes=[[BYTES:[0-9]+]]
// CHECK: tpu-sim counted: dma_bytes=[[BYTES]]
