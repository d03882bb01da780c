// Shapes that hlo-vectorize tiles to full machine vectors (powers of two):
// softmax and layernorm rows (partial-reduction accumulators, the
// polynomial exp), a product large enough for cache and register tiles
// with its bias + relu epilogue, a reduction along the outer dimension and
// elementwise f64 / i32 / i8 ops; each compared with an independent
// reference, and the whole module compared with vectorization off.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 8x256 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/g.npy f4 256 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 256 --pattern=3
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 128x64 --pattern=4
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy f4 64x512 --pattern=5
// RUN: %python %hlo_src_root/utils/npy.py write %t/c.npy f4 512 --pattern=6
// RUN: hlo-runner %s --entry softmax --input %t/x.npy --output %t/softmax
// RUN: %python %S/Inputs/reference.py softmax %t/x.npy %t/softmax/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry layernorm --input %t/x.npy --input %t/g.npy --input %t/b.npy --output %t/layernorm
// RUN: %python %S/Inputs/reference.py layernorm %t/x.npy %t/g.npy %t/b.npy %t/layernorm/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry mlp --input %t/a.npy --input %t/w.npy --input %t/c.npy --output %t/mlp
// RUN: %python %S/Inputs/reference.py seed --abs=1e-4 %t/a.npy %t/w.npy %t/c.npy %t/mlp/result0.npy | FileCheck %s
// A contraction over packed panels, whole and in blocks of k (768 = 3 x 256).
// RUN: %python %hlo_src_root/utils/npy.py write %t/a2.npy f4 32x768 --pattern=10
// RUN: %python %hlo_src_root/utils/npy.py write %t/w2.npy f4 768x128 --pattern=11
// RUN: %python %hlo_src_root/utils/npy.py write %t/c2.npy f4 128 --pattern=12
// RUN: hlo-runner %s --entry deep_mlp --input %t/a2.npy --input %t/w2.npy --input %t/c2.npy --output %t/deep
// RUN: %python %S/Inputs/reference.py seed --abs=1e-3 %t/a2.npy %t/w2.npy %t/c2.npy %t/deep/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry deep_mlp --input %t/a2.npy --input %t/w2.npy --input %t/c2.npy --output %t/deep-blocked --pipeline-options=contraction-depth=256
// RUN: %python %S/Inputs/reference.py seed --abs=1e-3 %t/a2.npy %t/w2.npy %t/c2.npy %t/deep-blocked/result0.npy | FileCheck %s
//
// exp over [-87, 88] (the polynomial approximation) within 2 ulp of libm.
// RUN: %python %hlo_src_root/utils/npy.py write %t/e.npy f4 1024 --range=-87,88
// RUN: hlo-runner %s --entry exp --input %t/e.npy --output %t/exp
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.exp" %t/exp/result0.npy %t/e.npy | FileCheck %s --check-prefix=EXP
//
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 64x32 --pattern=7
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i4 64x32 --pattern=8
// RUN: %python %hlo_src_root/utils/npy.py write %t/j.npy i1 64x32 --pattern=9
// RUN: hlo-runner %s --entry mixed --input %t/d.npy --input %t/i.npy --input %t/j.npy > %t/vector.txt
// RUN: hlo-runner %s --entry mixed --input %t/d.npy --input %t/i.npy --input %t/j.npy --pipeline-options=vectorize=false > %t/scalar.txt
// RUN: diff %t/vector.txt %t/scalar.txt
// RUN: FileCheck %s --check-prefix=MIXED < %t/vector.txt

// CHECK: MATCH
// EXP: 1024 of 1024 elements match
// MIXED: result #0: tensor<64x32xf64>
// MIXED: result #1: tensor<32xf64>
// MIXED: result #2: tensor<64x32xi32>
// MIXED: result #3: tensor<64xi32>
// MIXED: result #4: tensor<64x32xi8>

