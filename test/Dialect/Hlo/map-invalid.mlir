// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @map_c1(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.map' op requires the same shape for all operands and results}}
  %r = "hlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      hlo.return %x : tensor<f32>
  }) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @map_c2() {
  // map_c2 (SameOperandsAndResultShape needs an operand)
  // expected-error @+1 {{'hlo.map' op expected 1 or more operands, but found 0}}
  %r = "hlo.map"() <{dimensions = array<i64>}> ({
    %c = hlo.constant dense<1.0> : tensor<f32>
    hlo.return %c : tensor<f32>
  }) : () -> tensor<f32>
  return
}

// -----

func.func @map_c3(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'hlo.map' op dimensions must be [0, ..., 1] (map_c3)}}
  %r = "hlo.map"(%a) <{dimensions = array<i64: 1, 0>}> ({
    ^bb0(%x: tensor<f32>):
      hlo.return %x : tensor<f32>
  }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @map_c4_arguments(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.map' op computation argument 0 must have type 'tensor<f32>' (map_c4), found 'tensor<i32>'}}
  %r = "hlo.map"(%a) <{dimensions = array<i64: 0>}> ({
    ^bb0(%x: tensor<i32>):
      %c = hlo.constant dense<1.0> : tensor<f32>
      hlo.return %c : tensor<f32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @map_c4_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.map' op computation must return one value of type 'tensor<f32>' (map_c4)}}
  %r = "hlo.map"(%a) <{dimensions = array<i64: 0>}> ({
    ^bb0(%x: tensor<f32>):
      %c = hlo.constant dense<1> : tensor<i32>
      hlo.return %c : tensor<i32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
