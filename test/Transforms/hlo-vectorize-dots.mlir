// RUN: hlo-opt %s --hlo-vectorize --loop-invariant-code-motion --canonicalize --cse | FileCheck %s
// RUN: hlo-opt %s --hlo-vectorize=whole-panel-bytes=0 --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=LOOP
// RUN: hlo-opt %s --hlo-vectorize="vector-bits=256 contraction-rows=6" --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=SIX
// RUN: hlo-opt %s --hlo-vectorize="vector-bits=256 contraction-rows=6 pack-left-hand-side=true" --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=PACKA
// RUN: hlo-opt %s --hlo-vectorize="vector-bits=256 contraction-rows=6 l2-cache-bytes=65536" --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=L2

// The dot forms hlo-legalize-to-linalg produces (see
// test/Conversion/HloToLinalg/dot_general.mlir) on the vectorized matmul
// kernel.

#lhs = affine_map<(m, n, k) -> (m, k)>
#lhs_t = affine_map<(m, n, k) -> (k, m)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#rhs_t = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
#blhs = affine_map<(b, m, n, k) -> (b, m, k)>
#brhs_t = affine_map<(b, m, n, k) -> (b, n, k)>
#bout = affine_map<(b, m, n, k) -> (b, m, n)>
#id = affine_map<(d0) -> (d0)>

