// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[7.0, 19.0\]/dense<[[7.5, 19.0]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/dot-layouts.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/dot-layouts.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 1e-5 1e-5

// Float dots whose operands the MXU kernel cannot read as laid out, on
// the simulator (and the CPU path): the operands are transposed first (DMA
// copies). Against expected values: a^T b (the left-hand side contracted
// over its leading dimension) and a batched product whose batch dimension
// is the left-hand side's last. A perturbed value fails.
// Inputs/dot-layouts.mlir does a weight gradient x^T dy and an attention
// score product with heads in the middle on generated arrays: within 1e-5
// of the CPU path, and the cost report's DMA bytes and MXU pushes are the
// simulator's.
// CHECK: 2 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 1 passed, 1 failed
// COST: tpu-cost total: kernels=4 dma_bytes=[[BYTES:[0-9]+]] mxu_pushes=[[PUSHES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]] mxu_pushes=[[PUSHES]]
func.func @main() {
  %a = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = hlo.constant dense<[[1.0, 0.0], [2.0, 1.0], [3.0, 4.0]]> : tensor<3x2xf32>
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %e0 = hlo.constant dense<[[22.0, 23.0], [28.0, 28.0]]> : tensor<2x2xf32>
  hlo.custom_call @check.expect_close(%0, %e0) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()

  %x = hlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %y = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = hlo.dot_general %x, %y, batching_dims = [2] x [0], contracting_dims = [1] x [1] : (tensor<2x2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %e1 = hlo.constant dense<[[7.0, 19.0], [22.0, 50.0]]> : tensor<2x2xf32>
  hlo.custom_call @check.expect_close(%1, %e1) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  return
}
