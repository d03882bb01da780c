module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf64>) -> (tensor<10xf64> {jax.result_info = "result[0]"}, tensor<10xf64> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<10xf64>
    %1 = stablehlo.cosine %arg0 : tensor<10xf64>
    %2 = stablehlo.multiply %0, %1 : tensor<10xf64>
    %3 = stablehlo.multiply %arg0, %arg0 : tensor<10xf64>
    %4 = stablehlo.log_plus_one %3 : tensor<10xf64>
    %5 = stablehlo.add %2, %4 : tensor<10xf64>
    %6 = call @cumsum(%arg0) : (tensor<10xf64>) -> tensor<10xf64>
    return %5, %6 : tensor<10xf64>, tensor<10xf64>
  }
  func.func private @cumsum(%arg0: tensor<10xf64>) -> tensor<10xf64> {
    %0 = call @cumsum_0(%arg0) : (tensor<10xf64>) -> tensor<10xf64>
    return %0 : tensor<10xf64>
  }
  func.func private @cumsum_0(%arg0: tensor<10xf64>) -> tensor<10xf64> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[9, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f64>
      stablehlo.return %2 : tensor<f64>
    }) : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
    return %1 : tensor<10xf64>
  }
}
