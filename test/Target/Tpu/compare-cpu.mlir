// RUN: hlo-runner --generate-inputs %s --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --generate-inputs %s --output %t.tpu
// RUN: cmp %t.cpu/result0.npy %t.tpu/result0.npy
// RUN: cmp %t.cpu/result1.npy %t.tpu/result1.npy
// RUN: cmp %t.cpu/result2.npy %t.tpu/result2.npy

// The simulator against the CPU path on the same generated inputs, bit for
// bit (operations that round the same everywhere): 300 x 1000 in blocks of
// 256 x 896 with partial blocks at both edges, a row and a column
// broadcast, a lane-dense [count / 128, 128] view with predicates, and
// bf16 in (16, 128) registers, computed in f32. (One bf16 op: the
// simulator rounds every op's result to bf16, the CPU path keeps a fused
// chain in f32 as XLA's excess precision does, 1 ulp apart.)
func.func @main(%x: tensor<300x1000xf32>, %row: tensor<1000xf32>, %col: tensor<300xf32>,
                %a: tensor<64x100xbf16>, %b: tensor<64x100xbf16>)
    -> (tensor<300x1000xf32>, tensor<64x100xi1>, tensor<64x100xbf16>) {
  %r = hlo.broadcast_in_dim %row, dims = [1] : (tensor<1000xf32>) -> tensor<300x1000xf32>
  %c = hlo.broadcast_in_dim %col, dims = [0] : (tensor<300xf32>) -> tensor<300x1000xf32>
  %0 = hlo.multiply %x, %r : tensor<300x1000xf32>
  %1 = hlo.subtract %0, %c : tensor<300x1000xf32>
  %2 = hlo.maximum %1, %x : tensor<300x1000xf32>
  %3 = hlo.compare GE, %a, %b : (tensor<64x100xbf16>, tensor<64x100xbf16>) -> tensor<64x100xi1>
  %4 = hlo.add %a, %b : tensor<64x100xbf16>
  return %2, %3, %4 : tensor<300x1000xf32>, tensor<64x100xi1>, tensor<64x100xbf16>
}
