module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg0, %iterArg_1 = %arg0, %iterArg_2 = %c) : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i32>
    cond {
      %c_3 = stablehlo.constant dense<50> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %2 = stablehlo.multiply %iterArg_1, %iterArg_1 : tensor<8xf32>
      %3 = stablehlo.subtract %2, %iterArg : tensor<8xf32>
      %4 = stablehlo.abs %3 : tensor<8xf32>
      %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %5 = stablehlo.reduce(%4 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
      %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
      %6 = stablehlo.compare GT, %5, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_5 = stablehlo.constant dense<false> : tensor<i1>
      %7 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i1>) -> tensor<i1>
      %8 = stablehlo.compare NE, %1, %7, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %9 = stablehlo.convert %8 : tensor<i1>
      %10 = stablehlo.and %9, %6 : tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %1 = stablehlo.divide %iterArg_0, %iterArg_1 : tensor<8xf32>
      %2 = stablehlo.add %iterArg_1, %1 : tensor<8xf32>
      %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %4 = stablehlo.multiply %3, %2 : tensor<8xf32>
      %c_3 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_2, %c_3 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %4, %5 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i32>
    }
    return %0#2, %0#3 : tensor<8xf32>, tensor<i32>
  }
}
