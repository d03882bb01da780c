// A sort along rows (compare-and-swap code on scalars, nothing to
// vectorize), then a fusion of elementwise ops.
func.func @main(%a: tensor<16x33xf32>) -> tensor<16x33xf32> {
  %s = "hlo.sort"(%a) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %lt = hlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<16x33xf32>) -> tensor<16x33xf32>
  %e = hlo.exponential %s : tensor<16x33xf32>
  %r = hlo.add %e, %a : tensor<16x33xf32>
  return %r : tensor<16x33xf32>
}
