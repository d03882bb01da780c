//===- Vectorize.h - linalg on tensors to vector ops for CPUs ---*- C++ -*-===//
//
// The CPU code generation strategy between hlo-emit-fusions and
// bufferization: every statically shaped linalg op whose accesses are
// contiguous along its innermost loop is tiled to the shape of a machine
// vector and vectorized (upstream TilingInterface tiling and
// linalg::vectorize):
//
//  * elementwise and broadcasting ops: one vector of the innermost
//    dimension per iteration, every other loop tiled by 1;
//  * reductions along the innermost dimension: one vector of partial
//    results (partial-reduction tiling), merged by one horizontal reduction
//    at the end, as a hand-written loop with several accumulators would;
//  * reductions along outer dimensions: vectors of the innermost (parallel)
//    dimension accumulated by the outer loop;
//  * transposing copies of 32-bit elements (an input contiguous along
//    another loop than the innermost): 16x16 blocks, read transposed and
//    written by rows (hlo-lower-vectors reads them by rows of the input and
//    transposes with shuffles);
//  * constant i1 inputs (masks) are read as i8 constants and truncated in
//    the body;
//  * contractions (matmul-like, row-major): cache tiles, then register tiles
//    of `contractionRows` x `contractionColumns` accumulated over the
//    contraction dimension one step at a time (outer products). Either
//    operand may be transposed (a transposed right-hand side is always
//    packed, the packing copy transposing by 16x16 register blocks); batch
//    matmuls are loops of 2-D matmuls on rank-reduced slices; odd extents
//    split off tails of static size (columns into power-of-two widths;
//    rows of a matmul with packed panels as a shorter last strip of each
//    column strip, reading the same panels); the contraction is blocked by
//    `cacheTileDepth`, or to fit half of `l2CacheBytes`;
//    vector-matrix products are register tiles of one row, matrix-vector
//    products reductions along k per row.
//
// Ops it cannot vectorize profitably (dynamic shapes, strided innermost
// access, element types without native vector arithmetic, bodies with
// regions or tensor reads) are left to the scalar loop lowering.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_VECTORIZE_H
#define HLODIALECT_TRANSFORMS_VECTORIZE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace linalg {
class LinalgOp;
} // namespace linalg

namespace hlo {

struct VectorizeOptions {
  /// Width of a machine vector register.
  int64_t vectorBits = 512;
  /// Register tile of a contraction: rows of the result and columns (in
  /// elements) accumulated in vector registers.
  int64_t contractionRows = 8;
  int64_t contractionColumns = 32;
  /// Cache tile of a contraction's result computed before moving on; the
  /// columns of the right-hand side it reads stay in the L2 cache.
  int64_t cacheTileRows = 64;
  int64_t cacheTileColumns = 256;
  /// Copy the right-hand side of a matmul tile into contiguous panels of
  /// `contractionColumns` columns when at least `packMinimumRows` rows of
  /// results share them; read it by blocks of `cacheTileDepth` steps of
  /// the contraction dimension (0: the whole dimension at once).
  bool packRightHandSide = true;
  int64_t cacheTileDepth = 0;
  int64_t packMinimumRows = 16;
  /// Copy a row-major left-hand side into strips `P[M/rows][K][rows]` when
  /// several column strips read each row strip, as a transposed one always
  /// is (off by default: no faster on an AMD Zen 3 at 1024^3 or with
  /// K = 4096, 5% slower at 2048^3, as the copy is redone per column tile).
  bool packLeftHandSide = false;
  /// The L2 cache's size in bytes: with `cacheTileDepth` 0, the
  /// contraction dimension is blocked so that a block of a cache tile of A
  /// and of a column strip's panel take at most half of it (0: unknown, no
  /// blocking); blocks are never shallower than `minimumBlockDepth`.
  int64_t l2CacheBytes = 0;
  int64_t minimumBlockDepth = 128;
  /// A column tile of B sliced by a loop over all of B's tiles is packed
  /// from the whole of B (one copy that leaves the tile loop) when B is
  /// invariant in a loop around the tile loop, or when the packed B takes
  /// at most this many bytes (it stays in the cache until the tiles read
  /// it; a larger one is packed tile by tile).
  int64_t wholePanelBytes = 256 << 10;
};

/// Tiles `op` to vector shapes and vectorizes it, replacing it. Fails
/// without changing the IR when the op is not a candidate (see above).
LogicalResult vectorizeLinalgOp(RewriterBase &rewriter, linalg::LinalgOp op,
                                const VectorizeOptions &options = {});

/// The vector lowering after bufferization, in stages that are applied one
/// after the other (each to a fixed point: their patterns would undo each
/// other's work if mixed):
///
/// 1. unit dimensions (the rows of a row-by-row loop) folded away, so the
///    vectors left are 1-d where the computation is;
void populateHloVectorUnitDimFoldingPatterns(RewritePatternSet &patterns);
/// 2. contractions to outer products, multi-reductions to reductions of
///    the innermost dimension, transfers with permutation maps to
///    transposes and broadcasts;
void populateHloVectorContractionLoweringPatterns(RewritePatternSet &patterns);
/// 3. outer products, transposes, broadcasts, shape casts, masks and 1-d
///    transfers to the ops the LLVM conversion maps to machine vectors
///    (fused multiply-adds, shuffles, loads, stores);
void populateHloVectorToOneDimPatterns(RewritePatternSet &patterns);
/// 4. f32 `math.exp`, `math.expm1`, `math.tanh` and `math.log1p` as
///    polynomial approximations that vectorize, instead of a call to the
///    scalar libm per element; f32 `math.sin` and `math.cos` by
///    populateHloSinCosApproximationPatterns.
void populateHloMathApproximationPatterns(RewritePatternSet &patterns);
/// f32 `math.sin` and `math.cos` on 1-d vectors: reduction by pi/2 and
/// polynomials in vector registers where every lane is within 2^17 of zero,
/// else a loop of scalar libm calls over the lanes (SinCosOnVectors.cpp).
void populateHloSinCosApproximationPatterns(RewritePatternSet &patterns);
/// Whether hlo-lower-vectors approximates the math op NAME on vectors (the
/// patterns also rewrite the math.log the expm1 and log1p forms create).
bool isHloApproximatedMathOp(StringRef name);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_VECTORIZE_H
