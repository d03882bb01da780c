module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<8x6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<8x6xf32>, %arg5: tensor<6xf32>) -> (tensor<8x6xf32> {jax.result_info = "result[0]"}, tensor<8x6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
    %1 = stablehlo.multiply %0, %arg4 : tensor<8x6xf32>
    %2 = stablehlo.add %1, %arg2 : tensor<8x6xf32>
    %cst_0 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<8x6xf32>
    %5 = stablehlo.add %2, %4 : tensor<8x6xf32>
    %cst_1 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<8x6xf32>
    %8 = stablehlo.subtract %arg0, %7 : tensor<8x6xf32>
    %cst_2 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %10 = stablehlo.multiply %9, %arg5 : tensor<6xf32>
    %11 = stablehlo.add %10, %arg3 : tensor<6xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.multiply %12, %arg1 : tensor<6xf32>
    %14 = stablehlo.add %11, %13 : tensor<6xf32>
    %cst_4 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<6xf32>
    %17 = stablehlo.subtract %arg1, %16 : tensor<6xf32>
    return %8, %5, %17, %14 : tensor<8x6xf32>, tensor<8x6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
