// A transpose in place of its own operand: every element is read after
// other elements are written.
func.func @main(%a: tensor<3x3xf32> {hlo.result_alias = 0 : i64}) -> tensor<3x3xf32> {
  %t = hlo.transpose %a, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %t : tensor<3x3xf32>
}
