// RUN: hlo-opt %s --hlo-legalize-to-linalg | FileCheck %s
// RUN: hlo-opt %s --hlo-legalize-to-linalg=row-loops=false | FileCheck %s --check-prefix=ELEMENTS

// A loop nest over the update indices carries the result; each iteration
// reads the index, bounds-checks, combines and inserts. (The windows, two
// of the three columns, are not whole rows.)
// CHECK-LABEL: func.func @scatter_add
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %c0 to %c2 step %c1 iter_args(%[[A0:.*]] = %arg0) -> (tensor<4x3xf32>)
// CHECK:           scf.for %[[J:.*]] = %c0 to %c2{{.*}} step %c1 iter_args(%[[A1:.*]] = %[[A0]]) -> (tensor<4x3xf32>)
// CHECK:             %[[RAW:.*]] = tensor.extract %arg1[%[[I]], %{{.*}}] : tensor<2x1xi32>
// CHECK:             %[[START:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:             %[[ROW:.*]] = arith.addi %c0, %[[START]] : index
// CHECK:             %[[COL:.*]] = arith.addi %c0, %[[J]] : index
// CHECK:             arith.cmpi slt, %[[ROW]], %c4 : index
// CHECK:             scf.if %{{.*}} -> (tensor<4x3xf32>) {
// CHECK:               %[[OLD:.*]] = tensor.extract %[[A1]][%[[ROW]], %[[COL]]] : tensor<4x3xf32>
// CHECK:               %[[NEW:.*]] = tensor.extract %arg2[%[[I]], %[[J]]] : tensor<2x2xf32>
// CHECK:               %[[SUM:.*]] = arith.addf %[[OLD]], %[[NEW]] : f32
// CHECK:               %[[INS:.*]] = tensor.insert %[[SUM]] into %[[A1]][%[[ROW]], %[[COL]]] : tensor<4x3xf32>
// CHECK:               scf.yield %[[INS]] : tensor<4x3xf32>
// CHECK:             } else {
// CHECK:               scf.yield %[[A1]] : tensor<4x3xf32>
// CHECK:         return %[[R]] : tensor<4x3xf32>
func.func @scatter_add(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x2xf32>) -> tensor<4x3xf32> {
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %old, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Windows of whole rows (segment_sum): a loop over the updates only, each
// adding a whole row (a linalg.generic of the combiner, vectorized later)
// when the row index is in bounds.
// With row-loops=false (the GPU pipeline), the element loop over every
// update dimension instead.
// CHECK-LABEL: func.func @scatter_add_rows
// ELEMENTS-LABEL: func.func @scatter_add_rows
// ELEMENTS:         scf.for %{{.*}} = %c0 to %c5 step %c1
// ELEMENTS:           scf.for %{{.*}} = %c0 to %c3 step %c1
// ELEMENTS-NOT:       tensor.extract_slice
// ELEMENTS:           tensor.insert %{{.*}} into
// CHECK:         scf.for %[[I:.*]] = %c0 to %c5 step %c1 iter_args(%[[A:.*]] = %arg0) -> (tensor<4x3xf32>)
// CHECK:           %[[RAW:.*]] = tensor.extract %arg1[%[[I]], %{{.*}}] : tensor<5x1xi32>
// CHECK:           %[[ROW:.*]] = arith.addi %c0, %{{.*}} : index
// CHECK:           scf.if %{{.*}} -> (tensor<4x3xf32>) {
// CHECK:             %[[OLD:.*]] = tensor.extract_slice %[[A]][%[[ROW]], 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<3xf32>
// CHECK:             %[[NEW:.*]] = tensor.extract_slice %arg2[%[[I]], 0] [1, 3] [1, 1] : tensor<5x3xf32> to tensor<3xf32>
// CHECK:             %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[OLD]], %[[NEW]] : tensor<3xf32>, tensor<3xf32>) outs(%[[OLD]] : tensor<3xf32>)
// CHECK:               arith.addf
// CHECK:             tensor.insert_slice %[[SUM]] into %[[A]][%[[ROW]], 0] [1, 3] [1, 1]
// CHECK:           } else {
// CHECK:             scf.yield %[[A]] : tensor<4x3xf32>
func.func @scatter_add_rows(%input: tensor<4x3xf32>, %indices: tensor<5x1xi32>, %updates: tensor<5x3xf32>) -> tensor<4x3xf32> {
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %old, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<5x1xi32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
