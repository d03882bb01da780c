// A 2^31-element iota: 8 GiB of result (input of ../max-memory.test).
func.func @main() -> tensor<2147483648xi32> {
  %0 = hlo.iota dim = 0 : tensor<2147483648xi32>
  return %0 : tensor<2147483648xi32>
}
