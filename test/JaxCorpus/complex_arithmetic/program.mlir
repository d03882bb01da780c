module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<8xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %2 = stablehlo.imag %0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %3 = stablehlo.negate %2 : tensor<8xf32>
    %4 = stablehlo.complex %1, %3 : tensor<8xcomplex<f32>>
    %5 = stablehlo.multiply %0, %4 : tensor<8xcomplex<f32>>
    %cst = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<8xcomplex<f32>>
    %7 = stablehlo.add %5, %6 : tensor<8xcomplex<f32>>
    %8 = stablehlo.divide %0, %7 : tensor<8xcomplex<f32>>
    %9 = stablehlo.exponential %0 : tensor<8xcomplex<f32>>
    %10 = stablehlo.log %7 : tensor<8xcomplex<f32>>
    %11 = stablehlo.abs %0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %12 = call @angle(%0) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %13 = stablehlo.sqrt %0 : tensor<8xcomplex<f32>>
    return %8, %9, %10, %11, %12, %13 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>, tensor<8xf32>, tensor<8xcomplex<f32>>
  }
  func.func private @angle(%arg0: tensor<8xcomplex<f32>>) -> tensor<8xf32> {
    %0 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %1 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %2 = stablehlo.atan2 %1, %0 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
