// The CPU target runs one process (replica 0, partition 0): a collective
// over a group of one is the identity, a permutation that sends process 0
// nothing gives zeros, and the process ids are 0. Collectives that need
// other processes and host transfers are reported at their location.
// RUN: hlo-runner %s | FileCheck %s
// RUN: not hlo-runner %S/Inputs/collectives-multi-process.mlir 2>&1 | FileCheck %s --check-prefix=MULTI
// RUN: not hlo-runner %S/Inputs/collectives-infeed.mlir 2>&1 | FileCheck %s --check-prefix=INFEED

// CHECK: result #0: tensor<ui32>
// CHECK-NEXT: 0
// CHECK: result #1: tensor<ui32>
// CHECK-NEXT: 0
// CHECK: result #2: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #3: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #4: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #5: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #6: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #7: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #8: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}0, 0], [0, 0]]
// CHECK: result #9: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #10: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #11: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}1, 2], [3, 4]]
// CHECK: result #12: tensor<3xi8>
// CHECK-NEXT: [7, -8, 9]

// MULTI: collectives-multi-process.mlir:4:8: error: 'hlo.all_reduce' op needs a group of 2 processes, but the CPU target runs one process
// INFEED: collectives-infeed.mlir:3:10: error: 'hlo.infeed' op has no lowering for the CPU target, which has no host transfer queues and runs one process

func.func @main() -> (tensor<ui32>, tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xi8>) {
  %x = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %replica = hlo.replica_id : tensor<ui32>
  %partition = hlo.partition_id : tensor<ui32>
  %sum = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %gather = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %scatter = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %exchange = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %broadcast = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %self = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %nothing = "hlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // No groups: one group of every process, here just process 0.
  %all = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %roots = hlo.constant dense<[0]> : tensor<1xi32>
  %rooted = "hlo.collective_reduce"(%x, %roots) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, has_dynamic_root = true} : (tensor<2x2xf32>, tensor<1xi32>) -> tensor<2x2xf32>
  // Variadic broadcast with a root per result: with one process, root 0.
  %y = hlo.constant dense<[7, -8, 9]> : tensor<3xi8>
  %broadcastRoots = hlo.constant dense<[0, 0]> : tensor<2xi32>
  %broadcasts:2 = "hlo.collective_broadcast"(%x, %y, %broadcastRoots) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, has_dynamic_root = true} : (tensor<2x2xf32>, tensor<3xi8>, tensor<2xi32>) -> (tensor<2x2xf32>, tensor<3xi8>)
  return %replica, %partition, %sum, %gather, %scatter, %exchange, %broadcast, %self, %nothing, %all, %rooted, %broadcasts#0, %broadcasts#1 : tensor<ui32>, tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xi8>
}
