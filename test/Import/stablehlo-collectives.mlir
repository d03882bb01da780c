// Collectives, process ids and host transfers in StableHLO's syntax (as the
// reference interpreter's tests and JAX write them) import to hlo, verify,
// and print back in a form that parses again.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @collectives
func.func @collectives(%x: tensor<2x4xi64>, %t: !stablehlo.token) -> (tensor<2x8xi64>, tensor<2x4xi64>, tensor<2x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<ui32>, tensor<ui32>) {
  // CHECK: "hlo.all_gather"(%{{.*}}) <{all_gather_dim = 1 : i64, channel_handle = #hlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xi64>) -> tensor<2x8xi64>
  %0 = "stablehlo.all_gather"(%x) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle=1, type=0>
  } : (tensor<2x4xi64>) -> tensor<2x8xi64>
  // CHECK: "hlo.all_reduce"(%{{.*}}) <{{.*}}use_global_device_ids}> ({
  // CHECK:   hlo.add
  // CHECK:   hlo.return
  %1 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
    use_global_device_ids
  } : (tensor<2x4xi64>) -> tensor<2x4xi64>
  // CHECK: "hlo.reduce_scatter"
  %2 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>) -> tensor<2x2xi64>
  // CHECK: "hlo.all_to_all"
  %3 = "stablehlo.all_to_all"(%x) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>) -> tensor<4x2xi64>
  // CHECK: "hlo.collective_permute"
  %4 = "stablehlo.collective_permute"(%x) {
    source_target_pairs = dense<[[0, 1], [1, 2], [3, 3]]> : tensor<3x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x4xi64>) -> tensor<2x4xi64>
  // CHECK: "hlo.collective_broadcast"
  %5 = "stablehlo.collective_broadcast"(%x) {
    replica_groups = dense<[[2, 1, 0]]> : tensor<1x3xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x4xi64>) -> tensor<2x4xi64>
  // CHECK: hlo.replica_id : tensor<ui32>
  %6 = stablehlo.replica_id : tensor<ui32>
  // CHECK: hlo.partition_id : tensor<ui32>
  %7 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x8xi64>, tensor<2x4xi64>, tensor<2x2xi64>, tensor<4x2xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<ui32>, tensor<ui32>
}

// CHECK-LABEL: func.func @collective_reduce
// CHECK: "hlo.collective_reduce"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 0, type = 0>, has_dynamic_root = false, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
func.func @collective_reduce(%x: tensor<4xi64>) -> tensor<4xi64> {
  %r = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>) -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// CHECK-LABEL: func.func @transfers
func.func @transfers(%x: tensor<2x2xi64>, %t: !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token, !stablehlo.token, tensor<2x2xi64>, !stablehlo.token) {
  // CHECK: "hlo.infeed"(%{{.*}}) <{infeed_config = ""}> : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  %r:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  // CHECK: "hlo.outfeed"(%{{.*}}, %{{.*}}) <{outfeed_config = ""}> : (tensor<2x2xi64>, !hlo.token) -> !hlo.token
  %o = "stablehlo.outfeed"(%x, %t) : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "hlo.send"(%{{.*}}, %{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}>
  %s = "stablehlo.send"(%x, %t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>,
    is_host_transfer = true
  } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "hlo.recv"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}>
  %v:2 = "stablehlo.recv"(%t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
    is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %r#0, %r#1, %o, %s, %v#0, %v#1 : tensor<2x2xi64>, !stablehlo.token, !stablehlo.token, !stablehlo.token, tensor<2x2xi64>, !stablehlo.token
}
