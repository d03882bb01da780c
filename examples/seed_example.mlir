// The motivating module: relu(dot(p0, p1) + p2), written in the hlo dialect.
// (The StableHLO original is ../shared/examples/seed_example.stablehlo.mlir.)
func.func @main(%p0: tensor<4x8xf32>, %p1: tensor<8x16xf32>, %p2: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %dot = hlo.dot_general %p0, %p1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %add = hlo.add %dot, %p2 : tensor<4x16xf32>
  %c0 = hlo.constant dense<0.0> : tensor<f32>
  %zero = hlo.broadcast_in_dim %c0, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
  %relu = hlo.maximum %add, %zero : tensor<4x16xf32>
  return %relu : tensor<4x16xf32>
}
