func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.multiply %a, %b : tensor<64x64xf32>
  %1 = hlo.add %0, %a : tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
