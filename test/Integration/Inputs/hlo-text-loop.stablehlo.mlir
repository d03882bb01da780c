func.func @main(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      %half = stablehlo.constant dense<0.5> : tensor<f32>
      %hb = stablehlo.broadcast_in_dim %half, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %v1 = stablehlo.multiply %v, %hb : tensor<4xf32>
      %v2 = stablehlo.add %v1, %hb : tensor<4xf32>
      stablehlo.return %i1, %v2 : tensor<i32>, tensor<4xf32>
    }
  %c = "stablehlo.if"(%p) ({
    %n = stablehlo.negate %r#1 : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }, {
    stablehlo.return %r#1 : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %m = stablehlo.multiply %c, %x : tensor<4xf32>
  %e = stablehlo.exponential %m : tensor<4xf32>
  return %e : tensor<4xf32>
}
