// The StableHLO spec's async_start/async_done example: its replica groups
// of four processes cannot run on the one-process CPU target.
func.func @main(%arg0: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
    } : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  func.return %2 : tensor<8x8xf32>
}
