// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/\[\[1.0, 2.0, 3.0\], \[1.0, 2.0, 3.0\]\], \[\[4.0/[[1.0, 2.0, 3.0], [1.0, 2.5, 3.0]], [[4.0/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/scalars-broadcasts.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/scalars-broadcasts.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0

// Fusions computing on scalars and broadcasts a kernel cannot read as
// rows, columns or scalars, on the simulator (and the CPU path), each
// against its expected value: a scalar negated and multiplied in the
// fusion before its broadcast, a select with a scalar predicate, a clamp
// with scalar bounds, a middle dimension broadcast (a DMA of a view with a
// zero stride, taken out of the fusion that adds it) and a broadcast that
// permutes its operand's dimensions. A perturbed value fails.
// Inputs/scalars-broadcasts.mlir does the same on generated arrays: bit
// for bit the CPU path's results, and the cost report's DMA bytes are the
// simulator's.
// CHECK: 5 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 4 passed, 1 failed
// COST: tpu-cost total: kernels=5 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.fusion kind = loop (%p = %x, %q = %s) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32> {
    %n = hlo.negate %q : tensor<f32>
    %m = hlo.multiply %n, %q : tensor<f32>
    %b = hlo.broadcast_in_dim %m, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %r = hlo.add %p, %b : tensor<3xf32>
    hlo.return %r : tensor<3xf32>
  }
  %e0 = hlo.constant dense<[-3.0, -2.0, -1.0]> : tensor<3xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()

  %t = hlo.constant dense<true> : tensor<i1>
  %y = hlo.constant dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
  %1 = hlo.select %t, %x, %y : tensor<i1>, tensor<3xf32>
  %e1 = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()

  %lo = hlo.constant dense<1.5> : tensor<f32>
  %hi = hlo.constant dense<2.5> : tensor<f32>
  %2 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %e2 = hlo.constant dense<[1.5, 2.0, 2.5]> : tensor<3xf32>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()

  %u = hlo.constant dense<[[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]]> : tensor<2x1x3xf32>
  %z = hlo.constant dense<0.0> : tensor<2x2x3xf32>
  %3 = hlo.fusion kind = loop (%p = %u, %q = %z) : (tensor<2x1x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x3xf32> {
    %b = hlo.broadcast_in_dim %p, dims = [0, 1, 2] : (tensor<2x1x3xf32>) -> tensor<2x2x3xf32>
    %r = hlo.add %b, %q : tensor<2x2x3xf32>
    hlo.return %r : tensor<2x2x3xf32>
  }
  %e3 = hlo.constant dense<[[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xf32>
  hlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> ()

  %w = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %4 = hlo.broadcast_in_dim %w, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x2x2xi32>
  %e4 = hlo.constant dense<[[[1, 4], [1, 4]], [[2, 5], [2, 5]], [[3, 6], [3, 6]]]> : tensor<3x2x2xi32>
  hlo.custom_call @check.expect_eq(%4, %e4) {has_side_effect = true} : (tensor<3x2x2xi32>, tensor<3x2x2xi32>) -> ()
  return
}
