// %a is donated, but no result has its type: once the sum has read it for
// the last time, its buffer may hold the temporaries computed after it
// (unfused: the product and the negation).
func.func @main(%a: tensor<16xf32> {hlo.buffer_donor}, %b: tensor<16xf32>) -> tensor<4xf32> {
  %s = hlo.add %a, %b : tensor<16xf32>
  %m = hlo.multiply %s, %s : tensor<16xf32>
  %n = hlo.negate %m : tensor<16xf32>
  %r = hlo.reshape %n : (tensor<16xf32>) -> tensor<4x4xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%r init: %z) applies hlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %sum : tensor<4xf32>
}
