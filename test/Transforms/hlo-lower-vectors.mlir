// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors))' | FileCheck %s
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors{approximate-math=false}))' | FileCheck %s --check-prefix=LIBM
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors))' | FileCheck %s --check-prefix=ROWS
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-lower-vectors))' | FileCheck %s --check-prefix=SQUARE

// The accumulator leaves the loop (one read before, one write after); each
// step is one broadcast row of A times a vector of B per row of the tile.
// CHECK-LABEL: func.func @contract
// CHECK:         %[[INIT:.*]] = vector.transfer_read %arg2
// CHECK:         %[[TILE:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<4x16xf32>)
// CHECK:           %[[B:.*]] = vector.load %arg1[{{.*}}] : memref<16x16xf32>, vector<16xf32>
// CHECK-COUNT-4:   vector.fma %{{.*}}, %[[B]], %{{.*}} : vector<16xf32>
// CHECK-NOT:       vector.contract
// CHECK:           scf.yield
// CHECK:         vector.transfer_write %[[TILE]], %arg2

// CHECK-LABEL: func.func @row_reduce
// CHECK:         %[[V:.*]] = vector.load {{.*}} vector<64xf32>
// CHECK:         vector.reduction <add>, %[[V]], %{{.*}} : vector<64xf32> into f32
// CHECK-NOT:     vector.multi_reduction

// CHECK-LABEL: func.func @exp
// CHECK-NOT:     math.exp
// CHECK:         math.fma {{.*}} : vector<64xf32>
// CHECK:         return
// LIBM-LABEL: func.func @exp
// LIBM:         math.exp {{.*}} : vector<64xf32>

// f32 tanh, expm1 and log1p on vectors too (expm1 and log1p through the
// approximations of exp and log), f64 log1p on vectors by fdlibm's
// algorithm (the exponent split in i64 lanes, a degree-7 polynomial in
// s^2); other f64 functions and scalars keep libm.
// CHECK-LABEL: func.func @vector_math
// CHECK-NOT:     math.tanh
// CHECK-NOT:     math.expm1
// CHECK-NOT:     math.log1p
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.log
// CHECK:         math.tanh {{.*}} : vector<8xf64>
// CHECK:         math.expm1 {{.*}} : vector<8xf64>
// CHECK:         math.tanh {{.*}} : f32
// CHECK:         arith.bitcast {{.*}} : vector<8xf64> to vector<8xi64>
// CHECK:         arith.shrui
// CHECK:         arith.sitofp {{.*}} : vector<8xi64> to vector<8xf64>
// CHECK:         math.log1p {{.*}} : f64
// CHECK:         return
// LIBM-LABEL: func.func @vector_math
// LIBM:         math.tanh {{.*}} : vector<16xf32>
// LIBM:         math.expm1 {{.*}} : vector<16xf32>
// LIBM:         math.log1p {{.*}} : vector<16xf32>
// LIBM:         math.log1p {{.*}} : vector<8xf64>

// log on vectors keeps libm: the upstream form is wrong for subnormals.
// CHECK-LABEL: func.func @vector_log
// CHECK:         math.log {{.*}} : vector<16xf32>

// f32 sine and cosine on vectors: in vector registers (a reduction by pi/2
// in three fused multiply-adds, then polynomials) unless a lane is beyond
// 2^17, when the vector goes lane by lane through libm in a stack buffer
// allocated at the function's entry. f64 and scalars keep libm.
// CHECK-LABEL: func.func @vector_sin_cos
// CHECK:         %[[BUFFER:.*]] = memref.alloca() : memref<16xf32>
// CHECK:         %[[BEYOND:.*]] = arith.cmpf ugt
// CHECK:         %[[ANY:.*]] = vector.reduction <or>, %[[BEYOND]] : vector<16xi1> into i1
// CHECK:         scf.if %[[ANY]] -> (vector<16xf32>) {
// CHECK:           vector.store %{{.*}}, %[[BUFFER]]
// CHECK:           scf.for
// CHECK:             memref.load %[[BUFFER]]
// CHECK:             math.sin {{.*}} : f32
// CHECK:             memref.store {{.*}}, %[[BUFFER]]
// CHECK:           vector.load %[[BUFFER]]
// CHECK:         } else {
// CHECK:           math.roundeven {{.*}} : vector<16xf32>
// CHECK-COUNT-3:   math.fma {{.*}} : vector<16xf32>
// CHECK:         math.cos {{.*}} : f32
// CHECK:         math.sin {{.*}} : vector<8xf64>
// CHECK:         math.sin {{.*}} : f32
// CHECK:         return
// LIBM-LABEL: func.func @vector_sin_cos
// LIBM:         math.sin {{.*}} : vector<16xf32>
// LIBM:         math.cos {{.*}} : vector<16xf32>

