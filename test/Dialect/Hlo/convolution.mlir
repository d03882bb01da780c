// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// RUN: hlo-opt %s -mlir-print-op-generic | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @conv
// CHECK: hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [{{\[}}1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32>
func.func @conv(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32> {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 1], reverse = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32>
  return %0 : tensor<1x6x4x16xf32>
}
