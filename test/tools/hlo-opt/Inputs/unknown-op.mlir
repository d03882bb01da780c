// An op no dialect defines (input of ../atomic-output.test).
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = hlo.frobnicate %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
