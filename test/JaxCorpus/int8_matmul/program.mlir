module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xi8>, %arg1: tensor<16x5xi8>, %arg2: tensor<f32>) -> (tensor<8x5xi32> {jax.result_info = "result[0]"}, tensor<8x5xi8> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xi8>, tensor<16x5xi8>) -> tensor<8x5xi32>
    %1 = stablehlo.convert %0 : (tensor<8x5xi32>) -> tensor<8x5xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8x5xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<8x5xf32>
    %4 = call @round(%3) : (tensor<8x5xf32>) -> tensor<8x5xf32>
    %c = stablehlo.constant dense<-128> : tensor<i32>
    %c_0 = stablehlo.constant dense<127> : tensor<i32>
    %5 = call @clip(%4, %c, %c_0) : (tensor<8x5xf32>, tensor<i32>, tensor<i32>) -> tensor<8x5xf32>
    %6 = stablehlo.convert %5 : (tensor<8x5xf32>) -> tensor<8x5xi8>
    return %0, %6 : tensor<8x5xi32>, tensor<8x5xi8>
  }
  func.func private @round(%arg0: tensor<8x5xf32>) -> tensor<8x5xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<8x5xf32>
    return %0 : tensor<8x5xf32>
  }
  func.func private @clip(%arg0: tensor<8x5xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<8x5xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x5xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<8x5xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<8x5xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<8x5xf32>
    return %5 : tensor<8x5xf32>
  }
}
