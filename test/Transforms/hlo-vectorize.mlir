// RUN: hlo-opt %s --hlo-vectorize --canonicalize --cse | FileCheck %s
// RUN: hlo-opt %s --hlo-vectorize=whole-panel-bytes=0 --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=PACK
// RUN: hlo-opt %s --hlo-vectorize --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=WHOLE
// RUN: hlo-opt %s --hlo-vectorize=cache-tile-depth=32 --loop-invariant-code-motion --canonicalize --cse | FileCheck %s --check-prefix=DEPTH
// RUN: hlo-opt %s --hlo-vectorize=pack-right-hand-side=false --canonicalize --cse | FileCheck %s --check-prefix=NO-PACK
// RUN: hlo-opt %s --hlo-vectorize="contraction-rows=2 contraction-columns=16" --canonicalize | FileCheck %s --check-prefix=SMALL-TILES

// SMALL-TILES-LABEL: func.func @matmul
// SMALL-TILES:         vector.contract {{.*}} : vector<2x1xf32>, vector<1x16xf32> into vector<2x16xf32>

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// A trailing loop of extent 1 (a [4, 64, 1] row statistic) is dropped
// first: the operands are reshaped and the 64-wide loop is the vector.
// CHECK-LABEL: func.func @trailing_unit
// CHECK:         tensor.collapse_shape
// CHECK:         arith.divf {{.*}} : vector<{{.*}}64xf32>
// CHECK:         tensor.expand_shape {{.*}} into tensor<4x64x1xf32>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @trailing_unit(%a: tensor<4x64xf32>, %b: tensor<4x64x1xf32>) -> tensor<4x64x1xf32> {
  %e = tensor.empty() : tensor<4x64x1xf32>
  %r = linalg.generic {indexing_maps = [#row3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<4x64xf32>, tensor<4x64x1xf32>) outs(%e : tensor<4x64x1xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.divf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<4x64x1xf32>
  return %r : tensor<4x64x1xf32>
}

// Elementwise: 64 lanes (four 16-lane vectors) per iteration.
// CHECK-LABEL: func.func @elementwise
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c64
// CHECK:           vector.transfer_read {{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK:           arith.addf {{.*}} : vector<64xf32>
// CHECK:           math.exp {{.*}} : vector<64xf32>
// CHECK:           vector.transfer_write {{.*}} : vector<64xf32>, tensor<64xf32>
// CHECK-NOT:     linalg.
func.func @elementwise(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
  %e = tensor.empty() : tensor<4096xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = math.exp %s : f32
    linalg.yield %m : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// Innermost reduction: each row is summed into 64 partial sums, merged by
// one horizontal reduction per row.
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           vector.transfer_write %{{.*}} : vector<1x64xf32>, tensor<1x64xf32>
// CHECK:           scf.for {{.*}} step %c64 iter_args(%[[ACC:.*]] = {{.*}}) -> (tensor<1x64xf32>)
// CHECK:             arith.addf {{.*}} : vector<1x64xf32>
// CHECK:           vector.multi_reduction <add>, {{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// CHECK-NOT:     linalg.
func.func @row_sum(%a: tensor<16x1024xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.reduce ins(%a : tensor<16x1024xf32>) outs(%init : tensor<16xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<16xf32>
}

// Reduction along the outer dimension: vectors of the inner (parallel)
// dimension, 8 f64 lanes per register.
// CHECK-LABEL: func.func @column_max
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           scf.for {{.*}} step %c32
// CHECK:             arith.maximumf {{.*}} : vector<32xf64>
// CHECK-NOT:     linalg.
func.func @column_max(%a: tensor<16x1024xf64>, %init: tensor<1024xf64>) -> tensor<1024xf64> {
  %r = linalg.reduce ins(%a : tensor<16x1024xf64>) outs(%init : tensor<1024xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %s = arith.maximumf %x, %acc : f64
      linalg.yield %s : f64
    }
  return %r : tensor<1024xf64>
}

// Contraction: 64x256 cache tiles, 8x32 register tiles accumulated over k.
// CHECK-LABEL: func.func @matmul
// CHECK:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-NOT:     linalg.

// PACK-LABEL: func.func @matmul
// Cache tiles column by column; the right-hand side of a column of tiles
// is copied into panels of 32 columns once, outside the loop over rows.
// PACK:         %[[PANELS_INIT:.*]] = tensor.empty() : tensor<8x64x32xf32>
// PACK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c256
// PACK:           tensor.expand_shape {{.*}} into tensor<64x8x32xf32>
// PACK:           %[[PANELS:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[PANELS_INIT]]) -> (tensor<8x64x32xf32>)
// PACK:             scf.for
// PACK:               vector.transfer_read {{.*}} : tensor<1x1x32xf32>, vector<1x1x32xf32>
// PACK:           scf.for {{.*}} step %c64
// PACK:             scf.for %[[JJ:.*]] = %{{.*}} to %{{.*}} step %c32
// PACK:               %[[P:.*]] = arith.divui %[[JJ]], %c32
// PACK:               %[[PANEL:.*]] = tensor.extract_slice %[[PANELS]][%[[P]], 0, 0] [1, 64, 32] [1, 1, 1] : tensor<8x64x32xf32> to tensor<64x32xf32>
// PACK:               scf.for {{.*}} step %c8
// PACK:                 scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %c1
// PACK:                   tensor.extract_slice %[[PANEL]][%[[K]], 0] [1, 32] [1, 1]
// PACK:                   vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// PACK-NOT:     linalg.
// PACK:         return

// WHOLE-LABEL: func.func @matmul
// A B of at most whole-panel-bytes (256 KiB by default) is packed whole,
// once, before the loop over column tiles; panel j of a column tile is
// panel (tile column + j) / 32 of the whole.
// WHOLE:         tensor.expand_shape %arg1 {{.*}} into tensor<64x16x32xf32>
// WHOLE:         %[[PANELS:.*]] = scf.for {{.*}} -> (tensor<16x64x32xf32>)
// WHOLE:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c256
// WHOLE-NOT:       tensor.expand_shape
// WHOLE:           scf.for {{.*}} step %c64
// WHOLE:             scf.for %[[JJ:.*]] = %{{.*}} to %{{.*}} step %c32
// WHOLE:               %[[COL:.*]] = arith.addi %[[J]], %[[JJ]]
// WHOLE:               %[[P:.*]] = arith.divui %[[COL]], %c32
// WHOLE:               tensor.extract_slice %[[PANELS]][%[[P]], 0, 0] [1, 64, 32] [1, 1, 1] : tensor<16x64x32xf32> to tensor<64x32xf32>

// DEPTH-LABEL: func.func @matmul
// k in blocks of 32: each strip reads a 32 x 32 block of its panel.
// DEPTH:         scf.for {{.*}} step %c256
// DEPTH:           scf.for {{.*}} step %c64
// DEPTH:             scf.for %[[KB:.*]] = %{{.*}} to %c64 step %c32
// DEPTH:               scf.for {{.*}} step %c32
// DEPTH:                 tensor.extract_slice %{{.*}}[%{{.*}}, %[[KB]], 0] [1, 32, 32] [1, 1, 1] : tensor<16x64x32xf32> to tensor<32x32xf32>
// DEPTH:                 scf.for {{.*}} step %c8
// DEPTH:                   scf.for {{.*}} to %c32 step %c1

// NO-PACK-LABEL: func.func @matmul
// NO-PACK-NOT:     tensor.expand_shape
// NO-PACK:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
func.func @matmul(%a: tensor<128x64xf32>, %b: tensor<64x512xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

// CHECK-LABEL: func.func @broadcast_rows
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           vector.transfer_read %{{.*}} permutation_map = {{.*}} : tensor<64xi32>, vector<1x64xi32>
// CHECK:           arith.muli {{.*}} : vector<1x64xi32>
func.func @broadcast_rows(%a: tensor<8x64xi32>, %b: tensor<64xi32>) -> tensor<8x64xi32> {
  %e = tensor.empty() : tensor<8x64xi32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x64xi32>, tensor<64xi32>) outs(%e : tensor<8x64xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.muli %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<8x64xi32>
  return %r : tensor<8x64xi32>
}

// A transposing copy of 32-bit elements whose extents are multiples of 16:
// square 16x16 blocks, read transposed (rows of the input, a register
// transpose) and written by rows. Unit dimensions between the transposed
// ones are dropped from each block (2-d transfers).
// CHECK-LABEL: func.func @transpose_blocks
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           scf.for {{.*}} step %c16
// CHECK:             vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK:             vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<16x16xf32>
// CHECK-NOT:     linalg.generic
func.func @transpose_blocks(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @transpose_heads
// CHECK:         tensor.extract_slice {{.*}} : tensor<1x16x1x16xf32> to tensor<16x16xf32>
// CHECK:         vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK-NOT:     linalg.transpose
func.func @transpose_heads(%a: tensor<2x32x3x16xf32>) -> tensor<2x3x16x32xf32> {
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %r = linalg.transpose ins(%a : tensor<2x32x3x16xf32>) outs(%e : tensor<2x3x16x32xf32>) permutation = [0, 2, 3, 1]
  return %r : tensor<2x3x16x32xf32>
}

// Extents that 16 does not divide: the tail takes the largest smaller
// square block (24 = 16 + 8), down to 4x4.
// CHECK-LABEL: func.func @transpose_tail_blocks
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK:         scf.for {{.*}} step %c8
// CHECK:           vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<8x8xf32>, vector<8x8xf32>
// CHECK-NOT:     linalg.generic
func.func @transpose_tail_blocks(%a: tensor<24x64xf32>) -> tensor<64x24xf32> {
  %e = tensor.empty() : tensor<64x24xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<24x64xf32>) outs(%e : tensor<64x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<64x24xf32>
  return %r : tensor<64x24xf32>
}

// 64-bit elements: blocks of a 512-bit vector's 8 lanes.
// CHECK-LABEL: func.func @transpose_f64_blocks
// CHECK:         scf.for {{.*}} step %c8
// CHECK:           scf.for {{.*}} step %c8
// CHECK:             vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<8x8xf64>, vector<8x8xf64>
// CHECK-NOT:     linalg.generic
func.func @transpose_f64_blocks(%a: tensor<64x64xf64>) -> tensor<64x64xf64> {
  %e = tensor.empty() : tensor<64x64xf64>
  %r = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xf64>) outs(%e : tensor<64x64xf64>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  } -> tensor<64x64xf64>
  return %r : tensor<64x64xf64>
}

// A transposing elementwise op with a costly body (math functions expand to
// polynomials): each 16x16 block first copies its transposed input into a
// block-sized temporary (the register transpose, no compute), then runs the
// body over the block's rows, one vector per row, instead of sixteen
// unrolled copies of the body.
// CHECK-LABEL: func.func @transpose_costly_body_by_rows
// CHECK:         scf.for {{.*}} step %c16
// CHECK:           scf.for {{.*}} step %c16
// CHECK:             %[[T:.*]] = vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK:             %[[BLOCK:.*]] = vector.transfer_write %[[T]], {{.*}} : vector<16x16xf32>, tensor<16x16xf32>
// CHECK:             scf.for {{.*}} = %c0 to %c16 step %c1
// CHECK:               tensor.extract_slice %[[BLOCK]]
// CHECK:               math.exp {{.*}} : vector<1x16xf32>
// CHECK:               math.tanh {{.*}} : vector<1x16xf32>
// CHECK-NOT:     vector<16x16xf32>
// CHECK:         return
func.func @transpose_costly_body_by_rows(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = math.exp %x : f32
    %1 = math.tanh %y : f32
    %2 = arith.addf %0, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A cheap body stays one 16x16 block of vectors.
// CHECK-LABEL: func.func @transpose_cheap_body_unrolled
// CHECK:         vector.transfer_read {{.*}}permutation_map = #{{.*}} : tensor<16x16xf32>, vector<16x16xf32>
// CHECK:         arith.addf {{.*}} : vector<16x16xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<16x16xf32>
func.func @transpose_cheap_body_unrolled(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Not vectorized: transpositions with an extent under 4 (no 4x4 block) or
// of 8-bit elements, dynamic shapes, extents without a power-of-two
// divisor, narrow floats, i1 tensors (a byte per element in memory),
// tensor reads (gathers), reductions without a single combiner.
// CHECK-LABEL: func.func @transpose_narrow_stays
// CHECK:         linalg.generic
// CHECK-NOT:     vector.transfer_read
func.func @transpose_narrow_stays(%a: tensor<3x64xf32>) -> tensor<64x3xf32> {
  %e = tensor.empty() : tensor<64x3xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x64xf32>) outs(%e : tensor<64x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<64x3xf32>
  return %r : tensor<64x3xf32>
}

// CHECK-LABEL: func.func @transpose_i8_stays
// CHECK:         linalg.generic
// CHECK-NOT:     vector.transfer_read
func.func @transpose_i8_stays(%a: tensor<64x64xi8>) -> tensor<64x64xi8> {
  %e = tensor.empty() : tensor<64x64xi8>
  %r = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<64x64xi8>) outs(%e : tensor<64x64xi8>) {
  ^bb0(%x: i8, %o: i8):
    linalg.yield %x : i8
  } -> tensor<64x64xi8>
  return %r : tensor<64x64xi8>
}

// CHECK-LABEL: func.func @dynamic_stays
// CHECK:         linalg.generic
func.func @dynamic_stays(%a: tensor<?xf32>, %e: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @odd_extent_stays
// CHECK:         linalg.generic
func.func @odd_extent_stays(%a: tensor<4095xf32>, %e: tensor<4095xf32>) -> tensor<4095xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4095xf32>) outs(%e : tensor<4095xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4095xf32>
  return %r : tensor<4095xf32>
}

// CHECK-LABEL: func.func @bf16_stays
// CHECK:         linalg.generic
func.func @bf16_stays(%a: tensor<64xbf16>, %e: tensor<64xbf16>) -> tensor<64xbf16> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xbf16>) outs(%e : tensor<64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %n = arith.negf %x : bf16
    linalg.yield %n : bf16
  } -> tensor<64xbf16>
  return %r : tensor<64xbf16>
}

// f32 arithmetic between a widened bf16 input and a result rounded to bf16
// (tanh of a bf16 product's f32 accumulator) vectorizes.
// CHECK-LABEL: func.func @bf16_edges
// CHECK-NOT:     linalg.generic
// CHECK:         arith.extf {{.*}} : vector<64xbf16> to vector<64xf32>
// CHECK:         math.tanh {{.*}} : vector<64xf32>
// CHECK:         arith.truncf {{.*}} : vector<64xf32> to vector<64xbf16>
func.func @bf16_edges(%a: tensor<64xf32>, %b: tensor<64xbf16>, %e: tensor<64xbf16>) -> tensor<64xbf16> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xbf16>) outs(%e : tensor<64xbf16>) {
  ^bb0(%x: f32, %y: bf16, %o: bf16):
    %w = arith.extf %y : bf16 to f32
    %s = arith.addf %x, %w : f32
    %t = math.tanh %s : f32
    %n = arith.truncf %t : f32 to bf16
    linalg.yield %n : bf16
  } -> tensor<64xbf16>
  return %r : tensor<64xbf16>
}

// A bf16 input yielded as it is, next to f32 arithmetic, stays scalar.
// CHECK-LABEL: func.func @bf16_passthrough_stays
// CHECK:         linalg.generic
func.func @bf16_passthrough_stays(%a: tensor<64xf32>, %b: tensor<64xbf16>, %e: tensor<64xbf16>, %f: tensor<64xf32>) -> (tensor<64xbf16>, tensor<64xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xbf16>) outs(%e, %f : tensor<64xbf16>, tensor<64xf32>) {
  ^bb0(%x: f32, %y: bf16, %o: bf16, %p: f32):
    %t = math.tanh %x : f32
    linalg.yield %y, %t : bf16, f32
  } -> (tensor<64xbf16>, tensor<64xf32>)
  return %r#0, %r#1 : tensor<64xbf16>, tensor<64xf32>
}

