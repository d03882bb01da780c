//===- Vectorize.cpp - linalg on tensors to vector ops for CPUs ----------===//
//
// See Vectorize.h for the strategy. Tiling goes through TilingInterface
// (scf::tileUsingSCF, including its partial-reduction mode) and the tiles
// through linalg::vectorize; this file only decides the tile shapes.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Vectorize.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Element types with native vector arithmetic on the targets we care about.
/// Narrow floats and complex numbers are emulated scalar by scalar later.
bool isVectorizableElementType(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
  return false;
}

/// Bodies of arithmetic only: no nested regions, no reads of other tensors
/// (gathers), nothing with side effects.
bool hasVectorizableBody(linalg::LinalgOp op) {
  for (Operation &nested : op.getBlock()->without_terminator()) {
    if (nested.getNumRegions() != 0)
      return false;
    if (isa<linalg::IndexOp>(nested))
      continue;
    if (!isa<arith::ArithDialect, math::MathDialect>(nested.getDialect()))
      return false;
    for (Type type : nested.getResultTypes())
      if (!type.isIntOrIndexOrFloat() ||
          (!type.isIndex() && !isVectorizableElementType(type)))
        return false;
  }
  return true;
}

/// Width in bits of the widest element an op computes with: it decides how
/// many lanes a machine vector has.
int64_t widestElementBits(linalg::LinalgOp op) {
  int64_t bits = 8;
  for (OpOperand &operand : op->getOpOperands())
    bits = std::max<int64_t>(
        bits, getElementTypeOrSelf(operand.get().getType())
                  .getIntOrFloatBitWidth());
  return bits;
}

/// The largest power of two that divides `extent` and is at most `limit`.
int64_t largestPowerOfTwoDivisor(int64_t extent, int64_t limit) {
  int64_t size = 1;
  while (size * 2 <= limit && extent % (size * 2) == 0)
    size *= 2;
  return size;
}

/// Whether every operand reads or writes contiguously along loop `dim`:
/// `dim` is the last index of each operand it appears in.
bool isContiguousAlong(linalg::LinalgOp op, unsigned dim) {
  for (AffineMap map : op.getIndexingMapsArray()) {
    if (!map.isProjectedPermutation())
      return false;
    std::optional<unsigned> position =
        map.getResultPosition(getAffineDimExpr(dim, op.getContext()));
    if (position && *position != map.getNumResults() - 1)
      return false;
  }
  return true;
}

/// Tile sizes that leave loops of extent `size` alone (0 = not tiled).
SmallVector<OpFoldResult> asTileSizes(MLIRContext *context,
                                      ArrayRef<int64_t> sizes,
                                      ArrayRef<int64_t> extents) {
  SmallVector<OpFoldResult> tileSizes;
  for (auto [size, extent] : llvm::zip_equal(sizes, extents))
    tileSizes.push_back(
        getAsIndexOpFoldResult(context, size == extent ? 0 : size));
  return tileSizes;
}

/// Tiles `op` with `sizes`, replacing it, and returns the tiled op (the op
/// itself when no loop is needed).
FailureOr<linalg::LinalgOp> tileTo(RewriterBase &rewriter, linalg::LinalgOp op,
                                   ArrayRef<int64_t> sizes,
                                   ArrayRef<int64_t> interchange = {}) {
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  if (ArrayRef<int64_t>(sizes) == ArrayRef<int64_t>(extents))
    return op;
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(asTileSizes(op.getContext(), sizes, extents));
  if (!interchange.empty())
    tiling.setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), tiling);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return failure();
  auto tiledOp = dyn_cast<linalg::LinalgOp>(tiled->tiledOps.front());
  if (!tiledOp)
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return tiledOp;
}

LogicalResult vectorizeInPlace(RewriterBase &rewriter, Operation *op,
                               bool namedContraction = false) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, op, /*inputVectorSizes=*/{},
                        /*inputScalableVecDims=*/{},
                        /*vectorizeNDExtract=*/false,
                        /*flatten1DDepthwiseConv=*/false,
                        /*assumeDynamicDimsMatchVecSizes=*/false,
                        namedContraction);
  if (failed(result))
    return failure();
  if (op->getNumResults() != 0)
    rewriter.replaceOp(op, result->replacements);
  else
    rewriter.eraseOp(op);
  return success();
}

