module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xi1> {jax.result_info = "result[1]"}, tensor<6xi1> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<6xf32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.subtract %arg0, %0 : tensor<6xf32>
    %2 = stablehlo.divide %arg0, %1 : tensor<6xf32>
    %3 = stablehlo.log %arg0 : tensor<6xf32>
    %4 = call @nan_to_num(%3) : (tensor<6xf32>) -> tensor<6xf32>
    %5 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %6 = call @isinf(%2) : (tensor<6xf32>) -> tensor<6xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.compare GT, %arg0, %7, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %9 = call @_where_0(%8, %3, %cst_1) : (tensor<6xi1>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
    %10 = call @nanmean(%9) : (tensor<6xf32>) -> tensor<f32>
    %c = stablehlo.constant dense<-2> : tensor<i32>
    %c_2 = stablehlo.constant dense<2> : tensor<i32>
    %11 = call @clip(%2, %c, %c_2) : (tensor<6xf32>, tensor<i32>, tensor<i32>) -> tensor<6xf32>
    return %4, %5, %6, %10, %11 : tensor<6xf32>, tensor<6xi1>, tensor<6xi1>, tensor<f32>, tensor<6xf32>
  }
  func.func private @nan_to_num(%arg0: tensor<6xf32>) -> tensor<6xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<6xi1>, tensor<f32>, tensor<6xf32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %3 = stablehlo.compare EQ, %1, %2, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_1 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %4 = call @_where(%3, %cst_1, %1) : (tensor<6xi1>, tensor<f32>, tensor<6xf32>) -> tensor<6xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.compare EQ, %4, %5, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_3 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %7 = call @_where(%6, %cst_3, %4) : (tensor<6xi1>, tensor<f32>, tensor<6xf32>) -> tensor<6xf32>
    return %7 : tensor<6xf32>
  }
  func.func private @_where(%arg0: tensor<6xi1>, %arg1: tensor<f32>, %arg2: tensor<6xf32>) -> tensor<6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<6xi1>, tensor<6xf32>
    return %1 : tensor<6xf32>
  }
  func.func private @isinf(%arg0: tensor<6xf32>) -> tensor<6xi1> {
    %0 = stablehlo.abs %arg0 : tensor<6xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    return %2 : tensor<6xi1>
  }
  func.func private @_where_0(%arg0: tensor<6xi1>, %arg1: tensor<6xf32>, %arg2: tensor<f32>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<6xi1>, tensor<6xf32>
    return %2 : tensor<6xf32>
  }
  func.func private @nanmean(%arg0: tensor<6xf32>) -> tensor<f32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %1 = stablehlo.not %0 : tensor<6xi1>
    %2 = stablehlo.convert %1 : (tensor<6xi1>) -> tensor<6xi32>
    %3 = stablehlo.convert %2 : (tensor<6xi32>) -> tensor<6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %5 = call @nansum(%arg0) : (tensor<6xf32>) -> tensor<f32>
    %6 = stablehlo.divide %5, %4 : tensor<f32>
    return %6 : tensor<f32>
  }
  func.func private @nansum(%arg0: tensor<6xf32>) -> tensor<f32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<6xi1>, tensor<f32>, tensor<6xf32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
  func.func private @clip(%arg0: tensor<6xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<6xf32>
    return %5 : tensor<6xf32>
  }
}
