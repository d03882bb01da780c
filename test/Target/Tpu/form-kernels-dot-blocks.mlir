// RUN: hlo-opt --split-input-file --hlo-tpu-form-kernels="dot-block-m=128 dot-block-k=128 dot-block-n=256" %s | FileCheck %s
// RUN: hlo-opt --split-input-file --hlo-tpu-form-kernels %s | FileCheck %s --check-prefix=DEFAULT
// RUN: hlo-opt --split-input-file --hlo-tpu-pipeline="dot-block-m=128 dot-block-k=128 dot-block-n=256" %s | FileCheck %s --check-prefix=PIPELINE

// dot-block-m/k/n force the blocks of a dot kernel (the Pallas TPU matmul
// guide's bm, bk and bn): 512 x 384 x 768 in blocks of 128 x 128 x 256 is a
// grid of 4 x 3 x 3 blocks, K innermost; without them the dimensions fit
// one block each.
// CHECK-LABEL: func.func @matmul(
// CHECK: tpu.kernel grid = [1, 4, 3, 3] semantics = [parallel, parallel, parallel, arbitrary]
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 128, 128], #{{.*}}>, #tpu.block_spec<[1, 128, 256], #{{.*}}>, #tpu.block_spec<[1, 128, 256], #{{.*}}>]
// DEFAULT-LABEL: func.func @matmul(
// DEFAULT: tpu.kernel grid = [1, 1, 1, 1]
// DEFAULT-SAME: blocks = [#tpu.block_spec<[1, 512, 384], #{{.*}}>, #tpu.block_spec<[1, 384, 768], #{{.*}}>, #tpu.block_spec<[1, 512, 768], #{{.*}}>]
// PIPELINE-LABEL: func.func @matmul(
// PIPELINE: tpu.kernel grid = [1, 4, 3, 3]
func.func @matmul(%a: tensor<512x384xbf16>, %b: tensor<384x768xbf16>) -> tensor<512x768xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x384xbf16>, tensor<384x768xbf16>) -> tensor<512x768xf32>
  return %0 : tensor<512x768xf32>
}

// -----

// A dimension the limit does not divide is covered by blocks of at most the
// limit with the least padding among 3 to 6 blocks (as without the
// options): M 300 in 4 blocks of 80 rows (whole 16-row bf16 tiles, 320
// rows; 3 of 112 would be 336), N 200 in 2 of 128.
// CHECK-LABEL: func.func @padded(
// CHECK: tpu.kernel grid = [1, 4, 2, 1]
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 80, 128], #{{.*}}>, #tpu.block_spec<[1, 128, 128], #{{.*}}>, #tpu.block_spec<[1, 80, 128], #{{.*}}>]
func.func @padded(%a: tensor<300x128xbf16>, %b: tensor<128x200xbf16>) -> tensor<300x200xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<300x128xbf16>, tensor<128x200xbf16>) -> tensor<300x200xf32>
  return %0 : tensor<300x200xf32>
}

// -----

// Integer dots (on the VPU) take the same limits: 256 x 256 x 512 in
// blocks of 128 x 128 x 256.
// CHECK-LABEL: func.func @integer(
// CHECK: tpu.kernel grid = [1, 2, 2, 2]
// CHECK-SAME: blocks = [#tpu.block_spec<[1, 128, 128], #{{.*}}>, #tpu.block_spec<[1, 128, 256], #{{.*}}>, #tpu.block_spec<[1, 128, 256], #{{.*}}>]
func.func @integer(%a: tensor<256x256xi32>, %b: tensor<256x512xi32>) -> tensor<256x512xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xi32>, tensor<256x512xi32>) -> tensor<256x512xi32>
  return %0 : tensor<256x512xi32>
}
