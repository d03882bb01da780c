// Input of ../hostile-sizes.test: a result number as a fuzzer mutated one
// (MLIR's parser allocated 2^31 entries for it and aborted out of memory).
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.add %a, %a : tensor<f32>
  %1 = hlo.add %0#2147483648, %a : tensor<f32>
  return %1 : tensor<f32>
}