func.func @softmax(%x: tensor<8x256xf32>) -> tensor<8x256xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8x256xf32>, tensor<f32>) -> tensor<8xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<8xf32>) -> tensor<8x256xf32>
  %sub = hlo.subtract %x, %maxb : tensor<8x256xf32>
  %exp = hlo.exponential %sub : tensor<8x256xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x256xf32>, tensor<f32>) -> tensor<8xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x256xf32>
  %div = hlo.divide %exp, %sumb : tensor<8x256xf32>
  return %div : tensor<8x256xf32>
}

func.func @layernorm(%x: tensor<8x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<8x256xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<256.0> : tensor<8xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<8xf32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x256xf32>, tensor<f32>) -> tensor<8xf32>
  %mean = hlo.divide %sum, %n : tensor<8xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x256xf32>
  %c = hlo.subtract %x, %meanb : tensor<8x256xf32>
  %sq = hlo.multiply %c, %c : tensor<8x256xf32>
  %vs = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x256xf32>, tensor<f32>) -> tensor<8xf32>
  %var = hlo.divide %vs, %n : tensor<8xf32>
  %ve = hlo.add %var, %eps : tensor<8xf32>
  %rs = hlo.rsqrt %ve : tensor<8xf32>
  %rsb = hlo.broadcast_in_dim %rs, dims = [0] : (tensor<8xf32>) -> tensor<8x256xf32>
  %norm = hlo.multiply %c, %rsb : tensor<8x256xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<256xf32>) -> tensor<8x256xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<8x256xf32>
  %s = hlo.multiply %norm, %gb : tensor<8x256xf32>
  %r = hlo.add %s, %bb : tensor<8x256xf32>
  return %r : tensor<8x256xf32>
}

func.func @mlp(%x: tensor<128x64xf32>, %w: tensor<64x512xf32>, %b: tensor<512xf32>) -> tensor<128x512xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x512xf32>) -> tensor<128x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<128x512xf32>
  %a = hlo.add %d, %bb : tensor<128x512xf32>
  %z = hlo.constant dense<0.0> : tensor<128x512xf32>
  %r = hlo.maximum %a, %z : tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

func.func @deep_mlp(%x: tensor<32x768xf32>, %w: tensor<768x128xf32>, %b: tensor<128xf32>) -> tensor<32x128xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<32x768xf32>, tensor<768x128xf32>) -> tensor<32x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<32x128xf32>
  %s = hlo.add %d, %bb : tensor<32x128xf32>
  %z = hlo.constant dense<0.0> : tensor<32x128xf32>
  %r = hlo.maximum %s, %z : tensor<32x128xf32>
  return %r : tensor<32x128xf32>
}

func.func @exp(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = hlo.exponential %x : tensor<1024xf32>
  return %e : tensor<1024xf32>
}

func.func @mixed(%d: tensor<64x32xf64>, %i: tensor<64x32xi32>, %j: tensor<64x32xi8>)
    -> (tensor<64x32xf64>, tensor<32xf64>, tensor<64x32xi32>, tensor<64xi32>, tensor<64x32xi8>) {
  %dd = hlo.multiply %d, %d : tensor<64x32xf64>
  %dm = hlo.subtract %dd, %d : tensor<64x32xf64>
  %zero = hlo.constant dense<0.0> : tensor<f64>
  %cols = hlo.reduce(%dm init: %zero) applies hlo.add across dimensions = [0] : (tensor<64x32xf64>, tensor<f64>) -> tensor<32xf64>
  %ii = hlo.multiply %i, %i : tensor<64x32xi32>
  %is = hlo.shift_right_arithmetic %ii, %i : tensor<64x32xi32>
  %izero = hlo.constant dense<0> : tensor<i32>
  %rows = hlo.reduce(%is init: %izero) applies hlo.add across dimensions = [1] : (tensor<64x32xi32>, tensor<i32>) -> tensor<64xi32>
  %jj = hlo.add %j, %j : tensor<64x32xi8>
  %jm = hlo.maximum %jj, %j : tensor<64x32xi8>
  return %dm, %cols, %is, %rows, %jm : tensor<64x32xf64>, tensor<32xf64>, tensor<64x32xi32>, tensor<64xi32>, tensor<64x32xi8>
}
