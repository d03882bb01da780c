// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner --device=tpu-sim --no-cache --pipeline-options=chip=v6e %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[1, 0, 2\], \[3, 4, 5\]\]>/dense<[[0, 1, 2], [3, 4, 5]]>/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/sort.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/sort.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result3.npy %t.cpu/result3.npy 0 0

// Sorts on the simulator (and the CPU path), each against its expected
// value: f32 rows ascending (along the last dimension), i32 columns
// descending, a stable sort of bf16 keys with i32 payloads (16-row
// registers beside 8-row ones; equal keys keep their order), and the top 2
// of i8 rows with their indices (chlo.top_k: a descending sort and a
// slice). A perturbed value fails. Inputs/sort.mlir sorts generated
// arrays (long rows over several registers, i8 keys with many ties and an
// index payload, the middle dimension of a 3-D array): bit for bit the CPU
// path's results, and the cost report's DMA bytes are the simulator's.
// CHECK: 6 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 5 passed, 1 failed
// COST: tpu-cost total: kernels=3 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[[3.0, -1.0, 2.0, 0.5], [9.0, 8.0, -7.0, 8.0]]> : tensor<2x4xf32>
  %0 = "hlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %e0 = hlo.constant dense<[[-1.0, 0.5, 2.0, 3.0], [-7.0, 8.0, 8.0, 9.0]]> : tensor<2x4xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x4xf32>, tensor<2x4xf32>) -> ()

  %y = hlo.constant dense<[[1, 5], [4, -2], [3, 0]]> : tensor<3x2xi32>
  %1 = "hlo.sort"(%y) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<3x2xi32>) -> tensor<3x2xi32>
  %e1 = hlo.constant dense<[[4, 5], [3, 0], [1, -2]]> : tensor<3x2xi32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()

  %k = hlo.constant dense<[[2.0, 1.0, 2.0], [1.0, 1.0, 2.0]]> : tensor<2x3xbf16>
  %p = hlo.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %2:2 = "hlo.sort"(%k, %p) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<2x3xbf16>, tensor<2x3xi32>) -> (tensor<2x3xbf16>, tensor<2x3xi32>)
  %e2 = hlo.constant dense<[[1.0, 2.0, 2.0], [1.0, 1.0, 2.0]]> : tensor<2x3xbf16>
  hlo.custom_call @check.expect_eq(%2#0, %e2) {has_side_effect = true} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> ()
  %e3 = hlo.constant dense<[[1, 0, 2], [3, 4, 5]]> : tensor<2x3xi32>
  hlo.custom_call @check.expect_eq(%2#1, %e3) {has_side_effect = true} : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()

  %q = hlo.constant dense<[[5, -3, 7, 7], [0, 0, -1, 1]]> : tensor<2x4xi8>
  %values, %indices = chlo.top_k(%q, k = 2) : tensor<2x4xi8> -> (tensor<2x2xi8>, tensor<2x2xi32>)
  %e4 = hlo.constant dense<[[7, 7], [1, 0]]> : tensor<2x2xi8>
  hlo.custom_call @check.expect_eq(%values, %e4) {has_side_effect = true} : (tensor<2x2xi8>, tensor<2x2xi8>) -> ()
  %e5 = hlo.constant dense<[[2, 3], [3, 0]]> : tensor<2x2xi32>
  hlo.custom_call @check.expect_eq(%indices, %e5) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  return
}
