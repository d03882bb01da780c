// Transposing elementwise fusions whose body is costly (many ops, or math
// functions that expand to polynomials):
// hlo-vectorize copies each transposed input's 16x16 (f64: 8x8) block into
// a temporary, then runs the body over the block's rows, one vector per row
// (instead of unrolling the body over every row of the block). The body
// uses only correctly rounded operations (sqrt, abs, floor, divide), so
// every result equals the scalar lowering's (vectorize=false) and the
// unfused program's (fusion=false) bit for bit, at extents that 16 does not
// divide (tail blocks of 8x8) and with other dimensions between the
// transposed ones.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 40x48 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 48x40 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/h.npy f4 2x32x3x16 --pattern=3
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 24x16 --pattern=4
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/b.npy --input %t/h.npy --input %t/d.npy > %t/vector.txt
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/b.npy --input %t/h.npy --input %t/d.npy --pipeline-options=vectorize=false > %t/scalar.txt
// RUN: hlo-runner %s --entry main --input %t/a.npy --input %t/b.npy --input %t/h.npy --input %t/d.npy --pipeline-options=fusion=false > %t/unfused.txt
// RUN: diff %t/vector.txt %t/scalar.txt
// RUN: diff %t/vector.txt %t/unfused.txt
// RUN: FileCheck %s < %t/vector.txt
// RUN: hlo-opt %s --hlo-cpu-pipeline --mlir-print-ir-after=hlo-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR

// CHECK: result #0: tensor<48x40xf32>
// CHECK: result #1: tensor<2x3x16x32xf32>
// CHECK: result #2: tensor<16x24xf64>
// IR-LABEL: func.func @main
// IR-COUNT-4: math.sqrt {{.*}} : vector<1x16xf32>
// IR:         math.exp {{.*}} : vector<1x8xf64>

func.func @main(%a: tensor<40x48xf32>, %b: tensor<48x40xf32>, %h: tensor<2x32x3x16xf32>,
                %d: tensor<24x16xf64>)
    -> (tensor<48x40xf32>, tensor<2x3x16x32xf32>, tensor<16x24xf64>) {
  // sqrt(|a^T|) / (1 + floor(|b|)) + sqrt(|b|) * a^T
  %one = hlo.constant dense<1.0> : tensor<48x40xf32>
  %at = hlo.transpose %a, dims = [1, 0] : (tensor<40x48xf32>) -> tensor<48x40xf32>
  %0 = hlo.abs %at : tensor<48x40xf32>
  %1 = hlo.sqrt %0 : tensor<48x40xf32>
  %2 = hlo.abs %b : tensor<48x40xf32>
  %3 = hlo.floor %2 : tensor<48x40xf32>
  %4 = hlo.add %3, %one : tensor<48x40xf32>
  %5 = hlo.divide %1, %4 : tensor<48x40xf32>
  %6 = hlo.sqrt %2 : tensor<48x40xf32>
  %m6 = hlo.multiply %6, %at : tensor<48x40xf32>
  %r0 = hlo.add %5, %m6 : tensor<48x40xf32>
  // Heads: (sqrt(|h^T|) * h^T - floor(h^T)) / (1 + sqrt(|h^T| + 2)), max 0
  %two = hlo.constant dense<2.0> : tensor<2x3x16x32xf32>
  %onef = hlo.constant dense<1.0> : tensor<2x3x16x32xf32>
  %zerof = hlo.constant dense<0.0> : tensor<2x3x16x32xf32>
  %ht = hlo.transpose %h, dims = [0, 2, 3, 1] : (tensor<2x32x3x16xf32>) -> tensor<2x3x16x32xf32>
  %7 = hlo.abs %ht : tensor<2x3x16x32xf32>
  %8 = hlo.sqrt %7 : tensor<2x3x16x32xf32>
  %h0 = hlo.multiply %8, %ht : tensor<2x3x16x32xf32>
  %h1 = hlo.floor %ht : tensor<2x3x16x32xf32>
  %h2 = hlo.subtract %h0, %h1 : tensor<2x3x16x32xf32>
  %h3 = hlo.add %7, %two : tensor<2x3x16x32xf32>
  %h4 = hlo.sqrt %h3 : tensor<2x3x16x32xf32>
  %h5 = hlo.add %h4, %onef : tensor<2x3x16x32xf32>
  %h6 = hlo.divide %h2, %h5 : tensor<2x3x16x32xf32>
  %r1 = hlo.maximum %h6, %zerof : tensor<2x3x16x32xf32>
  // f64: exp(d^T) (a libm call per element on both paths) - floor(d^T)
  %dt = hlo.transpose %d, dims = [1, 0] : (tensor<24x16xf64>) -> tensor<16x24xf64>
  %9 = hlo.exponential %dt : tensor<16x24xf64>
  %11 = hlo.floor %dt : tensor<16x24xf64>
  %r2 = hlo.subtract %9, %11 : tensor<16x24xf64>
  return %r0, %r1, %r2 : tensor<48x40xf32>, tensor<2x3x16x32xf32>, tensor<16x24xf64>
}
