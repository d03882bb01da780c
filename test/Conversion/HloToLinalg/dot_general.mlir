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


// Both operands transposed (contracting dimension first in the lhs, last in
// the rhs): a matmul with permuted indexing maps, no copy.
// CHECK-DAG:   #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed_operands
// CHECK:         linalg.matmul indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]] ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<16x8xf32>)
func.func @transposed_operands(%a: tensor<8x4xf32>, %b: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<8x4xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// bf16 operands accumulate in the f32 result type: widened once, then an
// f32 matmul.
// CHECK-LABEL: func.func @mixed_precision
// CHECK:         %[[AW:.*]] = linalg.generic
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[BW:.*]] = linalg.generic
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.matmul ins(%[[AW]], %[[BW]] : tensor<4x8xf32>, tensor<8x16xf32>)
func.func @mixed_precision(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// A bf16 result accumulates in f32 and is rounded once at the end, as in
// XLA (not a bf16 accumulator).
// CHECK-LABEL: func.func @bf16_result
// CHECK:         %[[P:.*]] = linalg.matmul ins({{.*}} : tensor<4x8xf32>, tensor<8x16xf32>) outs({{.*}} : tensor<4x16xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<4x16xf32>) outs({{.*}} : tensor<4x16xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
func.func @bf16_result(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xbf16> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  return %0 : tensor<4x16xbf16>
}

// -----

// Attention's q.k^T: batch first, both operands contracting their minor
// dimension: a batch_matmul reading k^T in place.
// CHECK-DAG:   #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @q_k_transposed
// CHECK:         linalg.batch_matmul indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]] ins(%arg0, %arg1 : tensor<8x64x32xf32>, tensor<8x48x32xf32>)
func.func @q_k_transposed(%q: tensor<8x64x32xf32>, %k: tensor<8x48x32xf32>) -> tensor<8x64x48xf32> {
  %0 = hlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<8x64x32xf32>, tensor<8x48x32xf32>) -> tensor<8x64x48xf32>
  return %0 : tensor<8x64x48xf32>
}

// -----

// Two batch dimensions (batch, heads) and unit dimensions collapse into one
// batch loop (views), the result expands back.
// CHECK-LABEL: func.func @two_batch_dims
// CHECK-DAG:     %[[Q:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2], [3], [4]] : tensor<2x3x1x16x8xf32> into tensor<6x16x8xf32>
// CHECK-DAG:     %[[K:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2], [3]] : tensor<2x3x24x8xf32> into tensor<6x24x8xf32>
// CHECK:         %[[P:.*]] = linalg.batch_matmul {{.*}} ins(%[[Q]], %[[K]] : tensor<6x16x8xf32>, tensor<6x24x8xf32>) outs({{.*}} : tensor<6x16x24xf32>)
// CHECK:         tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2], [3], [4]] output_shape [2, 3, 1, 16, 24] : tensor<6x16x24xf32> into tensor<2x3x1x16x24xf32>
func.func @two_batch_dims(%q: tensor<2x3x1x16x8xf32>, %k: tensor<2x3x24x8xf32>) -> tensor<2x3x1x16x24xf32> {
  %0 = hlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [4] x [3] : (tensor<2x3x1x16x8xf32>, tensor<2x3x24x8xf32>) -> tensor<2x3x1x16x24xf32>
  return %0 : tensor<2x3x1x16x24xf32>
}

// -----

// Batch dimensions that are not leading: one permuting copy each into
// (batch, m, k) and (batch, k, n).
// CHECK-DAG:   #[[PERM:.*]] = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
// CHECK-LABEL: func.func @permuted
// CHECK:         linalg.generic {indexing_maps = [#[[PERM]], {{.*}}]{{.*}} ins(%arg0 : tensor<33x4x17xf32>) outs({{.*}} : tensor<4x33x17xf32>)
// CHECK:         linalg.generic {{.*}} ins(%arg1 : tensor<17x4x70xf32>) outs({{.*}} : tensor<4x17x70xf32>)
// CHECK:         linalg.batch_matmul ins({{.*}} : tensor<4x33x17xf32>, tensor<4x17x70xf32>)
func.func @permuted(%a: tensor<33x4x17xf32>, %b: tensor<17x4x70xf32>) -> tensor<4x33x70xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [2] x [0] : (tensor<33x4x17xf32>, tensor<17x4x70xf32>) -> tensor<4x33x70xf32>
  return %0 : tensor<4x33x70xf32>
}

// -----

// Several contracting dimensions, adjacent and in order: one k (a view).
// CHECK-LABEL: func.func @two_contracting_dims
// CHECK:         %[[A:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<12x5x7xf32> into tensor<12x35xf32>
// CHECK:         %[[B:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<5x7x9xf32> into tensor<35x9xf32>
// CHECK:         linalg.matmul ins(%[[A]], %[[B]] : tensor<12x35xf32>, tensor<35x9xf32>)
func.func @two_contracting_dims(%a: tensor<12x5x7xf32>, %b: tensor<5x7x9xf32>) -> tensor<12x9xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1, 2] x [0, 1] : (tensor<12x5x7xf32>, tensor<5x7x9xf32>) -> tensor<12x9xf32>
  return %0 : tensor<12x9xf32>
}

// -----

