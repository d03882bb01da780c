// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.sort, one per StableHLO constraint (sort_c<N>);
// c4 and c5 are in sort.mlir.

func.func @sort_c1_no_inputs() {
  // expected-error @+1 {{'hlo.sort' op expects at least one input (sort_c1)}}
  "hlo.sort"() <{dimension = 0 : i64}> ({
  ^bb0:
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }) : () -> ()
  return
}

// -----

func.func @sort_c2_result_types(%k: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'hlo.sort' op results must have the inputs' types (sort_c2)}}
  %0 = "hlo.sort"(%k) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @sort_c3_input_shapes(%k: tensor<4xf32>, %v: tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>) {
  // expected-error @+1 {{'hlo.sort' op inputs must have the same shape (sort_c3)}}
  %0:2 = "hlo.sort"(%k, %v) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>, tensor<5xi32>) -> (tensor<4xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xi32>
}

// -----

// Valid: a negative dimension counts from the end, dynamic shapes match.
func.func @sort_valid_negative_dimension(%k: tensor<?x4xf32>, %v: tensor<3x?xi32>) -> (tensor<?x4xf32>, tensor<3x?xi32>) {
  %0:2 = "hlo.sort"(%k, %v) <{dimension = -1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<?x4xf32>, tensor<3x?xi32>) -> (tensor<?x4xf32>, tensor<3x?xi32>)
  return %0#0, %0#1 : tensor<?x4xf32>, tensor<3x?xi32>
}
