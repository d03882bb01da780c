// Iotas computed by kernels (execute-iota.mlir runs them on the simulator
// and the CPU path): lone ones along each dimension of a [8, 32, 32, 16]
// array (XLA's wrapped iotas; too large for the graph stage to fold), one
// of bf16 across several 2-d blocks, and one compared in a fusion with a
// generated array (a mask over several blocks).
func.func @main(%x: tensor<300x1000xi32>) -> (tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<600x1100xbf16>, tensor<300x1000xi32>) {
  %0 = hlo.iota dim = 0 : tensor<8x32x32x16xi32>
  %1 = hlo.iota dim = 1 : tensor<8x32x32x16xi32>
  %2 = hlo.iota dim = 2 : tensor<8x32x32x16xi32>
  %3 = hlo.iota dim = 3 : tensor<8x32x32x16xi32>
  %4 = hlo.fusion kind = loop () : () -> tensor<600x1100xbf16> {
    %i = hlo.iota dim = 1 : tensor<600x1100xbf16>
    hlo.return %i : tensor<600x1100xbf16>
  }
  %5 = hlo.fusion kind = loop (%p = %x) : (tensor<300x1000xi32>) -> tensor<300x1000xi32> {
    %i = hlo.iota dim = 0 : tensor<300x1000xi32>
    %j = hlo.iota dim = 1 : tensor<300x1000xi32>
    %ge = hlo.compare GE, %i, %j : (tensor<300x1000xi32>, tensor<300x1000xi32>) -> tensor<300x1000xi1>
    %z = hlo.constant dense<0> : tensor<300x1000xi32>
    %s = hlo.select %ge, %p, %z : tensor<300x1000xi1>, tensor<300x1000xi32>
    %a = hlo.add %s, %i : tensor<300x1000xi32>
    hlo.return %a : tensor<300x1000xi32>
  }
  return %0, %1, %2, %3, %4, %5 : tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<8x32x32x16xi32>, tensor<600x1100xbf16>, tensor<300x1000xi32>
}
