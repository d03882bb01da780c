// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file -mlir-print-op-generic | hlo-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @loop_fusion
// CHECK:         %[[R:.*]] = hlo.fusion kind = loop (%[[X:.*]] = %arg0, %[[Y:.*]] = %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
// CHECK:           %[[S:.*]] = hlo.add %[[X]], %[[Y]] : tensor<4xf32>
// CHECK:           hlo.return %[[S]] : tensor<4xf32>
// CHECK:         }
// CHECK:         return %[[R]]
func.func @loop_fusion(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.fusion kind = loop (%x = %a, %y = %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    %s = hlo.add %x, %y : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A multi-output input fusion with attributes.
// CHECK-LABEL: func.func @multi_output
// CHECK:         %{{.*}}:2 = hlo.fusion kind = input (%{{.*}} = %arg0) : (tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2x4xf32>) attributes {name = "fused_reduce"} {
func.func @multi_output(%a: tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2x4xf32>) {
  %0:2 = hlo.fusion kind = input (%x = %a) : (tensor<2x4xf32>) -> (tensor<2xf32>, tensor<2x4xf32>) attributes {name = "fused_reduce"} {
    %e = hlo.exponential %x : tensor<2x4xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
    hlo.return %r, %e : tensor<2xf32>, tensor<2x4xf32>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @no_inputs
// CHECK:         hlo.fusion kind = custom () : () -> tensor<3xi32>
func.func @no_inputs() -> tensor<3xi32> {
  %0 = hlo.fusion kind = custom () : () -> tensor<3xi32> {
    %i = hlo.iota dim = 0 : tensor<3xi32>
    hlo.return %i : tensor<3xi32>
  }
  return %0 : tensor<3xi32>
}
