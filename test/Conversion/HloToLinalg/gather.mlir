// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// An embedding lookup (slices of whole rows): a loop over the indices, each
// copying one row (extract_slice at the clamped start, insert_slice).
// CHECK-LABEL: func.func @embedding_rows
// CHECK:         scf.for %[[I:.*]] = %c0 to %c7 step %c1 iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<7x5xf32>)
// CHECK:           %[[RAW:.*]] = tensor.extract %arg1[%[[I]], %{{.*}}] : tensor<7x1xi32>
// CHECK:           %[[CAST:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[LO:.*]] = arith.maxsi %[[CAST]], %{{.*}} : index
// CHECK:           %[[START:.*]] = arith.minsi %[[LO]], %c9 : index
// CHECK:           %[[ROW:.*]] = arith.addi %{{.*}}, %[[START]] : index
// CHECK:           %[[SLICE:.*]] = tensor.extract_slice %arg0[%[[ROW]], 0] [1, 5] [1, 1] : tensor<10x5xf32> to tensor<5xf32>
// CHECK:           tensor.insert_slice %[[SLICE]] into %[[A]][%[[I]], 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<7x5xf32>
func.func @embedding_rows(%table: tensor<10x5xf32>, %ids: tensor<7x1xi32>) -> tensor<7x5xf32> {
  %0 = "hlo.gather"(%table, %ids) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<10x5xf32>, tensor<7x1xi32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// -----

// Slices of part of a row: the element-wise generic.
// CHECK-LABEL: func.func @partial_rows
// CHECK-NOT:     scf.for
// CHECK:         linalg.generic
// CHECK:           tensor.extract %arg0
func.func @partial_rows(%table: tensor<10x5xf32>, %ids: tensor<7x1xi32>) -> tensor<7x3xf32> {
  %0 = "hlo.gather"(%table, %ids) <{dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<10x5xf32>, tensor<7x1xi32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}