/// Vectors of the innermost (parallel) loop, every other loop tiled by 1.
/// Outer reduction loops stay loops that accumulate whole vectors.
LogicalResult vectorizeInnermostParallel(RewriterBase &rewriter,
                                         linalg::LinalgOp op, int64_t lanes) {
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  // Four vectors per iteration: enough independent work to hide latency.
  int64_t width = largestPowerOfTwoDivisor(extents.back(), 4 * lanes);
  if (width < 2)
    return failure();
  SmallVector<int64_t> sizes(extents.size(), 1);
  sizes.back() = width;
  FailureOr<linalg::LinalgOp> tiled = tileTo(rewriter, op, sizes);
  if (failed(tiled))
    return failure();
  return vectorizeInPlace(rewriter, *tiled);
}

/// A reduction along the innermost loop, all outer loops parallel: tiled by
/// 1 in the outer loops, then by `accumulators` vectors of partial results
/// along the reduction, merged by one horizontal reduction at the end.
LogicalResult vectorizeInnermostReduction(RewriterBase &rewriter,
                                          linalg::LinalgOp op, int64_t lanes) {
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  unsigned last = extents.size() - 1;
  // The combiner of every result must be a known reduction (add, max, ...)
  // for the partial results to be merged.
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  auto reduce = dyn_cast<linalg::ReduceOp>(op.getOperation());
  if (!generic && !reduce)
    return failure();
  for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), i, combiners) ||
        combiners.size() != 1)
      return failure();
  }
  int64_t width = largestPowerOfTwoDivisor(extents.back(), 4 * lanes);
  if (width < 2 || width == extents.back())
    return failure();

  SmallVector<int64_t> rows(extents.begin(), extents.end());
  for (unsigned i = 0; i < last; ++i)
    rows[i] = 1;
  FailureOr<linalg::LinalgOp> row = tileTo(rewriter, op, rows);
  if (failed(row))
    return failure();

  SmallVector<OpFoldResult> sizes(extents.size(),
                                  rewriter.getIndexAttr(0));
  sizes.back() = rewriter.getIndexAttr(width);
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(sizes);
  tiling.setReductionTilingStrategy(
      ReductionTilingStrategy::PartialReductionOuterReduction);
  tiling.setReductionDims({last});
  rewriter.setInsertionPoint(*row);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(row->getOperation()), tiling);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(*row, tiled->replacements);
  SmallVector<Operation *> toVectorize(tiled->tiledOps);
  for (Value init : tiled->initialValues)
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      toVectorize.push_back(fill);
  llvm::append_range(toVectorize, tiled->mergeOps);
  for (Operation *part : toVectorize)
    if (isa<linalg::LinalgOp>(part))
      (void)vectorizeInPlace(rewriter, part);
  return success();
}

