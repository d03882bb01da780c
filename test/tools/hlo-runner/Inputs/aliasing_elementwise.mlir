// relu((a + b) * c), computed in a's buffer.
func.func @main(%a: tensor<4xf32> {hlo.result_alias = 0 : i64}, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %s = hlo.add %a, %b : tensor<4xf32>
  %m = hlo.multiply %s, %c : tensor<4xf32>
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %r = hlo.maximum %m, %z : tensor<4xf32>
  return %r : tensor<4xf32>
}
