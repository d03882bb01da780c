// A self-checking program: its constants become parameters, the checked
// sum its result.
func.func @main() {
  %a = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = hlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %s = hlo.add %a, %b : tensor<3xf32>
  check.expect_eq_const %s, dense<[11.0, 22.0, 33.0]> : tensor<3xf32>
  return
}
