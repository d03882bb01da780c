module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x12xf32>, %arg1: tensor<4x12xf32>) -> (tensor<4x12xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<4x12xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<4x12xcomplex<f32>> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<4x12xcomplex<f32>>
    %1 = call @fft(%0) : (tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>>
    %2 = stablehlo.transpose %0, dims = [1, 0] : (tensor<4x12xcomplex<f32>>) -> tensor<12x4xcomplex<f32>>
    %3 = call @fft_0(%2) : (tensor<12x4xcomplex<f32>>) -> tensor<12x4xcomplex<f32>>
    %4 = stablehlo.transpose %3, dims = [1, 0] : (tensor<12x4xcomplex<f32>>) -> tensor<4x12xcomplex<f32>>
    %5 = call @fft_1(%0) : (tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>>
    return %1, %4, %5 : tensor<4x12xcomplex<f32>>, tensor<4x12xcomplex<f32>>, tensor<4x12xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [12] : (tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>>
    return %0 : tensor<4x12xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<12x4xcomplex<f32>>) -> tensor<12x4xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [4] : (tensor<12x4xcomplex<f32>>) -> tensor<12x4xcomplex<f32>>
    return %0 : tensor<12x4xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [4, 12] : (tensor<4x12xcomplex<f32>>) -> tensor<4x12xcomplex<f32>>
    return %0 : tensor<4x12xcomplex<f32>>
  }
}
