// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[100, 110, 100, 100\]/dense<[[100, 111, 100, 100]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/select-and-scatter.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/select-and-scatter.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-6 1e-6
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0

// select_and_scatter on the simulator (and the CPU path), each against its
// expected value: a max-pool gradient of a vector (windows 2, strides 2),
// overlapping windows (3, stride 1) that select the same element twice
// (its gradients add), and a 2x2 min-pool gradient of i32 rows from an
// init value of 100. A perturbed value fails. Inputs/select-and-scatter.mlir
// does max-pool gradients of generated arrays (3x3 windows of stride 2 over
// NHWC, overlapping; i32 rows): within 1e-6 of the CPU path (f32) and bit
// for bit (i32), and the cost report's DMA bytes are the simulator's.
// CHECK: 3 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 2 passed, 1 failed
// COST: tpu-cost total: kernels=1 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %x = hlo.constant dense<[1.0, 5.0, 3.0, 2.0]> : tensor<4xf32>
  %v = hlo.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %0 = "hlo.select_and_scatter"(%x, %v, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  %e0 = hlo.constant dense<[0.0, 10.0, 20.0, 0.0]> : tensor<4xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()

  %y = hlo.constant dense<[1.0, 9.0, 2.0, 3.0]> : tensor<4xf32>
  %t = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "hlo.select_and_scatter"(%y, %t, %z) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  %e1 = hlo.constant dense<[0.0, 3.0, 0.0, 0.0]> : tensor<4xf32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()

  %h = hlo.constant dense<100> : tensor<i32>
  %w = hlo.constant dense<[[4, 2, 7, 7], [3, 5, 1, 7]]> : tensor<2x4xi32>
  %u = hlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %2 = "hlo.select_and_scatter"(%w, %u, %h) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare LE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>) -> tensor<2x4xi32>
  %e2 = hlo.constant dense<[[100, 110, 100, 100], [100, 100, 120, 100]]> : tensor<2x4xi32>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<2x4xi32>, tensor<2x4xi32>) -> ()
  return
}
