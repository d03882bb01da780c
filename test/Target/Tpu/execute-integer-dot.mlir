// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner --device=tpu-sim --no-cache --pipeline-options=chip=v6e %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/\[49, -48\]/[50, -48]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/integer-dot.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/integer-dot.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0

// Integer dots on the simulator's VPU (and the CPU path), each against its
// expected value: i8 operands and an i32 product, a u8 product that wraps
// (700 mod 256), an i16 product with a transposed right-hand side, a
// batched i32 product and one whose i32 sum wraps (2^32 + 1). A perturbed
// value fails. Inputs/integer-dot.mlir multiplies generated arrays over
// several M, N and K blocks (partial ones): bit for bit the CPU path's
// results, and the cost report's DMA bytes are the simulator's.
// CHECK: 5 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 4 passed, 1 failed
// COST: tpu-cost total: kernels=6 dma_bytes=[[BYTES:[0-9]+]] mxu_pushes=0
// COST: tpu-sim counted: dma_bytes=[[BYTES]] mxu_pushes=0
func.func @main() {
  %a = hlo.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>
  %b = hlo.constant dense<[[1, 2], [3, -4], [-5, 6]]> : tensor<3x2xi8>
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi32>
  %e0 = hlo.constant dense<[[-20, 28], [49, -48]]> : tensor<2x2xi32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()

  %u = hlo.constant dense<[[200, 100]]> : tensor<1x2xui8>
  %v = hlo.constant dense<[[2], [3]]> : tensor<2x1xui8>
  %1 = hlo.dot_general %u, %v, contracting_dims = [1] x [0] : (tensor<1x2xui8>, tensor<2x1xui8>) -> tensor<1x1xui8>
  %e1 = hlo.constant dense<188> : tensor<1x1xui8>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<1x1xui8>, tensor<1x1xui8>) -> ()

  %s = hlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>
  %t = hlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi16>
  %2 = hlo.dot_general %s, %t, contracting_dims = [1] x [1] : (tensor<2x2xi16>, tensor<2x2xi16>) -> tensor<2x2xi16>
  %e2 = hlo.constant dense<[[17, 23], [39, 53]]> : tensor<2x2xi16>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<2x2xi16>, tensor<2x2xi16>) -> ()

  %p = hlo.constant dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>
  %q = hlo.constant dense<[[[5], [6]], [[7], [8]]]> : tensor<2x2x1xi32>
  %3 = hlo.dot_general %p, %q, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1x2xi32>, tensor<2x2x1xi32>) -> tensor<2x1x1xi32>
  %e3 = hlo.constant dense<[[[17]], [[53]]]> : tensor<2x1x1xi32>
  hlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> ()

  %w = hlo.constant dense<[[65536, 1]]> : tensor<1x2xi32>
  %y = hlo.constant dense<[[65536], [1]]> : tensor<2x1xi32>
  %4 = hlo.dot_general %w, %y, contracting_dims = [1] x [0] : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<1x1xi32>
  %e4 = hlo.constant dense<1> : tensor<1x1xi32>
  hlo.custom_call @check.expect_eq(%4, %e4) {has_side_effect = true} : (tensor<1x1xi32>, tensor<1x1xi32>) -> ()
  return
}
