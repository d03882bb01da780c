// hlo-layout-assignment then hlo-layout-normalization with the physical
// signature XLA's entry_computation_layout describes (column-major
// arguments and first result): the elementwise chain computes in the
// arguments' column-major order and writes the column-major result
// without a transpose, the transposed negate is a reinterpretation, and
// only the dot's operand is transposed (1 transpose; 4 without the
// assignment). Both run on the same physical buffers and agree to 1e-6:
// the two orders vectorize exp and tanh over rows of other lengths, whose
// tails take other code paths (an ulp apart), and exp(a) + b cancels.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy f4 10x6 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy f4 10x6 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy f4 10x4 --pattern=3
// RUN: hlo-opt %s --hlo-layout-assignment=target=cpu --hlo-layout-normalization=physical-signature --canonicalize -o %t/assigned.mlir
// RUN: hlo-opt %s --hlo-layout-normalization=physical-signature --canonicalize -o %t/normalized.mlir
// RUN: FileCheck %s --check-prefix=ASSIGNED < %t/assigned.mlir
// RUN: FileCheck %s --check-prefix=NORMALIZED < %t/normalized.mlir
// RUN: hlo-runner %t/assigned.mlir --input %t/a.npy --input %t/b.npy --input %t/w.npy --output %t/assigned
// RUN: hlo-runner %t/normalized.mlir --input %t/a.npy --input %t/b.npy --input %t/w.npy --output %t/normalized
// RUN: %python %hlo_src_root/utils/npy.py close %t/assigned/result0.npy %t/normalized/result0.npy 1e-6 1e-6
// RUN: %python %hlo_src_root/utils/npy.py close %t/assigned/result1.npy %t/normalized/result1.npy 1e-6 1e-6
// RUN: %python %hlo_src_root/utils/npy.py close %t/assigned/result2.npy %t/normalized/result2.npy 1e-6 1e-6

// ASSIGNED: func.func @main(%{{.*}}: tensor<10x6xf32>, %{{.*}}: tensor<10x6xf32>, %{{.*}}: tensor<10x4xf32>) -> (tensor<10x6xf32>, tensor<6x4xf32>, tensor<10x6xf32>)
// ASSIGNED-COUNT-1: hlo.transpose
// ASSIGNED-NOT: hlo.transpose
// NORMALIZED-COUNT-4: hlo.transpose
// NORMALIZED-NOT: hlo.transpose

func.func @main(%a: tensor<6x10xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
                %b: tensor<6x10xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
                %w: tensor<10x4xf32>)
    -> (tensor<6x10xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
        tensor<6x4xf32>, tensor<10x6xf32>) {
  %e = hlo.exponential %a : tensor<6x10xf32>
  %s = hlo.add %e, %b : tensor<6x10xf32>
  %t = hlo.tanh %s : tensor<6x10xf32>
  %d = hlo.dot_general %t, %w, contracting_dims = [1] x [0]
      : (tensor<6x10xf32>, tensor<10x4xf32>) -> tensor<6x4xf32>
  %tt = hlo.transpose %t, dims = [1, 0] : (tensor<6x10xf32>) -> tensor<10x6xf32>
  %n = hlo.negate %tt : tensor<10x6xf32>
  %m = hlo.multiply %t, %s : tensor<6x10xf32>
  return %m, %d, %n : tensor<6x10xf32>, tensor<6x4xf32>, tensor<10x6xf32>
}
