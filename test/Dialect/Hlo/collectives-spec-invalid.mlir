// RUN: hlo-opt %s -split-input-file -verify-diagnostics
//
// Collective constraints of the StableHLO spec not covered by
// collectives-invalid.mlir, named <op>_c<N>. Process ids are bounded by the
// grid when the module states it (mhlo.num_replicas / mhlo.num_partitions,
// as JAX writes them): replica ids without a channel, partition ids (or, for
// all_gather / all_reduce / reduce_scatter with use_global_device_ids,
// flattened ids) with one.

module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
func.func @all_gather_c3_replica_out_of_grid(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_replicas = 2 (all_gather_c3, all_gather_c4), found 2}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
}

// -----

module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
// Flattened ids range over replicas x partitions: 3 is valid here.
func.func @all_gather_flattened_ids_ok(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
func.func @all_gather_c3_flattened_out_of_grid(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_replicas * num_partitions = 4 (all_gather_c3, all_gather_c4), found 4}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 4]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
}

// -----

func.func @all_reduce_c1_repeated_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (all_reduce_c1), found 1 twice}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 4 : i32} {
// With a channel and no use_global_device_ids (cross_replica_and_partition),
// the ids are still replica ids.
func.func @all_reduce_c2_cross_replica_and_partition(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_replicas = 2 (all_reduce_c2, all_reduce_c3), found 3}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
}

// -----

func.func @all_reduce_c3_negative_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must be non-negative process ids (all_reduce_c2, all_reduce_c3), found -3}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, -3]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_reduce_c4_global_ids_need_channel(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{use_global_device_ids requires a channel handle greater than 0 (all_reduce_c4)}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_to_all_c5_repeated_id(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (all_to_all_c5), found 0 twice}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 2 : i32} {
// With a channel, all_to_all's groups are partition ids.
func.func @all_to_all_c6_partition_out_of_grid(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_partitions = 2 (all_to_all_c6, all_to_all_c7), found 3}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 3]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 1>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
}

// -----

func.func @all_to_all_c7_negative_id(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{replica_groups must be non-negative process ids (all_to_all_c6, all_to_all_c7), found -5}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, -5]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

module attributes {mhlo.num_replicas = 2 : i32} {
func.func @collective_broadcast_c2_out_of_grid(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_replicas = 2 (collective_broadcast_c2), found 2}}
  %r = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
}

// -----

