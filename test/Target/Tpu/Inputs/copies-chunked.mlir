// Copies larger than a VMEM chunk (4 MiB on v5e) on generated inputs
// (execute-copy-chunked.mlir): a transpose streamed in three 336-row chunks
// and a remainder, a bf16 one cut at 16-row tiles, a concatenation whose
// pieces have a unit dimension (dropped from the VMEM buffers) cut along
// the leading one, and a dynamic update of a 2000 x 1000 operand.
func.func @main(%x: tensor<3000x1100xf32>, %h: tensor<2100x1030xbf16>, %p: tensor<300x64x1x3xf32>, %q: tensor<300x64x1x3xf32>, %big: tensor<2000x1000xf32>, %u: tensor<3x5xf32>, %i: tensor<i32>) -> (tensor<1100x3000xf32>, tensor<1030x2100xbf16>, tensor<300x64x2x3xf32>, tensor<2000x1000xf32>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<3000x1100xf32>) -> tensor<1100x3000xf32>
  %1 = hlo.transpose %h, dims = [1, 0] : (tensor<2100x1030xbf16>) -> tensor<1030x2100xbf16>
  %2 = hlo.concatenate %p, %q, dim = 2 : (tensor<300x64x1x3xf32>, tensor<300x64x1x3xf32>) -> tensor<300x64x2x3xf32>
  %3 = hlo.dynamic_update_slice %big, %u, %i, %i : (tensor<2000x1000xf32>, tensor<3x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2000x1000xf32>
  return %0, %1, %2, %3 : tensor<1100x3000xf32>, tensor<1030x2100xbf16>, tensor<300x64x2x3xf32>, tensor<2000x1000xf32>
}
