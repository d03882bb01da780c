// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[8.0, 10.0, 12.0\]/dense<[[8.0, 10.0, 12.5]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/reduce-window.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/reduce-window.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result3.npy %t.cpu/result3.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result4.npy %t.cpu/result4.npy 1e-5 1e-5

// reduce_window on the simulator (and the CPU path), each against its
// expected value: a 2x2 max pool with stride 2, a cumulative sum of i32
// (padding above), and a bf16 sum whose padding counts the init value
// once per padded element (the reduction of the padded array from the
// init value). A perturbed expected value fails. Inputs/reduce-window.mlir
// runs more shapes on generated inputs: the CPU path's results (sums in
// another order within 1e-5), and the cost report's DMA bytes are those
// the simulator counts (DMAs in the loops over window offsets included).
// CHECK: 3 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 2 passed, 1 failed
// COST: tpu-cost total: kernels=1 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0, 17.0, 18.0], [19.0, 20.0, 21.0, 22.0, 23.0, 24.0]]> : tensor<4x6xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  %e0 = hlo.constant dense<[[8.0, 10.0, 12.0], [20.0, 22.0, 24.0]]> : tensor<2x3xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()

  %y = hlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %zi = hlo.constant dense<0> : tensor<i32>
  %1 = "hlo.reduce_window"(%y, %zi) <{window_dimensions = array<i64: 3, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<3x2xi32>
  %e1 = hlo.constant dense<[[1, 2], [4, 6], [9, 12]]> : tensor<3x2xi32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()

  %v = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xbf16>
  %one = hlo.constant dense<1.0> : tensor<bf16>
  %2 = "hlo.reduce_window"(%v, %one) <{window_dimensions = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = hlo.add %a, %b : tensor<bf16>
    hlo.return %s : tensor<bf16>
  }) : (tensor<3xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %e2 = hlo.constant dense<[3.0, 4.0, 6.0, 5.0]> : tensor<4xbf16>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<4xbf16>, tensor<4xbf16>) -> ()
  return
}
