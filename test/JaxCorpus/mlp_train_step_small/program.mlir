module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x5xf32>, %arg5: tensor<5xf32>, %arg6: tensor<8x12xf32>, %arg7: tensor<8x5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<12x16xf32> {jax.result_info = "result[1][0]"}, tensor<16xf32> {jax.result_info = "result[1][1]"}, tensor<16x16xf32> {jax.result_info = "result[1][2]"}, tensor<16xf32> {jax.result_info = "result[1][3]"}, tensor<16x5xf32> {jax.result_info = "result[1][4]"}, tensor<5xf32> {jax.result_info = "result[1][5]"}) {
    %0 = stablehlo.dot_general %arg6, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x12xf32>, tensor<12x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16xf32>
    %4 = call @relu(%3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %8 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %11 = stablehlo.add %8, %10 : tensor<8x16xf32>
    %12 = call @relu(%11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %14 = stablehlo.compare GT, %11, %13, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %16 = stablehlo.dot_general %12, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
    %17 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<8x5xf32>
    %19 = stablehlo.add %16, %18 : tensor<8x5xf32>
    %20:3 = call @log_softmax(%19) : (tensor<8x5xf32>) -> (tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x1xf32>)
    %21 = stablehlo.multiply %20#0, %arg7 : tensor<8x5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<8x5xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %24 = stablehlo.divide %23, %cst_5 : tensor<f32>
    %25 = stablehlo.negate %24 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.negate %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %27 = stablehlo.divide %26, %cst_7 : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<8xf32>) -> tensor<8x5xf32>
    %30 = stablehlo.multiply %29, %arg7 : tensor<8x5xf32>
    %31 = call @log_softmax_0(%20#1, %20#2, %30) : (tensor<8x5xf32>, tensor<8x1xf32>, tensor<8x5xf32>) -> tensor<8x5xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<8x5xf32>, tensor<f32>) -> tensor<5xf32>
    %33 = stablehlo.reshape %32 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %35 = stablehlo.dot_general %31, %12, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x5xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %36 = stablehlo.transpose %35, dims = [1, 0] : (tensor<5x16xf32>) -> tensor<16x5xf32>
    %37 = stablehlo.dot_general %31, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x5xf32>, tensor<16x5xf32>) -> tensor<8x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %39 = stablehlo.select %14, %37, %38 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %41 = stablehlo.reshape %40 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_12) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %43 = stablehlo.dot_general %39, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %44 = stablehlo.transpose %43, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %45 = stablehlo.dot_general %39, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %47 = stablehlo.select %6, %45, %46 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_14) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %49 = stablehlo.reshape %48 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %51 = stablehlo.dot_general %47, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<8x12xf32>) -> tensor<16x12xf32>
    %52 = stablehlo.transpose %51, dims = [1, 0] : (tensor<16x12xf32>) -> tensor<12x16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<12x16xf32>
    %54 = stablehlo.multiply %53, %52 : tensor<12x16xf32>
    %55 = stablehlo.subtract %arg0, %54 : tensor<12x16xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %57 = stablehlo.multiply %56, %50 : tensor<16xf32>
    %58 = stablehlo.subtract %arg1, %57 : tensor<16xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %60 = stablehlo.multiply %59, %44 : tensor<16x16xf32>
    %61 = stablehlo.subtract %arg2, %60 : tensor<16x16xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %63 = stablehlo.multiply %62, %42 : tensor<16xf32>
    %64 = stablehlo.subtract %arg3, %63 : tensor<16xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16x5xf32>
    %66 = stablehlo.multiply %65, %36 : tensor<16x5xf32>
    %67 = stablehlo.subtract %arg4, %66 : tensor<16x5xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %69 = stablehlo.multiply %68, %34 : tensor<5xf32>
    %70 = stablehlo.subtract %arg5, %69 : tensor<5xf32>
    return %25, %55, %58, %61, %64, %67, %70 : tensor<f32>, tensor<12x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x5xf32>, tensor<5xf32>
  }
  func.func private @relu(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
  func.func private @log_softmax(%arg0: tensor<8x5xf32>) -> (tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x5xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x5xf32>
    %6 = stablehlo.exponential %5 : tensor<8x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<8x5xf32>, tensor<f32>) -> tensor<8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %9 = stablehlo.log %8 : tensor<8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x5xf32>
    return %11, %6, %8 : tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<8x5xf32>, %arg1: tensor<8x1xf32>, %arg2: tensor<8x5xf32>) -> tensor<8x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x5xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.reshape %1 : (tensor<8xf32>) -> tensor<8x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xf32>) -> tensor<8x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x5xf32>
    return %7 : tensor<8x5xf32>
  }
}
