// Fused programs compute the same numbers as independent references and as
// the same programs compiled without fusion: softmax and layernorm (input
// fusions over rows), dot + bias + relu (an output fusion tiled over the
// product, with partial tiles), and a loop fusion through broadcasts,
// transposes and reshapes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 37x50 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/g.npy f4 50 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 50 --pattern=3
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 70x33 --pattern=4
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy f4 33x300 --pattern=5
// RUN: %python %hlo_src_root/utils/npy.py write %t/c.npy f4 300 --pattern=6
// RUN: hlo-runner %s --entry softmax --input %t/x.npy --output %t/softmax
// RUN: %python %S/Inputs/reference.py softmax %t/x.npy %t/softmax/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry layernorm --input %t/x.npy --input %t/g.npy --input %t/b.npy --output %t/layernorm
// RUN: %python %S/Inputs/reference.py layernorm %t/x.npy %t/g.npy %t/b.npy %t/layernorm/result0.npy | FileCheck %s
// The products sum 33 terms of either sign: f32 rounding near zero is
// within 1e-5 absolute.
// RUN: hlo-runner %s --entry mlp --input %t/a.npy --input %t/w.npy --input %t/c.npy --output %t/mlp
// RUN: %python %S/Inputs/reference.py seed --abs=1e-5 %t/a.npy %t/w.npy %t/c.npy %t/mlp/result0.npy | FileCheck %s
// Fusion alone changes no bit (vectorization off on both sides: vectorized
// exp is a polynomial a few ulp from libm's).
// RUN: hlo-runner %s --entry shapes --input %t/x.npy --input %t/g.npy --pipeline-options=vectorize=false > %t/fused.txt
// RUN: hlo-runner %s --entry shapes --input %t/x.npy --input %t/g.npy "--pipeline-options=fusion=false vectorize=false" > %t/unfused.txt
// RUN: diff %t/fused.txt %t/unfused.txt

// CHECK: MATCH

func.func @softmax(%x: tensor<37x50xf32>) -> tensor<37x50xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<37x50xf32>, tensor<f32>) -> tensor<37xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<37xf32>) -> tensor<37x50xf32>
  %sub = hlo.subtract %x, %maxb : tensor<37x50xf32>
  %exp = hlo.exponential %sub : tensor<37x50xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<37x50xf32>, tensor<f32>) -> tensor<37xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<37xf32>) -> tensor<37x50xf32>
  %div = hlo.divide %exp, %sumb : tensor<37x50xf32>
  return %div : tensor<37x50xf32>
}

func.func @layernorm(%x: tensor<37x50xf32>, %g: tensor<50xf32>, %b: tensor<50xf32>) -> tensor<37x50xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<50.0> : tensor<37xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<37xf32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<37x50xf32>, tensor<f32>) -> tensor<37xf32>
  %mean = hlo.divide %sum, %n : tensor<37xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<37xf32>) -> tensor<37x50xf32>
  %c = hlo.subtract %x, %meanb : tensor<37x50xf32>
  %sq = hlo.multiply %c, %c : tensor<37x50xf32>
  %vs = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<37x50xf32>, tensor<f32>) -> tensor<37xf32>
  %var = hlo.divide %vs, %n : tensor<37xf32>
  %ve = hlo.add %var, %eps : tensor<37xf32>
  %rs = hlo.rsqrt %ve : tensor<37xf32>
  %rsb = hlo.broadcast_in_dim %rs, dims = [0] : (tensor<37xf32>) -> tensor<37x50xf32>
  %norm = hlo.multiply %c, %rsb : tensor<37x50xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<50xf32>) -> tensor<37x50xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<50xf32>) -> tensor<37x50xf32>
  %s = hlo.multiply %norm, %gb : tensor<37x50xf32>
  %r = hlo.add %s, %bb : tensor<37x50xf32>
  return %r : tensor<37x50xf32>
}

func.func @mlp(%x: tensor<70x33xf32>, %w: tensor<33x300xf32>, %b: tensor<300xf32>) -> tensor<70x300xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<70x33xf32>, tensor<33x300xf32>) -> tensor<70x300xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<300xf32>) -> tensor<70x300xf32>
  %a = hlo.add %d, %bb : tensor<70x300xf32>
  %z = hlo.constant dense<0.0> : tensor<70x300xf32>
  %r = hlo.maximum %a, %z : tensor<70x300xf32>
  return %r : tensor<70x300xf32>
}

func.func @shapes(%x: tensor<37x50xf32>, %g: tensor<50xf32>) -> (tensor<50x37xf32>, tensor<1850xf32>, tensor<37x50xf32>) {
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<50xf32>) -> tensor<37x50xf32>
  %m = hlo.multiply %x, %gb : tensor<37x50xf32>
  %t = hlo.transpose %m, dims = [1, 0] : (tensor<37x50xf32>) -> tensor<50x37xf32>
  %i = hlo.iota dim = 1 : tensor<50x37xf32>
  %u = hlo.add %t, %i : tensor<50x37xf32>
  %r = hlo.reshape %u : (tensor<50x37xf32>) -> tensor<1850xf32>
  %e = hlo.exponential %r : tensor<1850xf32>
  %n = hlo.negate %m : tensor<37x50xf32>
  return %u, %e, %n : tensor<50x37xf32>, tensor<1850xf32>, tensor<37x50xf32>
}
