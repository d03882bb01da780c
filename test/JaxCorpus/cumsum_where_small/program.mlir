module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x16xf32>) -> (tensor<4x16xf32> {jax.result_info = "result[0]"}, tensor<4x16xi32> {jax.result_info = "result[1]"}) {
    %0 = call @cumsum(%arg0) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %2 = stablehlo.compare GT, %0, %1, FLOAT : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xi1>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %4 = stablehlo.multiply %3, %0 : tensor<4x16xf32>
    %5 = call @_where(%2, %0, %4) : (tensor<4x16xi1>, tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %7 = stablehlo.compare GT, %arg0, %6, FLOAT : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xi1>
    %8 = call @cumsum_1(%7) : (tensor<4x16xi1>) -> tensor<4x16xi32>
    return %5, %8 : tensor<4x16xf32>, tensor<4x16xi32>
  }
  func.func private @cumsum(%arg0: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [15, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 16>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    return %1 : tensor<4x16xf32>
  }
  func.func private @_where(%arg0: tensor<4x16xi1>, %arg1: tensor<4x16xf32>, %arg2: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x16xi1>, tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
  func.func private @cumsum_1(%arg0: tensor<4x16xi1>) -> tensor<4x16xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<4x16xi1>) -> tensor<4x16xi32>
    %1 = call @cumsum_2(%0) : (tensor<4x16xi32>) -> tensor<4x16xi32>
    return %1 : tensor<4x16xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<4x16xi32>) -> tensor<4x16xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4x16xi32>, tensor<i32>) -> tensor<4x16xi32>
    return %1 : tensor<4x16xi32>
  }
}
