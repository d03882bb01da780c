// The dialect verifies the aliasing attributes of function arguments
// (hlo.result_alias, hlo.must_alias, hlo.buffer_donor): an aliased input
// and output have the same type (and layout where both have one), each
// result is aliased to at most one argument.
// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{argument #0: aliased to result #0 of type 'tensor<4xf32>', but the argument is 'tensor<4xi32>': an aliased input and output must have the same shape and element type}}
func.func @element_type(%a: tensor<4xi32> {hlo.result_alias = 0 : i64}) -> tensor<4xf32> {
  %r = hlo.convert %a : (tensor<4xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0: aliased to result #0 of type 'tensor<2x2xf32>', but the argument is 'tensor<4xf32>'}}
func.func @shape(%a: tensor<4xf32> {hlo.result_alias = 0 : i64}) -> tensor<2x2xf32> {
  %r = hlo.reshape %a : (tensor<4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{argument #0: aliased to result #1, but the function has 1 results}}
func.func @range(%a: tensor<4xf32> {hlo.result_alias = 1 : i64}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #1: aliased to result #0, which argument #0 is aliased to}}
func.func @twice(%a: tensor<4xf32> {hlo.result_alias = 0 : i64}, %b: tensor<4xf32> {hlo.result_alias = 0 : i64}) -> tensor<4xf32> {
  %r = hlo.add %a, %b : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0: aliased to result #0 with layout #hlo.layout<minor_to_major = [0, 1]>, but the argument's layout is #hlo.layout<minor_to_major = [1, 0]>: an aliased input and output must have the same layout}}
func.func @layout(%a: tensor<2x2xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0]>, hlo.result_alias = 0 : i64}) -> (tensor<2x2xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  return %a : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{argument #0: 'hlo.must_alias' needs 'hlo.result_alias'}}
func.func @must(%a: tensor<4xf32> {hlo.must_alias}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0: aliased to result #0 and a buffer donor: one or the other}}
func.func @both(%a: tensor<4xf32> {hlo.result_alias = 0 : i64, hlo.buffer_donor}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0: 'hlo.result_alias' must be an integer (a result number)}}
func.func @not_integer(%a: tensor<4xf32> {hlo.result_alias = "0"}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0: 'hlo.buffer_donor' must be a unit attribute}}
func.func @donor_value(%a: tensor<4xf32> {hlo.buffer_donor = 1 : i64}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// Well-formed aliasing verifies.
func.func @ok(%a: tensor<4xf32> {hlo.result_alias = 1 : i64, hlo.must_alias}, %b: tensor<4xf32> {hlo.buffer_donor}) -> (tensor<4xi32>, tensor<4xf32>) {
  %c = hlo.convert %b : (tensor<4xf32>) -> tensor<4xi32>
  return %c, %a : tensor<4xi32>, tensor<4xf32>
}