// Matrix-vector products: contiguous along k -> matvec; a transposed matrix
// -> vecmat; a vector times a matrix (also a column matrix of unit width).
// CHECK-LABEL: func.func @matvec
// CHECK:         linalg.matvec ins(%arg0, %arg1 : tensor<97x83xf32>, tensor<83xf32>)
// CHECK-LABEL: func.func @matvec_transposed
// CHECK:         linalg.vecmat ins(%arg1, %arg0 : tensor<83xf32>, tensor<83x97xf32>)
// CHECK-LABEL: func.func @vecmat
// CHECK:         linalg.vecmat ins(%arg0, %arg1 : tensor<83xf32>, tensor<83x61xf32>)
// CHECK-LABEL: func.func @column
// CHECK:         %[[B:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<19x1xf32> into tensor<19xf32>
// CHECK:         %[[P:.*]] = linalg.matvec ins(%arg0, %[[B]] : tensor<37x19xf32>, tensor<19xf32>)
// CHECK:         tensor.expand_shape %[[P]] {{\[\[}}0, 1]] output_shape [37, 1] : tensor<37xf32> into tensor<37x1xf32>
// CHECK-LABEL: func.func @batch_matvec
// CHECK:         linalg.batch_matvec ins(%arg0, %arg1 : tensor<4x33x70xf32>, tensor<4x70xf32>)
func.func @matvec(%a: tensor<97x83xf32>, %x: tensor<83xf32>) -> tensor<97xf32> {
  %0 = hlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<97x83xf32>, tensor<83xf32>) -> tensor<97xf32>
  return %0 : tensor<97xf32>
}
func.func @matvec_transposed(%a: tensor<83x97xf32>, %x: tensor<83xf32>) -> tensor<97xf32> {
  %0 = hlo.dot_general %a, %x, contracting_dims = [0] x [0] : (tensor<83x97xf32>, tensor<83xf32>) -> tensor<97xf32>
  return %0 : tensor<97xf32>
}
func.func @vecmat(%x: tensor<83xf32>, %b: tensor<83x61xf32>) -> tensor<61xf32> {
  %0 = hlo.dot_general %x, %b, contracting_dims = [0] x [0] : (tensor<83xf32>, tensor<83x61xf32>) -> tensor<61xf32>
  return %0 : tensor<61xf32>
}
func.func @column(%a: tensor<37x19xf32>, %b: tensor<19x1xf32>) -> tensor<37x1xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x19xf32>, tensor<19x1xf32>) -> tensor<37x1xf32>
  return %0 : tensor<37x1xf32>
}
func.func @batch_matvec(%a: tensor<4x33x70xf32>, %x: tensor<4x70xf32>) -> tensor<4x33xf32> {
  %0 = hlo.dot_general %a, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x33x70xf32>, tensor<4x70xf32>) -> tensor<4x33xf32>
  return %0 : tensor<4x33xf32>
}

// -----

// Integer dots take the vectorizable forms: narrow operands are extended
// to the result's type (sign- or zero-extended by their signedness) in one
// pass, and the product is a matmul of one integer type.
// CHECK-LABEL: func.func @integer
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<4x8xi32>, tensor<8x16xi32>) outs(%{{.*}} : tensor<4x16xi32>)
// CHECK-LABEL: func.func @int8_into_int32
// CHECK:         linalg.generic
// CHECK:           arith.extsi %{{.*}} : i8 to i32
// CHECK:         linalg.generic
// CHECK:           arith.extsi %{{.*}} : i8 to i32
// CHECK:         linalg.matmul {{.*}} : tensor<4x8xi32>, tensor<16x8xi32>) outs(%{{.*}} : tensor<4x16xi32>)
// CHECK-LABEL: func.func @uint16_into_int64
// CHECK:         linalg.generic
// CHECK:           arith.extui %{{.*}} : i16 to i64
// CHECK:         linalg.generic
// CHECK:           arith.extui %{{.*}} : i16 to i64
// CHECK:         linalg.matmul {{.*}} outs(%{{.*}} : tensor<4x16xi64>)

// Not the vectorizable forms: results narrower than 32 bits or than an
// operand, i1, dots without contraction (outer products) and dot products
// keep the generic contraction over (batch..., lhs free..., rhs free...,
// contracting...) loops.
// CHECK-LABEL: func.func @int8_result
// CHECK-NOT:     linalg.matmul
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:           arith.muli
// CHECK-LABEL: func.func @int64_into_int32
// CHECK-NOT:     linalg.matmul
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-LABEL: func.func @outer
// CHECK-NOT:     linalg.matmul
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK-LABEL: func.func @dot_product
// CHECK-NOT:     linalg.matvec
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction"]
func.func @integer(%a: tensor<4x8xi32>, %b: tensor<8x16xi32>) -> tensor<4x16xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xi32>, tensor<8x16xi32>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}
func.func @int8_into_int32(%a: tensor<4x8xi8>, %b: tensor<16x8xi8>) -> tensor<4x16xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<4x8xi8>, tensor<16x8xi8>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}
func.func @uint16_into_int64(%a: tensor<4x8xui16>, %b: tensor<8x16xui16>) -> tensor<4x16xi64> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xui16>, tensor<8x16xui16>) -> tensor<4x16xi64>
  return %0 : tensor<4x16xi64>
}
func.func @int8_result(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>) -> tensor<4x16xi8> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xi8>, tensor<8x16xi8>) -> tensor<4x16xi8>
  return %0 : tensor<4x16xi8>
}
func.func @int64_into_int32(%a: tensor<4x8xi64>, %b: tensor<8x16xi64>) -> tensor<4x16xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xi64>, tensor<8x16xi64>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}
func.func @outer(%a: tensor<7xf32>, %b: tensor<9xf32>) -> tensor<7x9xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<7xf32>, tensor<9xf32>) -> tensor<7x9xf32>
  return %0 : tensor<7x9xf32>
}
func.func @dot_product(%a: tensor<83xf32>, %b: tensor<83xf32>) -> tensor<f32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<83xf32>, tensor<83xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
