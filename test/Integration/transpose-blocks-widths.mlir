// Transposing copies of 16-, 32- and 64-bit elements by square register
// blocks of the vector width's lanes (16x16 of f16 and 8x8 of f32 with
// 256-bit vectors, 4x4 of f64; twice as many lanes with 512-bit vectors),
// at extents that no block divides: the tails take smaller blocks (down to
// 4x4) and what is left under 4 elements stays scalar. Every result equal
// to the scalar lowering's (vectorize=false), at vector-bits=256 and 512.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/h.npy f2 37x21 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/s.npy i2 2x19x3x35 --pattern=2
// RUN: %python %hlo_src_root/utils/npy.py write %t/f.npy f4 45x29 --pattern=3
// RUN: %python %hlo_src_root/utils/npy.py write %t/g.npy f4 2x37x3x21 --pattern=4
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 23x13 --pattern=5
// RUN: %python %hlo_src_root/utils/npy.py write %t/l.npy i8 3x17x10 --pattern=6
// RUN: hlo-runner %s --entry main --input %t/h.npy --input %t/s.npy --input %t/f.npy --input %t/g.npy --input %t/d.npy --input %t/l.npy --pipeline-options=vector-bits=256 > %t/v256.txt
// RUN: hlo-runner %s --entry main --input %t/h.npy --input %t/s.npy --input %t/f.npy --input %t/g.npy --input %t/d.npy --input %t/l.npy --pipeline-options=vector-bits=512 > %t/v512.txt
// RUN: hlo-runner %s --entry main --input %t/h.npy --input %t/s.npy --input %t/f.npy --input %t/g.npy --input %t/d.npy --input %t/l.npy --pipeline-options=vectorize=false > %t/scalar.txt
// RUN: diff %t/v256.txt %t/scalar.txt
// RUN: diff %t/v512.txt %t/scalar.txt
// RUN: FileCheck %s < %t/v256.txt
// RUN: hlo-opt %s --hlo-cpu-pipeline=vector-bits=256 --mlir-print-ir-after=hlo-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR256
// RUN: hlo-opt %s --hlo-cpu-pipeline=vector-bits=512 --mlir-print-ir-after=hlo-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR512

// CHECK: result #0: tensor<21x37xf16>
// CHECK: result #1: tensor<2x3x35x19xi16>
// CHECK: result #2: tensor<29x45xf32>
// CHECK: result #3: tensor<2x3x21x37xf32>
// CHECK: result #4: tensor<13x23xf64>
// CHECK: result #5: tensor<3x10x17xi64>

// 256-bit vectors: 16x16 blocks of 16-bit elements, 8x8 of 32-bit, 4x4 of
// 64-bit, and smaller blocks for the tails.
// IR256-LABEL: func.func @main
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<16x16xf16>, vector<16x16xf16>
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<16x16xi16>, vector<16x16xi16>
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<8x8xf32>, vector<8x8xf32>
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<4x4xf32>, vector<4x4xf32>
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<4x4xf64>, vector<4x4xf64>
// IR256-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<4x4xi64>, vector<4x4xi64>
// IR256-NOT: vector<8x8xf64>
// IR512-LABEL: func.func @main
// IR512-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// IR512-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<8x8xf64>, vector<8x8xf64>
// IR512-DAG: vector.transfer_read {{.*}}permutation_map = {{.*}} : tensor<8x8xi64>, vector<8x8xi64>

func.func @main(%h: tensor<37x21xf16>, %s: tensor<2x19x3x35xi16>, %f: tensor<45x29xf32>,
                %g: tensor<2x37x3x21xf32>, %d: tensor<23x13xf64>, %l: tensor<3x17x10xi64>)
    -> (tensor<21x37xf16>, tensor<2x3x35x19xi16>, tensor<29x45xf32>, tensor<2x3x21x37xf32>,
        tensor<13x23xf64>, tensor<3x10x17xi64>) {
  %0 = hlo.transpose %h, dims = [1, 0] : (tensor<37x21xf16>) -> tensor<21x37xf16>
  %1 = hlo.transpose %s, dims = [0, 2, 3, 1] : (tensor<2x19x3x35xi16>) -> tensor<2x3x35x19xi16>
  %2 = hlo.transpose %f, dims = [1, 0] : (tensor<45x29xf32>) -> tensor<29x45xf32>
  %3 = hlo.transpose %g, dims = [0, 2, 3, 1] : (tensor<2x37x3x21xf32>) -> tensor<2x3x21x37xf32>
  %4 = hlo.transpose %d, dims = [1, 0] : (tensor<23x13xf64>) -> tensor<13x23xf64>
  %5 = hlo.transpose %l, dims = [0, 2, 1] : (tensor<3x17x10xi64>) -> tensor<3x10x17xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<21x37xf16>, tensor<2x3x35x19xi16>, tensor<29x45xf32>,
      tensor<2x3x21x37xf32>, tensor<13x23xf64>, tensor<3x10x17xi64>
}
