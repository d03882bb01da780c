func.func @main() -> tensor<2xi1> {
  %0 = stablehlo.constant dense<"0x0101
> : tensor<2xi1>
  return %0 : tensor<2xi1>
}
