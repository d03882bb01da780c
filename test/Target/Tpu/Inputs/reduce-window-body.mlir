// A cumulative log-sum-exp of generated rows (execute-reduce-window-body.mlir
// runs it on the simulator and the CPU path): per element of rows of 20 the
// log-sum-exp of the row up to it, a window over the whole row padded
// before it (each padded offset is code of its own: a small row).
func.func @main(%x: tensor<4x20xf32>) -> tensor<4x20xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 20>, padding = dense<[[0, 0], [19, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ea = hlo.exponential %a : tensor<f32>
    %eb = hlo.exponential %b : tensor<f32>
    %s = hlo.add %ea, %eb : tensor<f32>
    %l = hlo.log %s : tensor<f32>
    hlo.return %l : tensor<f32>
  }) : (tensor<4x20xf32>, tensor<f32>) -> tensor<4x20xf32>
  return %0 : tensor<4x20xf32>
}
