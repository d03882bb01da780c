// a + b is aliased to a, but a is read again (reversed) after the sum:
// computed in place, the sum would have overwritten it first.
func.func @main(%a: tensor<4xf32> {hlo.result_alias = 0 : i64}, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = hlo.add %a, %b : tensor<4xf32>
  %r = hlo.reverse %a, dims = [0] : tensor<4xf32>
  %t = hlo.multiply %r, %b : tensor<4xf32>
  return %s, %t : tensor<4xf32>, tensor<4xf32>
}
