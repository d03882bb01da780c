module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16x4xf32>, %arg3: tensor<16x4xf32>, %arg4: tensor<f32>) -> (tensor<16x4xf32> {jax.result_info = "result[0]"}, tensor<16x4xf32> {jax.result_info = "result[1]"}, tensor<16x4xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %1 = stablehlo.multiply %0, %arg2 : tensor<16x4xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %3 = stablehlo.multiply %2, %arg1 : tensor<16x4xf32>
    %4 = stablehlo.add %1, %3 : tensor<16x4xf32>
    %cst_1 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %6 = stablehlo.multiply %5, %arg3 : tensor<16x4xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %8 = stablehlo.multiply %7, %arg1 : tensor<16x4xf32>
    %9 = stablehlo.multiply %8, %arg1 : tensor<16x4xf32>
    %10 = stablehlo.add %6, %9 : tensor<16x4xf32>
    %cst_3 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %11 = stablehlo.power %cst_3, %arg4 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.subtract %cst_4, %11 : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %14 = stablehlo.divide %4, %13 : tensor<16x4xf32>
    %cst_5 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %15 = stablehlo.power %cst_5, %arg4 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.subtract %cst_6, %15 : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %18 = stablehlo.divide %10, %17 : tensor<16x4xf32>
    %cst_7 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %20 = stablehlo.multiply %19, %14 : tensor<16x4xf32>
    %21 = stablehlo.sqrt %18 : tensor<16x4xf32>
    %cst_8 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %23 = stablehlo.add %21, %22 : tensor<16x4xf32>
    %24 = stablehlo.divide %20, %23 : tensor<16x4xf32>
    %25 = stablehlo.subtract %arg0, %24 : tensor<16x4xf32>
    return %25, %4, %10 : tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x4xf32>
  }
}
