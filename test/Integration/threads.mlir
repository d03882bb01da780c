// hlo-cpu-pipeline threads=2: fusions (row reductions, a product with its
// epilogue) split into one chunk per thread by hlo-emit-fusions, other ops
// by hlo-parallelize, run by the MLIR async runtime. Each result matches an
// independent reference, and equals the single-threaded one bit for bit
// (every element is computed in the same order).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 64x256 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 256x64 --pattern=4
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy f4 64x512 --pattern=5
// RUN: %python %hlo_src_root/utils/npy.py write %t/c.npy f4 512 --pattern=6
// RUN: %python %hlo_src_root/utils/npy.py write %t/e.npy f4 65536 --pattern=7
// RUN: hlo-runner %s --entry softmax --input %t/x.npy --output %t/softmax2 --pipeline-options=threads=2
// RUN: %python %S/Inputs/reference.py softmax %t/x.npy %t/softmax2/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry softmax --input %t/x.npy --output %t/softmax1
// RUN: cmp %t/softmax1/result0.npy %t/softmax2/result0.npy
// RUN: hlo-runner %s --entry mlp --input %t/a.npy --input %t/w.npy --input %t/c.npy --output %t/mlp2 --pipeline-options=threads=2
// RUN: %python %S/Inputs/reference.py seed --abs=1e-4 %t/a.npy %t/w.npy %t/c.npy %t/mlp2/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry mlp --input %t/a.npy --input %t/w.npy --input %t/c.npy --output %t/mlp1
// RUN: cmp %t/mlp1/result0.npy %t/mlp2/result0.npy
// Unfused, every op is distributed by hlo-parallelize (the full sum stays
// on one thread).
// RUN: hlo-runner %s --entry square_and_sum --input %t/e.npy --output %t/sq2 --pipeline-options="threads=2 fusion=false"
// RUN: %python %S/Inputs/reference.py map "lambda x: x * x" %t/sq2/result0.npy %t/e.npy | FileCheck %s --check-prefix=MAP
// RUN: hlo-runner %s --entry square_and_sum --input %t/e.npy --output %t/sq1 --pipeline-options="fusion=false"
// RUN: cmp %t/sq1/result0.npy %t/sq2/result0.npy
// RUN: cmp %t/sq1/result1.npy %t/sq2/result1.npy
// The threads really run: the lowered code calls the async runtime.
// RUN: hlo-opt %s --hlo-cpu-pipeline=threads=2 | FileCheck %s --check-prefix=ASYNC
// RUN: not hlo-runner %s --entry softmax --input %t/x.npy --pipeline-options=threads=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// CHECK: MATCH
// MAP: 65536 of 65536 elements match
// ASYNC: llvm.call @mlirAsyncRuntimeCreateGroup
// ASYNC: llvm.call @mlirAsyncRuntimeAwaitAllInGroup
// NEGATIVE: error: hlo-cpu-pipeline option threads must be at least 1 (or 0: the cores available), got -1

func.func @softmax(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x256xf32>
  %d = hlo.subtract %x, %mb : tensor<64x256xf32>
  %e = hlo.exponential %d : tensor<64x256xf32>
  %s = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x256xf32>
  %r = hlo.divide %e, %sb : tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

func.func @mlp(%x: tensor<256x64xf32>, %w: tensor<64x512xf32>, %b: tensor<512xf32>) -> tensor<256x512xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x64xf32>, tensor<64x512xf32>) -> tensor<256x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %a = hlo.add %d, %bb : tensor<256x512xf32>
  %z = hlo.constant dense<0.0> : tensor<256x512xf32>
  %r = hlo.maximum %a, %z : tensor<256x512xf32>
  return %r : tensor<256x512xf32>
}

func.func @square_and_sum(%x: tensor<65536xf32>) -> (tensor<65536xf32>, tensor<f32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<65536xf32>
  %s = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [0] : (tensor<65536xf32>, tensor<f32>) -> tensor<f32>
  return %sq, %s : tensor<65536xf32>, tensor<f32>
}
