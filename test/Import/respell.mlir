// The respelling touches only the dialect prefix: strings and comments that
// mention stablehlo stay as they are, and generic op names are respelled.
// RUN: hlo-opt %s | FileCheck %s

// CHECK-LABEL: func.func @strings
// CHECK: hlo.custom_call @target(%arg0) {note = "stablehlo.add is kept in strings"}
func.func @strings(%x: tensor<2xf32>) -> tensor<2xf32> {
  // a comment about stablehlo.add
  %0 = "stablehlo.custom_call"(%x) <{call_target_name = "target"}> {note = "stablehlo.add is kept in strings"} : (tensor<2xf32>) -> tensor<2xf32>
  // CHECK: hlo.reduce(%{{.*}} init: %{{.*}}) applies hlo.add across dimensions = [0]
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
