module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x8xf32>, %arg1: tensor<24xi32>, %arg2: tensor<24xi32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<4x3xi32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_0 = stablehlo.constant dense<32> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<24xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<24xi1>, tensor<24xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<24xi32>) -> tensor<24x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<32x8xf32>, tensor<24x1xi32>) -> tensor<24x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<24xi32>) -> tensor<24x1xi32>
    %9 = "stablehlo.scatter"(%7, %8, %6) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %12 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %12 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<24x1xi32>, tensor<24x8xf32>) -> tensor<4x8xf32>
    %10 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<32x8xf32>) -> tensor<8x32xf32>
    %11 = stablehlo.dot_general %9, %10, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x32xf32>) -> tensor<4x32xf32>
    %values, %indices = chlo.top_k(%11, k = 3) : tensor<4x32xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)
    return %values, %indices : tensor<4x3xf32>, tensor<4x3xi32>
  }
}
