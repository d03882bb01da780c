// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner --device=tpu-sim --no-cache --pipeline-options=chip=v6e %s | FileCheck %s
// RUN: sed 's/dense<\[\[2.0, 7.5, -1.0\]/dense<[[2.0, 7.25, -1.0]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED

// Executed by the TPU simulator, each against its expected value: a row
// and a scalar broadcast, bf16 in (16, 128) registers, predicates as bytes,
// unsigned wrap-around, XLA's integer division by zero, a reshape, and a
// large array in partial blocks at both edges. A perturbed expected value
// fails.
// CHECK: 6 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 5 passed, 1 failed
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[0.5, 1.5, -2.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<2.0> : tensor<f32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %ss = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %0 = stablehlo.add %x, %bb : tensor<2x3xf32>
  %1 = stablehlo.multiply %0, %ss : tensor<2x3xf32>
  %e1 = stablehlo.constant dense<[[3.0, 7.0, 2.0], [9.0, 13.0, 8.0]]> : tensor<2x3xf32>
  stablehlo.custom_call @check.expect_close(%1, %e1) {has_side_effect = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()

  %h = stablehlo.constant dense<[[1.0, -2.0, 3.5], [0.25, 8.0, -1.0]]> : tensor<2x3xbf16>
  %k = stablehlo.constant dense<[[2.0, 7.5, -1.0], [0.5, 1.0, -3.0]]> : tensor<2x3xbf16>
  %2 = stablehlo.maximum %h, %k : tensor<2x3xbf16>
  %e2 = stablehlo.constant dense<[[2.0, 7.5, 3.5], [0.5, 8.0, -1.0]]> : tensor<2x3xbf16>
  stablehlo.custom_call @check.expect_close(%2, %e2) {has_side_effect = true} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> ()

  %3 = stablehlo.compare GT, %h, %k : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xi1>
  %e3 = stablehlo.constant dense<[[false, false, true], [false, true, true]]> : tensor<2x3xi1>
  stablehlo.custom_call @check.expect_eq(%3, %e3) {has_side_effect = true} : (tensor<2x3xi1>, tensor<2x3xi1>) -> ()

  %u = stablehlo.constant dense<[250, 3, 128, 255]> : tensor<4xui8>
  %v = stablehlo.constant dense<[10, 4, 128, 1]> : tensor<4xui8>
  %4 = stablehlo.add %u, %v : tensor<4xui8>
  %e4 = stablehlo.constant dense<[4, 7, 0, 0]> : tensor<4xui8>
  stablehlo.custom_call @check.expect_eq(%4, %e4) {has_side_effect = true} : (tensor<4xui8>, tensor<4xui8>) -> ()

  %n = stablehlo.constant dense<[[7, -7], [9, 5]]> : tensor<2x2xi32>
  %d = stablehlo.constant dense<[[2, 2], [0, -5]]> : tensor<2x2xi32>
  %5 = stablehlo.divide %n, %d : tensor<2x2xi32>
  %6 = stablehlo.reshape %5 : (tensor<2x2xi32>) -> tensor<4xi32>
  %e5 = stablehlo.constant dense<[3, -3, -1, -1]> : tensor<4xi32>
  stablehlo.custom_call @check.expect_eq(%6, %e5) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()

  // 300 x 1000: blocks of 256 x 896, partial at both edges.
  %big = stablehlo.constant dense<1.5> : tensor<300x1000xf32>
  %7 = stablehlo.multiply %big, %big : tensor<300x1000xf32>
  %e7 = stablehlo.constant dense<2.25> : tensor<300x1000xf32>
  stablehlo.custom_call @check.expect_close(%7, %e7) {has_side_effect = true} : (tensor<300x1000xf32>, tensor<300x1000xf32>) -> ()
  return
}