func.func @collective_broadcast_c3_no_operand() {
  // expected-error@+1 {{needs at least one operand (collective_broadcast_c3)}}
  "hlo.collective_broadcast"() {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()
  return
}

// -----

// Variadic, with a dynamic root per result.
func.func @collective_broadcast_dynamic_root_ok(%x: tensor<2xf32>, %y: tensor<3xi8>, %roots: tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>) {
  %r:2 = "hlo.collective_broadcast"(%x, %y, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<3xi8>, tensor<2xi32>) -> (tensor<2xf32>, tensor<3xi8>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<3xi8>
}

// -----

func.func @collective_broadcast_c4_roots_type(%x: tensor<2xf32>, %roots: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{the last operand must be a 1-d i32 tensor with one root per data operand (collective_broadcast_c4), found 'tensor<2xi32>'}}
  %r = "hlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @collective_broadcast_c4_needs_roots(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{with has_dynamic_root needs data operands and a last operand of roots (collective_broadcast_c4)}}
  %r = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @collective_broadcast_c4_result_type(%x: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf16> {
  // expected-error@+1 {{result type 'tensor<2xf16>' must equal the operand's 'tensor<2xf32>' (collective_broadcast_c4)}}
  %r = "hlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf16>
  return %r : tensor<2xf16>
}

// -----

func.func @collective_broadcast_c5_result_count(%x: tensor<2xf32>, %roots: tensor<1xi32>) -> (tensor<2xf32>, tensor<1xi32>) {
  // expected-error@+1 {{must have one result per data operand (collective_broadcast_c5), found 2 for 1}}
  %r:2 = "hlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> (tensor<2xf32>, tensor<1xi32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<1xi32>
}

// -----

func.func @collective_broadcast_c6_root_out_of_group(%x: tensor<2xf32>) -> tensor<2xf32> {
  %roots = hlo.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{root 2 must index a group member in [0, 2) (collective_broadcast_c6)}}
  %r = "hlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @collective_reduce_c1_repeated_id(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (collective_reduce_c1), found 1 twice}}
  %r = "hlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

module attributes {mhlo.num_replicas = 8 : i32, mhlo.num_partitions = 2 : i32} {
func.func @collective_reduce_c2_partition_out_of_grid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_partitions = 2 (collective_reduce_c2), found 2}}
  %r = "hlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
}

// -----

func.func @reduce_scatter_c3_repeated_id(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (reduce_scatter_c3), found 0 twice}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

module attributes {mhlo.num_replicas = 2 : i32} {
func.func @reduce_scatter_c4_out_of_grid(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{replica_groups must be process ids below num_replicas = 2 (reduce_scatter_c4, reduce_scatter_c5), found 5}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
}

// -----

func.func @reduce_scatter_c5_negative_id(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{replica_groups must be non-negative process ids (reduce_scatter_c4, reduce_scatter_c5), found -2}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c6_global_ids_need_channel(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{use_global_device_ids requires a channel handle greater than 0 (reduce_scatter_c6)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c7_not_promotable(%x: tensor<2x4xf64>) -> tensor<2x2xf32> {
  // expected-error@+1 {{operand element type 'f64' is not promotable to the computation's 'f32' (reduce_scatter_c7)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c7_computation_type(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{computation must have type (tensor<E>, tensor<E>) -> tensor<E> (reduce_scatter_c7)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f16>):
    hlo.return %a : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c9_result_element_type(%x: tensor<2x4xf16>) -> tensor<2x2xf16> {
  // expected-error@+1 {{result element type must be the computation's 'f32' (reduce_scatter_c9)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf16>) -> tensor<2x2xf16>
  return %r : tensor<2x2xf16>
}

// -----

func.func @send_c1_pairs_columns(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{source_target_pairs must have 2 columns (send_c1), found type 'tensor<1x3xi64>'}}
  %r = "hlo.send"(%x, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}

// -----

func.func @send_c2_repeated_source(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{source 0 appears twice in source_target_pairs (send_c2)}}
  %r = "hlo.send"(%x, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}

// -----

func.func @send_c3_repeated_target(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{target 1 appears twice in source_target_pairs (send_c3)}}
  %r = "hlo.send"(%x, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}

// -----

module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 2 : i32} {
func.func @send_c4_partition_out_of_grid(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{source_target_pairs must be process ids below num_partitions = 2 (send_c4), found 3}}
  %r = "hlo.send"(%x, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 3]]> : tensor<1x2xi64>} : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}
}

// -----

func.func @recv_c1_pairs_columns(%t: !hlo.token) -> (tensor<2xf32>, !hlo.token) {
  // expected-error@+1 {{source_target_pairs must have 2 columns (recv_c1), found type 'tensor<2x1xi64>'}}
  %r:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0], [1]]> : tensor<2x1xi64>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0, %r#1 : tensor<2xf32>, !hlo.token
}

// -----

func.func @recv_c2_repeated_source(%t: !hlo.token) -> (tensor<2xf32>, !hlo.token) {
  // expected-error@+1 {{source 1 appears twice in source_target_pairs (recv_c2)}}
  %r:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [1, 2]]> : tensor<2x2xi64>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0, %r#1 : tensor<2xf32>, !hlo.token
}

// -----

func.func @recv_c3_repeated_target(%t: !hlo.token) -> (tensor<2xf32>, !hlo.token) {
  // expected-error@+1 {{target 0 appears twice in source_target_pairs (recv_c3)}}
  %r:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [2, 0]]> : tensor<2x2xi64>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0, %r#1 : tensor<2xf32>, !hlo.token
}

// -----

module attributes {mhlo.num_replicas = 2 : i32} {
func.func @recv_c4_replica_out_of_grid(%t: !hlo.token) -> (tensor<2xf32>, !hlo.token) {
  // expected-error@+1 {{source_target_pairs must be process ids below num_replicas = 2 (recv_c4), found 2}}
  %r:2 = "hlo.recv"(%t) {source_target_pairs = dense<[[2, 0]]> : tensor<1x2xi64>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0, %r#1 : tensor<2xf32>, !hlo.token
}
}

// -----

func.func @recv_c4_negative(%t: !hlo.token) -> (tensor<2xf32>, !hlo.token) {
  // expected-error@+1 {{source_target_pairs must be non-negative process ids (recv_c4), found -1}}
  %r:2 = "hlo.recv"(%t) {source_target_pairs = dense<[[-1, 0]]> : tensor<1x2xi64>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0, %r#1 : tensor<2xf32>, !hlo.token
}
