module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24x16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16x16xf32>, %arg5: tensor<16x32xf32>, %arg6: tensor<32x16xf32>, %arg7: tensor<16xf32>, %arg8: tensor<16xf32>, %arg9: tensor<16xf32>, %arg10: tensor<16xf32>, %arg11: tensor<2x8xi32>, %arg12: tensor<2x8xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<24x16xf32> {jax.result_info = "result[1][0]"}, tensor<16x16xf32> {jax.result_info = "result[1][1]"}, tensor<16x16xf32> {jax.result_info = "result[1][2]"}, tensor<16x16xf32> {jax.result_info = "result[1][3]"}, tensor<16x16xf32> {jax.result_info = "result[1][4]"}, tensor<16x32xf32> {jax.result_info = "result[1][5]"}, tensor<32x16xf32> {jax.result_info = "result[1][6]"}, tensor<16xf32> {jax.result_info = "result[1][7]"}, tensor<16xf32> {jax.result_info = "result[1][8]"}, tensor<16xf32> {jax.result_info = "result[1][9]"}, tensor<16xf32> {jax.result_info = "result[1][10]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %1 = stablehlo.compare LT, %arg11, %0, SIGNED : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi1>
    %c_0 = stablehlo.constant dense<24> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8xi32>
    %3 = stablehlo.add %arg11, %2 : tensor<2x8xi32>
    %4 = stablehlo.select %1, %3, %arg11 : tensor<2x8xi1>, tensor<2x8xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x8xi32>) -> tensor<2x8x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<24x16xf32>, tensor<2x8x1xi32>) -> tensor<2x8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_1 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x8x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %12 = stablehlo.subtract %6, %11 : tensor<2x8x16xf32>
    %13 = stablehlo.multiply %12, %12 : tensor<2x8x16xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %15 = stablehlo.multiply %14, %12 : tensor<2x8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_4 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %19 = stablehlo.divide %17, %18 : tensor<2x8x1xf32>
    %20 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %21 = stablehlo.subtract %6, %20 : tensor<2x8x16xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %23 = stablehlo.add %19, %22 : tensor<2x8x1xf32>
    %24 = stablehlo.rsqrt %23 : tensor<2x8x1xf32>
    %25 = stablehlo.divide %24, %23 : tensor<2x8x1xf32>
    %cst_6 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %27 = stablehlo.multiply %26, %25 : tensor<2x8x1xf32>
    %28 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %29 = stablehlo.multiply %21, %28 : tensor<2x8x16xf32>
    %30 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %32 = stablehlo.multiply %29, %31 : tensor<2x8x16xf32>
    %33 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %35 = stablehlo.add %32, %34 : tensor<2x8x16xf32>
    %36 = stablehlo.dot_general %35, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %37 = stablehlo.reshape %36 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %38 = stablehlo.dot_general %35, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %39 = stablehlo.reshape %38 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %40 = stablehlo.dot_general %35, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %41 = stablehlo.reshape %40 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %42 = stablehlo.dot_general %37, %39, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x8x2x8xf32>, tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %cst_7 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %44 = stablehlo.divide %42, %43 : tensor<2x2x8x8xf32>
    %c_8 = stablehlo.constant dense<true> : tensor<i1>
    %45 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %46 = call @tril(%45) : (tensor<8x8xi1>) -> tensor<8x8xi1>
    %cst_9 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %47:3 = call @_where(%46, %44, %cst_9) : (tensor<8x8xi1>, tensor<2x2x8x8xf32>, tensor<f32>) -> (tensor<2x2x8x8xf32>, tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>)
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %48 = stablehlo.reduce(%47#0 init: %cst_10) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %49 = stablehlo.reshape %48 : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %51 = stablehlo.compare EQ, %47#0, %50, FLOAT : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xi1>
    %52 = stablehlo.convert %51 : (tensor<2x2x8x8xi1>) -> tensor<2x2x8x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_11) applies stablehlo.add across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %55 = stablehlo.maximum %54, %48 : tensor<2x2x8xf32>
    %56 = stablehlo.compare EQ, %48, %55, FLOAT : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x8xi1>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %59 = stablehlo.select %56, %57, %58 : tensor<2x2x8xi1>, tensor<2x2x8xf32>
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %61 = stablehlo.compare EQ, %60, %55, FLOAT : (tensor<2x2x8xf32>, tensor<2x2x8xf32>) -> tensor<2x2x8xi1>
    %cst_16 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x2x8xf32>
    %64 = stablehlo.select %61, %62, %63 : tensor<2x2x8xi1>, tensor<2x2x8xf32>
    %65 = stablehlo.divide %59, %64 : tensor<2x2x8xf32>
    %66 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2] : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %68 = stablehlo.subtract %47#0, %67 : tensor<2x2x8x8xf32>
    %69 = stablehlo.exponential %68 : tensor<2x2x8x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%69 init: %cst_18) applies stablehlo.add across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2] : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %73 = stablehlo.divide %69, %72 : tensor<2x2x8x8xf32>
    %74 = stablehlo.multiply %71, %71 : tensor<2x2x8x1xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x2x8x1xf32>
    %76 = stablehlo.divide %75, %74 : tensor<2x2x8x1xf32>
    %77 = stablehlo.dot_general %41, %73, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x8x2x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
    %78 = stablehlo.transpose %77, dims = [0, 3, 1, 2] : (tensor<2x2x8x8xf32>) -> tensor<2x8x2x8xf32>
    %79 = stablehlo.reshape %78 : (tensor<2x8x2x8xf32>) -> tensor<2x8x16xf32>
    %80 = stablehlo.dot_general %79, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %81 = stablehlo.add %6, %80 : tensor<2x8x16xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%81 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_21 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %85 = stablehlo.divide %83, %84 : tensor<2x8x1xf32>
    %86 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %87 = stablehlo.subtract %81, %86 : tensor<2x8x16xf32>
    %88 = stablehlo.multiply %87, %87 : tensor<2x8x16xf32>
    %cst_22 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %90 = stablehlo.multiply %89, %87 : tensor<2x8x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %91 = stablehlo.reduce(%88 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_24 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %94 = stablehlo.divide %92, %93 : tensor<2x8x1xf32>
    %95 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %96 = stablehlo.subtract %81, %95 : tensor<2x8x16xf32>
    %cst_25 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %98 = stablehlo.add %94, %97 : tensor<2x8x1xf32>
    %99 = stablehlo.rsqrt %98 : tensor<2x8x1xf32>
    %100 = stablehlo.divide %99, %98 : tensor<2x8x1xf32>
    %cst_26 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %102 = stablehlo.multiply %101, %100 : tensor<2x8x1xf32>
    %103 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %104 = stablehlo.multiply %96, %103 : tensor<2x8x16xf32>
    %105 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %107 = stablehlo.multiply %104, %106 : tensor<2x8x16xf32>
    %108 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %110 = stablehlo.add %107, %109 : tensor<2x8x16xf32>
    %111 = stablehlo.dot_general %110, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x32xf32>) -> tensor<2x8x32xf32>
    %112 = stablehlo.multiply %111, %111 : tensor<2x8x32xf32>
    %113 = stablehlo.multiply %112, %111 : tensor<2x8x32xf32>
    %114 = stablehlo.multiply %111, %111 : tensor<2x8x32xf32>
    %cst_27 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %116 = stablehlo.multiply %115, %114 : tensor<2x8x32xf32>
    %cst_28 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %118 = stablehlo.multiply %117, %113 : tensor<2x8x32xf32>
    %119 = stablehlo.add %111, %118 : tensor<2x8x32xf32>
    %cst_29 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %121 = stablehlo.multiply %120, %119 : tensor<2x8x32xf32>
    %122 = stablehlo.tanh %121 : tensor<2x8x32xf32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %124 = stablehlo.subtract %123, %122 : tensor<2x8x32xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %126 = stablehlo.add %125, %122 : tensor<2x8x32xf32>
    %cst_32 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %128 = stablehlo.multiply %127, %126 : tensor<2x8x32xf32>
    %129 = stablehlo.multiply %111, %128 : tensor<2x8x32xf32>
    %130 = stablehlo.dot_general %129, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xf32>, tensor<32x16xf32>) -> tensor<2x8x16xf32>
    %131 = stablehlo.add %81, %130 : tensor<2x8x16xf32>
    %132 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
    %133 = stablehlo.dot_general %131, %132, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x24xf32>) -> tensor<2x8x24xf32>
    %134:3 = call @log_softmax(%133) : (tensor<2x8x24xf32>) -> (tensor<2x8x24xf32>, tensor<2x8x24xf32>, tensor<2x8x1xf32>)
    %135 = stablehlo.broadcast_in_dim %arg12, dims = [0, 1] : (tensor<2x8xi32>) -> tensor<2x8x1xi32>
    %136:2 = call @take_along_axis(%134#0, %135) : (tensor<2x8x24xf32>, tensor<2x8x1xi32>) -> (tensor<2x8x1xf32>, tensor<2x8x1x1xi32>)
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.reduce(%136#0 init: %cst_33) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_34 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %138 = stablehlo.divide %137, %cst_34 : tensor<f32>
    %139 = stablehlo.negate %138 : tensor<f32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.negate %cst_35 : tensor<f32>
    %cst_36 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %141 = stablehlo.divide %140, %cst_36 : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %141, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %143 = call @take_along_axis_0(%136#1, %142) : (tensor<2x8x1x1xi32>, tensor<2x8x1xf32>) -> tensor<2x8x24xf32>
    %144 = call @log_softmax_1(%134#1, %134#2, %143) : (tensor<2x8x24xf32>, tensor<2x8x1xf32>, tensor<2x8x24xf32>) -> tensor<2x8x24xf32>
    %145 = stablehlo.dot_general %144, %131, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x24xf32>, tensor<2x8x16xf32>) -> tensor<24x16xf32>
    %146 = stablehlo.transpose %145, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
    %147 = stablehlo.dot_general %144, %132, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x24xf32>, tensor<16x24xf32>) -> tensor<2x8x16xf32>
    %148 = stablehlo.transpose %146, dims = [1, 0] : (tensor<16x24xf32>) -> tensor<24x16xf32>
    %149 = stablehlo.dot_general %147, %129, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x32xf32>) -> tensor<16x32xf32>
    %150 = stablehlo.transpose %149, dims = [1, 0] : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %151 = stablehlo.dot_general %147, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<32x16xf32>) -> tensor<2x8x32xf32>
    %152 = stablehlo.multiply %111, %151 : tensor<2x8x32xf32>
    %153 = stablehlo.multiply %151, %128 : tensor<2x8x32xf32>
    %cst_37 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %155 = stablehlo.multiply %154, %152 : tensor<2x8x32xf32>
    %156 = stablehlo.multiply %155, %124 : tensor<2x8x32xf32>
    %157 = stablehlo.multiply %156, %122 : tensor<2x8x32xf32>
    %158 = stablehlo.add %156, %157 : tensor<2x8x32xf32>
    %cst_38 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %160 = stablehlo.multiply %159, %158 : tensor<2x8x32xf32>
    %161 = stablehlo.add %153, %160 : tensor<2x8x32xf32>
    %cst_39 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %163 = stablehlo.multiply %162, %160 : tensor<2x8x32xf32>
    %164 = stablehlo.multiply %163, %116 : tensor<2x8x32xf32>
    %165 = stablehlo.add %161, %164 : tensor<2x8x32xf32>
    %166 = stablehlo.dot_general %165, %110, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xf32>, tensor<2x8x16xf32>) -> tensor<32x16xf32>
    %167 = stablehlo.transpose %166, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %168 = stablehlo.dot_general %165, %arg5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xf32>, tensor<16x32xf32>) -> tensor<2x8x16xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %169 = stablehlo.reduce(%168 init: %cst_40) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %170 = stablehlo.reshape %169 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %171 = stablehlo.reduce(%170 init: %cst_41) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %172 = stablehlo.multiply %104, %168 : tensor<2x8x16xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.reduce(%172 init: %cst_42) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %174 = stablehlo.reshape %173 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %175 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %176 = stablehlo.multiply %168, %175 : tensor<2x8x16xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %177 = stablehlo.reduce(%174 init: %cst_43) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %178 = stablehlo.multiply %96, %176 : tensor<2x8x16xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.reduce(%178 init: %cst_44) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %180 = stablehlo.reshape %179 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %181 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %182 = stablehlo.multiply %176, %181 : tensor<2x8x16xf32>
    %183 = stablehlo.multiply %180, %102 : tensor<2x8x1xf32>
    %184 = stablehlo.negate %182 : tensor<2x8x16xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.reduce(%184 init: %cst_45) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %186 = stablehlo.reshape %185 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %187 = stablehlo.add %147, %182 : tensor<2x8x16xf32>
    %cst_46 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %189 = stablehlo.divide %183, %188 : tensor<2x8x1xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %190 = stablehlo.reduce(%189 init: %cst_47) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %191 = stablehlo.broadcast_in_dim %190, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x16xf32>
    %192 = stablehlo.multiply %191, %90 : tensor<2x8x16xf32>
    %193 = stablehlo.negate %192 : tensor<2x8x16xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %194 = stablehlo.reduce(%193 init: %cst_48) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %195 = stablehlo.reshape %194 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %196 = stablehlo.add %187, %192 : tensor<2x8x16xf32>
    %197 = stablehlo.add %186, %195 : tensor<2x8x1xf32>
    %cst_49 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %199 = stablehlo.divide %197, %198 : tensor<2x8x1xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %200 = stablehlo.reduce(%199 init: %cst_50) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x16xf32>
    %202 = stablehlo.add %196, %201 : tensor<2x8x16xf32>
    %203 = stablehlo.dot_general %202, %79, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x16xf32>
    %204 = stablehlo.transpose %203, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %205 = stablehlo.dot_general %202, %arg4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %206 = stablehlo.reshape %205 : (tensor<2x8x16xf32>) -> tensor<2x8x2x8xf32>
    %207 = stablehlo.transpose %206, dims = [0, 2, 3, 1] : (tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %208 = stablehlo.dot_general %207, %41, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x8xf32>, tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %209 = stablehlo.dot_general %207, %73, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
    %210 = stablehlo.transpose %209, dims = [0, 3, 1, 2] : (tensor<2x2x8x8xf32>) -> tensor<2x8x2x8xf32>
    %211 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %212 = stablehlo.multiply %208, %211 : tensor<2x2x8x8xf32>
    %213 = stablehlo.multiply %212, %69 : tensor<2x2x8x8xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %214 = stablehlo.reduce(%213 init: %cst_51) applies stablehlo.add across dimensions = [3] : (tensor<2x2x8x8xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %215 = stablehlo.reshape %214 : (tensor<2x2x8xf32>) -> tensor<2x2x8x1xf32>
    %216 = stablehlo.negate %215 : tensor<2x2x8x1xf32>
    %217 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<2x2x8x1xf32>) -> tensor<2x2x8x8xf32>
    %218 = stablehlo.divide %208, %217 : tensor<2x2x8x8xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %219 = stablehlo.reduce(%216 init: %cst_52) applies stablehlo.add across dimensions = [3] : (tensor<2x2x8x1xf32>, tensor<f32>) -> tensor<2x2x8xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2] : (tensor<2x2x8xf32>) -> tensor<2x2x8x8xf32>
    %221 = stablehlo.add %218, %220 : tensor<2x2x8x8xf32>
    %222 = stablehlo.multiply %221, %69 : tensor<2x2x8x8xf32>
    %223 = call @_where_2(%47#1, %47#2, %222) : (tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>, tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
    %cst_53 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %225 = stablehlo.divide %223, %224 : tensor<2x2x8x8xf32>
    %226 = stablehlo.dot_general %225, %37, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x8xf32>, tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %227 = stablehlo.transpose %226, dims = [0, 2, 1, 3] : (tensor<2x2x8x8xf32>) -> tensor<2x8x2x8xf32>
    %228 = stablehlo.dot_general %225, %39, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x8x8xf32>, tensor<2x8x2x8xf32>) -> tensor<2x2x8x8xf32>
    %229 = stablehlo.transpose %228, dims = [0, 2, 1, 3] : (tensor<2x2x8x8xf32>) -> tensor<2x8x2x8xf32>
    %230 = stablehlo.reshape %210 : (tensor<2x8x2x8xf32>) -> tensor<2x8x16xf32>
    %231 = stablehlo.dot_general %230, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x16xf32>
    %232 = stablehlo.transpose %231, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %233 = stablehlo.dot_general %230, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %234 = stablehlo.reshape %227 : (tensor<2x8x2x8xf32>) -> tensor<2x8x16xf32>
    %235 = stablehlo.dot_general %234, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x16xf32>
    %236 = stablehlo.transpose %235, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %237 = stablehlo.dot_general %234, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %238 = stablehlo.add %233, %237 : tensor<2x8x16xf32>
    %239 = stablehlo.reshape %229 : (tensor<2x8x2x8xf32>) -> tensor<2x8x16xf32>
    %240 = stablehlo.dot_general %239, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<16x16xf32>
    %241 = stablehlo.transpose %240, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %242 = stablehlo.dot_general %239, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<16x16xf32>) -> tensor<2x8x16xf32>
    %243 = stablehlo.add %238, %242 : tensor<2x8x16xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %244 = stablehlo.reduce(%243 init: %cst_54) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %245 = stablehlo.reshape %244 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %246 = stablehlo.reduce(%245 init: %cst_55) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %247 = stablehlo.multiply %29, %243 : tensor<2x8x16xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.reduce(%247 init: %cst_56) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %249 = stablehlo.reshape %248 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %250 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<2x8x16xf32>
    %251 = stablehlo.multiply %243, %250 : tensor<2x8x16xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %252 = stablehlo.reduce(%249 init: %cst_57) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %253 = stablehlo.multiply %21, %251 : tensor<2x8x16xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %254 = stablehlo.reduce(%253 init: %cst_58) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %255 = stablehlo.reshape %254 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %256 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x16xf32>
    %257 = stablehlo.multiply %251, %256 : tensor<2x8x16xf32>
    %258 = stablehlo.multiply %255, %27 : tensor<2x8x1xf32>
    %259 = stablehlo.negate %257 : tensor<2x8x16xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%259 init: %cst_59) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %261 = stablehlo.reshape %260 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %262 = stablehlo.add %202, %257 : tensor<2x8x16xf32>
    %cst_60 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %264 = stablehlo.divide %258, %263 : tensor<2x8x1xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %265 = stablehlo.reduce(%264 init: %cst_61) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %266 = stablehlo.broadcast_in_dim %265, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x16xf32>
    %267 = stablehlo.multiply %266, %15 : tensor<2x8x16xf32>
    %268 = stablehlo.negate %267 : tensor<2x8x16xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %269 = stablehlo.reduce(%268 init: %cst_62) applies stablehlo.add across dimensions = [2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<2x8xf32>
    %270 = stablehlo.reshape %269 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %271 = stablehlo.add %262, %267 : tensor<2x8x16xf32>
    %272 = stablehlo.add %261, %270 : tensor<2x8x1xf32>
    %cst_63 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %273 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %274 = stablehlo.divide %272, %273 : tensor<2x8x1xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %275 = stablehlo.reduce(%274 init: %cst_64) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x16xf32>
    %277 = stablehlo.add %271, %276 : tensor<2x8x16xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %278 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<24x16xf32>
    %279 = "stablehlo.scatter"(%278, %5, %277) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %314 = stablehlo.add %arg13, %arg14 : tensor<f32>
      stablehlo.return %314 : tensor<f32>
    }) : (tensor<24x16xf32>, tensor<2x8x1xi32>, tensor<2x8x16xf32>) -> tensor<24x16xf32>
    %280 = stablehlo.add %148, %279 : tensor<24x16xf32>
    %cst_66 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<24x16xf32>
    %282 = stablehlo.multiply %281, %280 : tensor<24x16xf32>
    %283 = stablehlo.subtract %arg0, %282 : tensor<24x16xf32>
    %cst_67 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %285 = stablehlo.multiply %284, %241 : tensor<16x16xf32>
    %286 = stablehlo.subtract %arg1, %285 : tensor<16x16xf32>
    %cst_68 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %288 = stablehlo.multiply %287, %236 : tensor<16x16xf32>
    %289 = stablehlo.subtract %arg2, %288 : tensor<16x16xf32>
    %cst_69 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %291 = stablehlo.multiply %290, %232 : tensor<16x16xf32>
    %292 = stablehlo.subtract %arg3, %291 : tensor<16x16xf32>
    %cst_70 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %294 = stablehlo.multiply %293, %204 : tensor<16x16xf32>
    %295 = stablehlo.subtract %arg4, %294 : tensor<16x16xf32>
    %cst_71 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %296 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %297 = stablehlo.multiply %296, %167 : tensor<16x32xf32>
    %298 = stablehlo.subtract %arg5, %297 : tensor<16x32xf32>
    %cst_72 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %300 = stablehlo.multiply %299, %150 : tensor<32x16xf32>
    %301 = stablehlo.subtract %arg6, %300 : tensor<32x16xf32>
    %cst_73 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %303 = stablehlo.multiply %302, %252 : tensor<16xf32>
    %304 = stablehlo.subtract %arg7, %303 : tensor<16xf32>
    %cst_74 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %305 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %306 = stablehlo.multiply %305, %246 : tensor<16xf32>
    %307 = stablehlo.subtract %arg8, %306 : tensor<16xf32>
    %cst_75 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %309 = stablehlo.multiply %308, %177 : tensor<16xf32>
    %310 = stablehlo.subtract %arg9, %309 : tensor<16xf32>
    %cst_76 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %312 = stablehlo.multiply %311, %171 : tensor<16xf32>
    %313 = stablehlo.subtract %arg10, %312 : tensor<16xf32>
    return %139, %283, %286, %289, %292, %295, %298, %301, %304, %307, %310, %313 : tensor<f32>, tensor<24x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x32xf32>, tensor<32x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @tril(%arg0: tensor<8x8xi1>) -> tensor<8x8xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<8x8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x8xi32>
    %2 = stablehlo.add %0, %1 : tensor<8x8xi32>
    %3 = stablehlo.iota dim = 1 : tensor<8x8xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<8x8xi1>, tensor<8x8xi1>
    return %6 : tensor<8x8xi1>
  }
  func.func private @_where(%arg0: tensor<8x8xi1>, %arg1: tensor<2x2x8x8xf32>, %arg2: tensor<f32>) -> (tensor<2x2x8x8xf32>, tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<8x8xi1>) -> tensor<2x2x8x8xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    return %3, %1, %4 : tensor<2x2x8x8xf32>, tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x8x24xf32>) -> (tensor<2x8x24xf32>, tensor<2x8x24xf32>, tensor<2x8x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<2x8x24xf32>, tensor<f32>) -> tensor<2x8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2x8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x24xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x8x24xf32>
    %6 = stablehlo.exponential %5 : tensor<2x8x24xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x8x24xf32>, tensor<f32>) -> tensor<2x8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %9 = stablehlo.log %8 : tensor<2x8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x24xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x8x24xf32>
    return %11, %6, %8 : tensor<2x8x24xf32>, tensor<2x8x24xf32>, tensor<2x8x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x8x24xf32>, %arg1: tensor<2x8x1xi32>) -> (tensor<2x8x1xf32>, tensor<2x8x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x8x1xi32>, tensor<2x8x1xi32>) -> tensor<2x8x1xi1>
    %c_0 = stablehlo.constant dense<24> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x8x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x8x1xi1>, tensor<2x8x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x8x1xi32>) -> tensor<2x8x1x1xi32>
    %c_1 = stablehlo.constant dense<23> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x8x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x8x1x1xi32>, tensor<2x8x1x1xi32>) -> tensor<2x8x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<2x8x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x8x1x1xi32>, tensor<2x8x1x1xi32>) -> tensor<2x8x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x8x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<2x8x1x1xi1>, tensor<i1>) -> tensor<2x8x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x8x24xf32>, tensor<2x8x1x1xi32>) -> tensor<2x8x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x8x1xi1>, tensor<2x8x1xf32>
    return %15, %5 : tensor<2x8x1xf32>, tensor<2x8x1x1xi32>
  }
  func.func private @take_along_axis_0(%arg0: tensor<2x8x1x1xi32>, %arg1: tensor<2x8x1xf32>) -> tensor<2x8x24xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x24xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x8x24xf32>, tensor<2x8x1x1xi32>, tensor<2x8x1xf32>) -> tensor<2x8x24xf32>
    return %1 : tensor<2x8x24xf32>
  }
  func.func private @log_softmax_1(%arg0: tensor<2x8x24xf32>, %arg1: tensor<2x8x1xf32>, %arg2: tensor<2x8x24xf32>) -> tensor<2x8x24xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x8x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x24xf32>, tensor<f32>) -> tensor<2x8xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x8x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x24xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x8x24xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x8x24xf32>
    return %7 : tensor<2x8x24xf32>
  }
  func.func private @_where_2(%arg0: tensor<2x2x8x8xi1>, %arg1: tensor<2x2x8x8xf32>, %arg2: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x8x8xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<2x2x8x8xi1>, tensor<2x2x8x8xf32>
    return %1 : tensor<2x2x8x8xf32>
  }
}
