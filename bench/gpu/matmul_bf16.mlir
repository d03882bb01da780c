// bf16 x bf16 -> bf16 matmul 8192^3; cuBLAS (gpu-peers gemm-bf16) is its yardstick.
func.func @main(%a: tensor<8192x8192xbf16>, %b: tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  return %d : tensor<8192x8192xbf16>
}
