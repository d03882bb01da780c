module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<4x2x3xf32> {jax.result_info = "result[0]"}, tensor<8x4xf32> {jax.result_info = "result[1]"}, tensor<9x7xf32> {jax.result_info = "result[2]"}, tensor<6x2xf32> {jax.result_info = "result[3]"}, tensor<3x4xf32> {jax.result_info = "result[4]"}, tensor<4x4xf32> {jax.result_info = "result[5]"}, tensor<6x4xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
    %1 = stablehlo.transpose %0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %2 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<6x4xf32>, tensor<2x4xf32>) -> tensor<8x4xf32>
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %3 = call @_pad(%arg0, %cst) : (tensor<6x4xf32>, tensor<f32>) -> tensor<9x7xf32>
    %4 = stablehlo.slice %arg0 [0:6, 1:4:2] : (tensor<6x4xf32>) -> tensor<6x2xf32>
    %5 = stablehlo.reverse %4, dims = [0] : tensor<6x2xf32>
    %6 = stablehlo.slice %arg1 [0:1, 0:4] : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x4xf32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %9 = stablehlo.reshape %arg1 : (tensor<2x4xf32>) -> tensor<1x2x1x4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<1x2x1x4xf32>) -> tensor<2x2x1x4xf32>
    %11 = stablehlo.reshape %10 : (tensor<2x2x1x4xf32>) -> tensor<4x4xf32>
    %12 = call @_roll_static(%arg0) : (tensor<6x4xf32>) -> tensor<6x4xf32>
    return %1, %2, %3, %5, %8, %11, %12 : tensor<4x2x3xf32>, tensor<8x4xf32>, tensor<9x7xf32>, tensor<6x2xf32>, tensor<3x4xf32>, tensor<4x4xf32>, tensor<6x4xf32>
  }
  func.func private @_pad(%arg0: tensor<6x4xf32>, %arg1: tensor<f32>) -> tensor<9x7xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<6x4xf32>, tensor<f32>) -> tensor<9x7xf32>
    return %1 : tensor<9x7xf32>
  }
  func.func private @_roll_static(%arg0: tensor<6x4xf32>) -> tensor<6x4xf32> {
    %0 = stablehlo.slice %arg0 [0:6, 2:4] : (tensor<6x4xf32>) -> tensor<6x2xf32>
    %1 = stablehlo.slice %arg0 [0:6, 0:2] : (tensor<6x4xf32>) -> tensor<6x2xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<6x2xf32>, tensor<6x2xf32>) -> tensor<6x4xf32>
    return %2 : tensor<6x4xf32>
  }
}
