// Max-pool gradients of generated arrays (execute-select-and-scatter.mlir
// runs it on the simulator and the CPU path): 3x3 windows of stride 2 over
// an NHWC f32 array (overlapping windows), and windows of 4 with stride 3
// over i32 rows.
func.func @main(%x: tensor<2x9x11x3xf32>, %g: tensor<2x4x5x3xf32>, %y: tensor<5x130xi32>, %h: tensor<5x43xi32>)
    -> (tensor<2x9x11x3xf32>, tensor<5x130xi32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zi = hlo.constant dense<0> : tensor<i32>
  %0 = "hlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<2x9x11x3xf32>, tensor<2x4x5x3xf32>, tensor<f32>) -> tensor<2x9x11x3xf32>
  %1 = "hlo.select_and_scatter"(%y, %h, %zi) <{window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 3>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = hlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<5x130xi32>, tensor<5x43xi32>, tensor<i32>) -> tensor<5x130xi32>
  return %0, %1 : tensor<2x9x11x3xf32>, tensor<5x130xi32>
}
