// b + a must be computed in b's buffer (hlo.must_alias: XLA's must-alias).
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32> {hlo.result_alias = 0 : i64, hlo.must_alias}) -> tensor<4xf32> {
  %s = hlo.add %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
