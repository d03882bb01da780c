func.func @main(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %s = hlo.add %a, %b : tensor<1024xf32>
  %e = hlo.exponential %s : tensor<1024xf32>
  %t = hlo.tanh %e : tensor<1024xf32>
  return %t : tensor<1024xf32>
}
