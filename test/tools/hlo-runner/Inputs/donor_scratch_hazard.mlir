// As donor_scratch.mlir, but %a is read again at the end: its buffer must
// not hold the temporaries computed before that (they would clobber it).
func.func @main(%a: tensor<16xf32> {hlo.buffer_donor}, %b: tensor<16xf32>) -> tensor<4xf32> {
  %s = hlo.add %a, %b : tensor<16xf32>
  %m = hlo.multiply %s, %s : tensor<16xf32>
  %n = hlo.negate %m : tensor<16xf32>
  %p = hlo.add %n, %a : tensor<16xf32>
  %r = hlo.reshape %p : (tensor<16xf32>) -> tensor<4x4xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%r init: %z) applies hlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %sum : tensor<4xf32>
}
