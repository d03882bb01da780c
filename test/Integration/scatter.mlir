// scatter on run-time inputs: rows 3 and 1 of a 4x3 tensor get updates
// added; an out-of-bounds index (7) is skipped; a repeated index (1)
// accumulates both updates.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/input.npy f4 4x3 0 1 2 10 11 12 20 21 22 30 31 32
// RUN: %python %hlo_src_root/utils/npy.py write %t/indices.npy i4 4x1 3 1 7 1
// RUN: %python %hlo_src_root/utils/npy.py write %t/updates.npy f4 4x3 100 200 300 1 2 3 5 5 5 0.5 0.5 0.5
// RUN: hlo-runner %s --input %t/input.npy --input %t/indices.npy --input %t/updates.npy | FileCheck %s

// CHECK:      result #0: tensor<4x3xf32>
// CHECK-NEXT: {{\[\[}}0, 1, 2], [11.5, 13.5, 15.5], [20, 21, 22], [130, 231, 332]]
func.func @main(%input: tensor<4x3xf32>, %indices: tensor<4x1xi32>, %updates: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "hlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%old: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %old, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