// CHECK-LABEL: func.func @i1_stays
// CHECK:         linalg.generic
func.func @i1_stays(%a: tensor<64xi1>, %e: tensor<64xi1>) -> tensor<64xi1> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<64xi1>) outs(%e : tensor<64xi1>) {
  ^bb0(%x: i1, %o: i1):
    %t = arith.constant true
    %n = arith.xori %x, %t : i1
    linalg.yield %n : i1
  } -> tensor<64xi1>
  return %r : tensor<64xi1>
}

// A constant i1 mask read through a slice (a causal mask in a row loop) is
// re-made with i8 elements and truncated in the body: the select vectorizes.
// CHECK-LABEL: func.func @constant_mask
// CHECK:         %[[MASK:.*]] = arith.constant dense<"0x01010101{{.*}}00010100010100{{.*}}"> : tensor<2x64xi8>
// CHECK:         %[[ROW:.*]] = tensor.extract_slice %[[MASK]][1, 0] [1, 64] [1, 1] : tensor<2x64xi8> to tensor<64xi8>
// CHECK:         scf.for
// CHECK:           vector.transfer_read %[[ROW]]{{.*}} : tensor<64xi8>, vector<1x64xi8>
// CHECK:           %[[BITS:.*]] = arith.trunci %{{.*}} : vector<1x64xi8> to vector<1x64xi1>
// CHECK:           arith.select %[[BITS]], %{{.*}}, %{{.*}} : vector<1x64xi1>, vector<1x64xf32>
func.func @constant_mask(%a: tensor<4x64xf32>, %e: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %c = arith.constant dense<[[true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true], [false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false]]> : tensor<2x64xi1>
  %row = tensor.extract_slice %c[1, 0] [1, 64] [1, 1] : tensor<2x64xi1> to tensor<64xi1>
  %neg = arith.constant -1.0e9 : f32
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %row : tensor<4x64xf32>, tensor<64xi1>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%x: f32, %k: i1, %o: f32):
    %s = arith.select %k, %x, %neg : f32
    linalg.yield %s : f32
  } -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}

