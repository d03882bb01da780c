module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<10xf32> {jax.result_info = "result[1]"}, tensor<10xf32> {jax.result_info = "result[2]"}, tensor<10xf32> {jax.result_info = "result[3]"}, tensor<10xf32> {jax.result_info = "result[4]"}, tensor<10xi32> {jax.result_info = "result[5]"}, tensor<10xui8> {jax.result_info = "result[6]"}, tensor<10xi32> {jax.result_info = "result[7]"}) {
    %0 = call @round(%arg0) : (tensor<10xf32>) -> tensor<10xf32>
    %1 = stablehlo.floor %arg0 : tensor<10xf32>
    %2 = stablehlo.ceil %arg0 : tensor<10xf32>
    %3 = call @trunc(%arg0) : (tensor<10xf32>) -> tensor<10xf32>
    %4 = stablehlo.sign %arg0 : tensor<10xf32>
    %5 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xi32>
    %6 = stablehlo.convert %arg0 : (tensor<10xf32>) -> tensor<10xui8>
    %7 = stablehlo.bitcast_convert %arg0 : (tensor<10xf32>) -> tensor<10xi32>
    return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xi32>, tensor<10xui8>, tensor<10xi32>
  }
  func.func private @round(%arg0: tensor<10xf32>) -> tensor<10xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<10xf32>
    return %0 : tensor<10xf32>
  }
  func.func private @trunc(%arg0: tensor<10xf32>) -> tensor<10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %2 = stablehlo.ceil %arg0 : tensor<10xf32>
    %3 = stablehlo.floor %arg0 : tensor<10xf32>
    %4 = call @_where(%1, %2, %3) : (tensor<10xi1>, tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    return %4 : tensor<10xf32>
  }
  func.func private @_where(%arg0: tensor<10xi1>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>) -> tensor<10xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<10xi1>, tensor<10xf32>
    return %0 : tensor<10xf32>
  }
}
