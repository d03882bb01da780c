// REQUIRES: vulkan
// RUN: hlo-runner --device=vulkan %s | FileCheck %s
// RUN: sed 's/\[\[2.0625,/[[2.125,/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=vulkan %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED

// Executed on the Vulkan device: a row reduction (workgroup memory and
// barriers), bf16 (held as i16, computed in f32), complex numbers (held as
// f32 pairs) and a strided view argument, each against its expected value;
// a perturbed expected value fails.
// CHECK: 4 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 3 passed, 1 failed
func.func @main() {
  %0 = stablehlo.iota dim = 1 : tensor<4x64xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
  %e1 = stablehlo.constant dense<2016.0> : tensor<4xf32>
  stablehlo.custom_call @check.expect_close(%1, %e1) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()

  %b = stablehlo.constant dense<[1.5, -1.5, 2.25, 0.5]> : tensor<4xbf16>
  %bs = stablehlo.multiply %b, %b : tensor<4xbf16>
  %e2 = stablehlo.constant dense<[2.25, 2.25, 5.0625, 2.5e-01]> : tensor<4xbf16>
  stablehlo.custom_call @check.expect_close(%bs, %e2) {has_side_effect = true} : (tensor<4xbf16>, tensor<4xbf16>) -> ()

  %c = stablehlo.constant dense<[(1.0, 2.0), (0.5, -1.0)]> : tensor<2xcomplex<f32>>
  %cs = stablehlo.multiply %c, %c : tensor<2xcomplex<f32>>
  %e3 = stablehlo.constant dense<[(-3.0, 4.0), (-0.75, -1.0)]> : tensor<2xcomplex<f32>>
  stablehlo.custom_call @check.expect_close(%cs, %e3) {has_side_effect = true} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> ()

  %m = stablehlo.constant dense<[[1.0, 1.03125, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %s = stablehlo.slice %m [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %ss = stablehlo.add %s, %s : tensor<2x2xf32>
  %e4 = stablehlo.constant dense<[[2.0625, 4.0], [8.0, 10.0]]> : tensor<2x2xf32>
  stablehlo.custom_call @check.expect_close(%ss, %e4) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
  return
}
