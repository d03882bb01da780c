// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file -mlir-print-op-generic | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @scatter_add
// CHECK:         "hlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}>
// CHECK:         ^bb0(%[[OLD:.*]]: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK:           hlo.add %[[OLD]], %[[NEW]] : tensor<f32>
func.func @scatter_add(%input: tensor<4x3xf32>, %indices: tensor<2x1xi32>, %updates: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %old, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Two inputs, batching dimensions and flags.
// CHECK-LABEL: func.func @scatter_batched
// CHECK:         #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true
func.func @scatter_batched(%a: tensor<2x5x3xf32>, %b: tensor<2x5x3xi32>, %indices: tensor<2x4x1xi64>, %ua: tensor<2x4x3xf32>, %ub: tensor<2x4x3xi32>) -> (tensor<2x5x3xf32>, tensor<2x5x3xi32>) {
  %0:2 = "hlo.scatter"(%a, %b, %indices, %ua, %ub) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>, %nx: tensor<f32>, %ny: tensor<i32>):
    hlo.return %nx, %ny : tensor<f32>, tensor<i32>
  }) : (tensor<2x5x3xf32>, tensor<2x5x3xi32>, tensor<2x4x1xi64>, tensor<2x4x3xf32>, tensor<2x4x3xi32>) -> (tensor<2x5x3xf32>, tensor<2x5x3xi32>)
  return %0#0, %0#1 : tensor<2x5x3xf32>, tensor<2x5x3xi32>
}
