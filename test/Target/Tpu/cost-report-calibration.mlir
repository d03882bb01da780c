// RUN: hlo-runner --device=tpu-sim --hlo-tpu-cost-report --generate-inputs %s 2>&1 | FileCheck %s

// The cost model's counts are the simulator's: the DMA bytes and MXU
// pushes hlo-tpu-cost-report predicts for the program's kernels (a matmul
// with partial blocks in M, N and K, its epilogue, a row reduction and a
// column broadcast) are those the simulator counts when it runs them.
// CHECK: tpu-cost total: kernels={{[0-9]+}} dma_bytes=[[BYTES:[0-9]+]] mxu_pushes=[[PUSHES:[1-9][0-9]*]]
// CHECK: tpu-sim counted: dma_bytes=[[BYTES]] mxu_pushes=[[PUSHES]]
func.func @main(%x: tensor<100x300xbf16>, %w: tensor<300x200xbf16>, %b: tensor<100xf32>) -> (tensor<100x200xf32>, tensor<100xf32>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<100x300xbf16>, tensor<300x200xbf16>) -> tensor<100x200xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [0] : (tensor<100xf32>) -> tensor<100x200xf32>
  %e = hlo.add %d, %bb : tensor<100x200xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%e init: %z) applies hlo.maximum across dimensions = [1] : (tensor<100x200xf32>, tensor<f32>) -> tensor<100xf32>
  return %e, %r : tensor<100x200xf32>, tensor<100xf32>
}
