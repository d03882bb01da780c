// hlo-write-aliased-results verifies StableHLO's spelling of aliasing too
// (tf.aliasing_output, which the hlo dialect's verifier does not see).
// RUN: hlo-opt %s -split-input-file --hlo-write-aliased-results -verify-diagnostics

// expected-error @+1 {{argument #0: aliased to result #0 of type 'tensor<8xf32>', but the argument is 'tensor<4xf32>': an aliased input and output must have the same shape and element type}}
func.func @type(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<8xf32> {
  %r = tensor.concat dim(0) %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// expected-error @+1 {{argument #0: 'hlo.result_alias' and 'tf.aliasing_output' both given}}
func.func @both(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32, hlo.result_alias = 0 : i64}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
