// chlo.ragged_dot in its two supported modes, with batch dimensions. The
// runner makes the constants run-time inputs. Expected values: numpy,
// small integers (exact in f32), computed offline group by group:
//   mode 1: out[b, m] = lhs[b, m] @ rhs[g, b] for the rows m of group g
//           (group_sizes[b, :] consecutive rows), zero after the last group;
//   mode 2: out[g, b] = lhs[b, :, K_g] @ rhs[b, K_g, :] for the contracting
//           indices K_g of group g (an empty group gives zeros).
// RUN: hlo-runner --split-input-file %s | FileCheck %s
// CHECK: 2 passed, 0 failed

// Ragged non-contracting dimension, group sizes per batch, a row past the
// last group.
func.func @ragged_non_contracting() {
  %lhs = hlo.constant dense<[[[2.0, 1.0, 0.0], [-2.0, -1.0, -3.0], [-3.0, -3.0, -2.0], [2.0, 1.0, 3.0], [0.0, 1.0, 3.0]], [[2.0, 1.0, 0.0], [0.0, 3.0, -2.0], [2.0, 1.0, -3.0], [-1.0, 3.0, 0.0], [-3.0, 2.0, 2.0]]]> : tensor<2x5x3xf32>
  %rhs = hlo.constant dense<[[[[2.0, -2.0], [-3.0, 3.0], [-3.0, 0.0]], [[-3.0, -1.0], [0.0, -1.0], [-1.0, -3.0]]], [[[-3.0, -3.0], [-3.0, 1.0], [0.0, 1.0]], [[-2.0, 1.0], [2.0, -1.0], [0.0, 3.0]]], [[[2.0, 3.0], [-1.0, 1.0], [3.0, 1.0]], [[2.0, 1.0], [1.0, -1.0], [3.0, -3.0]]]]> : tensor<3x2x3x2xf32>
  %sizes = hlo.constant dense<[[2, 0, 2], [1, 3, 0]]> : tensor<2x3xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>
  } : (tensor<2x5x3xf32>, tensor<3x2x3x2xf32>, tensor<2x3xi32>) -> tensor<2x5x2xf32>
  check.expect_eq_const %0, dense<[[[1.0, -1.0], [8.0, 1.0], [-9.0, -14.0], [12.0, 10.0], [0.0, 0.0]], [[-6.0, -3.0], [6.0, -9.0], [-2.0, -8.0], [8.0, -4.0], [0.0, 0.0]]]> : tensor<2x5x2xf32>
  return
}

// -----

// Ragged contracting dimension: one result slice per group.
func.func @ragged_contracting() {
  %lhs = hlo.constant dense<[[[1.0, 2.0, 2.0, 0.0], [-1.0, -1.0, -1.0, 0.0]], [[2.0, 3.0, -3.0, 3.0], [0.0, -1.0, 1.0, 1.0]]]> : tensor<2x2x4xf32>
  %rhs = hlo.constant dense<[[[-2.0, -1.0, 2.0], [1.0, 0.0, -1.0], [2.0, -1.0, -1.0], [3.0, -2.0, -2.0]], [[1.0, 1.0, -3.0], [-3.0, -1.0, 2.0], [-1.0, 2.0, -1.0], [-2.0, 2.0, 3.0]]]> : tensor<2x4x3xf32>
  %sizes = hlo.constant dense<[1, 2, 0]> : tensor<3xi64>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<2x2x4xf32>, tensor<2x4x3xf32>, tensor<3xi64>) -> tensor<3x2x2x3xf32>
  check.expect_eq_const %0, dense<[[[[-2.0, -1.0, 2.0], [2.0, 1.0, -2.0]], [[2.0, 2.0, -6.0], [0.0, 0.0, 0.0]]], [[[6.0, -2.0, -4.0], [-3.0, 1.0, 2.0]], [[-6.0, -9.0, 9.0], [2.0, 3.0, -3.0]]], [[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]]> : tensor<3x2x2x3xf32>
  return
}
