// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/sunk-broadcast.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/sunk-broadcast.mlir --output %t.tpu 2>&1 | FileCheck %s
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-6 1e-6
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 1e-6 1e-6

// Fusions whose elementwise ops run on smaller arrays than the fusion's and
// are broadcast (hlo-tpu-form-kernels' sinkBroadcasts) compute the CPU
// path's results on the simulator, one kernel per fusion.
// CHECK: tpu-cost total: kernels=3 dma_bytes=[[BYTES:[0-9]+]]
// CHECK: tpu-sim counted: dma_bytes=[[BYTES]]
