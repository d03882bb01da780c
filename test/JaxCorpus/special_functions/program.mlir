module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xf32>) -> (tensor<12xf32> {jax.result_info = "result[0]"}, tensor<12xf32> {jax.result_info = "result[1]"}, tensor<12xf32> {jax.result_info = "result[2]"}, tensor<12xf32> {jax.result_info = "result[3]"}, tensor<12xf32> {jax.result_info = "result[4]"}, tensor<12xf32> {jax.result_info = "result[5]"}, tensor<12xf32> {jax.result_info = "result[6]"}, tensor<12xf32> {jax.result_info = "result[7]"}) {
    %0 = chlo.erf %arg0 : tensor<12xf32> -> tensor<12xf32>
    %1 = chlo.erf_inv %arg1 : tensor<12xf32> -> tensor<12xf32>
    %2 = stablehlo.abs %arg0 : tensor<12xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %4 = stablehlo.add %2, %3 : tensor<12xf32>
    %5 = chlo.lgamma %4 : tensor<12xf32> -> tensor<12xf32>
    %6 = stablehlo.abs %arg0 : tensor<12xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %8 = stablehlo.add %6, %7 : tensor<12xf32>
    %9 = chlo.digamma %8 : tensor<12xf32> -> tensor<12xf32>
    %10 = stablehlo.multiply %arg0, %arg0 : tensor<12xf32>
    %11 = chlo.sinh %arg0 : tensor<12xf32> -> tensor<12xf32>
    %12 = chlo.atanh %arg1 : tensor<12xf32> -> tensor<12xf32>
    %13 = chlo.square %arg0 : tensor<12xf32> -> tensor<12xf32>
    return %0, %1, %5, %9, %10, %11, %12, %13 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
  }
}
