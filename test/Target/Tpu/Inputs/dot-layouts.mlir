// Float dots in layouts the MXU kernel does not read directly, on
// generated arrays (execute-dot-layouts.mlir runs it on the simulator and
// the CPU path): a weight gradient x^T dy (the batch of rows contracted)
// and attention scores with the heads in the middle of [batch, sequence,
// heads, depth] (q k^T per batch and head).
func.func @main(%x: tensor<64x300xf32>, %dy: tensor<64x200xf32>, %q: tensor<2x40x3x64xf32>,
                %k: tensor<2x50x3x64xf32>) -> (tensor<300x200xf32>, tensor<2x3x40x50xf32>) {
  %0 = hlo.dot_general %x, %dy, contracting_dims = [0] x [0] : (tensor<64x300xf32>, tensor<64x200xf32>) -> tensor<300x200xf32>
  %1 = hlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x40x3x64xf32>, tensor<2x50x3x64xf32>) -> tensor<2x3x40x50xf32>
  return %0, %1 : tensor<300x200xf32>, tensor<2x3x40x50xf32>
}
