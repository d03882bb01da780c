func.func @main(%x: tensor<16xf32>, %n: tensor<i32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %one = hlo.constant dense<1> : tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<16xf32>
    cond {
      %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      %j = hlo.add %i, %one : tensor<i32>
      %w = hlo.add %v, %v : tensor<16xf32>
      hlo.return %j, %w : tensor<i32>, tensor<16xf32>
    }
  %s = "hlo.sort"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<16xf32>) -> tensor<16xf32>
  return %r#1, %s : tensor<16xf32>, tensor<16xf32>
}