// Scalar exp keeps libm.
// CHECK-LABEL: func.func @scalar_exp
// CHECK:         math.exp {{.*}} : f32
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>

func.func @contract(%A: memref<4x16xf32>, %B: memref<16x16xf32>, %C: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %f0 = arith.constant 0.0 : f32
  scf.for %k = %c0 to %c16 step %c1 {
    %a = vector.transfer_read %A[%c0, %k], %f0 {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x1xf32>
    %b = vector.transfer_read %B[%k, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf32>, vector<1x16xf32>
    %acc = vector.transfer_read %C[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<4x16xf32>, vector<4x16xf32>
    %r = vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %acc : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
    vector.transfer_write %r, %C[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32>
  }
  return
}

func.func @row_reduce(%x: memref<1x64xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<1x64xf32>, vector<1x64xf32>
  %init = vector.transfer_read %out[%c0], %f0 {in_bounds = [true]} : memref<1xf32>, vector<1xf32>
  %r = vector.multi_reduction <add>, %v, %init [1] : vector<1x64xf32> to vector<1xf32>
  vector.transfer_write %r, %out[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32>
  return
}

func.func @exp(%x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %v = vector.transfer_read %x[%c0], %f0 {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %e = math.exp %v : vector<64xf32>
  vector.transfer_write %e, %y[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}

func.func @vector_math(%v: vector<16xf32>, %d: vector<8xf64>, %s: f32, %sd: f64)
    -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<8xf64>, vector<8xf64>, f32, vector<8xf64>, f64) {
  %t = math.tanh %v : vector<16xf32>
  %e = math.expm1 %v : vector<16xf32>
  %l = math.log1p %v : vector<16xf32>
  %td = math.tanh %d : vector<8xf64>
  %ed = math.expm1 %d : vector<8xf64>
  %ts = math.tanh %s : f32
  %ld = math.log1p %d : vector<8xf64>
  %lsd = math.log1p %sd : f64
  return %t, %e, %l, %td, %ed, %ts, %ld, %lsd : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<8xf64>, vector<8xf64>, f32, vector<8xf64>, f64
}

func.func @vector_log(%v: vector<16xf32>) -> vector<16xf32> {
  %l = math.log %v : vector<16xf32>
  return %l : vector<16xf32>
}

func.func @vector_sin_cos(%v: vector<16xf32>, %d: vector<8xf64>, %x: f32)
    -> (vector<16xf32>, vector<16xf32>, vector<8xf64>, f32) {
  %s = math.sin %v : vector<16xf32>
  %c = math.cos %v : vector<16xf32>
  %sd = math.sin %d : vector<8xf64>
  %sx = math.sin %x : f32
  return %s, %c, %sd, %sx : vector<16xf32>, vector<16xf32>, vector<8xf64>, f32
}

func.func @scalar_exp(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}

// A 16x16 block of a transposing copy across another dimension (attention's
// heads): read by rows of the buffer (16 contiguous loads), transposed by
// shuffles, not loaded element by element.
// (The rows are unrolled into 1-d loads by convert-vector-to-scf later.)
// ROWS:        #[[ROWS:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// ROWS-LABEL:  func.func @transposed_read_across
// ROWS:          vector.transfer_read %arg0{{.*}}permutation_map = #[[ROWS]]} : memref<2x32x3x16xf32>, vector<16x16xf32>
// ROWS-COUNT-64: vector.shuffle
// ROWS-NOT:      vector.transfer_read
func.func @transposed_read_across(%a: memref<2x32x3x16xf32>, %o: memref<16x16xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f32
  %v = vector.transfer_read %a[%c0, %i, %c0, %c0], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3) -> (d3, d1)>} : memref<2x32x3x16xf32>, vector<16x16xf32>
  vector.transfer_write %v, %o[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// Square blocks of a power-of-two side up to 16 (not 16x16 of 32-bit
// elements, upstream's AVX-512 sequence above): log2(n) stages of shuffles
// of whole rows, n/2 pairs of rows per stage, 24 shuffles for 8x8 of f32
// (AVX2's block), none of the 64 element extractions and insertions of the
// element-wise lowering.
// ROWS-LABEL:    func.func @transpose_8x8_f32
// SQUARE-LABEL:  func.func @transpose_8x8_f32
// SQUARE-COUNT-8: vector.extract %arg0[{{[0-7]}}] : vector<8xf32> from vector<8x8xf32>
// SQUARE:         vector.shuffle {{.*}} [0, 1, 2, 3, 8, 9, 10, 11] : vector<8xf32>, vector<8xf32>
// SQUARE:         vector.shuffle {{.*}} [4, 5, 6, 7, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
// SQUARE-COUNT-6: vector.shuffle
// SQUARE:         vector.shuffle {{.*}} [0, 1, 8, 9, 4, 5, 12, 13] : vector<8xf32>, vector<8xf32>
// SQUARE:         vector.shuffle {{.*}} [2, 3, 10, 11, 6, 7, 14, 15] : vector<8xf32>, vector<8xf32>
// SQUARE-COUNT-6: vector.shuffle
// SQUARE:         vector.shuffle {{.*}} [0, 8, 2, 10, 4, 12, 6, 14] : vector<8xf32>, vector<8xf32>
// SQUARE:         vector.shuffle {{.*}} [1, 9, 3, 11, 5, 13, 7, 15] : vector<8xf32>, vector<8xf32>
// SQUARE-COUNT-6: vector.shuffle
// SQUARE-NOT:     vector.shuffle
// SQUARE-NOT:     vector.extract {{.*}} : f32 from
// SQUARE-NOT:     vector.insert {{.*}} : f32 into
// SQUARE-COUNT-8: vector.insert {{.*}} : vector<8xf32> into vector<8x8xf32>
// SQUARE-NOT:     vector.transpose
func.func @transpose_8x8_f32(%v: vector<8x8xf32>) -> vector<8x8xf32> {
  %t = vector.transpose %v, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
  return %t : vector<8x8xf32>
}

// A transposed read of a 4x4 block of f64 (AVX2's block): a plain read
// then 8 shuffles.
// SQUARE-LABEL:  func.func @transposed_read_4x4_f64
// SQUARE:          vector.transfer_read %arg0{{.*}} : memref<4x4xf64>, vector<4x4xf64>
// SQUARE-COUNT-8:  vector.shuffle {{.*}} : vector<4xf64>, vector<4xf64>
// SQUARE-NOT:      vector.shuffle
// SQUARE-NOT:      vector.extract {{.*}} : f64 from
func.func @transposed_read_4x4_f64(%m: memref<4x4xf64>, %o: memref<4x4xf64>) {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f64
  %v = vector.transfer_read %m[%c0, %c0], %p {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x4xf64>, vector<4x4xf64>
  vector.transfer_write %v, %o[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf64>, memref<4x4xf64>
  return
}

// 16x16 of 16-bit elements: 4 stages of 8 pairs.
// SQUARE-LABEL:  func.func @transpose_16x16_f16
// SQUARE-COUNT-64: vector.shuffle {{.*}} : vector<16xf16>, vector<16xf16>
// SQUARE-NOT:      vector.shuffle
// SQUARE-NOT:      vector.extract {{.*}} : f16 from
func.func @transpose_16x16_f16(%v: vector<16x16xf16>) -> vector<16x16xf16> {
  %t = vector.transpose %v, [1, 0] : vector<16x16xf16> to vector<16x16xf16>
  return %t : vector<16x16xf16>
}

// Not square: upstream's lowering (the rows concatenated, one shuffle of
// every element).
// SQUARE-LABEL:  func.func @transpose_4x8_flat
// SQUARE-NOT:      vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// SQUARE:          vector.shuffle {{.*}} : vector<32xf32>, vector<32xf32>
// SQUARE-NOT:      vector.shuffle
func.func @transpose_4x8_flat(%v: vector<4x8xf32>) -> vector<8x4xf32> {
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  return %t : vector<8x4xf32>
}

// Rows that are no power of two (a 6x8 block of a copy into strips of 6
// rows, AVX2's register tile): padded with poison rows to 8x8, transposed
// by the 24 shuffles of the square block, then the first 6 elements of each
// of its rows kept (8 more shuffles), instead of one shuffle of 48 elements.
// SQUARE-LABEL:  func.func @transpose_6x8_padded
// SQUARE-COUNT-6: vector.extract %arg0[{{[0-5]}}] : vector<8xf32> from vector<6x8xf32>
// SQUARE-COUNT-24: vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// SQUARE-COUNT-8: vector.shuffle {{.*}} [0, 1, 2, 3, 4, 5] : vector<8xf32>, vector<8xf32>
// SQUARE-NOT:      vector.shuffle
// SQUARE-NOT:      vector.transpose
// SQUARE:          return {{.*}} : vector<8x6xf32>
func.func @transpose_6x8_padded(%v: vector<6x8xf32>) -> vector<8x6xf32> {
  %t = vector.transpose %v, [1, 0] : vector<6x8xf32> to vector<8x6xf32>
  return %t : vector<8x6xf32>
}

// A row of a packed strip of A whose elements are only broadcast (the
// left-hand side of a register tile's outer products): one scalar load per
// element, each a broadcast from memory, instead of a vector load whose
// elements are moved into place by shuffles.
// CHECK-LABEL:  func.func @broadcast_elements_as_scalar_loads
// CHECK-NOT:      vector.load %arg0
// CHECK-DAG:      %[[E0:.*]] = memref.load %arg0[%arg1] : memref<64xf32>
// CHECK-DAG:      %[[I2:.*]] = arith.addi %arg1, %c2
// CHECK-DAG:      %[[E2:.*]] = memref.load %arg0[%[[I2]]] : memref<64xf32>
// CHECK-DAG:      vector.broadcast %[[E0]] : f32 to vector<8xf32>
// CHECK-DAG:      vector.broadcast %[[E2]] : f32 to vector<8xf32>
// CHECK-NOT:      vector.load
// CHECK:          return
func.func @broadcast_elements_as_scalar_loads(%a: memref<64xf32>, %i: index, %b: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %v = vector.load %a[%i] : memref<64xf32>, vector<6xf32>
  %e0 = vector.extract %v[0] : f32 from vector<6xf32>
  %e2 = vector.extract %v[2] : f32 from vector<6xf32>
  %s0 = vector.broadcast %e0 : f32 to vector<8xf32>
  %s2 = vector.broadcast %e2 : f32 to vector<8xf32>
  %r0 = arith.mulf %s0, %b : vector<8xf32>
  %r2 = arith.mulf %s2, %b : vector<8xf32>
  return %r0, %r2 : vector<8xf32>, vector<8xf32>
}

// An element used otherwise keeps the vector load.
// CHECK-LABEL:  func.func @vector_load_kept
// CHECK:          vector.load %arg0[%arg1] : memref<64xf32>, vector<6xf32>
// CHECK-NOT:      memref.load
func.func @vector_load_kept(%a: memref<64xf32>, %i: index) -> (vector<8xf32>, f32) {
  %v = vector.load %a[%i] : memref<64xf32>, vector<6xf32>
  %e0 = vector.extract %v[0] : f32 from vector<6xf32>
  %e1 = vector.extract %v[1] : f32 from vector<6xf32>
  %s0 = vector.broadcast %e0 : f32 to vector<8xf32>
  return %s0, %e1 : vector<8xf32>, f32
}
