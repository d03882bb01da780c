func.func @main() -> tensor<2xf32> {
  %t = hlo.after_all : !hlo.token
  %r:2 = "hlo.infeed"(%t) : (!hlo.token) -> (tensor<2xf32>, !hlo.token)
  return %r#0 : tensor<2xf32>
}
