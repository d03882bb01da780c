// The structured chlo ops JAX emits (mulhi, ragged_dot, scan) import from
// StableHLO text with their bodies' stablehlo ops respelled, in generic and
// pretty syntax.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @main
func.func @main(%x: tensor<3xi8>, %lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>,
                %sizes: tensor<3xi64>, %s: tensor<4xi32>) -> tensor<4xi32> {
  // CHECK: chlo.mulhi %arg0, %arg0 : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %0 = "chlo.mulhi"(%x, %x) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  // CHECK: "chlo.ragged_dot"(%arg1, %arg2, %arg3) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}>
  %1 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [],
      rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: chlo.scan(%arg4) inits(%{{.*}}) dimension=0 attributes {is_reverse = true} {
  // CHECK: hlo.add
  // CHECK: hlo.return %{{.*}}, %{{.*}} : tensor<i32>, tensor<i32>
  %2:2 = chlo.scan(%s) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %3 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %3, %3 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %2#0 : tensor<4xi32>
}
