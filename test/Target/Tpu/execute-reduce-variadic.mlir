// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner --device=tpu-sim --no-cache --pipeline-options=chip=v6e %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[1, 2\]> : tensor<2xi32>/dense<[1, 3]> : tensor<2xi32>/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/reduce-variadic.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/reduce-variadic.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result3.npy %t.cpu/result3.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result4.npy %t.cpu/result4.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result5.npy %t.cpu/result5.npy 0 0

// Reductions of several arrays and reductions whose body is not one
// combiner, on the simulator (and the CPU path), each against its
// expected value: the (value, index) pairs of an argmax of f32 rows (ties
// to the lower index), an argmin of bf16 columns (16-row registers beside
// the indices' 8-row ones), an argmax of i8 rows (32-row registers), a
// maximum written as compare and select, and two independent reductions
// of one reduce (a bf16 maximum from an init value that is not the
// identity, an i32 minimum); a perturbed value fails.
// Inputs/reduce-variadic.mlir reduces generated arrays over several
// blocks: bit for bit the CPU path's results, and the cost report's DMA
// bytes are the simulator's.
// CHECK: 9 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 8 passed, 1 failed
// COST: tpu-cost total: kernels=5 dma_bytes=[[BYTES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]]
func.func @main() {
  %x = hlo.constant dense<[[1.0, 5.0, 5.0, 2.0], [-1.0, -3.0, 7.0, 7.0]]> : tensor<2x4xf32>
  %xi = hlo.iota dim = 1 : tensor<2x4xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zi = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%x init: %ninf), (%xi init: %zi) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = hlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %take = hlo.or %gt, %nan : tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %takei = hlo.or %take, %tie : tensor<i1>
    %v = hlo.select %take, %a, %c : tensor<i1>, tensor<f32>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  %e0 = hlo.constant dense<[5.0, 7.0]> : tensor<2xf32>
  hlo.custom_call @check.expect_eq(%0#0, %e0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %e1 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  hlo.custom_call @check.expect_eq(%0#1, %e1) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()

  %h = hlo.constant dense<[[2.0, 1.0, 3.0], [0.0, 1.0, 4.0], [2.0, -1.0, 4.0]]> : tensor<3x3xbf16>
  %hi = hlo.iota dim = 0 : tensor<3x3xi32>
  %hinf = hlo.constant dense<0x7F80> : tensor<bf16>
  %1:2 = hlo.reduce(%h init: %hinf), (%hi init: %zi) across dimensions = [0] : (tensor<3x3xbf16>, tensor<3x3xi32>, tensor<bf16>, tensor<i32>) -> (tensor<3xbf16>, tensor<3xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%b: tensor<i32>, %d: tensor<i32>) {
    %lt = hlo.compare LT, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %lti = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lti : tensor<i1>
    %takei = hlo.or %lt, %tie : tensor<i1>
    %v = hlo.select %lt, %a, %c : tensor<i1>, tensor<bf16>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<bf16>, tensor<i32>
  }
  %e2 = hlo.constant dense<[0.0, -1.0, 3.0]> : tensor<3xbf16>
  hlo.custom_call @check.expect_eq(%1#0, %e2) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  %e3 = hlo.constant dense<[1, 2, 0]> : tensor<3xi32>
  hlo.custom_call @check.expect_eq(%1#1, %e3) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()

  %q = hlo.constant dense<[[3, -2, 9, 9, 1], [-7, -7, -8, 0, 0]]> : tensor<2x5xi8>
  %qi = hlo.iota dim = 1 : tensor<2x5xi32>
  %qmin = hlo.constant dense<-128> : tensor<i8>
  %2:2 = hlo.reduce(%q init: %qmin), (%qi init: %zi) across dimensions = [1] : (tensor<2x5xi8>, tensor<2x5xi32>, tensor<i8>, tensor<i32>) -> (tensor<2xi8>, tensor<2xi32>)
   reducer(%a: tensor<i8>, %c: tensor<i8>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = hlo.compare GT, %a, %c : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %c : (tensor<i8>, tensor<i8>) -> tensor<i1>
    %lti = hlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lti : tensor<i1>
    %takei = hlo.or %gt, %tie : tensor<i1>
    %v = hlo.select %gt, %a, %c : tensor<i1>, tensor<i8>
    %i = hlo.select %takei, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<i8>, tensor<i32>
  }
  %e4 = hlo.constant dense<[9, 0]> : tensor<2xi8>
  hlo.custom_call @check.expect_eq(%2#0, %e4) {has_side_effect = true} : (tensor<2xi8>, tensor<2xi8>) -> ()
  %e5 = hlo.constant dense<[2, 3]> : tensor<2xi32>
  hlo.custom_call @check.expect_eq(%2#1, %e5) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()

  %m = hlo.constant dense<[[1.0, 2.0, 3.0], [6.0, 5.0, 4.0]]> : tensor<2x3xf32>
  %3 = hlo.reduce(%m init: %ninf) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    hlo.return %v : tensor<f32>
  }
  %e6 = hlo.constant dense<[3.0, 6.0]> : tensor<2xf32>
  hlo.custom_call @check.expect_eq(%3, %e6) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()

  %u = hlo.constant dense<[[1.0, 7.0, -2.0], [4.0, 0.0, -3.0]]> : tensor<2x3xbf16>
  %w = hlo.constant dense<[[5, -1, 2], [0, 6, 2]]> : tensor<2x3xi32>
  %three = hlo.constant dense<3.0> : tensor<bf16>
  %4:2 = hlo.reduce(%u init: %three), (%w init: %zi) across dimensions = [0] : (tensor<2x3xbf16>, tensor<2x3xi32>, tensor<bf16>, tensor<i32>) -> (tensor<3xbf16>, tensor<3xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%b: tensor<i32>, %d: tensor<i32>) {
    %v = hlo.maximum %a, %c : tensor<bf16>
    %i = hlo.minimum %b, %d : tensor<i32>
    hlo.return %v, %i : tensor<bf16>, tensor<i32>
  }
  %e7 = hlo.constant dense<[4.0, 7.0, 3.0]> : tensor<3xbf16>
  hlo.custom_call @check.expect_eq(%4#0, %e7) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  %e8 = hlo.constant dense<[0, -1, 0]> : tensor<3xi32>
  hlo.custom_call @check.expect_eq(%4#1, %e8) {has_side_effect = true} : (tensor<3xi32>, tensor<3xi32>) -> ()
  return
}
