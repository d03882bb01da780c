// pad (with negative and interior padding), reverse, dynamic_slice and
// dynamic_update_slice (start indices clamped), is_finite and
// bitcast_convert on run-time inputs x = [[1, 2, 3], [4, 5, 6]].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 2x3 1 2 3 4 5 6
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i8 "" 1
// RUN: %python %hlo_src_root/utils/npy.py write %t/big.npy i8 "" 9
// RUN: %python %hlo_src_root/utils/npy.py write %t/f.npy f4 4 1 inf nan -2
// RUN: hlo-runner %s --input %t/x.npy --input %t/i.npy --input %t/big.npy --input %t/f.npy | FileCheck %s

// Low [0, -1] cuts column 0; interior 1 between rows; high [1, 0].
// CHECK:      result #0: tensor<4x2xf32>
// CHECK-NEXT: {{\[\[}}2, 3], [0, 0], [5, 6], [0, 0]]
// CHECK-NEXT: result #1: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}6, 5, 4], [3, 2, 1]]
// Start (1, 9) clamps to (1, 1).
// CHECK-NEXT: result #2: tensor<1x2xf32>
// CHECK-NEXT: {{\[\[}}5, 6]]
// CHECK-NEXT: result #3: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}1, 2, 3], [4, 7, 7]]
// CHECK-NEXT: result #4: tensor<4xi1>
// CHECK-NEXT: [true, false, false, true]
// CHECK-NEXT: result #5: tensor<4xi32>
// CHECK-NEXT: [1065353216, 2139095040, 2143289344, -1073741824]
func.func @main(%x: tensor<2x3xf32>, %i: tensor<i64>, %big: tensor<i64>, %f: tensor<4xf32>)
    -> (tensor<4x2xf32>, tensor<2x3xf32>, tensor<1x2xf32>, tensor<2x3xf32>, tensor<4xi1>, tensor<4xi32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %seven = hlo.constant dense<7.0> : tensor<1x2xf32>
  %0 = hlo.pad %x, %zero, low = [0, -1], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  %1 = hlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  %2 = hlo.dynamic_slice %x, %i, %big, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %3 = hlo.dynamic_update_slice %x, %seven, %i, %big : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  %4 = hlo.is_finite %f : (tensor<4xf32>) -> tensor<4xi1>
  %5 = hlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x2xf32>, tensor<2x3xf32>, tensor<1x2xf32>, tensor<2x3xf32>, tensor<4xi1>, tensor<4xi32>
}
