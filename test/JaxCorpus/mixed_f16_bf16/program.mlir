module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>, %arg2: tensor<4x8xbf16>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xf16>
    %1 = stablehlo.exponential %arg0 : tensor<4x8xf16>
    %2 = stablehlo.add %0, %1 : tensor<4x8xf16>
    %3 = stablehlo.convert %2 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %4 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<4x8xbf16>) -> tensor<8x4xbf16>
    %5 = stablehlo.dot_general %arg2, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xbf16>, tensor<8x4xbf16>) -> tensor<4x4xf32>
    %6 = stablehlo.tanh %arg2 : tensor<4x8xbf16>
    %7 = stablehlo.convert %6 : (tensor<4x8xbf16>) -> tensor<4x8xf16>
    return %3, %5, %7 : tensor<4x8xf32>, tensor<4x4xf32>, tensor<4x8xf16>
  }
}
