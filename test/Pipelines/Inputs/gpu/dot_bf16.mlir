func.func @main(%a: tensor<32x64xbf16>, %b: tensor<64x16xbf16>, %c: tensor<32x16xbf16>) -> tensor<32x16xbf16> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<32x64xbf16>, tensor<64x16xbf16>) -> tensor<32x16xbf16>
  %s = hlo.add %d, %c : tensor<32x16xbf16>
  return %s : tensor<32x16xbf16>
}
