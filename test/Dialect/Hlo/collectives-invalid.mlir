// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @all_gather_dim(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{all_gather_dim 2 is out of range for rank 2 (all_gather_c1)}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_gather_unique(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (all_gather_c2), found 1 twice}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_gather_negative(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{replica_groups must be non-negative process ids (all_gather_c3, all_gather_c4), found -2}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_gather_global_ids(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{use_global_device_ids requires a channel handle greater than 0 (all_gather_c5)}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_gather_shape(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{result type 'tensor<2x2xf32>' must be the operand's with dimension 1 times the group size 2 (all_gather_c6)}}
  %r = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @all_reduce_groups_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{replica_groups must be a 2-d array of process ids, found rank 1}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_reduce_computation(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{computation must have type (tensor<E>, tensor<E>) -> tensor<E> (all_reduce_c5)}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    hlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_reduce_promotable(%x: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{operand element type 'f64' is not promotable to the computation's 'f32' (all_reduce_c5)}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf64>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @all_reduce_shape(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result shape must equal the operand's (all_reduce_c6)}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @all_reduce_element(%x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error@+1 {{result element type must be the computation's 'f32' (all_reduce_c7)}}
  %r = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

func.func @reduce_scatter_divisible(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error@+1 {{dimension 1 of size 3 is not divisible by the group size 2 (reduce_scatter_c1)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}

// -----

func.func @reduce_scatter_dim(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{scatter_dimension 2 is out of range for rank 2 (reduce_scatter_c2)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_shape(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{result shape must be the operand's with dimension 1 divided by the group size (reduce_scatter_c8)}}
  %r = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_to_all_count(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{split_count must be positive (all_to_all_c4)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @all_to_all_group(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{the group size 3 must equal split_count 2 (all_to_all_c8)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @all_to_all_split_dim(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{split_dimension 3 is out of range for rank 2 (all_to_all_c1)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 3 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @all_to_all_divisible(%x: tensor<2x3xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{dimension 1 of size 3 is not divisible by split_count 2 (all_to_all_c2)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

func.func @all_to_all_concat_dim(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{concat_dimension -1 is out of range for rank 2 (all_to_all_c3)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @all_to_all_shape(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{result type 'tensor<2x4xf32>' does not match the operand's split and concatenated parts (all_to_all_c9)}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @permute_columns(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{source_target_pairs must have 2 columns (collective_permute_c1)}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @permute_sources(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{source 0 appears twice in source_target_pairs (collective_permute_c2)}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @permute_targets(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{target 1 appears twice in source_target_pairs (collective_permute_c3)}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @permute_negative(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{source_target_pairs must be non-negative process ids (collective_permute_c4)}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @permute_type(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error@+1 {{result type must equal the operand's (collective_permute_c5)}}
  %r = "hlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf64>
  return %r : tensor<2xf64>
}

// -----

func.func @broadcast_unique(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{replica_groups must not repeat a process id (collective_broadcast_c1), found 0 twice}}
  %r = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @broadcast_type(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{result type 'tensor<3xf32>' must equal the operand's 'tensor<2xf32>' (collective_broadcast_c3)}}
  %r = "hlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

func.func @infeed_empty(%t: !hlo.token) {
  // expected-error@+1 {{must have at least one result (infeed_c1)}}
  "hlo.infeed"(%t) : (!hlo.token) -> ()
  return
}

// -----

func.func @infeed_token_last(%t: !hlo.token) -> tensor<2xf32> {
  // expected-error@+1 {{last result must be a token (infeed_c3)}}
  %r = "hlo.infeed"(%t) : (!hlo.token) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @infeed_tensors(%t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{results before the token must be tensors (infeed_c2), found '!hlo.token'}}
  %r:2 = "hlo.infeed"(%t) : (!hlo.token) -> (!hlo.token, !hlo.token)
  return %r#1 : !hlo.token
}

// -----

func.func @send_channel(%x: tensor<2xf32>, %t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{channel type must be 2 for a host transfer (send_c5), found 3}}
  %r = "hlo.send"(%x, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (tensor<2xf32>, !hlo.token) -> !hlo.token
  return %r : !hlo.token
}

// -----

func.func @recv_channel(%t: !hlo.token) -> !hlo.token {
  // expected-error@+1 {{channel type must be 1 for a device transfer (recv_c5), found 3}}
  %r:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 3>} : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#1 : !hlo.token
}

// -----

func.func @recv_token_last(%t: !hlo.token) -> tensor<2xf32> {
  // expected-error@+1 {{last result must be a token}}
  %r = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>} : (!hlo.token) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @replica_id_type() -> tensor<i32> {
  // expected-error@+1 {{result #0 must be 0D tensor of 32-bit unsigned integer values}}
  %r = hlo.replica_id : tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @collective_reduce_roots(%x: tensor<4xf32>, %roots: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{the last operand must be a 1-d i32 tensor with one root per data operand (collective_reduce_c3), found 'tensor<2xi32>'}}
  %r = "hlo.collective_reduce"(%x, %roots) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @collective_reduce_shape(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result shape must equal the operand's (collective_reduce_c3)}}
  %r = "hlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @collective_reduce_computation(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{computation must have type (tensor<E>, tensor<E>) -> tensor<E> (collective_reduce_c4)}}
  %r = "hlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
