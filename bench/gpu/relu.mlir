// relu((a + b) * c) over 256M f32 (1 GiB per array): memory bound, the
// kernel reads 3 arrays and writes 1; gpu-peers relu is its yardstick.
func.func @main(%a: tensor<268435456xf32>, %b: tensor<268435456xf32>, %c: tensor<268435456xf32>) -> tensor<268435456xf32> {
  %s = hlo.add %a, %b : tensor<268435456xf32>
  %m = hlo.multiply %s, %c : tensor<268435456xf32>
  %z = hlo.constant dense<0.0> : tensor<268435456xf32>
  %r = hlo.maximum %m, %z : tensor<268435456xf32>
  return %r : tensor<268435456xf32>
}
