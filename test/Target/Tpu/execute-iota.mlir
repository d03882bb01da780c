// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/iota.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/iota.mlir --output %t.tpu 2>&1 | FileCheck %s
// RUN: cmp %t.tpu/result0.npy %t.cpu/result0.npy
// RUN: cmp %t.tpu/result1.npy %t.cpu/result1.npy
// RUN: cmp %t.tpu/result2.npy %t.cpu/result2.npy
// RUN: cmp %t.tpu/result3.npy %t.cpu/result3.npy
// RUN: cmp %t.tpu/result4.npy %t.cpu/result4.npy
// RUN: cmp %t.tpu/result5.npy %t.cpu/result5.npy

// Iotas computed on the VPU from each element's index in the kernel's
// view give the CPU path's results bit for bit (ints, bf16, and an iota
// mask in a fusion); the cost report's DMA bytes are the simulator's.
// CHECK: tpu-cost total: kernels={{[0-9]+}} dma_bytes=[[BYTES:[0-9]+]]
// CHECK: tpu-sim counted: dma_bytes=[[BYTES]]
