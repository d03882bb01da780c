// relu((a + b) * c) over 16M f32: memory bound; fused it reads 3 arrays and
// writes 1, unfused it also writes and rereads two temporaries.
func.func @main(%a: tensor<16777216xf32>, %b: tensor<16777216xf32>,
                %c: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %s = hlo.add %a, %b : tensor<16777216xf32>
  %m = hlo.multiply %s, %c : tensor<16777216xf32>
  %z = hlo.constant dense<0.0> : tensor<16777216xf32>
  %r = hlo.maximum %m, %z : tensor<16777216xf32>
  return %r : tensor<16777216xf32>
}
