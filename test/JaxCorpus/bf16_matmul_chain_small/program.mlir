module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xbf16>, %arg1: tensor<16x16xbf16>, %arg2: tensor<16x16xbf16>, %arg3: tensor<16x16xbf16>) -> (tensor<8x16xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x16xbf16>) -> tensor<8x16xf32>
    %1 = stablehlo.tanh %0 : tensor<8x16xf32>
    %2 = stablehlo.convert %1 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    %3 = stablehlo.dot_general %2, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x16xbf16>) -> tensor<8x16xf32>
    %4 = stablehlo.tanh %3 : tensor<8x16xf32>
    %5 = stablehlo.convert %4 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    %6 = stablehlo.dot_general %5, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x16xbf16>) -> tensor<8x16xf32>
    %7 = stablehlo.tanh %6 : tensor<8x16xf32>
    %8 = stablehlo.convert %7 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    return %8 : tensor<8x16xbf16>
  }
}
