// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner --device=tpu-sim --no-cache --pipeline-options=chip=v6e %s | FileCheck %s
// RUN: sed 's/dense<\[\[19.0, 22.0\]/dense<[[19.0, 22.5]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED

// Reductions and dots executed by the TPU simulator, each against its
// expected value: row sums with an init value, column maxima, a logical
// or of predicates, an f32 and a bf16 matmul (bf16 result), a matrix-vector
// product. A perturbed expected value fails.
// CHECK: 6 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 5 passed, 1 failed
func.func @main() {
  %x = hlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce(%x init: %one) applies hlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %e0 = hlo.constant dense<[7.0, 16.0]> : tensor<2xf32>
  hlo.custom_call @check.expect_close(%0, %e0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()

  %1 = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %e1 = hlo.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  hlo.custom_call @check.expect_close(%1, %e1) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()

  %p = hlo.constant dense<[[false, false, true], [false, false, false]]> : tensor<2x3xi1>
  %f = hlo.constant dense<false> : tensor<i1>
  %2 = hlo.reduce(%p init: %f) applies hlo.or across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  %e2 = hlo.constant dense<[true, false]> : tensor<2xi1>
  hlo.custom_call @check.expect_eq(%2, %e2) {has_side_effect = true} : (tensor<2xi1>, tensor<2xi1>) -> ()

  %a = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = hlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %3 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %e3 = hlo.constant dense<[[19.0, 22.0], [43.0, 50.0]]> : tensor<2x2xf32>
  hlo.custom_call @check.expect_close(%3, %e3) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()

  %ah = hlo.convert %a : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  %bh = hlo.convert %b : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  %4 = hlo.dot_general %ah, %bh, contracting_dims = [1] x [1] : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xbf16>
  %e4 = hlo.constant dense<[[17.0, 23.0], [39.0, 53.0]]> : tensor<2x2xbf16>
  hlo.custom_call @check.expect_close(%4, %e4) {has_side_effect = true} : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> ()

  %v = hlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %5 = hlo.dot_general %a, %v, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %e5 = hlo.constant dense<[-1.0, -1.0]> : tensor<2xf32>
  hlo.custom_call @check.expect_close(%5, %e5) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
