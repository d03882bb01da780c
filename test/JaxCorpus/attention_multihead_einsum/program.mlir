module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x5x4xf32>, %arg1: tensor<2x3x6x4xf32>, %arg2: tensor<2x3x6x4xf32>, %arg3: tensor<2xi32>) -> (tensor<2x3x5x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x3x5x4xf32>, tensor<2x3x6x4xf32>) -> tensor<2x3x5x6xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x5x6xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x3x5x6xf32>
    %3 = stablehlo.iota dim = 0 : tensor<6xi32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<6xi32>) -> tensor<1x6xi32>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x6xi32>) -> tensor<2x6xi32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x6xi32>
    %8 = stablehlo.compare LT, %6, %7, SIGNED : (tensor<2x6xi32>, tensor<2x6xi32>) -> tensor<2x6xi1>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 3] : (tensor<2x6xi1>) -> tensor<2x1x1x6xi1>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = call @_where(%9, %2, %cst_0) : (tensor<2x1x1x6xi1>, tensor<2x3x5x6xf32>, tensor<f32>) -> tensor<2x3x5x6xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x5x6xf32>, tensor<f32>) -> tensor<2x3x5xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x3x5xf32>
    %13 = stablehlo.maximum %12, %11 : tensor<2x3x5xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x3x5xf32>) -> tensor<2x3x5x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<2x3x5x1xf32>) -> tensor<2x3x5x6xf32>
    %16 = stablehlo.subtract %10, %15 : tensor<2x3x5x6xf32>
    %17 = stablehlo.exponential %16 : tensor<2x3x5x6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x3x5x6xf32>, tensor<f32>) -> tensor<2x3x5xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<2x3x5xf32>) -> tensor<2x3x5x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<2x3x5x1xf32>) -> tensor<2x3x5x6xf32>
    %21 = stablehlo.divide %17, %20 : tensor<2x3x5x6xf32>
    %22 = stablehlo.dot_general %21, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x3x5x6xf32>, tensor<2x3x6x4xf32>) -> tensor<2x3x5x4xf32>
    return %22 : tensor<2x3x5x4xf32>
  }
  func.func private @_where(%arg0: tensor<2x1x1x6xi1>, %arg1: tensor<2x3x5x6xf32>, %arg2: tensor<f32>) -> tensor<2x3x5x6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<2x1x1x6xi1>) -> tensor<2x3x5x6xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x3x5x6xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x3x5x6xi1>, tensor<2x3x5x6xf32>
    return %3 : tensor<2x3x5x6xf32>
  }
}
