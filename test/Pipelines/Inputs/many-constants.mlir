// 24 matrix constants, each in a fusion of its own (outlined into a
// function): one-shot bufferization makes a global of each.
func.func @main(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = stablehlo.constant dense<[[4.0, 9.0, 3.0, 6.0], [8.0, 2.0, 1.0, 8.0], [5.0, 9.0, 4.0, 4.0], [8.0, 9.0, 9.0, 8.0]]> : tensor<4x4xf32>
  %a0 = stablehlo.multiply %x, %c0 : tensor<4x4xf32>
  %d0 = stablehlo.dot_general %a0, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c1 = stablehlo.constant dense<[[7.0, 3.0, 4.0, 3.0], [9.0, 7.0, 1.0, 2.0], [3.0, 1.0, 5.0, 1.0], [5.0, 8.0, 7.0, 7.0]]> : tensor<4x4xf32>
  %a1 = stablehlo.multiply %d0, %c1 : tensor<4x4xf32>
  %d1 = stablehlo.dot_general %a1, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c2 = stablehlo.constant dense<[[7.0, 8.0, 3.0, 6.0], [2.0, 1.0, 3.0, 8.0], [4.0, 5.0, 7.0, 5.0], [7.0, 9.0, 7.0, 6.0]]> : tensor<4x4xf32>
  %a2 = stablehlo.multiply %d1, %c2 : tensor<4x4xf32>
  %d2 = stablehlo.dot_general %a2, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c3 = stablehlo.constant dense<[[9.0, 7.0, 4.0, 6.0], [1.0, 5.0, 3.0, 6.0], [9.0, 2.0, 4.0, 5.0], [5.0, 2.0, 2.0, 8.0]]> : tensor<4x4xf32>
  %a3 = stablehlo.multiply %d2, %c3 : tensor<4x4xf32>
  %d3 = stablehlo.dot_general %a3, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c4 = stablehlo.constant dense<[[8.0, 2.0, 6.0, 2.0], [7.0, 3.0, 1.0, 5.0], [7.0, 7.0, 2.0, 1.0], [1.0, 7.0, 6.0, 9.0]]> : tensor<4x4xf32>
  %a4 = stablehlo.multiply %d3, %c4 : tensor<4x4xf32>
  %d4 = stablehlo.dot_general %a4, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c5 = stablehlo.constant dense<[[5.0, 9.0, 4.0, 1.0], [5.0, 1.0, 2.0, 2.0], [9.0, 1.0, 4.0, 7.0], [5.0, 5.0, 3.0, 1.0]]> : tensor<4x4xf32>
  %a5 = stablehlo.multiply %d4, %c5 : tensor<4x4xf32>
  %d5 = stablehlo.dot_general %a5, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c6 = stablehlo.constant dense<[[6.0, 6.0, 6.0, 3.0], [7.0, 7.0, 8.0, 9.0], [7.0, 9.0, 2.0, 9.0], [5.0, 7.0, 4.0, 5.0]]> : tensor<4x4xf32>
  %a6 = stablehlo.multiply %d5, %c6 : tensor<4x4xf32>
  %d6 = stablehlo.dot_general %a6, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c7 = stablehlo.constant dense<[[7.0, 5.0, 9.0, 5.0], [9.0, 6.0, 1.0, 7.0], [6.0, 1.0, 7.0, 3.0], [1.0, 6.0, 8.0, 6.0]]> : tensor<4x4xf32>
  %a7 = stablehlo.multiply %d6, %c7 : tensor<4x4xf32>
  %d7 = stablehlo.dot_general %a7, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c8 = stablehlo.constant dense<[[6.0, 5.0, 8.0, 1.0], [1.0, 1.0, 6.0, 5.0], [8.0, 5.0, 6.0, 3.0], [6.0, 3.0, 6.0, 6.0]]> : tensor<4x4xf32>
  %a8 = stablehlo.multiply %d7, %c8 : tensor<4x4xf32>
  %d8 = stablehlo.dot_general %a8, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c9 = stablehlo.constant dense<[[5.0, 5.0, 7.0, 2.0], [1.0, 3.0, 5.0, 9.0], [4.0, 5.0, 4.0, 6.0], [3.0, 7.0, 2.0, 2.0]]> : tensor<4x4xf32>
  %a9 = stablehlo.multiply %d8, %c9 : tensor<4x4xf32>
  %d9 = stablehlo.dot_general %a9, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c10 = stablehlo.constant dense<[[6.0, 6.0, 4.0, 8.0], [3.0, 2.0, 6.0, 4.0], [8.0, 5.0, 4.0, 2.0], [1.0, 9.0, 4.0, 6.0]]> : tensor<4x4xf32>
  %a10 = stablehlo.multiply %d9, %c10 : tensor<4x4xf32>
  %d10 = stablehlo.dot_general %a10, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c11 = stablehlo.constant dense<[[3.0, 5.0, 6.0, 2.0], [6.0, 3.0, 7.0, 5.0], [9.0, 5.0, 8.0, 6.0], [7.0, 5.0, 7.0, 7.0]]> : tensor<4x4xf32>
  %a11 = stablehlo.multiply %d10, %c11 : tensor<4x4xf32>
  %d11 = stablehlo.dot_general %a11, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c12 = stablehlo.constant dense<[[1.0, 7.0, 3.0, 4.0], [1.0, 8.0, 9.0, 7.0], [9.0, 4.0, 1.0, 8.0], [9.0, 5.0, 9.0, 6.0]]> : tensor<4x4xf32>
  %a12 = stablehlo.multiply %d11, %c12 : tensor<4x4xf32>
  %d12 = stablehlo.dot_general %a12, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c13 = stablehlo.constant dense<[[4.0, 2.0, 5.0, 2.0], [4.0, 1.0, 1.0, 9.0], [4.0, 7.0, 1.0, 1.0], [8.0, 2.0, 3.0, 9.0]]> : tensor<4x4xf32>
  %a13 = stablehlo.multiply %d12, %c13 : tensor<4x4xf32>
  %d13 = stablehlo.dot_general %a13, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c14 = stablehlo.constant dense<[[5.0, 4.0, 1.0, 9.0], [9.0, 7.0, 1.0, 2.0], [6.0, 3.0, 5.0, 9.0], [8.0, 1.0, 6.0, 4.0]]> : tensor<4x4xf32>
  %a14 = stablehlo.multiply %d13, %c14 : tensor<4x4xf32>
  %d14 = stablehlo.dot_general %a14, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c15 = stablehlo.constant dense<[[4.0, 2.0, 9.0, 2.0], [3.0, 4.0, 5.0, 3.0], [1.0, 8.0, 7.0, 1.0], [5.0, 4.0, 5.0, 9.0]]> : tensor<4x4xf32>
  %a15 = stablehlo.multiply %d14, %c15 : tensor<4x4xf32>
  %d15 = stablehlo.dot_general %a15, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c16 = stablehlo.constant dense<[[9.0, 7.0, 1.0, 8.0], [6.0, 1.0, 1.0, 3.0], [1.0, 2.0, 1.0, 2.0], [8.0, 1.0, 2.0, 9.0]]> : tensor<4x4xf32>
  %a16 = stablehlo.multiply %d15, %c16 : tensor<4x4xf32>
  %d16 = stablehlo.dot_general %a16, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c17 = stablehlo.constant dense<[[9.0, 8.0, 6.0, 3.0], [6.0, 2.0, 6.0, 7.0], [7.0, 5.0, 6.0, 5.0], [4.0, 6.0, 7.0, 2.0]]> : tensor<4x4xf32>
  %a17 = stablehlo.multiply %d16, %c17 : tensor<4x4xf32>
  %d17 = stablehlo.dot_general %a17, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c18 = stablehlo.constant dense<[[3.0, 9.0, 1.0, 7.0], [2.0, 3.0, 1.0, 6.0], [8.0, 9.0, 7.0, 1.0], [7.0, 1.0, 6.0, 8.0]]> : tensor<4x4xf32>
  %a18 = stablehlo.multiply %d17, %c18 : tensor<4x4xf32>
  %d18 = stablehlo.dot_general %a18, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c19 = stablehlo.constant dense<[[6.0, 7.0, 7.0, 8.0], [1.0, 4.0, 4.0, 9.0], [5.0, 2.0, 7.0, 4.0], [7.0, 3.0, 1.0, 6.0]]> : tensor<4x4xf32>
  %a19 = stablehlo.multiply %d18, %c19 : tensor<4x4xf32>
  %d19 = stablehlo.dot_general %a19, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c20 = stablehlo.constant dense<[[6.0, 9.0, 5.0, 2.0], [8.0, 2.0, 9.0, 7.0], [2.0, 6.0, 9.0, 2.0], [1.0, 8.0, 3.0, 4.0]]> : tensor<4x4xf32>
  %a20 = stablehlo.multiply %d19, %c20 : tensor<4x4xf32>
  %d20 = stablehlo.dot_general %a20, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c21 = stablehlo.constant dense<[[7.0, 1.0, 9.0, 2.0], [2.0, 7.0, 3.0, 1.0], [6.0, 2.0, 1.0, 2.0], [8.0, 5.0, 5.0, 2.0]]> : tensor<4x4xf32>
  %a21 = stablehlo.multiply %d20, %c21 : tensor<4x4xf32>
  %d21 = stablehlo.dot_general %a21, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c22 = stablehlo.constant dense<[[1.0, 9.0, 9.0, 4.0], [2.0, 9.0, 2.0, 9.0], [1.0, 9.0, 6.0, 3.0], [2.0, 4.0, 3.0, 4.0]]> : tensor<4x4xf32>
  %a22 = stablehlo.multiply %d21, %c22 : tensor<4x4xf32>
  %d22 = stablehlo.dot_general %a22, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c23 = stablehlo.constant dense<[[8.0, 7.0, 5.0, 6.0], [7.0, 6.0, 9.0, 7.0], [2.0, 7.0, 9.0, 4.0], [7.0, 3.0, 7.0, 9.0]]> : tensor<4x4xf32>
  %a23 = stablehlo.multiply %d22, %c23 : tensor<4x4xf32>
  %d23 = stablehlo.dot_general %a23, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %d23 : tensor<4x4xf32>
}
