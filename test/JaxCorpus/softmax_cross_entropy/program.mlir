module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xf32>, %arg1: tensor<5xi32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<7xf32> {jax.result_info = "result[1]"}) {
    %0 = call @log_softmax(%arg0) : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %1 = call @_one_hot(%arg1) : (tensor<5xi32>) -> tensor<5x7xf32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<5x7xf32>
    %cst_0 = stablehlo.constant dense<0.0142857144> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %5 = stablehlo.add %3, %4 : tensor<5x7xf32>
    %6 = stablehlo.multiply %5, %0 : tensor<5x7xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.negate %7 : tensor<5xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %9 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.maximum across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %11 = stablehlo.maximum %10, %9 : tensor<7xf32>
    %12 = stablehlo.is_finite %11 : (tensor<7xf32>) -> tensor<7xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %14 = stablehlo.select %12, %11, %13 : tensor<7xi1>, tensor<7xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<5x7xf32>
    %17 = stablehlo.subtract %arg0, %16 : tensor<5x7xf32>
    %18 = stablehlo.exponential %17 : tensor<5x7xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %20 = stablehlo.sign %19 : tensor<7xf32>
    %21 = stablehlo.abs %19 : tensor<7xf32>
    %22 = stablehlo.log %21 : tensor<7xf32>
    %23 = stablehlo.add %22, %14 : tensor<7xf32>
    return %8, %23 : tensor<5xf32>, tensor<7xf32>
  }
  func.func private @log_softmax(%arg0: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<5xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x7xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<5x7xf32>
    %6 = stablehlo.exponential %5 : tensor<5x7xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %9 = stablehlo.log %8 : tensor<5x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x7xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<5x7xf32>
    return %11 : tensor<5x7xf32>
  }
  func.func private @_one_hot(%arg0: tensor<5xi32>) -> tensor<5x7xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x7xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x7xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x7xi32>) -> tensor<5x7xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<5x7xi32>, tensor<5x7xi32>) -> tensor<5x7xi1>
    %5 = stablehlo.convert %4 : (tensor<5x7xi1>) -> tensor<5x7xf32>
    return %5 : tensor<5x7xf32>
  }
}
