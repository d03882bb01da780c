// The dialect verifies `hlo.layout` and `hlo.operand_layouts`: a
// `#hlo.layout` of the rank of the value it describes, one entry per
// result or operand.
// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @rank(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hlo.layout' #hlo.layout<minor_to_major = [0]> has rank 1, but the value has rank 2}}
  %s = hlo.add %a, %a {hlo.layout = #hlo.layout<minor_to_major = [0]>} : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @not_a_layout(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hlo.layout' must be a #hlo.layout, found array<i64: 0, 1>}}
  %s = hlo.add %a, %a {hlo.layout = array<i64: 0, 1>} : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @per_result(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.layout' must have one entry per result (2)}}
  %f:2 = hlo.custom_call @lapack_spotrf_ffi(%a) {hlo.layout = [#hlo.layout<minor_to_major = [0, 1]>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %f#0 : tensor<4x4xf32>
}

// -----

func.func @result_rank(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.layout' of result #1 #hlo.layout<minor_to_major = [0]> has rank 1, but the value has rank 0}}
  %f:2 = hlo.custom_call @lapack_spotrf_ffi(%a) {hlo.layout = [unit, #hlo.layout<minor_to_major = [0]>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %f#0 : tensor<4x4xf32>
}

// -----

func.func @operands(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.operand_layouts' must have one entry per operand (1)}}
  %f = hlo.custom_call @target(%a) {hlo.operand_layouts = []} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}

// -----

func.func @operand_rank(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.operand_layouts' of operand #0 #hlo.layout<minor_to_major = [2, 1, 0]> has rank 3, but the value has rank 2}}
  %f = hlo.custom_call @target(%a) {hlo.operand_layouts = [#hlo.layout<minor_to_major = [2, 1, 0]>]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}

// -----

// expected-error @+1 {{'hlo.layout' of argument #0 #hlo.layout<minor_to_major = [0]> has rank 1, but the value has rank 2}}
func.func @argument(%a: tensor<4x4xf32> {hlo.layout = #hlo.layout<minor_to_major = [0]>}) -> tensor<4x4xf32> {
  return %a : tensor<4x4xf32>
}

// -----

func.func @token() -> !hlo.token {
  // expected-error @+1 {{'hlo.layout' describes a value of type '!hlo.token', which has no layout}}
  %t = hlo.after_all {hlo.layout = #hlo.layout<minor_to_major = []>} : !hlo.token
  return %t : !hlo.token
}

// -----

// expected-error @+1 {{'hlo.layout' of result #0 #hlo.layout<minor_to_major = [0, 1]> has rank 2, but the value has rank 1}}
func.func @result(%a: tensor<4xf32>) -> (tensor<4xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'hlo.layout' belongs on the function's arguments and results, not on the function}}
func.func @on_function() attributes {hlo.layout = #hlo.layout<minor_to_major = []>} {
  return
}

// -----

func.func @not_permutation(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{minor_to_major [1, 1] is not a permutation of the 2 dimensions}}
  %s = hlo.add %a, %a {hlo.layout = #hlo.layout<minor_to_major = [1, 1]>} : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
