// Attention's masked softmax: the causal mask (an iota compare, folded to an
// i1 constant) selects between the scaled scores and -1e9 before the row
// max and sum. The mask is read as bytes so that the producer of the row
// vectorizes (hlo-vectorize widens constant i1 inputs to i8); rows of 48
// (vectors) and of 45 (an odd row length, scalar), odd row counts, against
// a float64 reference, and vectorized against scalar code.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 3x37x48 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy f4 2x45x45 --pattern=2
// RUN: hlo-runner %s --entry wide --input %t/x.npy --output %t/wide
// RUN: %python %S/Inputs/reference.py causal_softmax %t/x.npy %t/wide/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry odd --input %t/y.npy --output %t/odd
// RUN: %python %S/Inputs/reference.py causal_softmax %t/y.npy %t/odd/result0.npy | FileCheck %s
// RUN: hlo-runner %s --entry wide --input %t/x.npy --output %t/wide-scalar --pipeline-options=vectorize=false
// RUN: %python %S/Inputs/reference.py causal_softmax %t/x.npy %t/wide-scalar/result0.npy | FileCheck %s
// RUN: hlo-opt %s --hlo-cpu-pipeline --mlir-print-ir-after=hlo-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR

// CHECK: MATCH
// IR-LABEL: func.func @wide
// IR: arith.trunci {{.*}} : vector<{{.*}}xi8> to vector<{{.*}}xi1>
// IR: arith.select {{.*}} : vector<{{.*}}xi1>, vector<{{.*}}xf32>

func.func @wide(%x: tensor<3x37x48xf32>) -> tensor<3x37x48xf32> {
  %scale = hlo.constant dense<4.0> : tensor<3x37x48xf32>
  %scaled = hlo.divide %x, %scale : tensor<3x37x48xf32>
  %row = hlo.iota dim = 0 : tensor<37x48xi32>
  %col = hlo.iota dim = 1 : tensor<37x48xi32>
  %keep = hlo.compare GE, %row, %col, SIGNED : (tensor<37x48xi32>, tensor<37x48xi32>) -> tensor<37x48xi1>
  %mask = hlo.broadcast_in_dim %keep, dims = [1, 2] : (tensor<37x48xi1>) -> tensor<3x37x48xi1>
  %neg = hlo.constant dense<-1.0e9> : tensor<3x37x48xf32>
  %s = hlo.select %mask, %scaled, %neg : tensor<3x37x48xi1>, tensor<3x37x48xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%s init: %ninf) applies hlo.maximum across dimensions = [2] : (tensor<3x37x48xf32>, tensor<f32>) -> tensor<3x37xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0, 1] : (tensor<3x37xf32>) -> tensor<3x37x48xf32>
  %sub = hlo.subtract %s, %maxb : tensor<3x37x48xf32>
  %exp = hlo.exponential %sub : tensor<3x37x48xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [2] : (tensor<3x37x48xf32>, tensor<f32>) -> tensor<3x37xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<3x37xf32>) -> tensor<3x37x48xf32>
  %div = hlo.divide %exp, %sumb : tensor<3x37x48xf32>
  return %div : tensor<3x37x48xf32>
}

func.func @odd(%x: tensor<2x45x45xf32>) -> tensor<2x45x45xf32> {
  %scale = hlo.constant dense<4.0> : tensor<2x45x45xf32>
  %scaled = hlo.divide %x, %scale : tensor<2x45x45xf32>
  %row = hlo.iota dim = 0 : tensor<45x45xi32>
  %col = hlo.iota dim = 1 : tensor<45x45xi32>
  %keep = hlo.compare GE, %row, %col, SIGNED : (tensor<45x45xi32>, tensor<45x45xi32>) -> tensor<45x45xi1>
  %mask = hlo.broadcast_in_dim %keep, dims = [1, 2] : (tensor<45x45xi1>) -> tensor<2x45x45xi1>
  %neg = hlo.constant dense<-1.0e9> : tensor<2x45x45xf32>
  %s = hlo.select %mask, %scaled, %neg : tensor<2x45x45xi1>, tensor<2x45x45xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%s init: %ninf) applies hlo.maximum across dimensions = [2] : (tensor<2x45x45xf32>, tensor<f32>) -> tensor<2x45xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0, 1] : (tensor<2x45xf32>) -> tensor<2x45x45xf32>
  %sub = hlo.subtract %s, %maxb : tensor<2x45x45xf32>
  %exp = hlo.exponential %sub : tensor<2x45x45xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [2] : (tensor<2x45x45xf32>, tensor<f32>) -> tensor<2x45xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x45xf32>) -> tensor<2x45x45xf32>
  %div = hlo.divide %exp, %sumb : tensor<2x45x45xf32>
  return %div : tensor<2x45x45xf32>
}
