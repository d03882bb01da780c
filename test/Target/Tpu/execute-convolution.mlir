// RUN: hlo-runner --device=tpu-sim --no-cache %s | FileCheck %s
// RUN: hlo-runner %s | FileCheck %s
// RUN: sed 's/dense<\[\[\[\[12.0\], \[16.0\]\]/dense<[[[[12.5], [16.0]]/' %s > %t.perturbed.mlir
// RUN: not hlo-runner --device=tpu-sim --no-cache %t.perturbed.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED
// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %S/Inputs/convolution.mlir --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --hlo-tpu-cost-report --generate-inputs %S/Inputs/convolution.mlir --output %t.tpu 2>&1 | FileCheck %s --check-prefix=COST
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 1e-5 1e-5

// Convolutions on the simulator (and the CPU path): hlo-convolution-to-dot
// in the graph stage makes each a patch matrix (slices, pads, transposes
// and concatenations: DMAs) times the kernel (an MXU dot). Against
// expected values: a 2x2 box filter of a 3x3 image, and a convolution
// whose output is empty (no kernel, an empty result). A perturbed value
// fails. Inputs/convolution.mlir convolves generated arrays (padding and
// strides, NHWC; a 1-D dilated kernel, NCW; a ReLU epilogue): within 1e-5
// of the CPU path (sums in another order), and the cost report's DMA
// bytes and MXU pushes are the simulator's.
// CHECK: 2 passed, 0 failed
// PERTURBED: check failed
// PERTURBED: 1 passed, 1 failed
// COST: tpu-cost total: kernels=8 dma_bytes=[[BYTES:[0-9]+]] mxu_pushes=[[PUSHES:[0-9]+]]
// COST: tpu-sim counted: dma_bytes=[[BYTES]] mxu_pushes=[[PUSHES]]
func.func @main() {
  %x = hlo.constant dense<[[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]], [[7.0], [8.0], [9.0]]]]> : tensor<1x3x3x1xf32>
  %k = hlo.constant dense<1.0> : tensor<2x2x1x1xf32>
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x1xf32>
  %e0 = hlo.constant dense<[[[[12.0], [16.0]], [[24.0], [28.0]]]]> : tensor<1x2x2x1xf32>
  hlo.custom_call @check.expect_close(%0, %e0) {has_side_effect = true} : (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) -> ()

  %y = hlo.constant dense<1.0> : tensor<2x3x1x4xf32>
  %g = hlo.constant dense<1.0> : tensor<3x3x2x5xf32>
  %1 = hlo.convolution(%y, %g) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x1x4xf32>, tensor<3x3x2x5xf32>) -> tensor<2x3x0x0xf32>
  %e1 = hlo.constant dense<> : tensor<2x3x0x0xf32>
  hlo.custom_call @check.expect_eq(%1, %e1) {has_side_effect = true} : (tensor<2x3x0x0xf32>, tensor<2x3x0x0xf32>) -> ()
  return
}
