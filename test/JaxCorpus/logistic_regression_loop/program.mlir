module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<16xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:5 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %arg2, %iterArg_2 = %c_0, %iterArg_3 = %c, %iterArg_4 = %arg0) : tensor<16x4xf32>, tensor<16xf32>, tensor<i32>, tensor<i32>, tensor<4xf32>
    cond {
      %c_5 = stablehlo.constant dense<10> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_1, %iterArg_3, %iterArg_4) : (tensor<16x4xf32>, tensor<16xf32>, tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>)
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_1, %2, %1#0, %1#1 : tensor<16x4xf32>, tensor<16xf32>, tensor<i32>, tensor<i32>, tensor<4xf32>
    }
    return %0#4 : tensor<4xf32>
  }
  func.func private @closed_call(%arg0: tensor<16x4xf32>, %arg1: tensor<16xf32>, %arg2: tensor<i32>, %arg3: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %1 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x4xf32>, tensor<4xf32>) -> tensor<16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.maximum %2, %1 : tensor<16xf32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.subtract %4, %1 : tensor<16xf32>
    %6 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.add %7, %1 : tensor<16xf32>
    %9 = stablehlo.abs %5 : tensor<16xf32>
    %10 = stablehlo.negate %9 : tensor<16xf32>
    %11 = stablehlo.exponential %10 : tensor<16xf32>
    %12 = stablehlo.log_plus_one %11 : tensor<16xf32>
    %13 = stablehlo.add %3, %12 : tensor<16xf32>
    %14 = stablehlo.select %6, %8, %13 : tensor<16xi1>, tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %15 = stablehlo.compare EQ, %cst_0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.select %15, %cst_3, %cst_2 : tensor<i1>, tensor<f32>
    %cst_4 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %18 = stablehlo.compare EQ, %14, %17, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %20 = stablehlo.select %18, %19, %14 : tensor<16xi1>, tensor<16xf32>
    %21 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %22 = stablehlo.subtract %21, %20 : tensor<16xf32>
    %23 = stablehlo.exponential %22 : tensor<16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %25 = stablehlo.multiply %24, %23 : tensor<16xf32>
    %cst_7 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %27 = stablehlo.compare EQ, %1, %26, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %29 = stablehlo.select %27, %28, %1 : tensor<16xi1>, tensor<16xf32>
    %cst_9 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %31 = stablehlo.compare EQ, %14, %30, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %33 = stablehlo.select %31, %32, %14 : tensor<16xi1>, tensor<16xf32>
    %34 = stablehlo.subtract %29, %33 : tensor<16xf32>
    %35 = stablehlo.exponential %34 : tensor<16xf32>
    %36 = stablehlo.multiply %arg1, %1 : tensor<16xf32>
    %37 = stablehlo.subtract %14, %36 : tensor<16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<16xf32>, tensor<f32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %39 = stablehlo.divide %38, %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_14 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %40 = stablehlo.divide %cst_13, %cst_14 : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %42 = stablehlo.negate %41 : tensor<16xf32>
    %43 = stablehlo.multiply %arg1, %42 : tensor<16xf32>
    %44 = stablehlo.multiply %41, %35 : tensor<16xf32>
    %45 = stablehlo.add %43, %44 : tensor<16xf32>
    %46 = stablehlo.dot_general %45, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16xf32>, tensor<16x4xf32>) -> tensor<4xf32>
    %cst_15 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<4xf32>
    %49 = stablehlo.subtract %arg3, %48 : tensor<4xf32>
    return %0, %49 : tensor<i32>, tensor<4xf32>
  }
}