/// Copies the right-hand side of a (cache tile of a) matmul `A(MxK)
/// B(KxN)` into panels `P[N/columns][K][columns]`, blocks the contraction
/// dimension by `cacheTileDepth`, and tiles each block into strips of
/// `rows` x `columns` results whose right-hand side is a slice of one
/// panel. Each k step of a register tile then reads `columns` contiguous
/// elements right after the previous step's instead of a row of B a whole
/// row pitch away: no cache-set conflicts between the rows of B (their
/// pitch is often a multiple of 4 KiB) and sequential prefetching; a
/// block of a panel stays in the L1 cache while every row strip reads it.
/// The copy depends on B alone, so loop-invariant code motion takes it out
/// of any loop over rows of the result around this one: every row tile
/// reuses it. Returns the op to tile to registers next (the strip matmul,
/// or a partially transformed matmul if a later step did not apply).
FailureOr<linalg::LinalgOp>
tileWithPackedPanels(RewriterBase &rewriter, linalg::MatmulOp matmul,
                     int64_t rows, int64_t columns,
                     const VectorizeOptions &options) {
  SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
  int64_t m = extents[0], n = extents[1], k = extents[2];
  Value rhs = matmul.getDpsInputs()[1];
  auto rhsType = dyn_cast<RankedTensorType>(rhs.getType());
  if (!rhsType || n % columns != 0 || n == columns || m == rows ||
      m < options.packMinimumRows || !matmul.hasPureTensorSemantics())
    return failure();
  Location loc = matmul.getLoc();
  MLIRContext *context = matmul.getContext();
  Type elementType = rhsType.getElementType();
  rewriter.setInsertionPoint(matmul);
  // B(k, n) as (k, panel, column), a view; then the panels made contiguous.
  auto expandedType =
      RankedTensorType::get({k, n / columns, columns}, elementType);
  Value expanded = tensor::ExpandShapeOp::create(
      rewriter, loc, expandedType, rhs,
      SmallVector<ReassociationIndices>{{0}, {1, 2}});
  Value panelsInit = tensor::EmptyOp::create(
      rewriter, loc, SmallVector<int64_t>{n / columns, k, columns},
      elementType);
  auto pack = linalg::TransposeOp::create(rewriter, loc, expanded, panelsInit,
                                          SmallVector<int64_t>{1, 0, 2});
  Value panels = pack->getResult(0);

  // Blocks of the contraction dimension.
  linalg::LinalgOp current = matmul;
  OpFoldResult depthOffset = rewriter.getIndexAttr(0);
  int64_t depth = options.cacheTileDepth;
  if (depth > 0 && k > depth && k % depth == 0) {
    scf::SCFTilingOptions blocking;
    blocking.setTileSizes(
        getAsIndexOpFoldResult(context, SmallVector<int64_t>{0, 0, depth}));
    rewriter.setInsertionPoint(matmul);
    FailureOr<scf::SCFTilingResult> blocked = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(matmul.getOperation()), blocking);
    if (failed(blocked) || blocked->tiledOps.size() != 1 ||
        blocked->loops.size() != 1 ||
        !isa<linalg::MatmulOp>(blocked->tiledOps.front()))
      return failure();
    auto depthLoop = dyn_cast<scf::ForOp>(blocked->loops[0].getOperation());
    if (!depthLoop)
      return failure();
    rewriter.replaceOp(matmul, blocked->replacements);
    current = cast<linalg::LinalgOp>(blocked->tiledOps.front());
    depthOffset = depthLoop.getInductionVar();
    k = depth;
  }

  // Strips, column strips outside: one panel block serves every row strip
  // from the cache before the next is read.
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(
      getAsIndexOpFoldResult(context, SmallVector<int64_t>{rows, columns, 0}));
  tiling.setInterchange({1, 0, 2});
  rewriter.setInsertionPoint(current);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(current.getOperation()), tiling);
  if (failed(tiled) || tiled->tiledOps.size() != 1 ||
      tiled->loops.size() != 2)
    return current;
  auto columnLoop = dyn_cast<scf::ForOp>(tiled->loops[0].getOperation());
  auto strip = dyn_cast<linalg::LinalgOp>(tiled->tiledOps.front());
  if (!columnLoop || !strip)
    return current;
  rewriter.replaceOp(current, tiled->replacements);

  // The strip's right-hand side becomes a block of panel j / columns.
  rewriter.setInsertionPoint(strip);
  Value panelIndex = arith::DivUIOp::create(
      rewriter, loc, columnLoop.getInductionVar(),
      arith::ConstantIndexOp::create(rewriter, loc, columns));
  auto panelType = RankedTensorType::get({k, columns}, elementType);
  SmallVector<OpFoldResult> offsets = {panelIndex, depthOffset,
                                       rewriter.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(1),
                                     rewriter.getIndexAttr(k),
                                     rewriter.getIndexAttr(columns)};
  SmallVector<OpFoldResult> strides(3, rewriter.getIndexAttr(1));
  Value panel = tensor::ExtractSliceOp::create(rewriter, loc, panelType,
                                               panels, offsets, sizes, strides);
  rewriter.modifyOpInPlace(strip,
                           [&] { strip.getDpsInputOperand(1)->set(panel); });
  // The copy into panels is vectorized like any other data movement.
  int64_t lanes =
      std::max<int64_t>(2, options.vectorBits /
                               elementType.getIntOrFloatBitWidth());
  (void)vectorizeInnermostParallel(
      rewriter, cast<linalg::LinalgOp>(pack.getOperation()), lanes);
  return strip;
}

