// bf16 arithmetic (x86-64 without AVX512_BF16: calls to __truncsfbf2,
// which libgcc of GCC 12 lacks) and a transpose.
func.func @main(%a: tensor<8xf32>, %b: tensor<4x3xf32>) -> (tensor<8xf32>, tensor<3x4xf32>) {
  %0 = hlo.convert %a : (tensor<8xf32>) -> tensor<8xbf16>
  %1 = hlo.add %0, %0 : tensor<8xbf16>
  %2 = hlo.convert %1 : (tensor<8xbf16>) -> tensor<8xf32>
  %3 = hlo.transpose %b, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
  return %2, %3 : tensor<8xf32>, tensor<3x4xf32>
}
