// A max-pool with the argmax's coordinates (execute-reduce-window-variadic.mlir
// runs it on the simulator and the CPU path), as XLA's optimized CNN
// gradient computes it: 2x2 windows of stride 2 over [2, 16, 20, 8]
// reducing the values and two iotas of their coordinates together, the
// first maximum winning.
func.func @main(%x: tensor<2x16x20x8xf32>) -> (tensor<2x8x10x8xf32>, tensor<2x8x10x8xi32>, tensor<2x8x10x8xi32>) {
  %h = hlo.iota dim = 1 : tensor<2x16x20x8xi32>
  %w = hlo.iota dim = 2 : tensor<2x16x20x8xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:3 = "hlo.reduce_window"(%x, %h, %w, %ninf, %zero, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %ah: tensor<i32>, %aw: tensor<i32>, %b: tensor<f32>, %bh: tensor<i32>, %bw: tensor<i32>):
    %keep = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %keep, %a, %b : tensor<i1>, tensor<f32>
    %i = hlo.select %keep, %ah, %bh : tensor<i1>, tensor<i32>
    %j = hlo.select %keep, %aw, %bw : tensor<i1>, tensor<i32>
    hlo.return %v, %i, %j : tensor<f32>, tensor<i32>, tensor<i32>
  }) : (tensor<2x16x20x8xf32>, tensor<2x16x20x8xi32>, tensor<2x16x20x8xi32>, tensor<f32>, tensor<i32>, tensor<i32>) -> (tensor<2x8x10x8xf32>, tensor<2x8x10x8xi32>, tensor<2x8x10x8xi32>)
  return %0#0, %0#1, %0#2 : tensor<2x8x10x8xf32>, tensor<2x8x10x8xi32>, tensor<2x8x10x8xi32>
}
