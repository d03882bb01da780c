// Collectives HLO text cannot express are reported at the op, with a
// non-zero exit: XLA's all-to-all splits and concatenates along one
// dimension, and its collective-broadcast has no dynamic root.
// RUN: hlo-translate --export-hlo-text --split-input-file --verify-diagnostics %s

func.func @main(%x: tensor<4x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{cannot export all_to_all with split_dimension 0 and concat_dimension 1 to HLO text: XLA's all-to-all has one dimension}}
  %r = "hlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>, %roots: tensor<1xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot export collective_broadcast with has_dynamic_root to HLO text: XLA's collective-broadcast has no dynamic root}}
  %r = "hlo.collective_broadcast"(%x, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
