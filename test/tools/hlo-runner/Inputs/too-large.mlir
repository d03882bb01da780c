// 4e12 bytes of result: more than any machine this runs on.
func.func @main() -> tensor<100000x100000x100xf32> {
  %z = hlo.constant dense<0.0> : tensor<100000x100000x100xf32>
  return %z : tensor<100000x100000x100xf32>
}
