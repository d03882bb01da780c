// Input of ../hostile-sizes.test.
func.func @declared(%x: tensor<1000000x1000000xf32>) -> (tensor<1000000x1000000xf32>, tensor<1000000x1000000xf32>) {
  %c = hlo.constant dense<3.0> : tensor<1000000x1000000xf32>
  %0 = hlo.add %x, %c : tensor<1000000x1000000xf32>
  return %0, %c : tensor<1000000x1000000xf32>, tensor<1000000x1000000xf32>
}
