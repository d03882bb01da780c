// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<4x16xf32>)
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[F]] : tensor<4x16xf32>)
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul
// CHECK:         linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x16xf32>)
func.func @batch_matmul(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>) -> tensor<2x4x16xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

// Loops: (lhs free, rhs free, contracting).
// CHECK-DAG:   #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic_contraction
// CHECK:         linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:           %[[M:.*]] = arith.mulf
// CHECK:           arith.addf %{{.*}}, %[[M]] : f32
func.func @generic_contraction(%a: tensor<8x4xf32>, %b: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<8x4xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// bf16 operands accumulate in the f32 result type.
// CHECK-LABEL: func.func @mixed_precision
// CHECK:         ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK:           %[[AW:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK:           %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK:           %[[M:.*]] = arith.mulf %[[AW]], %[[BW]] : f32
// CHECK:           arith.addf %[[ACC]], %[[M]] : f32
func.func @mixed_precision(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
