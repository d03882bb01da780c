// reduce_precision of f32 run-time inputs to bf16's format (e8m7) and to
// f16's (e5m10): rounding to nearest even, overflow to inf, underflow to 0,
// NaN kept.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 5 1.00390625 1.01171875 70000 1e-10 nan
// RUN: hlo-runner %s --input %t/x.npy | FileCheck %s

// 1 + 2^-8 ties to even (1), 1 + 3 * 2^-8 rounds up to 1 + 2^-6.
// CHECK:      result #0: tensor<5xf32>
// CHECK-NEXT: [1, 1.015625, 70144, 1.00044417e-10, nan]
// CHECK-NEXT: result #1: tensor<5xf32>
// CHECK-NEXT: [1.00390625, 1.01171875, inf, 0, nan]
func.func @main(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  %0 = hlo.reduce_precision %x, format = e8m7 : tensor<5xf32>
  %1 = hlo.reduce_precision %x, format = e5m10 : tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}
