// The simplified program computes what the unsimplified one does, bit for
// bit (the float identities it applies are exact; -0.0, NaN and infinities
// are among the inputs).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 8 1.5 -0.0 0.0 nan inf -inf -3 7
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i4 8 3 -1 0 7 -2147483648 2147483647 5 -9
// RUN: %python %hlo_src_root/utils/npy.py write %t/m.npy f4 3x4 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/n.npy f4 3x5 --pattern=2
// RUN: hlo-runner %s --input %t/x.npy --input %t/i.npy --input %t/m.npy --input %t/n.npy > %t/simplified.txt
// RUN: hlo-runner %s --input %t/x.npy --input %t/i.npy --input %t/m.npy --input %t/n.npy --pipeline-options=canonicalize=false > %t/plain.txt
// RUN: diff %t/simplified.txt %t/plain.txt
// RUN: hlo-opt %s --hlo-algebraic-simplifier | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-NOT:     hlo.negate
// CHECK-NOT:     hlo.transpose
// CHECK:         hlo.multiply %{{.*}}, %{{.*}} : tensor<8xf32>
func.func @main(%x: tensor<8xf32>, %i: tensor<8xi32>, %m: tensor<3x4xf32>, %n: tensor<3x5xf32>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi1>, tensor<4x5xf32>) {
  %nzero = hlo.constant dense<-0.0> : tensor<8xf32>
  %zero = hlo.constant dense<0.0> : tensor<8xf32>
  %one = hlo.constant dense<1.0> : tensor<8xf32>
  %a = hlo.add %x, %nzero : tensor<8xf32>
  %b = hlo.multiply %a, %one : tensor<8xf32>
  %c = hlo.negate %b : tensor<8xf32>
  %d = hlo.negate %c : tensor<8xf32>
  %e = hlo.multiply %d, %zero : tensor<8xf32>
  %izero = hlo.constant dense<0> : tensor<8xi32>
  %f = hlo.subtract %i, %i : tensor<8xi32>
  %g = hlo.add %f, %i : tensor<8xi32>
  %h = hlo.multiply %g, %izero : tensor<8xi32>
  %k = hlo.or %h, %g : tensor<8xi32>
  %p = hlo.compare LE, %k, %k : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
  %t = hlo.transpose %m, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %dot = hlo.dot_general %t, %n, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %d, %e, %k, %p, %dot : tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi1>, tensor<4x5xf32>
}
