// RUN: hlo-opt %s --hlo-refine-shapes --split-input-file -verify-diagnostics

// A failing shape assertion reports its message with the dimension values.
func.func @assertion(%static: tensor<0x4xf32>) -> tensor<?x4xf32> {
  %x = tensor.cast %static : tensor<0x4xf32> to tensor<?x4xf32>
  %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %ok = hlo.compare GE, %n, %one, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // expected-error @+1 {{expected b >= 1, found b = 0 (twice: 0)}}
  hlo.custom_call @shape_assertion(%ok, %n) {error_message = "expected b >= 1, found b = {0} (twice: {0})", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %x : tensor<?x4xf32>
}

// -----

// A static dimension that contradicts what the operands imply (a cast that
// would fail at run time).
func.func @conflict(%static: tensor<8x4xf32>) -> tensor<3x4xf32> {
  %x = tensor.cast %static : tensor<8x4xf32> to tensor<?x4xf32>
  %t = hlo.tanh %x : tensor<?x4xf32>
  // expected-error @+1 {{shape refinement found a value of type 'tensor<3x4xf32>' to be 'tensor<8x4xf32>'}}
  %y = tensor.cast %t : tensor<?x4xf32> to tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
