// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s
// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg --canonicalize | FileCheck %s --check-prefix=CANON

// A reversed window reads the kernel at the loop's position and the input
// at the mirrored tap: the kernel's indexing map stays a projected
// permutation (linalg's folders need an invertible shapes-to-loops map).
// CHECK-DAG: #[[KERNEL:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: func.func @reversed_lhs_dilated
// CHECK:         linalg.generic {indexing_maps = [#[[KERNEL]], #{{.*}}]
// CHECK:           %[[W:.*]] = linalg.index 4 : index
// CHECK:           %[[LAST:.*]] = arith.constant 2 : index
// CHECK:           arith.subi %[[LAST]], %[[W]] : index
// CANON-LABEL: func.func @reversed_lhs_dilated
// CANON:         linalg.generic
func.func @reversed_lhs_dilated(%x: tensor<1x7x7x4xf32>, %k: tensor<3x3x4x8xf32>) -> tensor<1x14x14x8xf32> {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2], reverse = [true, true]}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
       : (tensor<1x7x7x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x14x14x8xf32>
  return %0 : tensor<1x14x14x8xf32>
}

// -----

// bf16 products accumulate in f32; the sum is rounded to bf16 once.
// CHECK-LABEL: func.func @bf16_accumulates_in_f32
// CHECK:         %[[ACC:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:           arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[ACC]] : tensor<1x4x4x8xf32>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
func.func @bf16_accumulates_in_f32(%x: tensor<1x6x6x4xbf16>, %k: tensor<3x3x4x8xbf16>) -> tensor<1x4x4x8xbf16> {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {}
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
       : (tensor<1x6x6x4xbf16>, tensor<3x3x4x8xbf16>) -> tensor<1x4x4x8xbf16>
  return %0 : tensor<1x4x4x8xbf16>
}
