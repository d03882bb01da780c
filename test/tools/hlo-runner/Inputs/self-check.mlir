// A self-checking program (as the StableHLO conformance suite writes them).
func.func @main() {
  %x = hlo.constant dense<1.0> : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<1.0> : tensor<2xf32>
  return
}
