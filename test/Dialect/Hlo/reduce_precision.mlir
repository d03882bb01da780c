// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @round_trip
// CHECK: hlo.reduce_precision %arg0, format = e5m10 : tensor<4xf32>
func.func @round_trip(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_format(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a format like e5m10, found 'f5m10'}}
  %0 = hlo.reduce_precision %x, format = f5m10 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @zero_exponent_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'exponent_bits' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = hlo.reduce_precision %x, format = e0m10 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @needs_floats(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<4xi32>
  return %0 : tensor<4xi32>
}
