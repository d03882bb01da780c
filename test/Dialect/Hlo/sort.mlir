// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @sort
// CHECK: "hlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK: }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
func.func @sort(%k: tensor<4xf32>, %v: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = "hlo.sort"(%k, %v) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

func.func @sort_c4(%k: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 must be in [-1, 1) (sort_c4)}}
  %0 = "hlo.sort"(%k) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_c5_comparator_arguments(%k: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{comparator must take 2 scalar tensor arguments (sort_c5), found 1}}
  %0 = "hlo.sort"(%k) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>):
    %lt = hlo.compare LT, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_c5_comparator_result(%k: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{comparator must return one tensor<i1> (sort_c5)}}
  %0 = "hlo.sort"(%k) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
