// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[5.0, 3.0, 8.0\]>/dense<[5.0, 3.0, 7.0]>/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/reduce-window-body.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --generate-inputs %S/Inputs/reduce-window-body.mlir --output %t.tpu
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-5 1e-5

// reduce_window with a body of several elementwise ops, applied to
// registers, on the simulator (and the CPU path), against expected values:
// a maximum written as compare and select (windows of 2, strides 2) and
// an i32 minimum the same way over 2x2 windows. A perturbed value fails.
// Inputs/reduce-window-body.mlir is a cumulative log-sum-exp of generated
// rows (the body log(exp(a) + exp(b)), a window over the whole row padded
// before it with the init value -inf): within 1e-5 of the CPU path.
// CHECK: 2 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 1 passed, 1 failed
func.func @main() {
  %x = hlo.constant dense<[1.0, 5.0, 3.0, 2.0, 8.0, 0.0]> : tensor<6xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<3xf32>
  %e0 = hlo.constant dense<[5.0, 3.0, 8.0]> : tensor<3xf32>
  hlo.custom_call @check.expect_eq(%0, %e0) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()

  %y = hlo.constant dense<[[4, 2, 7], [3, 5, 1]]> : tensor<2x3xi32>
  %max = hlo.constant dense<2147483647> : tensor<i32>
  %1 = "hlo.reduce_window"(%y, %max) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %m = hlo.select %lt, %a, %b : tensor<i1>, tensor<i32>
    hlo.return %m : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<1x2xi32>
  %e1 = hlo.constant dense<[[2, 1]]> : tensor<1x2xi32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<1x2xi32>, tensor<1x2xi32>) -> ()
  return
}
