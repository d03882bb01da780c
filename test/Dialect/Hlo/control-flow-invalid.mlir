// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @while_c1_cond_result(%n: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{cond must return 1 values of types ('tensor<i1>') (while_c1), found ('tensor<i64>')}}
  %0 = hlo.while(%i = %n) : tensor<i64>
    cond {
      hlo.return %i : tensor<i64>
    } do {
      hlo.return %i : tensor<i64>
    }
  return %0 : tensor<i64>
}

// -----

func.func @while_c2_body_results(%n: tensor<i64>, %f: tensor<f32>) -> tensor<i64> {
  // expected-error @+1 {{body must return 1 values of types ('tensor<i64>') (while_c2), found ('tensor<f32>')}}
  %0 = hlo.while(%i = %n) : tensor<i64>
    cond {
      %c = hlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      hlo.return %f : tensor<f32>
    }
  return %0 : tensor<i64>
}

// -----

func.func @if_c2_branch_types(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{false_branch must return 1 values of types ('tensor<2xf32>') (if_c2, if_c3), found ('tensor<3xf32>')}}
  %0 = "hlo.if"(%p) ({
    hlo.return %a : tensor<2xf32>
  }, {
    hlo.return %b : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @if_c1_no_arguments(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{true_branch must take no arguments (if_c1)}}
  %0 = "hlo.if"(%p) ({
  ^bb0(%x: tensor<2xf32>):
    hlo.return %x : tensor<2xf32>
  }, {
    hlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @case_c1_branches(%k: tensor<i32>) {
  // expected-error @+1 {{expects at least one branch (case_c1)}}
  "hlo.case"(%k) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_c4_result_types(%k: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{branch #1 must return 1 values of types ('tensor<2xf32>') (case_c3, case_c4), found ('tensor<2xi32>')}}
  %0 = "hlo.case"(%k) ({
    hlo.return %a : tensor<2xf32>
  }, {
    hlo.return %b : tensor<2xi32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @while_c3_result_types(%n: tensor<i64>) -> tensor<i32> {
  // expected-error @+1 {{'hlo.while' op results must have the operand types (while_c3)}}
  %0 = "hlo.while"(%n) ({
  ^bb0(%i: tensor<i64>):
    %c = hlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i64>):
    hlo.return %i : tensor<i64>
  }) : (tensor<i64>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @case_c2_branch_arguments(%k: tensor<i32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.case' op branch #1 must take no arguments (case_c2)}}
  %0 = "hlo.case"(%k) ({
    hlo.return %a : tensor<2xf32>
  }, {
  ^bb0(%x: tensor<2xf32>):
    hlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