// A transposed right-hand side (dx = dy W^T) is packed into panels straight
// from its N x K layout: the packing copy transposes, by 16x16 blocks read
// with a transposing permutation map (shuffles after lowering), and the
// register tiles read rows of panels.
// CHECK-DAG:   #[[TR:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-LABEL: func.func @rhs_transposed
// CHECK:         %[[V:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2]] output_shape [2, 32, 128] : tensor<64x128xf32> into tensor<2x32x128xf32>
// CHECK:         %[[P:.*]] = scf.for {{.*}} -> (tensor<2x128x32xf32>)
// CHECK:           tensor.extract_slice %[[V]]{{.*}} : tensor<2x32x128xf32> to tensor<1x16x16xf32>
// CHECK:           vector.transfer_read {{.*}} permutation_map = #[[TR]]} : tensor<1x16x16xf32>, vector<1x16x16xf32>
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %[[P]]
// CHECK:           scf.for
// CHECK:             vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-NOT:     linalg.matmul
// CHECK-NOT:     linalg.transpose
func.func @rhs_transposed(%a: tensor<32x128xf32>, %b: tensor<64x128xf32>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %r = linalg.matmul indexing_maps = [#lhs, #rhs_t, #out]
      ins(%a, %b : tensor<32x128xf32>, tensor<64x128xf32>) outs(%c : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// A transposed left-hand side (dW = x^T dy): register tiles read 8
// contiguous elements of a row of A (stored K x M) per step. Read by two
// column strips, A is copied into strips [M/8][K][8] first (no transpose,
// runs of 8), so a strip's k steps read consecutive addresses instead of
// rows a pitch apart.
// CHECK-LABEL: func.func @lhs_transposed
// CHECK:         tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [128, 4, 8] : tensor<128x32xf32> into tensor<128x4x8xf32>
// CHECK:         %[[A:.*]] = scf.for {{.*}} -> (tensor<4x128x8xf32>)
// CHECK:         scf.for {{.*}} step %c32
// CHECK:           scf.for %[[I:.*]] = %c0 to %c32 step %c8
// CHECK:             %[[S:.*]] = arith.divui %[[I]], %c8
// CHECK:             tensor.extract_slice %[[A]][%[[S]], 0, 0] [1, 128, 8] [1, 1, 1] : tensor<4x128x8xf32> to tensor<128x8xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         vector.contract {{.*}} : vector<1x8xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-NOT:     linalg.matmul
func.func @lhs_transposed(%a: tensor<128x32xf32>, %b: tensor<128x64xf32>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %r = linalg.matmul indexing_maps = [#lhs_t, #rhs, #out]
      ins(%a, %b : tensor<128x32xf32>, tensor<128x64xf32>) outs(%c : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// Attention's q.k^T: a loop over the batch of rank-reduced 2-D matmuls, each
// packing its k^T.
// CHECK-LABEL: func.func @batch_q_k_transposed
// CHECK:         scf.for %[[B:.*]] = %c0 to %c4 step %c1
// CHECK:           tensor.extract_slice %arg1[%[[B]], 0, 0] [1, 48, 32] [1, 1, 1] : tensor<4x48x32xf32> to tensor<48x32xf32>
// CHECK:           vector.transfer_read {{.*}}permutation_map
// CHECK:           vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK:           vector.contract {{.*}} : vector<8x1xf32>, vector<1x16xf32> into vector<8x16xf32>
// CHECK-NOT:     linalg.batch_matmul
func.func @batch_q_k_transposed(%q: tensor<4x64x32xf32>, %k: tensor<4x48x32xf32>, %c: tensor<4x64x48xf32>) -> tensor<4x64x48xf32> {
  %r = linalg.batch_matmul indexing_maps = [#blhs, #brhs_t, #bout]
      ins(%q, %k : tensor<4x64x32xf32>, tensor<4x48x32xf32>) outs(%c : tensor<4x64x48xf32>) -> tensor<4x64x48xf32>
  return %r : tensor<4x64x48xf32>
}

// Odd sizes: 97 rows = 96 + 1, 61 columns = 32 + 16 + 8 + 4 + 1; every part
// is a register tile of its own static size (no scalar loop nest left, no
// vector of a width that is not a power of two).
// CHECK-LABEL: func.func @odd_sizes
// CHECK-DAG:     vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<8x1xf32>, vector<1x16xf32> into vector<8x16xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<8x1xf32>, vector<1x8xf32> into vector<8x8xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<8x1xf32>, vector<1x4xf32> into vector<8x4xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<8x1xf32>, vector<1x1xf32> into vector<8x1xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// CHECK-DAG:     vector.contract {{.*}} : vector<1x1xf32>, vector<1x1xf32> into vector<1x1xf32>
// CHECK-NOT:     vector<{{.*}}29
// CHECK-NOT:     linalg.matmul
func.func @odd_sizes(%a: tensor<97x83xf32>, %b: tensor<83x61xf32>, %c: tensor<97x61xf32>) -> tensor<97x61xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<97x83xf32>, tensor<83x61xf32>) outs(%c : tensor<97x61xf32>) -> tensor<97x61xf32>
  return %r : tensor<97x61xf32>
}

// Matrix-vector product: a reduction along k per row with 16 partial sums;
// the tail of k = 83 (3) is one short vector.
// CHECK-LABEL: func.func @matvec
// CHECK:         vector.transfer_read {{.*}} : tensor<1x16xf32>, vector<1x16xf32>
// CHECK:         vector.multi_reduction <add>, {{.*}} [1] : vector<1x3xf32> to vector<1xf32>
// CHECK-NOT:     linalg.matvec
func.func @matvec(%a: tensor<97x83xf32>, %x: tensor<83xf32>, %c: tensor<97xf32>) -> tensor<97xf32> {
  %r = linalg.matvec ins(%a, %x : tensor<97x83xf32>, tensor<83xf32>) outs(%c : tensor<97xf32>) -> tensor<97xf32>
  return %r : tensor<97xf32>
}

// Vector times matrix: register tiles of 32 columns accumulated over k.
// Dot products along the innermost dimension, batched (the row-wise
// sum(a * b) of a layer norm's gradient: a contraction with neither m nor
// n): vectors of partial sums along k, one horizontal reduction per row;
// an odd k splits off its tail as a vector of its own.
// CHECK-LABEL: func.func @row_dots
// CHECK:         scf.for {{.*}} step %c64
// CHECK:           arith.mulf {{.*}} : vector<1x1x64xf32>
// CHECK:         vector.multi_reduction <add>, {{.*}} [2] : vector<1x1x64xf32> to vector<1x1xf32>
// CHECK:         vector.multi_reduction <add>, {{.*}} [2] : vector<1x1x3xf32> to vector<1x1xf32>
// CHECK-NOT:     linalg.generic
func.func @row_dots(%a: tensor<4x8x131xf32>, %b: tensor<4x8x131xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8x131xf32>, tensor<4x8x131xf32>) outs(%c : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @vecmat
// CHECK:         vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
// CHECK-NOT:     linalg.vecmat
func.func @vecmat(%x: tensor<83xf32>, %b: tensor<83x64xf32>, %c: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.vecmat ins(%x, %b : tensor<83xf32>, tensor<83x64xf32>) outs(%c : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// Widening bf16 operands is vectorized (a pure conversion), bf16 arithmetic
// is not (see hlo-vectorize.mlir's bf16_stays).
// CHECK-LABEL: func.func @bf16_widening
// CHECK:         arith.extf {{.*}} : vector<64xbf16> to vector<64xf32>
func.func @bf16_widening(%a: tensor<256xbf16>, %e: tensor<256xf32>) -> tensor<256xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<256xbf16>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %w = arith.extf %x : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// Integer matmuls of 32- and 64-bit elements (what integer dots accumulate
// in) take the float path's register tiles; narrower ones (which integer
// dots do not produce) keep the scalar lowering.
// CHECK-LABEL: func.func @integer
// CHECK-NOT:     linalg.matmul
// CHECK:         vector.contract {{.*}} : vector<8x1xi32>, vector<1x16xi32> into vector<8x16xi32>
// CHECK-LABEL: func.func @int16_stays
// CHECK:         linalg.matmul
func.func @integer(%a: tensor<16x16xi32>, %b: tensor<16x16xi32>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x16xi32>, tensor<16x16xi32>) outs(%c : tensor<16x16xi32>) -> tensor<16x16xi32>
  return %r : tensor<16x16xi32>
}
func.func @int16_stays(%a: tensor<16x16xi16>, %b: tensor<16x16xi16>, %c: tensor<16x16xi16>) -> tensor<16x16xi16> {
  %r = linalg.matmul ins(%a, %b : tensor<16x16xi16>, tensor<16x16xi16>) outs(%c : tensor<16x16xi16>) -> tensor<16x16xi16>
  return %r : tensor<16x16xi16>
}

// A transposed right-hand side in a form that is not a 2-D or batched
// matmul (a generic with an extra loop) stays: its columns would be read
// with a stride.
// CHECK-LABEL: func.func @generic_rhs_transposed_stays
// CHECK:         linalg.generic
func.func @generic_rhs_transposed_stays(%a: tensor<2x8x16xf32>, %b: tensor<32x16xf32>, %c: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x8x16xf32>, tensor<32x16xf32>) outs(%c : tensor<2x8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x32xf32>
  return %r : tensor<2x8x32xf32>
}

// Two batch dimensions collapsed into one (the lowering's views): the batch
// loop slices the uncollapsed operands at the delinearized index, so that
// every slice is a subview of an argument after bufferization, and fills
// the result uncollapsed. Its zeros are where the register tiles start,
// not a fill of the whole result first.
// CHECK-LABEL: func.func @collapsed_batch
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x3x16x24xf32>
// CHECK:         %[[R:.*]] = scf.for %[[B:.*]] = %c0 to %c6 step %c1 iter_args(%[[ACC:.*]] = %[[E]]) -> (tensor<2x3x16x24xf32>)
// CHECK-DAG:       %[[H:.*]] = arith.remui %[[B]], %c3
// CHECK-DAG:       %[[N:.*]] = arith.divui %[[B]], %c3
// CHECK:           tensor.extract_slice %arg0[%[[N]], %[[H]], 0, 0] [1, 1, 16, 8] [1, 1, 1, 1] : tensor<2x3x16x8xf32> to tensor<16x8xf32>
// CHECK:           tensor.extract_slice %arg1[%[[N]], %[[H]], 0, 0] [1, 1, 24, 8] [1, 1, 1, 1] : tensor<2x3x24x8xf32> to tensor<24x8xf32>
// CHECK:           vector.contract
// CHECK:           tensor.insert_slice {{.*}} into %[[ACC]][%[[N]], %[[H]], 0, 0] [1, 1, 16, 24]
// CHECK:         tensor.collapse_shape %[[R]] {{\[\[}}0, 1], [2], [3]] : tensor<2x3x16x24xf32> into tensor<6x16x24xf32>
func.func @collapsed_batch(%q: tensor<2x3x16x8xf32>, %k: tensor<2x3x24x8xf32>) -> tensor<6x16x24xf32> {
  %zero = arith.constant 0.0 : f32
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x3x16x8xf32> into tensor<6x16x8xf32>
  %kc = tensor.collapse_shape %k [[0, 1], [2], [3]] : tensor<2x3x24x8xf32> into tensor<6x24x8xf32>
  %e = tensor.empty() : tensor<2x3x16x24xf32>
  %ec = tensor.collapse_shape %e [[0, 1], [2], [3]] : tensor<2x3x16x24xf32> into tensor<6x16x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%ec : tensor<6x16x24xf32>) -> tensor<6x16x24xf32>
  %r = linalg.batch_matmul indexing_maps = [#blhs, #brhs_t, #bout]
      ins(%qc, %kc : tensor<6x16x8xf32>, tensor<6x24x8xf32>) outs(%f : tensor<6x16x24xf32>) -> tensor<6x16x24xf32>
  return %r : tensor<6x16x24xf32>
}

// A generic with two row dimensions (a reshape folded into the product by
// expansion): the row dimension stored right before n is the register
// tile's rows, the other an outer loop.
// CHECK-LABEL: func.func @two_row_dims
// CHECK:         scf.for {{.*}} = %c0 to %c4 step %c1
// CHECK:           scf.for {{.*}} = %c0 to %c16 step %c8
// CHECK:             arith.mulf {{.*}} : vector<1x8x32x1xf32>
// CHECK:             arith.addf {{.*}} : vector<1x8x32xf32>
// CHECK-NOT:     linalg.generic
func.func @two_row_dims(%a: tensor<4x16x32xf32>, %b: tensor<32x64xf32>, %c: tensor<4x16x64xf32>) -> tensor<4x16x64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x16x32xf32>, tensor<32x64xf32>) outs(%c : tensor<4x16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x16x64xf32>
  return %r : tensor<4x16x64xf32>
}

// A column tile of B taken by a loop over all of B's column tiles (the tile
// loop of an output fusion) is packed from the whole of B: the copy depends
// on B alone and leaves the tile loop and the loop around it (a scan whose
// weights are invariant) instead of being redone per tile and iteration.
// With whole-panel-bytes=0, only a B invariant in a loop around the tile
// loop is packed whole.
// LOOP-LABEL: func.func @whole_panels_of_tiled_rhs
// LOOP:         tensor.expand_shape %arg1 {{.*}} into tensor<128x16x32xf32>
// LOOP:         scf.for %{{.*}} = %c0 to %c4
// CHECK-LABEL: func.func @whole_panels_of_tiled_rhs
// CHECK:         tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [128, 16, 32] : tensor<128x512xf32> into tensor<128x16x32xf32>
// CHECK:         %[[P:.*]] = scf.for {{.*}} -> (tensor<16x128x32xf32>)
// CHECK:         scf.for %{{.*}} = %c0 to %c4
// CHECK:           scf.for %[[J:.*]] = %c0 to %c512 step %c256
// CHECK-NOT:         tensor.expand_shape
// CHECK:             scf.for %[[S:.*]] = %c0 to %c256 step %c32
// CHECK:               %[[COL:.*]] = arith.addi %[[J]], %[[S]]
// CHECK:               %[[I:.*]] = arith.divui %[[COL]], %c32
// CHECK:               tensor.extract_slice %[[P]][%[[I]], 0, 0] [1, 128, 32]
// CHECK:               vector.contract
func.func @whole_panels_of_tiled_rhs(%a: tensor<16x128xf32>, %b: tensor<128x512xf32>, %c: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %t = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (tensor<16x512xf32>) {
    %s = scf.for %j = %c0 to %c512 step %c256 iter_args(%out = %acc) -> (tensor<16x512xf32>) {
      %bt = tensor.extract_slice %b[0, %j] [128, 256] [1, 1] : tensor<128x512xf32> to tensor<128x256xf32>
      %ct = tensor.extract_slice %out[0, %j] [16, 256] [1, 1] : tensor<16x512xf32> to tensor<16x256xf32>
      %p = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
          ins(%a, %bt : tensor<16x128xf32>, tensor<128x256xf32>) outs(%ct : tensor<16x256xf32>) -> tensor<16x256xf32>
      %u = tensor.insert_slice %p into %out[0, %j] [16, 256] [1, 1] : tensor<16x256xf32> into tensor<16x512xf32>
      scf.yield %u : tensor<16x512xf32>
    }
    scf.yield %s : tensor<16x512xf32>
  }
  return %r : tensor<16x512xf32>
}

// A tile at a fixed offset, or a tile loop that covers part of B only: the
// tile alone is packed (packing all of B would copy columns no product reads).
// CHECK-LABEL: func.func @tile_panels_of_partial_rhs
// CHECK:         tensor.expand_shape {{.*}} : tensor<128x256xf32> into tensor<128x8x32xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c256 step %c128
// CHECK:           tensor.expand_shape {{.*}} : tensor<128x128xf32> into tensor<128x4x32xf32>
// CHECK-NOT:     tensor<128x16x32xf32>
func.func @tile_panels_of_partial_rhs(%a: tensor<16x128xf32>, %b: tensor<128x512xf32>, %c: tensor<16x256xf32>, %d: tensor<16x512xf32>) -> (tensor<16x256xf32>, tensor<16x512xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %fixed = tensor.extract_slice %b[0, 256] [128, 256] [1, 1] : tensor<128x512xf32> to tensor<128x256xf32>
  %p = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
      ins(%a, %fixed : tensor<16x128xf32>, tensor<128x256xf32>) outs(%c : tensor<16x256xf32>) -> tensor<16x256xf32>
  %s = scf.for %j = %c0 to %c256 step %c128 iter_args(%out = %d) -> (tensor<16x512xf32>) {
    %bt = tensor.extract_slice %b[0, %j] [128, 128] [1, 1] : tensor<128x512xf32> to tensor<128x128xf32>
    %ct = tensor.extract_slice %out[0, %j] [16, 128] [1, 1] : tensor<16x512xf32> to tensor<16x128xf32>
    %q = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
        ins(%a, %bt : tensor<16x128xf32>, tensor<128x128xf32>) outs(%ct : tensor<16x128xf32>) -> tensor<16x128xf32>
    %u = tensor.insert_slice %q into %out[0, %j] [16, 128] [1, 1] : tensor<16x128xf32> into tensor<16x512xf32>
    scf.yield %u : tensor<16x512xf32>
  }
  return %p, %s : tensor<16x256xf32>, tensor<16x512xf32>
}

// A tile loop with no loop around it: B is packed whole while it is small
// (at most whole-panel-bytes), else tile by tile, so that each tile's panels
// are still in the cache when its products read them.
// CHECK-LABEL: func.func @tile_loop_alone
// CHECK:         tensor.expand_shape %arg1 {{.*}} into tensor<128x16x32xf32>
// LOOP-LABEL:  func.func @tile_loop_alone
// LOOP:          scf.for %{{.*}} = %c0 to %c512 step %c256
// LOOP:            tensor.expand_shape {{.*}} : tensor<128x256xf32> into tensor<128x8x32xf32>
// LOOP-NOT:      tensor<128x16x32xf32>
func.func @tile_loop_alone(%a: tensor<16x128xf32>, %b: tensor<128x512xf32>, %d: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %s = scf.for %j = %c0 to %c512 step %c256 iter_args(%out = %d) -> (tensor<16x512xf32>) {
    %bt = tensor.extract_slice %b[0, %j] [128, 256] [1, 1] : tensor<128x512xf32> to tensor<128x256xf32>
    %ct = tensor.extract_slice %out[0, %j] [16, 256] [1, 1] : tensor<16x512xf32> to tensor<16x256xf32>
    %q = linalg.matmul indexing_maps = [#lhs, #rhs, #out]
        ins(%a, %bt : tensor<16x128xf32>, tensor<128x256xf32>) outs(%ct : tensor<16x256xf32>) -> tensor<16x256xf32>
    %u = tensor.insert_slice %q into %out[0, %j] [16, 256] [1, 1] : tensor<16x256xf32> into tensor<16x512xf32>
    scf.yield %u : tensor<16x512xf32>
  }
  return %s : tensor<16x512xf32>
}

// One column strip reads each row strip of A: no copy of A.
// CHECK-LABEL: func.func @lhs_transposed_one_strip
// CHECK-NOT:     tensor<4x128x8xf32>
// CHECK:         vector.contract {{.*}} : vector<1x8xf32>, vector<1x32xf32> into vector<8x32xf32>
func.func @lhs_transposed_one_strip(%a: tensor<128x32xf32>, %b: tensor<128x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = linalg.matmul indexing_maps = [#lhs_t, #rhs, #out]
      ins(%a, %b : tensor<128x32xf32>, tensor<128x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// Register tiles of 6 rows (AVX2), which do not divide the 64-row cache
// tile: the result is cut into cache tiles first (columns outside, rows
// inside); in each column strip of a cache tile, 60 rows of 6-row tiles and
// a 4-row tail strip, which reads the same panel of B (one copy of B).
// Splitting the tail off the whole product first (128 = 126 + 2) would
// leave no whole number of cache tiles, and no cache tiling.
// SIX-LABEL: func.func @cache_tiles_before_row_tails
// SIX:         tensor.expand_shape %arg1
// SIX:         %[[PANELS:.*]] = scf.for {{.*}} -> (tensor<32x64x16xf32>)
// SIX-NOT:     tensor.expand_shape
// SIX:         scf.for %{{.*}} = %c0 to %c512 step %c256
// SIX:           scf.for %{{.*}} = %c0 to %c128 step %c64
// SIX:             tensor.extract_slice {{.*}} [60, 64] [1, 1] : tensor<64x64xf32> to tensor<60x64xf32>
// SIX:             tensor.extract_slice {{.*}}[60, 0] [4, 64] [1, 1] : tensor<64x64xf32> to tensor<4x64xf32>
// SIX:             scf.for %{{.*}} = %c0 to %c256 step %c16
// SIX:               %[[PANEL:.*]] = tensor.extract_slice %[[PANELS]][%{{.*}}, 0, 0] [1, 64, 16] [1, 1, 1] : tensor<32x64x16xf32> to tensor<64x16xf32>
// SIX:               scf.for %{{.*}} = %c0 to %c60 step %c6
// SIX:                 scf.for %[[K:.*]] = %c0 to %c64 step %c1
// SIX:                   tensor.extract_slice %[[PANEL]][%[[K]], 0] [1, 16] [1, 1]
// SIX:                   vector.contract {{.*}} : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// SIX:               tensor.extract_slice {{.*}}[60, 0] [4, 16] [1, 1] : tensor<64x16xf32> to tensor<4x16xf32>
// SIX:               scf.for %[[K2:.*]] = %c0 to %c64 step %c1
// SIX:                 tensor.extract_slice %[[PANEL]][%[[K2]], 0] [1, 16] [1, 1]
// SIX:                 vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
// SIX-NOT:     tensor<126x
// SIX-NOT:     vector<2x1xf32>
// SIX-NOT:     linalg.

// With pack-left-hand-side, the row-major A of each cache tile is copied
// into strips too: 10 strips of 6 rows [10][64][6] and the 4-row tail
// [1][64][4], each by blocks of 8 k steps of all its rows, transposed in
// registers; the register tiles then read 6 (or 4) consecutive elements of
// a strip per k step.
// PACKA-LABEL: func.func @cache_tiles_before_row_tails
// PACKA:         scf.for %{{.*}} = %c0 to %c128 step %c64
// PACKA:           tensor.expand_shape {{.*}} output_shape [10, 6, 64] : tensor<60x64xf32> into tensor<10x6x64xf32>
// PACKA:           %[[A:.*]] = scf.for {{.*}} -> (tensor<10x64x6xf32>)
// PACKA:             scf.for {{.*}} step %c8
// PACKA:               vector.transfer_read {{.*}} : tensor<1x6x8xf32>, vector<1x8x6xf32>
// PACKA:           tensor.expand_shape {{.*}} output_shape [1, 4, 64] : tensor<4x64xf32> into tensor<1x4x64xf32>
// PACKA:           %[[TAIL:.*]] = scf.for {{.*}} -> (tensor<1x64x4xf32>)
// PACKA:           scf.for %{{.*}} = %c0 to %c256 step %c16
// PACKA:             scf.for %[[I:.*]] = %c0 to %c60 step %c6
// PACKA:               %[[S:.*]] = arith.divui %[[I]], %c6
// PACKA:               tensor.extract_slice %[[A]][%[[S]], 0, 0] [1, 64, 6] [1, 1, 1] : tensor<10x64x6xf32> to tensor<64x6xf32>
// PACKA:               vector.contract {{.*}} : vector<1x6xf32>, vector<1x16xf32> into vector<6x16xf32>
// PACKA:             vector.contract {{.*}} : vector<1x4xf32>, vector<1x16xf32> into vector<4x16xf32>
// PACKA-NOT:     linalg.

// With l2-cache-bytes (as if the L2 cache were 64 KiB: blocks of A's cache
// tile and of a panel, 80 elements per k step, fit half of it with 102
// steps), the contraction is blocked by the minimum of 128 steps where K is
// a multiple of 256; here K = 64 is never blocked.
// L2-LABEL: func.func @cache_tiles_before_row_tails
// L2-NOT:     step %c128
// L2:         vector.contract {{.*}} into vector<6x16xf32>
func.func @cache_tiles_before_row_tails(%a: tensor<128x64xf32>, %b: tensor<64x512xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

// A 256-deep product with l2-cache-bytes: blocks of 128 steps (the minimum;
// 80 elements per step of 4 bytes fit 32 KiB with 102), the panel read by
// blocks at the depth loop's offset, every strip inside the depth loop.
// L2-LABEL: func.func @l2_blocks
// L2:         %[[PANELS:.*]] = scf.for {{.*}} -> (tensor<2x256x16xf32>)
// L2:         scf.for %[[KB:.*]] = %c0 to %c256 step %c128
// L2:           scf.for %{{.*}} = %c0 to %c32 step %c16
// L2:             tensor.extract_slice %[[PANELS]][%{{.*}}, %[[KB]], 0] [1, 128, 16] [1, 1, 1] : tensor<2x256x16xf32> to tensor<128x16xf32>
// L2:             scf.for %{{.*}} = %c0 to %c18 step %c6
// L2:               scf.for %{{.*}} = %c0 to %c128 step %c1
// L2:                 vector.contract {{.*}} into vector<6x16xf32>
// L2:             scf.for %{{.*}} = %c0 to %c128 step %c1
// L2:               vector.contract {{.*}} into vector<2x16xf32>
// SIX-LABEL: func.func @l2_blocks
// SIX-NOT:     step %c128
// SIX:         vector.contract {{.*}} into vector<6x16xf32>
func.func @l2_blocks(%a: tensor<20x256xf32>, %b: tensor<256x32xf32>, %c: tensor<20x32xf32>) -> tensor<20x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<20x256xf32>, tensor<256x32xf32>) outs(%c : tensor<20x32xf32>) -> tensor<20x32xf32>
  return %r : tensor<20x32xf32>
}

// Accumulators that start from a constant (the zeros of a dot: a fill that
// nothing else reads) start in the register tiles: each tile writes the
// constant before its reduction loop, which the first read forwards, and
// the result is not filled as a whole and read back.
// CHECK-LABEL: func.func @zero_start
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x64xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[E]])
// CHECK:           scf.for
// CHECK:             %[[Z:.*]] = vector.transfer_write %cst{{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// CHECK:             scf.for %{{.*}} = %c0 to %c48 step %c1 iter_args(%{{.*}} = %[[Z]])
// CHECK:               vector.contract
// L2-LABEL: func.func @zero_start
// L2-NOT:     linalg.fill
func.func @zero_start(%a: tensor<16x48xf32>, %b: tensor<48x64xf32>) -> tensor<16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x48xf32>, tensor<48x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// A fill that something else reads stays (vectorized on its own), and the
// tiles read it.
// CHECK-LABEL: func.func @shared_fill_stays
// CHECK:         %[[F:.*]] = scf.for
// CHECK:           vector.transfer_write %cst{{.*}} : vector<1x64xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[F]])
// CHECK-NOT:       vector.transfer_write %cst
// CHECK:         return {{.*}}, %[[F]]
func.func @shared_fill_stays(%a: tensor<16x48xf32>, %b: tensor<48x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x48xf32>, tensor<48x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r, %f : tensor<16x64xf32>, tensor<16x64xf32>
}

// With the contraction blocked (L2), the blocks accumulate one after the
// other into the result: the constant is filled in once before the first
// block, not per register tile inside the block loop.
// L2-LABEL: func.func @zero_start_blocked
// L2:         %[[F:.*]] = vector.transfer_write %cst{{.*}} : vector<20x32xf32>, tensor<20x32xf32>
// L2:         scf.for %{{.*}} = %c0 to %c256 step %c128 iter_args(%{{.*}} = %[[F]])
// L2-NOT:       vector.transfer_write %cst
// L2:           vector.contract
func.func @zero_start_blocked(%a: tensor<20x256xf32>, %b: tensor<256x32xf32>) -> tensor<20x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<20x32xf32>) -> tensor<20x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<20x256xf32>, tensor<256x32xf32>) outs(%f : tensor<20x32xf32>) -> tensor<20x32xf32>
  return %r : tensor<20x32xf32>
}
