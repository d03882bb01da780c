// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[0, 0, 0, 0\], \[1, 2, 3, 0\]/dense<[[0, 0, 0, 0], [1, 2, 4, 0]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/pad.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/pad.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0

// Pads on the simulator (and the CPU path), each against its expected
// value: edge and interior padding of i32 rows, negative padding (a
// slice) of bf16 columns, predicates; a perturbed value fails.
// Inputs/pad.mlir pads generated arrays: bit for bit the CPU path's
// results, and the cost report's DMA bytes are the simulator's.
// CHECK: 3 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 2 passed, 1 failed
// COST: tpu-cost total: kernels=1 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.pad %x, %z, low = [1, 0], high = [2, 1], interior = [1, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<6x4xi32>
  %e0 = hlo.constant dense<[[0, 0, 0, 0], [1, 2, 3, 0], [0, 0, 0, 0], [4, 5, 6, 0], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<6x4xi32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<6x4xi32>, tensor<6x4xi32>) -> ()

  %h = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xbf16>
  %m = hlo.constant dense<-1.0> : tensor<bf16>
  %1 = hlo.pad %h, %m, low = [0, -1], high = [1, -2], interior = [0, 0] : (tensor<2x4xbf16>, tensor<bf16>) -> tensor<3x1xbf16>
  %e1 = hlo.constant dense<[[2.0], [6.0], [-1.0]]> : tensor<3x1xbf16>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3x1xbf16>, tensor<3x1xbf16>) -> ()

  %p = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %t = hlo.constant dense<true> : tensor<i1>
  %2 = hlo.pad %p, %t, low = [2], high = [-1], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
  %e2 = hlo.constant dense<[true, true, true, false]> : tensor<4xi1>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<4xi1>, tensor<4xi1>) -> ()
  return
}
