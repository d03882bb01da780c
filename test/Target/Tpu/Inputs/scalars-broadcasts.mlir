// Scalars and broadcasts on generated arrays (execute-scalars-broadcasts.mlir
// runs it on the simulator and the CPU path): a scalar computed in a
// fusion (an exponential of a negated scalar) scaling a matrix, a select
// with a computed scalar predicate, and a bf16 middle dimension broadcast
// added to an array over several blocks (the sum compared as f32).
func.func @main(%x: tensor<20x300xf32>, %s: tensor<f32>, %h: tensor<4x1x300xbf16>, %g: tensor<4x50x300xbf16>)
    -> (tensor<20x300xf32>, tensor<20x300xf32>, tensor<4x50x300xf32>) {
  %n = hlo.negate %s : tensor<f32>
  %e = hlo.exponential %n : tensor<f32>
  %b = hlo.broadcast_in_dim %e, dims = [] : (tensor<f32>) -> tensor<20x300xf32>
  %0 = hlo.multiply %x, %b : tensor<20x300xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.compare GT, %s, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = hlo.select %p, %x, %0 : tensor<i1>, tensor<20x300xf32>
  %m = hlo.broadcast_in_dim %h, dims = [0, 1, 2] : (tensor<4x1x300xbf16>) -> tensor<4x50x300xbf16>
  %2 = hlo.add %m, %g : tensor<4x50x300xbf16>
  %3 = hlo.convert %2 : (tensor<4x50x300xbf16>) -> tensor<4x50x300xf32>
  return %0, %1, %3 : tensor<20x300xf32>, tensor<20x300xf32>, tensor<4x50x300xf32>
}
