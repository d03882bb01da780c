// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[7.0, 8.0\], \[11.0, 12.0\]\]>/dense<[[7.0, 8.0], [11.0, 12.5]]>/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/dynamic-slice.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/dynamic-slice.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0

// Dynamic slices on the simulator (and the CPU path), each against its
// expected value: a window of f32 rows and columns, one whose start
// indices are clamped into the array (5 and -1), one with an unsigned
// 8-bit index, an i32 update clamped to the array's end and a bf16 update
// in two dimensions. A perturbed value fails.
// Inputs/dynamic-slice.mlir slices and updates generated arrays at
// generated indices: bit for bit the CPU path's results,
// and the cost report's DMA bytes are the simulator's.
// CHECK: 5 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 4 passed, 1 failed
// COST: tpu-cost total: kernels=6 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %0 = hlo.dynamic_slice %x, %one, %two, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %e0 = hlo.constant dense<[[7.0, 8.0], [11.0, 12.0]]> : tensor<2x2xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()

  %five = hlo.constant dense<5> : tensor<i16>
  %minus = hlo.constant dense<-1> : tensor<i16>
  %1 = hlo.dynamic_slice %x, %five, %minus, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i16>, tensor<i16>) -> tensor<2x2xf32>
  %e1 = hlo.constant dense<[[5.0, 6.0], [9.0, 10.0]]> : tensor<2x2xf32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()

  %v = hlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %u = hlo.constant dense<200> : tensor<ui8>
  %2 = hlo.dynamic_slice %v, %u, sizes = [3] : (tensor<5xi32>, tensor<ui8>) -> tensor<3xi32>
  %e2 = hlo.constant dense<[30, 40, 50]> : tensor<3xi32>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()

  %w = hlo.constant dense<[-1, -2]> : tensor<2xi32>
  %four = hlo.constant dense<4> : tensor<i32>
  %3 = hlo.dynamic_update_slice %v, %w, %four : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
  %e3 = hlo.constant dense<[10, 20, 30, -1, -2]> : tensor<5xi32>
  hlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<5xi32>, tensor<5xi32>) -> ()

  %h = hlo.constant dense<0.0> : tensor<3x3xbf16>
  %g = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xbf16>
  %mone = hlo.constant dense<-1> : tensor<i32>
  %4 = hlo.dynamic_update_slice %h, %g, %one, %mone : (tensor<3x3xbf16>, tensor<2x2xbf16>, tensor<i32>, tensor<i32>) -> tensor<3x3xbf16>
  %e4 = hlo.constant dense<[[0.0, 0.0, 0.0], [1.0, 2.0, 0.0], [3.0, 4.0, 0.0]]> : tensor<3x3xbf16>
  hlo.custom_call @check.expect_eq(%4, %e4) {has_side_effect = true} : (tensor<3x3xbf16>, tensor<3x3xbf16>) -> ()
  return
}
