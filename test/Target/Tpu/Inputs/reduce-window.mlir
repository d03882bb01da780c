// reduce_window on generated inputs (execute-reduce-window.mlir): a 3x3
// max pool with stride 2 and padding over a batch of 3-D arrays, a sum
// along the lanes with window 401 and stride 160 (offsets as a loop),
// a minimum of i8 with a window dilation, an or of predicates, and a
// cumulative product of a vector.
func.func @main(%x: tensor<2x30x20xf32>, %w: tensor<3x1600xf32>, %i: tensor<9x7xi8>, %p: tensor<5x6xi1>, %v: tensor<10xf32>)
    -> (tensor<2x15x10xf32>, tensor<3x8xf32>, tensor<5x7xi8>, tensor<4x6xi1>, tensor<10xf32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %z = hlo.constant dense<0.5> : tensor<f32>
  %imax = hlo.constant dense<127> : tensor<i8>
  %f = hlo.constant dense<false> : tensor<i1>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 3, 3>, window_strides = array<i64: 1, 2, 2>, padding = dense<[[0, 0], [1, 1], [0, 1]]> : tensor<3x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<2x30x20xf32>, tensor<f32>) -> tensor<2x15x10xf32>
  %1 = "hlo.reduce_window"(%w, %z) <{window_dimensions = array<i64: 1, 401>, window_strides = array<i64: 1, 160>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<3x1600xf32>, tensor<f32>) -> tensor<3x8xf32>
  %2 = "hlo.reduce_window"(%i, %imax) <{window_dimensions = array<i64: 3, 1>, window_dilations = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = hlo.minimum %a, %b : tensor<i8>
    hlo.return %s : tensor<i8>
  }) : (tensor<9x7xi8>, tensor<i8>) -> tensor<5x7xi8>
  %3 = "hlo.reduce_window"(%p, %f) <{window_dimensions = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = hlo.or %a, %b : tensor<i1>
    hlo.return %s : tensor<i1>
  }) : (tensor<5x6xi1>, tensor<i1>) -> tensor<4x6xi1>
  %4 = "hlo.reduce_window"(%v, %one) <{window_dimensions = array<i64: 10>, padding = dense<[[9, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.multiply %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
  return %0, %1, %2, %3, %4 : tensor<2x15x10xf32>, tensor<3x8xf32>, tensor<5x7xi8>, tensor<4x6xi1>, tensor<10xf32>
}
