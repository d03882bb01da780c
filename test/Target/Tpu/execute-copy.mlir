// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: sed 's/dense<\[\[6, 5, 4\]/dense<[[6, 5, 3]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/copies.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/copies.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result3.npy %t.cpu/result3.npy 0 0

// Slices, transposes, reverses and concatenations as DMAs through VMEM on
// the simulator, each against its expected value (bf16, i8 and
// predicates included); a perturbed value fails. Inputs/copies.mlir runs
// them with an elementwise kernel on generated inputs: bit for bit the CPU
// path's results, and the cost report's DMA bytes are those the simulator
// counts.
// CHECK: 4 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 3 passed, 1 failed
// COST: tpu-cost total: kernels=3 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi32>
  %e0 = stablehlo.constant dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
  stablehlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()

  %h = stablehlo.constant dense<[[1.0, -2.0, 3.5], [0.25, 8.0, -1.0]]> : tensor<2x3xbf16>
  %1 = stablehlo.transpose %h, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  %e1 = stablehlo.constant dense<[[1.0, 0.25], [-2.0, 8.0], [3.5, -1.0]]> : tensor<3x2xbf16>
  stablehlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3x2xbf16>, tensor<3x2xbf16>) -> ()

  %b = stablehlo.constant dense<[true, false, true, true, false]> : tensor<5xi1>
  %2 = stablehlo.slice %b [1:5:2] : (tensor<5xi1>) -> tensor<2xi1>
  %e2 = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  stablehlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<2xi1>, tensor<2xi1>) -> ()

  %p = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %q = stablehlo.constant dense<[[5], [6]]> : tensor<2x1xi8>
  %3 = stablehlo.concatenate %p, %q, dim = 1 : (tensor<2x2xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
  %e3 = stablehlo.constant dense<[[1, 2, 5], [3, 4, 6]]> : tensor<2x3xi8>
  stablehlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<2x3xi8>, tensor<2x3xi8>) -> ()

  return
}
