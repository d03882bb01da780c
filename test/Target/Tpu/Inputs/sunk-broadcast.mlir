// XLA-style loop fusions that compute on smaller arrays and broadcast
// (execute-sunk-broadcast.mlir runs them on the simulator and the CPU
// path): a per-row mean subtracted and a per-column exponential scale,
// returned reshaped; a select with a scalar predicate at the smaller size;
// a layernorm's scale as XLA's unoptimized HLO writes it, with reshapes
// adding and dropping a unit dimension between the ops.
func.func @main(%x: tensor<8x20x300xf32>, %sum: tensor<8x20xf32>, %g: tensor<300xf32>, %s: tensor<f32>) -> (tensor<160x300xf32>, tensor<8x20x300xf32>, tensor<8x20x300xf32>) {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %sum, %p2 = %g) : (tensor<8x20x300xf32>, tensor<8x20xf32>, tensor<300xf32>) -> tensor<160x300xf32> {
    %c = hlo.constant dense<0.0033333334> : tensor<f32>
    %cb = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x20xf32>
    %mean = hlo.multiply %p1, %cb : tensor<8x20xf32>
    %b = hlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<8x20xf32>) -> tensor<8x20x300xf32>
    %d = hlo.subtract %p0, %b : tensor<8x20x300xf32>
    %e = hlo.exponential %p2 : tensor<300xf32>
    %eb = hlo.broadcast_in_dim %e, dims = [2] : (tensor<300xf32>) -> tensor<8x20x300xf32>
    %m = hlo.multiply %d, %eb : tensor<8x20x300xf32>
    %r = hlo.reshape %m : (tensor<8x20x300xf32>) -> tensor<160x300xf32>
    hlo.return %r : tensor<160x300xf32>
  }
  %1 = hlo.fusion kind = loop (%p0 = %x, %p1 = %sum, %p2 = %s) : (tensor<8x20x300xf32>, tensor<8x20xf32>, tensor<f32>) -> tensor<8x20x300xf32> {
    %z = hlo.constant dense<0.0> : tensor<f32>
    %pred = hlo.compare GT, %p2, %z : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %n = hlo.negate %p1 : tensor<8x20xf32>
    %sel = hlo.select %pred, %p1, %n : tensor<i1>, tensor<8x20xf32>
    %b = hlo.broadcast_in_dim %sel, dims = [0, 1] : (tensor<8x20xf32>) -> tensor<8x20x300xf32>
    %a = hlo.add %p0, %b : tensor<8x20x300xf32>
    hlo.return %a : tensor<8x20x300xf32>
  }
  %2 = hlo.fusion kind = loop (%p0 = %x, %p1 = %sum) : (tensor<8x20x300xf32>, tensor<8x20xf32>) -> tensor<8x20x300xf32> {
    %r = hlo.reshape %p1 : (tensor<8x20xf32>) -> tensor<8x20x1xf32>
    %a = hlo.abs %r : tensor<8x20x1xf32>
    %c = hlo.constant dense<1.0e-05> : tensor<f32>
    %cb = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x20x1xf32>
    %e = hlo.add %a, %cb : tensor<8x20x1xf32>
    %q = hlo.rsqrt %e : tensor<8x20x1xf32>
    %i = hlo.broadcast_in_dim %q, dims = [0, 1, 2] : (tensor<8x20x1xf32>) -> tensor<8x20x1xf32>
    %d = hlo.reshape %i : (tensor<8x20x1xf32>) -> tensor<8x20xf32>
    %b = hlo.broadcast_in_dim %d, dims = [0, 1] : (tensor<8x20xf32>) -> tensor<8x20x300xf32>
    %m = hlo.multiply %p0, %b : tensor<8x20x300xf32>
    hlo.return %m : tensor<8x20x300xf32>
  }
  return %0, %1, %2 : tensor<160x300xf32>, tensor<8x20x300xf32>, tensor<8x20x300xf32>
}