// An i1 input that is not a constant stays scalar.
// CHECK-LABEL: func.func @argument_mask_stays
// CHECK:         linalg.generic
func.func @argument_mask_stays(%a: tensor<64xf32>, %k: tensor<64xi1>, %e: tensor<64xf32>) -> tensor<64xf32> {
  %neg = arith.constant -1.0e9 : f32
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %k : tensor<64xf32>, tensor<64xi1>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %m: i1, %o: f32):
    %s = arith.select %m, %x, %neg : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @gather_stays
// CHECK:         linalg.generic
func.func @gather_stays(%i: tensor<64xindex>, %t: tensor<128xf32>, %e: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<64xindex>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: index, %o: f32):
    %v = tensor.extract %t[%x] : tensor<128xf32>
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// CHECK-LABEL: func.func @argmax_stays
// CHECK:         linalg.generic
// CHECK-NOT:     vector.
func.func @argmax_stays(%a: tensor<8x64xf32>, %b: tensor<8x64xi32>, %ia: tensor<8xf32>, %ib: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<8x64xf32>, tensor<8x64xi32>) outs(%ia, %ib : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%x: f32, %j: i32, %m: f32, %k: i32):
    %gt = arith.cmpf ogt, %x, %m : f32
    %nm = arith.select %gt, %x, %m : f32
    %nk = arith.select %gt, %j, %k : i32
    linalg.yield %nm, %nk : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xi32>
}
