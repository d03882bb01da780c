// hlo-cpu-pipeline's vector-bits picks the register tile of contractions:
// two vectors wide and as many rows as the vector registers hold
// accumulators for (8 rows of 2 x 16 f32 lanes with AVX-512's 32
// registers, 6 rows of 2 x 8 lanes with AVX2's 16); contraction-rows
// overrides the rows.
// RUN: hlo-opt %s --hlo-cpu-to-linalg="threads=1 vector-bits=512" | FileCheck %s --check-prefix=AVX512
// RUN: hlo-opt %s --hlo-cpu-to-linalg="threads=1 vector-bits=256" | FileCheck %s --check-prefix=AVX2
// RUN: hlo-opt %s --hlo-cpu-to-linalg="threads=1 vector-bits=256 contraction-rows=4" | FileCheck %s --check-prefix=ROWS
// RUN: not hlo-opt %s --hlo-cpu-to-linalg="threads=1 vector-bits=32" 2>&1 | FileCheck %s --check-prefix=INVALID

// AVX512-LABEL: func.func @matmul(
// AVX512:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// AVX2-LABEL:   func.func @matmul(
// AVX2:           vector.contract {{.*}} : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// ROWS-LABEL:   func.func @matmul(
// ROWS:           vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
func.func @matmul(%a: tensor<48x64xf32>, %b: tensor<64x64xf32>) -> tensor<48x64xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<48x64xf32>, tensor<64x64xf32>) -> tensor<48x64xf32>
  return %0 : tensor<48x64xf32>
}

// INVALID: vector-bits must be at least 64