/// A row-major matrix product (A(m, k) B(k, n) -> C(m, n), optionally with
/// batch loops): cache tiles of the result, then register tiles accumulated
/// over k one step at a time, each step a vector.contract that becomes
/// outer products (broadcast rows of A times vectors of B).
LogicalResult vectorizeContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                                   const VectorizeOptions &options,
                                   int64_t lanes) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return failure();
  unsigned m = dims->m.front(), n = dims->n.front(), k = dims->k.front();
  // Row-major operands: n is contiguous in B and C, k in A.
  MLIRContext *context = op.getContext();
  auto lastIs = [&](AffineMap map, unsigned dim) {
    return map.isProjectedPermutation() && map.getNumResults() > 0 &&
           map.getResults().back() == getAffineDimExpr(dim, context);
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!lastIs(maps[0], k) || !lastIs(maps[1], n) || !lastIs(maps[2], n))
    return failure();
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  for (OpOperand &operand : op->getOpOperands())
    if (getElementTypeOrSelf(operand.get()) != elementType)
      return failure();
  if (!isa<FloatType>(elementType))
    return failure();

  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  int64_t rows = largestPowerOfTwoDivisor(extents[m], options.contractionRows);
  int64_t columns = largestPowerOfTwoDivisor(
      extents[n], std::min(options.contractionColumns, 2 * lanes));
  if (columns < 2)
    return failure();

  linalg::LinalgOp current = op;
  if (extents[m] % options.cacheTileRows == 0 &&
      extents[n] % options.cacheTileColumns == 0 &&
      (extents[m] > options.cacheTileRows ||
       extents[n] > options.cacheTileColumns)) {
    SmallVector<int64_t> cache(extents.begin(), extents.end());
    for (unsigned b : dims->batch)
      cache[b] = 1;
    cache[m] = options.cacheTileRows;
    cache[n] = options.cacheTileColumns;
    // Column tiles outside, row tiles inside: what is derived from the
    // right-hand side alone (packed panels) is invariant in the row loop.
    SmallVector<int64_t> interchange =
        llvm::to_vector(llvm::seq<int64_t>(0, extents.size()));
    std::swap(interchange[m], interchange[n]);
    FailureOr<linalg::LinalgOp> tiled =
        tileTo(rewriter, current, cache, interchange);
    if (failed(tiled))
      return failure();
    current = *tiled;
  }
  SmallVector<int64_t> currentExtents = current.getStaticLoopRanges();
  rows = std::min(rows, currentExtents[m]);
  columns = std::min(columns, currentExtents[n]);
  if (auto matmul = dyn_cast<linalg::MatmulOp>(current.getOperation());
      matmul && options.packRightHandSide) {
    FailureOr<linalg::LinalgOp> strip =
        tileWithPackedPanels(rewriter, matmul, rows, columns, options);
    if (succeeded(strip))
      current = *strip;
  }
  SmallVector<int64_t> registers(extents.size(), 1);
  registers[m] = rows;
  registers[n] = columns;
  FailureOr<linalg::LinalgOp> tiled = tileTo(rewriter, current, registers);
  if (failed(tiled))
    return failure();
  return vectorizeInPlace(rewriter, *tiled, /*namedContraction=*/true);
}

} // namespace

LogicalResult hlo::vectorizeLinalgOp(RewriterBase &rewriter,
                                     linalg::LinalgOp op,
                                     const VectorizeOptions &options) {
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape() ||
      op.getNumLoops() == 0 || op.getNumDpsInits() == 0)
    return failure();
  // Tensors of i1 hold a byte per element but vectors of i1 a bit: their
  // loads and stores stay scalar (compares inside a body are fine).
  for (OpOperand &operand : op->getOpOperands()) {
    Type elementType = getElementTypeOrSelf(operand.get());
    if (!isVectorizableElementType(elementType) || elementType.isInteger(1))
      return failure();
  }
  if (!hasVectorizableBody(op))
    return failure();
  int64_t lanes = std::max<int64_t>(2, options.vectorBits /
                                           widestElementBits(op));

  if (linalg::isaContractionOpInterface(op))
    return vectorizeContraction(rewriter, op, options, lanes);

  unsigned last = op.getNumLoops() - 1;
  if (!isContiguousAlong(op, last))
    return failure();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators[last] == utils::IteratorType::parallel)
    return vectorizeInnermostParallel(rewriter, op, lanes);
  if (op.getNumReductionLoops() != 1)
    return failure();
  return vectorizeInnermostReduction(rewriter, op, lanes);
}

void hlo::populateHloVectorUnitDimFoldingPatterns(RewritePatternSet &patterns) {
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  vector::populateVectorTransferDropUnitDimsPatterns(patterns);
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
}

void hlo::populateHloVectorContractionLoweringPatterns(
    RewritePatternSet &patterns) {
  vector::populateVectorContractLoweringPatterns(
      patterns, vector::VectorContractLowering::OuterProduct);
  vector::populateVectorMultiReductionLoweringPatterns(
      patterns, vector::VectorMultiReductionLowering::InnerReduction);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
}

void hlo::populateHloVectorToOneDimPatterns(RewritePatternSet &patterns) {
  vector::populateVectorOuterProductLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorMaskOpLoweringPatterns(patterns);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorStepLoweringPatterns(patterns);
}

void hlo::populateHloMathApproximationPatterns(RewritePatternSet &patterns) {
  populateMathPolynomialApproximationPatterns(
      patterns, [](StringRef name) {
        return name == math::ExpOp::getOperationName();
      });
}
