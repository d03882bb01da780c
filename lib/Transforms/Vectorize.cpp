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
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <limits>

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

/// Conversions between f32 and bf16/f16 and nothing else (the widening of
/// narrow dot operands, the rounding of their f32 results): LLVM lowers
/// them on vectors (shifts, vcvtneps2bf16, vcvtps2ph) as it does scalar
/// ones, with the same results (bf16 rounding flushes denormals to zero in
/// both), while narrow arithmetic stays scalar.
bool isNarrowFloat(Type t) { return t.isBF16() || t.isF16(); }

/// An extf from bf16/f16 to f32 or a truncf from f32 to bf16/f16.
bool isF32NarrowConversion(Operation &op) {
  if (!isa<arith::ExtFOp, arith::TruncFOp>(op))
    return false;
  Type from = op.getOperand(0).getType();
  Type to = op.getResult(0).getType();
  return (isNarrowFloat(from) && to.isF32()) ||
         (from.isF32() && isNarrowFloat(to));
}

bool isNarrowFloatConversion(linalg::LinalgOp op) {
  return llvm::all_of(op.getBlock()->without_terminator(),
                      isF32NarrowConversion);
}

/// Bodies that compute in f32 and see bf16/f16 only at their edges: every
/// narrow value is an operand widened to f32 (extf) or a result rounded
/// from f32 (truncf) and yielded, e.g. the tanh of an f32 product stored as
/// bf16. The conversions vectorize as in isNarrowFloatConversion and the
/// arithmetic between them is f32, so the whole body vectorizes; narrow
/// arithmetic itself stays scalar.
bool hasNarrowFloatsOnlyAtEdges(linalg::LinalgOp op) {
  bool anyNarrow = false;
  for (Operation &nested : op.getBlock()->without_terminator()) {
    bool touchesNarrow =
        llvm::any_of(nested.getOperandTypes(), isNarrowFloat) ||
        llvm::any_of(nested.getResultTypes(), isNarrowFloat);
    if (!touchesNarrow)
      continue;
    if (!isF32NarrowConversion(nested))
      return false;
    anyNarrow = true;
  }
  // A narrow result is a rounded f32, not a narrow input passed through.
  for (Value yielded : op.getBlock()->getTerminator()->getOperands())
    if (isNarrowFloat(yielded.getType()) &&
        !yielded.getDefiningOp<arith::TruncFOp>())
      return false;
  return anyNarrow;
}

/// Bodies of arithmetic only: no nested regions, no reads of other tensors
/// (gathers), nothing with side effects.
bool hasVectorizableBody(linalg::LinalgOp op) {
  if (isNarrowFloatConversion(op))
    return true;
  bool narrowEdges = hasNarrowFloatsOnlyAtEdges(op);
  for (Operation &nested : op.getBlock()->without_terminator()) {
    if (narrowEdges && isa<arith::ExtFOp, arith::TruncFOp>(nested))
      continue;
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

/// A contraction whose accumulator starts as a constant (its init is a
/// linalg.fill, the zeros of a dot) need not fill the whole result first
/// and read it back tile by tile: each register tile can start from the
/// constant, in registers, right before its reduction loop. `value` is the
/// constant; the tiles that start from it are counted, each weighted by the
/// trip counts of the loops around it up to `outside` (the op that held the
/// contraction), so that the caller drops the whole fill (`fill`, the fill
/// the tiled loops read) only when the tiles cover the result exactly once.
struct AccumulatorStart {
  Value value;
  linalg::FillOp fill;
  Operation *outside = nullptr;
  int64_t startedElements = 0;
  bool countable = true;
};

/// Makes `op`, about to be tiled along its reduction (or lowered whole),
/// start its accumulators from `start->value`: a fill of its init, which
/// vectorizes to a constant the register tiles' first read forwards.
/// Returns `op` with its new init; `op` itself without `start`.
linalg::LinalgOp startAccumulators(RewriterBase &rewriter, linalg::LinalgOp op,
                                   AccumulatorStart *start) {
  if (!start || op.getNumDpsInits() != 1)
    return op;
  OpOperand *init = op.getDpsInitOperand(0);
  auto type = dyn_cast<RankedTensorType>(init->get().getType());
  if (!type || !type.hasStaticShape()) {
    start->countable = false;
    return op;
  }
  int64_t weight = type.getNumElements();
  for (Operation *parent = op->getParentOp();
       parent && parent != start->outside; parent = parent->getParentOp()) {
    auto loop = dyn_cast<LoopLikeOpInterface>(parent);
    std::optional<APInt> trips =
        loop ? loop.getStaticTripCount() : std::nullopt;
    if (!trips) {
      start->countable = false;
      break;
    }
    weight *= trips->getSExtValue();
  }
  start->startedElements += weight;
  rewriter.setInsertionPoint(op);
  auto fill = linalg::FillOp::create(rewriter, op.getLoc(),
                                     ValueRange{start->value},
                                     ValueRange{init->get()});
  rewriter.modifyOpInPlace(op, [&] { init->set(fill.getResult(0)); });
  (void)vectorizeInPlace(rewriter, fill);
  return op;
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
                                          linalg::LinalgOp op, int64_t lanes,
                                          bool wholeShortRows = false) {
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
  // A short row (up to four vectors, any length) may be one vector reduced
  // at once.
  if (wholeShortRows && extents.back() <= 4 * lanes && extents.back() >= 2)
    width = extents.back();
  if (width < 2)
    return failure();

  SmallVector<int64_t> rows(extents.begin(), extents.end());
  for (unsigned i = 0; i < last; ++i)
    rows[i] = 1;
  FailureOr<linalg::LinalgOp> row = tileTo(rewriter, op, rows);
  if (failed(row))
    return failure();
  if (width == extents.back())
    return vectorizeInPlace(rewriter, *row);

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

/// Whether `map` is a projected permutation whose last result is loop
/// `dim`: the operand is contiguous along that loop.
bool isInnermost(AffineMap map, unsigned dim) {
  return map.isProjectedPermutation() && map.getNumResults() > 0 &&
         map.getResults().back() == getAffineDimExpr(dim, map.getContext());
}

std::optional<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
splitTail(RewriterBase &rewriter, linalg::LinalgOp op, unsigned dim,
          int64_t tile);

/// The cost in code size of emitting `op`'s body once per vector of a
/// block: math functions other than the few single instructions expand to
/// polynomials of a dozen or more instructions (or calls, for f64).
int64_t bodyWeight(linalg::GenericOp op) {
  int64_t weight = 0;
  for (Operation &inner : op.getBody()->without_terminator()) {
    bool expands = isa<math::MathDialect>(inner.getDialect()) &&
                   !isa<math::AbsFOp, math::AbsIOp, math::CopySignOp,
                        math::FmaOp, math::FloorOp, math::CeilOp,
                        math::RoundOp, math::RoundEvenOp, math::TruncOp,
                        math::SqrtOp>(inner);
    weight += expands ? 16 : 1;
  }
  return weight;
}

/// Bodies heavier than this are not unrolled over every row of a transposed
/// block (see vectorizeTransposedBlockByRows).
constexpr int64_t kMaxUnrolledBlockBodyWeight = 8;

/// A 2-D elementwise block (`block`, loops (i, j), j innermost) that reads
/// some inputs transposed, with a costly body: each transposed input is
/// first copied into a block-sized temporary by rows of the result (the
/// register transpose of vectorizeTransposition, no compute), and the body
/// then runs in a loop over the block's rows, one vector per row. Unrolled
/// over all rows, a body of polynomial math (exp, tanh) made each block
/// sixteen copies of it: half of a random module's machine code, and of
/// LLVM's time, came from such blocks.
LogicalResult vectorizeTransposedBlockByRows(RewriterBase &rewriter,
                                             linalg::GenericOp block,
                                             int64_t lanes) {
  if (block.getNumLoops() != 2 || block.getNumReductionLoops() != 0 ||
      !block.hasPureTensorSemantics())
    return failure();
  SmallVector<int64_t> extents = block.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(extents))
    return failure();
  MLIRContext *context = block.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, context);
  AffineMap transposed =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, context);
  SmallVector<OpOperand *> transposedInputs;
  for (OpOperand *input : block.getDpsInputOperands())
    if (block.getMatchingIndexingMap(input) == transposed)
      transposedInputs.push_back(input);
  if (transposedInputs.empty())
    return failure();
  Location loc = block.getLoc();
  rewriter.setInsertionPoint(block);
  SmallVector<AffineMap> maps = block.getIndexingMapsArray();
  SmallVector<linalg::GenericOp> copies;
  for (OpOperand *input : transposedInputs) {
    Type elementType = getElementTypeOrSelf(input->get());
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, extents, elementType);
    auto copy = linalg::GenericOp::create(
        rewriter, loc, TypeRange{empty.getType()}, ValueRange{input->get()},
        ValueRange{empty}, ArrayRef<AffineMap>{transposed, identity},
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
        [](OpBuilder &b, Location nested, ValueRange args) {
          linalg::YieldOp::create(b, nested, args[0]);
        });
    maps[input->getOperandNumber()] = identity;
    copies.push_back(copy);
  }
  rewriter.modifyOpInPlace(block, [&] {
    for (auto [input, copy] : llvm::zip_equal(transposedInputs, copies))
      input->set(copy.getResult(0));
    block.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  for (linalg::GenericOp copy : copies)
    if (failed(vectorizeInPlace(rewriter, copy)))
      return failure();
  return vectorizeInnermostParallel(rewriter, block, lanes);
}

/// A transposing copy (or any elementwise op) whose result is contiguous
/// along the innermost loop but some input along another loop `j`: tiled
/// into square blocks of lanes x lanes elements (every other loop by 1),
/// each read by rows of the input, transposed in registers (the shuffle
/// sequence for 16x16 blocks of 32-bit elements) and written by rows of
/// the result, instead of an element-by-element loop. Needs both extents to
/// be multiples of the lanes and every input contiguous along the
/// innermost loop or along `j`.
LogicalResult vectorizeTransposition(RewriterBase &rewriter,
                                     linalg::LinalgOp op, int64_t lanes) {
  int64_t bits = widestElementBits(op);
  if (op.getNumLoops() < 2 || op.getNumReductionLoops() != 0 ||
      (bits != 16 && bits != 32 && bits != 64))
    return failure();
  for (OpOperand &operand : op->getOpOperands())
    if (getElementTypeOrSelf(operand.get()).getIntOrFloatBitWidth() != bits)
      return failure();
  unsigned last = op.getNumLoops() - 1;
  MLIRContext *context = op.getContext();
  std::optional<unsigned> across;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation() || map.getNumResults() == 0)
      return failure();
    bool isInit = op.isDpsInit(&operand);
    if (isInnermost(map, last))
      continue;
    // Inits are written by rows of the innermost loop; an input that does
    // not vary along it (a broadcast) is read element by element.
    if (isInit || !map.getResultPosition(getAffineDimExpr(last, context)))
      return failure();
    unsigned j = cast<AffineDimExpr>(map.getResults().back()).getPosition();
    if (across && *across != j)
      return failure();
    across = j;
  }
  if (!across)
    return failure();
  // Square blocks of a machine vector's lanes (at most 16), no larger than
  // either extent; extents that are no multiple of the block split off
  // tails, which take smaller blocks (down to 4 x 4) in turn: 100 = 96 + 4,
  // 7 = 4 + 3 (the 3 left scalar).
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  auto floor = [](int64_t extent) {
    return static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(extent)));
  };
  int64_t side = std::min({std::min<int64_t>(lanes, 16), floor(extents[last]),
                            floor(extents[*across])});
  if (side < 4)
    return failure();
  for (unsigned dim : {last, *across}) {
    if (auto parts = splitTail(rewriter, op, dim, side)) {
      (void)vectorizeTransposition(rewriter, parts->first, lanes);
      (void)vectorizeTransposition(rewriter, parts->second, lanes);
      return success();
    }
  }
  SmallVector<int64_t> sizes(extents.size(), 1);
  sizes[last] = side;
  sizes[*across] = side;
  FailureOr<linalg::LinalgOp> block = tileTo(rewriter, op, sizes);
  if (failed(block))
    return failure();
  // The block as a 2-D op on rank-reduced slices: its transposed read is
  // then a plain 2-D transpose for the vector lowering (with unit
  // dimensions between the two, it became element-by-element loads).
  rewriter.setInsertionPoint(*block);
  FailureOr<linalg::GenericOp> generic =
      isa<linalg::GenericOp>(block->getOperation())
          ? FailureOr<linalg::GenericOp>(
                cast<linalg::GenericOp>(block->getOperation()))
          : linalg::generalizeNamedOp(rewriter, *block);
  if (failed(generic))
    return failure();
  linalg::ControlDropUnitDims control;
  control.rankReductionStrategy =
      linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
  FailureOr<linalg::DropUnitDimsResult> reduced =
      linalg::dropUnitDims(rewriter, *generic, control);
  linalg::GenericOp square = *generic;
  if (succeeded(reduced)) {
    rewriter.replaceOp(*generic, reduced->replacements);
    auto reducedGeneric =
        dyn_cast<linalg::GenericOp>(reduced->resultOp.getOperation());
    if (!reducedGeneric)
      return vectorizeInPlace(rewriter, reduced->resultOp);
    square = reducedGeneric;
  }
  if (bodyWeight(square) > kMaxUnrolledBlockBodyWeight &&
      succeeded(vectorizeTransposedBlockByRows(rewriter, square, lanes)))
    return success();
  return vectorizeInPlace(rewriter, square);
}

/// A linalg.matmul of `lhs` and `rhs` into `init` with the given indexing
/// maps (transposed operands are matmuls with permuted maps).
linalg::MatmulOp createMatmul(RewriterBase &rewriter, Location loc, Value lhs,
                              Value rhs, Value init, ArrayRef<AffineMap> maps) {
  auto matmul = linalg::MatmulOp::create(rewriter, loc,
                                         TypeRange{init.getType()},
                                         ValueRange{lhs, rhs}, ValueRange{init});
  SmallVector<Attribute> attrs;
  for (AffineMap map : maps)
    attrs.push_back(AffineMapAttr::get(map));
  matmul->setAttr("indexing_maps", rewriter.getArrayAttr(attrs));
  return matmul;
}

/// If `slice` is a column tile (rows, transposed) of a statically shaped B
/// taken by an scf.for that steps over all of B's column tiles from 0 (the
/// tile loop of tiling), with every row of B and panels of `columns`
/// aligned to the tiles, and packing the whole of B pays (see
/// VectorizeOptions::wholePanelBytes), returns B's column count.
std::optional<int64_t> tiledColumnsOfWhole(tensor::ExtractSliceOp slice,
                                           bool transposed, int64_t columns,
                                           int64_t elementBits,
                                           const VectorizeOptions &options) {
  auto sourceType = dyn_cast<RankedTensorType>(slice.getSourceType());
  RankedTensorType resultType = slice.getResultType();
  if (!sourceType || !sourceType.hasStaticShape() ||
      sourceType.getRank() != 2 || resultType.getRank() != 2 ||
      !resultType.hasStaticShape() || !slice.hasUnitStride())
    return std::nullopt;
  int64_t dim = transposed ? 0 : 1, depthDim = 1 - dim;
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  if (!isZeroInteger(offsets[depthDim]) ||
      resultType.getDimSize(depthDim) != sourceType.getDimSize(depthDim))
    return std::nullopt;
  int64_t whole = sourceType.getDimSize(dim), tile = resultType.getDimSize(dim);
  if (tile == whole || whole % columns != 0 || tile % columns != 0)
    return std::nullopt;
  auto offset = dyn_cast_if_present<Value>(offsets[dim]);
  scf::ForOp loop = offset ? scf::getForInductionVarOwner(offset) : nullptr;
  if (!loop)
    return std::nullopt;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (lower != 0 || upper != whole || step != tile)
    return std::nullopt;
  if (sourceType.getNumElements() *
          static_cast<int64_t>(llvm::divideCeil(elementBits, 8)) <=
      options.wholePanelBytes)
    return whole;
  // B invariant in a loop around the tile loop: packed once, not once per
  // iteration.
  Value source = slice.getSource();
  for (Operation *outer = loop->getParentOp(); outer;
       outer = outer->getParentOp()) {
    if (isa<FunctionOpInterface>(outer))
      break;
    if (isa<LoopLikeOpInterface>(outer) &&
        !outer->isAncestor(source.getParentBlock()->getParentOp()))
      return whole;
  }
  return std::nullopt;
}

/// Whether tileWithPackedPanels takes `matmul` with register tiles of
/// `rows` x `columns` (rows need not divide its rows: the last strip is
/// shorter).
bool packsPanels(linalg::MatmulOp matmul, int64_t rows, int64_t columns,
                 const VectorizeOptions &options) {
  SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
  int64_t m = extents[0], n = extents[1];
  auto rhsType =
      dyn_cast<RankedTensorType>(matmul.getDpsInputs()[1].getType());
  bool transposed = !isInnermost(matmul.getIndexingMapsArray()[1], 1);
  if (!rhsType || rows < 1 || columns < 1 || n % columns != 0 ||
      ShapedType::isDynamic(m) || !matmul.hasPureTensorSemantics())
    return false;
  return transposed ||
         (n != columns && m > rows && m >= options.packMinimumRows);
}

/// The contraction depth `tileWithPackedPanels` blocks a matmul of depth
/// `k` by: `cacheTileDepth` when set, else, with a known L2 cache size,
/// the largest power of two dividing `k` whose block of a cache tile of A
/// (`cacheTileRows` x depth) and of a column strip's panel (depth x
/// `columns`) take at most half of the L2 cache (0: the whole depth).
int64_t contractionBlockDepth(int64_t k, int64_t columns, int64_t elementBytes,
                              const VectorizeOptions &options) {
  if (options.cacheTileDepth > 0)
    return options.cacheTileDepth;
  if (options.l2CacheBytes <= 0)
    return 0;
  int64_t bytesPerStep = (options.cacheTileRows + columns) * elementBytes;
  int64_t depth = largestPowerOfTwoDivisor(k, k);
  while (depth > options.minimumBlockDepth &&
         depth * bytesPerStep > options.l2CacheBytes / 2)
    depth /= 2;
  return depth >= options.minimumBlockDepth && depth < k ? depth : 0;
}

/// Copies rows [first, first + count) of a matmul's left-hand side `lhs`
/// (M x K, or transposed K x M) into strips `P[count / rows][K][rows]`: a
/// register tile's k steps then read `rows` consecutive elements each,
/// right after the previous step's. Returns the copy (a linalg.transpose).
linalg::TransposeOp packLeftHandSide(RewriterBase &rewriter, Location loc,
                                     Value lhs, bool transposed,
                                     int64_t first, int64_t count,
                                     int64_t rows) {
  auto type = cast<RankedTensorType>(lhs.getType());
  Type elementType = type.getElementType();
  int64_t rowDim = transposed ? 1 : 0;
  int64_t k = type.getDimSize(1 - rowDim);
  Value source = lhs;
  if (first != 0 || count != type.getDimSize(rowDim)) {
    SmallVector<int64_t> offsets(2, 0), sizes = {k, k};
    offsets[rowDim] = first;
    sizes[rowDim] = count;
    source = tensor::ExtractSliceOp::create(
        rewriter, loc, lhs, getAsIndexOpFoldResult(rewriter.getContext(), offsets),
        getAsIndexOpFoldResult(rewriter.getContext(), sizes),
        getAsIndexOpFoldResult(rewriter.getContext(), SmallVector<int64_t>{1, 1}));
  }
  Value expanded;
  SmallVector<int64_t> permutation;
  if (transposed) {
    expanded = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({k, count / rows, rows}, elementType), source,
        SmallVector<ReassociationIndices>{{0}, {1, 2}});
    permutation = {1, 0, 2};
  } else {
    expanded = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({count / rows, rows, k}, elementType), source,
        SmallVector<ReassociationIndices>{{0, 1}, {2}});
    permutation = {0, 2, 1};
  }
  Value init = tensor::EmptyOp::create(
      rewriter, loc, SmallVector<int64_t>{count / rows, k, rows}, elementType);
  return linalg::TransposeOp::create(rewriter, loc, expanded, init,
                                     permutation);
}

/// Copies the right-hand side of a (cache tile of a) matmul `A(MxK)
/// B(KxN)` into panels `P[N/columns][K][columns]`, blocks the contraction
/// dimension (contractionBlockDepth), and tiles each block into strips of
/// `rows` x `columns` results whose right-hand side is a slice of one
/// panel; when `rows` does not divide M, the last strip of each column
/// strip has the remaining rows and reads the same panel. Each k step of a
/// register tile then reads `columns` contiguous
/// elements right after the previous step's instead of a row of B a whole
/// row pitch away: no cache-set conflicts between the rows of B (their
/// pitch is often a multiple of 4 KiB) and sequential prefetching; a
/// block of a panel stays in the L1 cache while every row strip reads it.
/// A transposed right-hand side (B stored as N x K) is packed the same way
/// straight from its layout: the copy that makes panels also transposes,
/// so the register tiles always read rows of a panel and no separate
/// transposed copy of B exists; it is always packed (its columns are not
/// contiguous), even for a single strip.
/// The copy depends on B alone, so loop-invariant code motion takes it out
/// of any loop over rows of the result around this one: every row tile
/// reuses it. Returns the strips to tile to registers next (one matmul per
/// strip shape), or failure: with `changed` false if `packsPanels` does not
/// hold (nothing changed), true if a tiling failed on the way (the IR is
/// valid, `matmul` may be gone, and what is left stays scalar).
FailureOr<SmallVector<linalg::LinalgOp>>
tileWithPackedPanels(RewriterBase &rewriter, linalg::MatmulOp matmul,
                     int64_t rows, int64_t columns,
                     const VectorizeOptions &options, AccumulatorStart *start,
                     bool &startedBeforeBlocking, bool &changed) {
  changed = false;
  if (!packsPanels(matmul, rows, columns, options))
    return failure();
  changed = true;
  SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
  int64_t m = extents[0], n = extents[1], k = extents[2];
  Value rhs = matmul.getDpsInputs()[1];
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  bool transposed = !isInnermost(maps[1], 1);
  Location loc = matmul.getLoc();
  MLIRContext *context = matmul.getContext();
  Type elementType = rhsType.getElementType();
  rewriter.setInsertionPoint(matmul);
  // A column tile of a larger B that a loop over all of B's column tiles
  // slices (the product tiles of an output fusion) is packed from the whole
  // of B: the copy then depends on B alone, so loop-invariant code motion
  // takes it out of the tile loop and out of any loop around it in which B
  // is invariant (a scan's weights), instead of redoing it per tile and
  // iteration. The tiles cover B, so packing all of it costs no more.
  auto slice = rhs.getDefiningOp<tensor::ExtractSliceOp>();
  std::optional<int64_t> wholeColumns =
      slice ? tiledColumnsOfWhole(slice, transposed, columns,
                                  elementType.getIntOrFloatBitWidth(), options)
            : std::nullopt;
  int64_t panelColumns = wholeColumns.value_or(n);
  // A right-hand side widened from bf16/f16 for this product alone (the
  // lowering of narrow dots) is packed from its narrow source: the packing
  // copy widens, and no widened copy of B is ever stored.
  Value source = rhs;
  {
    Value base = slice ? slice.getSource() : rhs;
    auto widen = base.getDefiningOp<linalg::GenericOp>();
    if (widen && widen->hasOneUse() && widen.getNumDpsInputs() == 1 &&
        isNarrowFloatConversion(widen) &&
        llvm::all_of(widen.getIndexingMapsArray(),
                     [](AffineMap map) { return map.isIdentity(); }) &&
        isa<arith::ExtFOp>(widen.getBlock()->front())) {
      source = widen.getDpsInputs()[0];
      if (slice && !wholeColumns)
        source = tensor::ExtractSliceOp::create(
            rewriter, loc,
            RankedTensorType::get(rhsType.getShape(),
                                  getElementTypeOrSelf(source)),
            source, slice.getMixedOffsets(), slice.getMixedSizes(),
            slice.getMixedStrides());
    } else if (wholeColumns) {
      source = base;
    }
  }
  Type sourceElement = getElementTypeOrSelf(source);
  // B as (k, panel, column) or, transposed, (panel, column, k): a view;
  // then the panels made contiguous as (panel, k, column).
  Value expanded;
  SmallVector<int64_t> permutation;
  if (transposed) {
    expanded = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({panelColumns / columns, columns, k},
                              sourceElement),
        source, SmallVector<ReassociationIndices>{{0, 1}, {2}});
    permutation = {0, 2, 1};
  } else {
    expanded = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({k, panelColumns / columns, columns},
                              sourceElement),
        source, SmallVector<ReassociationIndices>{{0}, {1, 2}});
    permutation = {1, 0, 2};
  }
  Value panelsInit = tensor::EmptyOp::create(
      rewriter, loc, SmallVector<int64_t>{panelColumns / columns, k, columns},
      elementType);
  Operation *pack;
  if (sourceElement == elementType) {
    pack = linalg::TransposeOp::create(rewriter, loc, expanded, panelsInit,
                                       permutation);
  } else {
    // Panel dimension i reads dimension permutation[i] of the view.
    SmallVector<AffineExpr> inputExprs(3);
    for (int64_t i = 0; i < 3; ++i)
      inputExprs[permutation[i]] = getAffineDimExpr(i, context);
    SmallVector<AffineMap> packMaps = {
        AffineMap::get(3, 0, inputExprs, context),
        AffineMap::getMultiDimIdentityMap(3, context)};
    pack = linalg::GenericOp::create(
        rewriter, loc, TypeRange{panelsInit.getType()}, ValueRange{expanded},
        ValueRange{panelsInit}, packMaps,
        SmallVector<utils::IteratorType>(3, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(
              b, l, arith::ExtFOp::create(b, l, elementType, args[0]).getResult());
        });
  }
  Value panels = pack->getResult(0);
  // The left-hand side is read by the register tiles as `rows` elements
  // per k step, each from another row of A (or, transposed, from a row of
  // A stored K x M) a whole row pitch apart: the rows of a strip (often a
  // multiple of 4 KiB apart) evict each other from the L1 cache. When
  // several column strips read each row strip, A is copied into strips
  // P[M/rows][K][rows] too (the rows of a strip interleaved, k outer), from
  // the whole of A under the same conditions as B, so the copy leaves the
  // loops over tiles; the last, shorter strip of a row tail into a copy of
  // its own.
  int64_t tailRows = m % rows, mainRows = m - tailRows;
  Value lhs = matmul.getDpsInputs()[0];
  auto lhsType = dyn_cast<RankedTensorType>(lhs.getType());
  AffineExpr d0 = getAffineDimExpr(0, context), d2 = getAffineDimExpr(2, context);
  bool lhsTransposed = maps[0] == AffineMap::get(3, 0, {d2, d0}, context);
  bool lhsRowMajor = maps[0] == AffineMap::get(3, 0, {d0, d2}, context);
  bool packLhs = lhsType && lhsType.getElementType() == elementType &&
                 n / columns >= 2 &&
                 (lhsTransposed ||
                  (lhsRowMajor && options.packLeftHandSide));
  linalg::TransposeOp lhsPack, lhsTailPack;
  std::optional<int64_t> wholeRows;
  tensor::ExtractSliceOp lhsSlice;
  if (packLhs && mainRows > 0 && rows > 1) {
    lhsSlice = lhs.getDefiningOp<tensor::ExtractSliceOp>();
    wholeRows = lhsSlice && tailRows == 0
                    ? tiledColumnsOfWhole(
                          lhsSlice, /*transposed=*/!lhsTransposed, rows,
                          elementType.getIntOrFloatBitWidth(), options)
                    : std::nullopt;
    Value lhsSource = wholeRows ? lhsSlice.getSource() : lhs;
    lhsPack = packLeftHandSide(rewriter, loc, lhsSource, lhsTransposed, 0,
                               wholeRows.value_or(mainRows), rows);
  }
  if (packLhs && tailRows > 1)
    lhsTailPack = packLeftHandSide(rewriter, loc, lhs, lhsTransposed,
                                   mainRows, tailRows, tailRows);

  // Blocks of the contraction dimension.
  linalg::LinalgOp current = matmul;
  OpFoldResult depthOffset = rewriter.getIndexAttr(0);
  int64_t depth = contractionBlockDepth(
      k, columns, llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8),
      options);
  if (depth > 0 && k > depth && k % depth == 0) {
    // Blocks accumulate into the result one after the other: a constant
    // start is filled in before the first (into the cache tile).
    if (start) {
      startAccumulators(rewriter, matmul, start);
      startedBeforeBlocking = true;
    }
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

  // Column strips outside, row strips inside: one panel block serves every
  // row strip from the cache before the next is read.
  auto tileOnce = [&](linalg::LinalgOp op, ArrayRef<int64_t> sizes,
                      Value &iv) -> FailureOr<linalg::LinalgOp> {
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(getAsIndexOpFoldResult(context, sizes));
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), tiling);
    if (failed(tiled) || tiled->tiledOps.size() != 1 ||
        tiled->loops.size() != 1)
      return failure();
    auto loop = dyn_cast<scf::ForOp>(tiled->loops[0].getOperation());
    auto tiledOp = dyn_cast<linalg::LinalgOp>(tiled->tiledOps.front());
    if (!loop || !tiledOp)
      return failure();
    rewriter.replaceOp(op, tiled->replacements);
    iv = loop.getInductionVar();
    return tiledOp;
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value column = zero;
  linalg::LinalgOp columnStrip = current;
  if (n != columns) {
    FailureOr<linalg::LinalgOp> tiled =
        tileOnce(current, {0, columns, 0}, column);
    if (failed(tiled))
      return failure();
    columnStrip = *tiled;
  }
  // (strip, its first row within the column strip, its rows)
  struct Strip {
    linalg::LinalgOp op;
    Value row;
    int64_t rows;
  };
  SmallVector<Strip> strips;
  linalg::LinalgOp mainPart = columnStrip;
  if (tailRows != 0) {
    rewriter.setInsertionPoint(columnStrip);
    auto [first, second] = linalg::splitOp(
        rewriter, cast<TilingInterface>(columnStrip.getOperation()), 0,
        rewriter.getIndexAttr(mainRows));
    auto firstOp = dyn_cast_or_null<linalg::LinalgOp>(first.getOperation());
    auto secondOp =
        dyn_cast_or_null<linalg::LinalgOp>(second.getOperation());
    if (!secondOp || (mainRows > 0 && !firstOp))
      return failure();
    mainPart = firstOp;
    rewriter.setInsertionPoint(secondOp);
    strips.push_back(
        {secondOp, arith::ConstantIndexOp::create(rewriter, loc, mainRows),
         tailRows});
  }
  if (mainRows > 0) {
    Value row = zero;
    linalg::LinalgOp rowStrip = mainPart;
    if (mainRows != rows) {
      FailureOr<linalg::LinalgOp> tiled =
          tileOnce(mainPart, {rows, 0, 0}, row);
      if (failed(tiled))
        return failure();
      rowStrip = *tiled;
    }
    strips.insert(strips.begin(), Strip{rowStrip, row, rows});
  }

  // Each strip's right-hand side becomes a block of panel j / columns (j
  // counted from the first column of the whole B when B was packed whole),
  // its left-hand side a block of its strip of A when A was packed.
  SmallVector<linalg::LinalgOp> results;
  for (Strip &strip : strips) {
    rewriter.setInsertionPoint(strip.op);
    Value stripColumn = column;
    if (wholeColumns) {
      int64_t dim = transposed ? 0 : 1;
      Value tileOffset = getValueOrCreateConstantIndexOp(
          rewriter, loc, slice.getMixedOffsets()[dim]);
      stripColumn = arith::AddIOp::create(rewriter, loc, tileOffset, column);
    }
    Value panelIndex = arith::DivUIOp::create(
        rewriter, loc, stripColumn,
        arith::ConstantIndexOp::create(rewriter, loc, columns));
    auto panelType = RankedTensorType::get({k, columns}, elementType);
    SmallVector<OpFoldResult> offsets = {panelIndex, depthOffset,
                                         rewriter.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(1),
                                       rewriter.getIndexAttr(k),
                                       rewriter.getIndexAttr(columns)};
    SmallVector<OpFoldResult> strides(3, rewriter.getIndexAttr(1));
    Value panel = tensor::ExtractSliceOp::create(
        rewriter, loc, panelType, panels, offsets, sizes, strides);
    Value stripLhs = strip.op.getDpsInputs()[0];
    AffineMap lhsMap = maps[0];
    linalg::TransposeOp stripPack =
        strip.rows == rows && mainRows > 0 ? lhsPack : lhsTailPack;
    if (stripPack) {
      Value stripIndex = zero;
      if (stripPack == lhsPack) {
        Value row = strip.row;
        if (wholeRows)
          row = arith::AddIOp::create(
              rewriter, loc,
              getValueOrCreateConstantIndexOp(
                  rewriter, loc,
                  lhsSlice.getMixedOffsets()[lhsTransposed ? 1 : 0]),
              row);
        stripIndex = arith::DivUIOp::create(
            rewriter, loc, row,
            arith::ConstantIndexOp::create(rewriter, loc, rows));
      }
      SmallVector<OpFoldResult> lhsOffsets = {stripIndex, depthOffset,
                                              rewriter.getIndexAttr(0)};
      SmallVector<OpFoldResult> lhsSizes = {rewriter.getIndexAttr(1),
                                            rewriter.getIndexAttr(k),
                                            rewriter.getIndexAttr(strip.rows)};
      stripLhs = tensor::ExtractSliceOp::create(
          rewriter, loc, RankedTensorType::get({k, strip.rows}, elementType),
          stripPack.getResult()[0], lhsOffsets, lhsSizes, strides);
      lhsMap = AffineMap::get(3, 0, {d2, d0}, context);
    }
    SmallVector<AffineMap> stripMaps = {
        lhsMap, linalg::MatmulOp::getDefaultIndexingMaps(context)[1],
        maps[2]};
    linalg::MatmulOp packedStrip =
        createMatmul(rewriter, strip.op.getLoc(), stripLhs, panel,
                     strip.op.getDpsInits()[0], stripMaps);
    rewriter.replaceOp(strip.op, packedStrip->getResults());
    results.push_back(cast<linalg::LinalgOp>(packedStrip.getOperation()));
  }
  // The copies into panels are vectorized like any other data movement; a
  // transposing copy by blocks of lanes x lanes elements (rows of B in,
  // rows of panels out, a register transpose between: shuffles), or a
  // loop nest when k or the panel width is not a multiple of the lanes.
  int64_t lanes =
      std::max<int64_t>(2, options.vectorBits /
                               elementType.getIntOrFloatBitWidth());
  for (linalg::TransposeOp copy : {lhsPack, lhsTailPack}) {
    if (!copy)
      continue;
    auto copyOp = cast<linalg::LinalgOp>(copy.getOperation());
    if (lhsTransposed) {
      (void)vectorizeInnermostParallel(rewriter, copyOp, lanes);
      continue;
    }
    // Blocks of `lanes` k steps of a strip's rows: read by rows of A (a
    // vector of k steps per row), transposed in registers, written as
    // consecutive k steps of the strip.
    int64_t stripRows = copyOp.getStaticLoopRanges()[2];
    int64_t depthSteps = copyOp.getStaticLoopRanges()[1];
    if (depthSteps % lanes == 0 && stripRows <= lanes) {
      FailureOr<linalg::LinalgOp> block = tileTo(
          rewriter, copyOp, SmallVector<int64_t>{1, lanes, stripRows});
      if (succeeded(block))
        (void)vectorizeInPlace(rewriter, *block);
    }
  }
  auto packOp = cast<linalg::LinalgOp>(pack);
  if (!transposed) {
    (void)vectorizeInnermostParallel(rewriter, packOp, lanes);
  } else if (rhsType.getDimSize(1) % lanes == 0 && columns % lanes == 0) {
    FailureOr<linalg::LinalgOp> block =
        tileTo(rewriter, packOp, SmallVector<int64_t>{1, lanes, lanes});
    if (succeeded(block))
      (void)vectorizeInPlace(rewriter, *block);
  }
  return results;
}


/// Splits `op` along loop `dim` at the largest multiple of `tile` below its
/// extent, so that the first part tiles exactly and the second (the tail,
/// shorter than `tile`) is one tile of its own static size: tiles with odd
/// sizes are vectors of that size, not scalar code. Returns the two parts,
/// or nothing when no split is needed.
std::optional<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
splitTail(RewriterBase &rewriter, linalg::LinalgOp op, unsigned dim,
          int64_t tile) {
  int64_t extent = op.getStaticLoopRanges()[dim];
  if (extent <= tile || extent % tile == 0)
    return std::nullopt;
  rewriter.setInsertionPoint(op);
  auto [main, tail] = linalg::splitOp(
      rewriter, cast<TilingInterface>(op.getOperation()), dim,
      rewriter.getIndexAttr(extent - extent % tile));
  auto mainOp = dyn_cast_or_null<linalg::LinalgOp>(main.getOperation());
  auto tailOp = dyn_cast_or_null<linalg::LinalgOp>(tail.getOperation());
  if (!mainOp || !tailOp)
    return std::nullopt;
  return std::make_pair(mainOp, tailOp);
}

/// A batched matmul (batch loop first in every operand) as a loop over the
/// batch of 2-D matmuls with the same operand layouts, each vectorized as
/// a matmul (packed panels included).
LogicalResult vectorizeBatchMatmul(RewriterBase &rewriter,
                                   linalg::BatchMatmulOp op,
                                   const VectorizeOptions &options,
                                   int64_t lanes, AccumulatorStart *start);

/// A matrix-vector product `A(m, k) x(k)` (batched or not), contiguous
/// along k: a reduction per row of A, vectorized along k with partial sums,
/// the tail of an odd k as a vector of its own.
LogicalResult vectorizeMatvec(RewriterBase &rewriter, linalg::LinalgOp op,
                              int64_t lanes) {
  unsigned last = op.getNumLoops() - 1;
  if (!isContiguousAlong(op, last) ||
      op.getIteratorTypesArray()[last] != utils::IteratorType::reduction ||
      op.getNumReductionLoops() != 1)
    return failure();
  rewriter.setInsertionPoint(op);
  auto generic = isa<linalg::GenericOp>(op.getOperation())
                     ? FailureOr<linalg::GenericOp>(
                           cast<linalg::GenericOp>(op.getOperation()))
                     : linalg::generalizeNamedOp(rewriter, op);
  if (failed(generic))
    return failure();
  linalg::LinalgOp current = cast<linalg::LinalgOp>(generic->getOperation());
  if (auto parts = splitTail(rewriter, current, last, lanes)) {
    (void)vectorizeInnermostReduction(rewriter, parts->first, lanes);
    (void)vectorizeInnermostReduction(rewriter, parts->second, lanes,
                                      /*wholeShortRows=*/true);
    return success();
  }
  if (failed(vectorizeInnermostReduction(rewriter, current, lanes,
                                         /*wholeShortRows=*/true)))
    return success(); // generalized, left to the scalar lowering
  return success();
}

/// A matrix product (A(m, k) B(k, n) -> C(m, n), either operand possibly
/// transposed, optionally with batch loops, or without m: a vector times a
/// matrix): tails of odd m and n split off, cache tiles of the result, then
/// register tiles accumulated over k one step at a time, each step a
/// vector.contract that becomes outer products (broadcast elements of A
/// times vectors of B). Matrix-vector products (no n) reduce along k.
LogicalResult vectorizeContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                                   const VectorizeOptions &options,
                                   int64_t lanes,
                                   AccumulatorStart *start = nullptr) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.size() > 1 ||
      dims->k.size() != 1 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return failure();
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  for (OpOperand &operand : op->getOpOperands())
    if (getElementTypeOrSelf(operand.get()) != elementType)
      return failure();
  // Floats, and the 32- and 64-bit integers integer dots accumulate in
  // (their narrow operands are extended when they are collapsed): the same
  // register tiles, with multiplies and adds in place of FMAs.
  if (!isa<FloatType>(elementType) && !elementType.isInteger(32) &&
      !elementType.isInteger(64))
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // No n: matrix-vector products and (batched) dot products, such as the
  // row-wise sum(a * b) of a layer norm's gradient: reductions along k.
  if (dims->n.empty())
    return vectorizeMatvec(rewriter, op, lanes);
  unsigned n = dims->n.front(), k = dims->k.front();
  // Several row dimensions (a generic from a reshape folded into the
  // product): the one stored right before n is the register tile's rows,
  // the others are outer loops like batch dimensions.
  std::optional<unsigned> m;
  SmallVector<unsigned> outer(dims->batch.begin(), dims->batch.end());
  for (unsigned d : dims->m) {
    std::optional<unsigned> position = maps[2].getResultPosition(
        getAffineDimExpr(d, op.getContext()));
    std::optional<unsigned> best =
        m ? maps[2].getResultPosition(getAffineDimExpr(*m, op.getContext()))
          : std::nullopt;
    if (!m || (position && best && *position > *best)) {
      if (m)
        outer.push_back(*m);
      m = d;
    } else {
      outer.push_back(d);
    }
  }
  // The result is stored by rows (n contiguous). B is read by rows (n
  // contiguous) or, transposed (k contiguous), through packed panels.
  if (!isInnermost(maps[2], n))
    return failure();
  bool rhsTransposed = !isInnermost(maps[1], n);
  if (rhsTransposed && !isInnermost(maps[1], k))
    return failure();

  if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op.getOperation()))
    return vectorizeBatchMatmul(rewriter, batch, options, lanes, start);
  // Transposed panels are packed per 2-D matmul; other forms would read B
  // with a stride.
  if (rhsTransposed && !isa<linalg::MatmulOp>(op.getOperation()))
    return failure();

  int64_t rowTile = options.contractionRows;
  int64_t columnTile = std::min(options.contractionColumns, 2 * lanes);
  // Whether the product is a whole number, more than one, of cache tiles;
  // and its tiling into them, column tiles outside and row tiles inside:
  // what is derived from the right-hand side alone (packed panels) is
  // invariant in the row loop.
  auto isWholeCacheTiles = [&](ArrayRef<int64_t> extents) {
    return m && extents[*m] % options.cacheTileRows == 0 &&
           extents[n] % options.cacheTileColumns == 0 &&
           (extents[*m] > options.cacheTileRows ||
            extents[n] > options.cacheTileColumns);
  };
  auto tileIntoCacheTiles = [&](linalg::LinalgOp target) {
    SmallVector<int64_t> cache = target.getStaticLoopRanges();
    for (unsigned b : outer)
      cache[b] = 1;
    cache[*m] = options.cacheTileRows;
    cache[n] = options.cacheTileColumns;
    SmallVector<int64_t> interchange =
        llvm::to_vector(llvm::seq<int64_t>(0, cache.size()));
    std::swap(interchange[*m], interchange[n]);
    return tileTo(rewriter, target, cache, interchange);
  };
  // Cache tiles first when they divide the result: a row tile that does not
  // divide the cache tile (6 rows on AVX2) then leaves a tail in each cache
  // tile, instead of a tail split off the whole product first, after which
  // the rest is no whole number of cache tiles (1020 = 1024 - 4 rows: no
  // cache tiling, the whole of A streamed once per column strip).
  if (isWholeCacheTiles(op.getStaticLoopRanges()) &&
      (options.cacheTileRows % rowTile != 0 ||
       options.cacheTileColumns % columnTile != 0)) {
    FailureOr<linalg::LinalgOp> tiled = tileIntoCacheTiles(op);
    if (failed(tiled))
      return failure();
    return vectorizeContraction(rewriter, *tiled, options, lanes, start);
  }
  // Tails: the parts are vectorized on their own.
  // Columns are vectors: a tail narrower than a tile splits further into
  // power-of-two widths (29 = 16 + 8 + 4 + 1), which are whole machine
  // vectors or halves of them; other widths become slow shuffles. Rows are
  // unrolled outer products: any count is fine. A matmul whose panels are
  // packed keeps its row tail: the last strip of each column strip is
  // shorter and reads the same panels (a tail split off first would read B
  // in place, or pack it again).
  auto packsWithRowTail = [&]() {
    auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
    if (!matmul || !m || (!options.packRightHandSide && !rhsTransposed))
      return false;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    return packsPanels(matmul, std::min(ranges[*m], rowTile),
                       std::min(ranges[n], columnTile), options);
  };
  for (std::optional<unsigned> dim : {m, std::optional<unsigned>(n)}) {
    if (!dim || (dim == m && packsWithRowTail()))
      continue;
    int64_t tile = dim == m ? rowTile : columnTile;
    int64_t extent = op.getStaticLoopRanges()[*dim];
    if (dim != m && extent < tile && !llvm::isPowerOf2_64(extent))
      tile = static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(extent)));
    if (auto parts = splitTail(rewriter, op, *dim, tile)) {
      (void)vectorizeContraction(rewriter, parts->first, options, lanes, start);
      (void)vectorizeContraction(rewriter, parts->second, options, lanes,
                                 start);
      return success();
    }
  }

  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  int64_t rows = m ? std::min(extents[*m], rowTile) : 1;
  int64_t columns = std::min(extents[n], columnTile);

  linalg::LinalgOp current = op;
  if (isWholeCacheTiles(extents)) {
    FailureOr<linalg::LinalgOp> tiled = tileIntoCacheTiles(current);
    if (failed(tiled))
      return failure();
    current = *tiled;
  }
  SmallVector<int64_t> currentExtents = current.getStaticLoopRanges();
  if (m)
    rows = std::min(rows, currentExtents[*m]);
  columns = std::min(columns, currentExtents[n]);
  if (auto matmul = dyn_cast<linalg::MatmulOp>(current.getOperation());
      matmul && (options.packRightHandSide || rhsTransposed)) {
    bool startedBeforeBlocking = false, changed = false;
    FailureOr<SmallVector<linalg::LinalgOp>> strips =
        tileWithPackedPanels(rewriter, matmul, rows, columns, options, start,
                             startedBeforeBlocking, changed);
    if (failed(strips) && changed)
      return failure();
    if (succeeded(strips)) {
      // Each strip is one register tile, accumulated one k step at a time.
      for (linalg::LinalgOp strip : *strips) {
        if (!startedBeforeBlocking)
          startAccumulators(rewriter, strip, start);
        SmallVector<int64_t> registers = strip.getStaticLoopRanges();
        registers[2] = 1;
        FailureOr<linalg::LinalgOp> tiled =
            tileTo(rewriter, strip, registers);
        if (succeeded(tiled))
          (void)vectorizeInPlace(rewriter, *tiled,
                                 /*namedContraction=*/true);
      }
      return success();
    }
    if (rhsTransposed) {
      // Left to the scalar lowering.
      startAccumulators(rewriter, current, start);
      return success();
    }
  }
  SmallVector<int64_t> registers(extents.size(), 1);
  if (m)
    registers[*m] = rows;
  registers[n] = columns;
  // With a constant start, register tiles first (the reduction whole),
  // each started, then their reduction one step at a time.
  if (start) {
    SmallVector<int64_t> tiles = registers;
    tiles[k] = current.getStaticLoopRanges()[k];
    FailureOr<linalg::LinalgOp> tiled = tileTo(rewriter, current, tiles);
    if (failed(tiled))
      return failure();
    current = startAccumulators(rewriter, *tiled, start);
  }
  FailureOr<linalg::LinalgOp> tiled = tileTo(rewriter, current, registers);
  if (failed(tiled))
    return failure();
  return vectorizeInPlace(rewriter, *tiled, /*namedContraction=*/true);
}

LogicalResult vectorizeBatchMatmul(RewriterBase &rewriter,
                                   linalg::BatchMatmulOp op,
                                   const VectorizeOptions &options,
                                   int64_t lanes, AccumulatorStart *start) {
  MLIRContext *context = op.getContext();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineExpr batch = getAffineDimExpr(0, context);
  SmallVector<AffineMap> innerMaps;
  for (AffineMap map : maps) {
    if (map.getNumResults() != 3 || map.getResult(0) != batch)
      return failure();
    SmallVector<AffineExpr> results;
    for (AffineExpr expr : map.getResults().drop_front())
      results.push_back(getAffineDimExpr(
          cast<AffineDimExpr>(expr).getPosition() - 1, context));
    innerMaps.push_back(AffineMap::get(3, 0, results, context));
  }
  // A loop over the batch whose body reads rank-reduced slices: views of
  // the operands with the batch dimension dropped. An operand whose batch
  // dimension collapses several (batch, heads) is sliced from the
  // uncollapsed tensor at the delinearized batch index: after
  // bufferization every slice is then a plain subview of a function
  // argument, which accumulator hoisting can tell apart from the others
  // (it cannot see through collapse_shape views).
  struct BatchView {
    Value source;
    int64_t leading = 1; // source dimensions forming the batch
    SmallVector<ReassociationIndices> rest; // the others into two
    bool collapsed = false;
  };
  auto viewOf = [&](Value value) {
    BatchView view{value, 1, {{0}, {1}}, false};
    auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
    // A fill of a collapsed tensor (the canonical form of a collapsed fill)
    // is filled uncollapsed instead.
    auto fill = value.getDefiningOp<linalg::FillOp>();
    if (fill && fill->hasOneUse() && fill.getNumDpsInits() == 1)
      collapse =
          fill.getDpsInits()[0].getDefiningOp<tensor::CollapseShapeOp>();
    if (!collapse)
      return view;
    SmallVector<ReassociationIndices> groups =
        collapse.getReassociationIndices();
    if (groups.size() != 3 || groups[0].size() < 2)
      return view;
    view.source = collapse.getSrc();
    if (fill) {
      rewriter.setInsertionPoint(fill);
      auto uncollapsed = linalg::FillOp::create(rewriter, fill.getLoc(),
                                                fill.getDpsInputs(),
                                                ValueRange{view.source});
      view.source = uncollapsed.getResult(0);
      if (start && start->fill == fill)
        start->fill = uncollapsed;
    }
    view.leading = groups[0].size();
    view.collapsed = true;
    view.rest.clear();
    for (ReassociationIndices group : ArrayRef(groups).drop_front()) {
      for (int64_t &d : group)
        d -= view.leading;
      view.rest.push_back(group);
    }
    return view;
  };
  BatchView lhsView = viewOf(op.getDpsInputs()[0]);
  BatchView rhsView = viewOf(op.getDpsInputs()[1]);
  BatchView initView = viewOf(op.getDpsInits()[0]);

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  int64_t batchExtent = op.getStaticLoopRanges()[0];
  Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value upper = arith::ConstantIndexOp::create(rewriter, loc, batchExtent);
  Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
  linalg::MatmulOp matmul;
  auto loop = scf::ForOp::create(
      rewriter, loc, lower, upper, step, ValueRange{initView.source},
      [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
        struct Slice {
          SmallVector<OpFoldResult> offsets, sizes, strides;
          RankedTensorType reduced;
        };
        auto sliceOf = [&](const BatchView &view, Value source) {
          auto type = cast<RankedTensorType>(source.getType());
          Slice slice;
          // Batch index -> one index per leading dimension (row-major).
          SmallVector<OpFoldResult> indices(view.leading);
          Value rest = iv;
          for (int64_t d = view.leading - 1; d >= 0; --d) {
            if (d == 0) {
              indices[d] = rest;
              break;
            }
            Value extent =
                arith::ConstantIndexOp::create(b, l, type.getDimSize(d));
            indices[d] = arith::RemUIOp::create(b, l, rest, extent).getResult();
            rest = arith::DivUIOp::create(b, l, rest, extent);
          }
          for (int64_t d = 0; d < type.getRank(); ++d) {
            bool batch = d < view.leading;
            slice.offsets.push_back(batch ? indices[d] : b.getIndexAttr(0));
            slice.sizes.push_back(
                b.getIndexAttr(batch ? 1 : type.getDimSize(d)));
            slice.strides.push_back(b.getIndexAttr(1));
          }
          slice.reduced = RankedTensorType::get(
              type.getShape().drop_front(view.leading),
              type.getElementType());
          return slice;
        };
        auto read = [&](const BatchView &view, Value source) -> Value {
          Slice slice = sliceOf(view, source);
          Value value = tensor::ExtractSliceOp::create(
              b, l, slice.reduced, source, slice.offsets, slice.sizes,
              slice.strides);
          if (slice.reduced.getRank() != 2)
            value = tensor::CollapseShapeOp::create(b, l, value, view.rest);
          return value;
        };
        Value lhs = read(lhsView, lhsView.source);
        Value rhs = read(rhsView, rhsView.source);
        Value acc = read(initView, args[0]);
        IRRewriter inner(b);
        matmul = createMatmul(inner, l, lhs, rhs, acc, innerMaps);
        Slice out = sliceOf(initView, args[0]);
        Value result = matmul->getResult(0);
        if (out.reduced.getRank() != 2)
          result = tensor::ExpandShapeOp::create(b, l, out.reduced, result,
                                                 initView.rest);
        Value updated = tensor::InsertSliceOp::create(
            b, l, result, args[0], out.offsets, out.sizes, out.strides);
        scf::YieldOp::create(b, l, updated);
      });
  Value replacement = loop.getResult(0);
  if (initView.collapsed) {
    SmallVector<ReassociationIndices> groups = {
        llvm::to_vector(llvm::seq<int64_t>(0, initView.leading))};
    for (ReassociationIndices group : initView.rest) {
      for (int64_t &d : group)
        d += initView.leading;
      groups.push_back(group);
    }
    replacement = tensor::CollapseShapeOp::create(
        rewriter, loc, op.getDpsInits()[0].getType(), replacement, groups);
  }
  rewriter.replaceOp(op, replacement);
  (void)vectorizeContraction(rewriter, matmul, options, lanes, start);
  return success();
}

/// The constant an i1 operand reads, through the slices tiling and fusion
/// put around it (a causal mask folded from iota compares, sliced by the
/// row loop of a softmax), and those slices from the outermost in.
std::optional<std::pair<arith::ConstantOp, SmallVector<tensor::ExtractSliceOp>>>
getSlicedConstant(Value value) {
  SmallVector<tensor::ExtractSliceOp> slices;
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>()) {
    slices.push_back(slice);
    value = slice.getSource();
  }
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant || !isa<DenseIntElementsAttr>(constant.getValue()))
    return std::nullopt;
  std::reverse(slices.begin(), slices.end());
  return std::make_pair(constant, slices);
}

/// Tensors of i1 hold a byte per element but vectors of i1 a bit, so a
/// generic reading an i1 tensor stays scalar. When every i1 input is a
/// constant (or a slice of one), each is re-made as the same constant with
/// i8 elements (the bytes in memory unchanged), sliced as before, and the
/// body truncates the element back to i1: the op then vectorizes, its mask
/// read as bytes.
LogicalResult widenConstantMaskInputs(RewriterBase &rewriter,
                                      linalg::GenericOp op) {
  SmallVector<OpOperand *> masks;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!getElementTypeOrSelf(input->get()).isInteger(1))
      continue;
    if (!getSlicedConstant(input->get()))
      return failure();
    masks.push_back(input);
  }
  if (masks.empty())
    return failure();
  Type byte = rewriter.getI8Type();
  for (OpOperand *input : masks) {
    auto [constant, slices] = *getSlicedConstant(input->get());
    auto attr = cast<DenseIntElementsAttr>(constant.getValue());
    rewriter.setInsertionPoint(constant);
    Value widened =
        arith::ConstantOp::create(
            rewriter, constant.getLoc(),
            attr.mapValues(byte, [](const APInt &v) { return v.zext(8); }))
            .getResult();
    for (tensor::ExtractSliceOp slice : slices) {
      rewriter.setInsertionPoint(slice);
      auto type = slice.getResultType().clone(byte);
      widened = tensor::ExtractSliceOp::create(
          rewriter, slice.getLoc(), type, widened, slice.getMixedOffsets(),
          slice.getMixedSizes(), slice.getMixedStrides());
    }
    BlockArgument argument = op.getMatchingBlockArgument(input);
    rewriter.modifyOpInPlace(op, [&] {
      input->set(widened);
      argument.setType(byte);
    });
    rewriter.setInsertionPointToStart(op.getBlock());
    Value truncated = arith::TruncIOp::create(rewriter, op.getLoc(),
                                              rewriter.getI1Type(), argument);
    rewriter.replaceAllUsesExcept(argument, truncated,
                                  truncated.getDefiningOp());
  }
  return success();
}

/// A 2-d transposing read from a buffer whose innermost dimension is the
/// vector's outer one, `(dA, dB)` with dA the buffer's last dimension, and
/// dB not next to it (a block of a transposing copy whose two dimensions
/// have others between them: the upstream permutation lowering only takes
/// permutations of the minor dimensions): read by rows of the buffer,
/// `(dB, dA)`, then transposed in registers; unrolled later into one
/// contiguous load per row instead of one load per element.
struct TransposedReadByRows : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto memref = dyn_cast<MemRefType>(read.getBase().getType());
    VectorType type = read.getVectorType();
    AffineMap map = read.getPermutationMap();
    if (!memref || !memref.getLayout().isIdentity() || type.getRank() != 2 ||
        read.getMask() || read.hasOutOfBoundsDim() ||
        map.getNumResults() != 2 ||
        !map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return rewriter.notifyMatchFailure(read, "not an in-bounds 2-d read");
    unsigned rank = memref.getRank();
    auto outer = cast<AffineDimExpr>(map.getResult(0)).getPosition();
    auto inner = cast<AffineDimExpr>(map.getResult(1)).getPosition();
    if (outer != rank - 1 || inner + 1 == outer)
      return rewriter.notifyMatchFailure(
          read, "not a transposed read across other dimensions");
    AffineMap rows =
        AffineMap::get(map.getNumDims(), 0,
                       {map.getResult(1), map.getResult(0)}, read.getContext());
    auto rowsType = VectorType::get({type.getDimSize(1), type.getDimSize(0)},
                                    type.getElementType());
    Value byRows = vector::TransferReadOp::create(
        rewriter, read.getLoc(), rowsType, read.getBase(), read.getIndices(),
        AffineMapAttr::get(rows), read.getPadding(), /*mask=*/Value(),
        rewriter.getBoolArrayAttr({true, true}));
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(read, byRows,
                                                     ArrayRef<int64_t>{1, 0});
    return success();
  }
};

/// A square 2-d transpose of n x n elements (n a power of two, 2 to 16;
/// not 16 x 16 of 32-bit elements, which upstream's shuffle sequence for
/// AVX-512 lowers) as log2(n) stages of two-input shuffles of whole rows:
/// the stage of half-width h swaps, in each pair of rows i and i + h (bit h
/// of i clear), the upper h-column half of every 2h-column group of row i
/// with the lower half of row i + h. After the stages for h = n/2, ..., 1
/// row i holds column i. Each shuffle is one machine instruction or two for
/// rows of a machine vector (vperm2f128, unpcklpd/unpckhpd, blends on
/// AVX2), n log2(n) shuffles in all: 24 for an 8 x 8 block of f32, against
/// 64 element extractions and 64 insertions of the element-wise lowering.
struct TransposeSquareByShuffles : OpRewritePattern<vector::TransposeOp> {
  TransposeSquareByShuffles(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(vector::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (type.getRank() != 2 || type.isScalable() ||
        type.getDimSize(0) != type.getDimSize(1) ||
        op.getPermutation() != ArrayRef<int64_t>{1, 0})
      return rewriter.notifyMatchFailure(op, "not a square 2-d transpose");
    int64_t n = type.getDimSize(0);
    Type element = type.getElementType();
    if (!element.isIntOrFloat() || !llvm::isPowerOf2_64(n) || n < 2 ||
        n > 16 || (n == 16 && element.getIntOrFloatBitWidth() == 32))
      return rewriter.notifyMatchFailure(op, "not a block this lowers");
    Location loc = op.getLoc();
    SmallVector<Value> rows;
    for (int64_t i = 0; i < n; ++i)
      rows.push_back(vector::ExtractOp::create(rewriter, loc,
                                               op.getVector(), i));
    for (int64_t h = n / 2; h >= 1; h /= 2) {
      // Mask positions index the concatenation of the two rows (0..n-1:
      // the first, n..2n-1: the second).
      SmallVector<int64_t> low(n), high(n);
      for (int64_t c = 0; c < n; ++c) {
        bool upper = (c & h) != 0;
        low[c] = upper ? n + c - h : c;
        high[c] = upper ? n + c : c + h;
      }
      for (int64_t i = 0; i < n; ++i) {
        if (i & h)
          continue;
        Value a = rows[i], b = rows[i + h];
        rows[i] = vector::ShuffleOp::create(rewriter, loc, a, b, low);
        rows[i + h] = vector::ShuffleOp::create(rewriter, loc, a, b, high);
      }
    }
    Value transposed =
        ub::PoisonOp::create(rewriter, loc, op.getResultVectorType());
    for (int64_t i = 0; i < n; ++i)
      transposed = vector::InsertOp::create(rewriter, loc, rows[i],
                                            transposed, i);
    rewriter.replaceOp(op, transposed);
    return success();
  }
};

/// A 2-d transpose of r x n elements with r < n, r not a power of two
/// (n as TransposeSquareByShuffles takes it: a block of a copy into
/// strips of 6 rows on AVX2, 6 x 8): the r rows padded with poison rows to
/// an n x n block, which is transposed by shuffles, and the first r
/// elements of each of its rows kept: n log2(n) + n shuffles of machine
/// vectors instead of one shuffle of r n elements (upstream's lowering,
/// which LLVM splits badly when r n is not a power of two).
struct TransposeWideByPaddedSquare : OpRewritePattern<vector::TransposeOp> {
  TransposeWideByPaddedSquare(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(vector::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (type.getRank() != 2 || type.isScalable() ||
        op.getPermutation() != ArrayRef<int64_t>{1, 0})
      return rewriter.notifyMatchFailure(op, "not a 2-d transpose");
    int64_t r = type.getDimSize(0), n = type.getDimSize(1);
    Type element = type.getElementType();
    if (r >= n || r < 2 || llvm::isPowerOf2_64(r) || !element.isIntOrFloat() ||
        !llvm::isPowerOf2_64(n) || n < 2 || n > 16 ||
        (n == 16 && element.getIntOrFloatBitWidth() == 32))
      return rewriter.notifyMatchFailure(op, "not a wide block this lowers");
    Location loc = op.getLoc();
    auto squareType = VectorType::get({n, n}, element);
    Value square = ub::PoisonOp::create(rewriter, loc, squareType);
    for (int64_t i = 0; i < r; ++i) {
      Value row = vector::ExtractOp::create(rewriter, loc, op.getVector(), i);
      square = vector::InsertOp::create(rewriter, loc, row, square, i);
    }
    Value transposed = vector::TransposeOp::create(
        rewriter, loc, square, ArrayRef<int64_t>{1, 0});
    SmallVector<int64_t> firstLanes =
        llvm::to_vector(llvm::seq<int64_t>(0, r));
    Value result =
        ub::PoisonOp::create(rewriter, loc, op.getResultVectorType());
    for (int64_t i = 0; i < n; ++i) {
      Value row = vector::ExtractOp::create(rewriter, loc, transposed, i);
      Value kept =
          vector::ShuffleOp::create(rewriter, loc, row, row, firstLanes);
      result = vector::InsertOp::create(rewriter, loc, kept, result, i);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A 1-d vector load whose every element is only broadcast (the left-hand
/// side of a register tile's outer products, read from a packed strip as
/// `rows` consecutive elements) as one scalar load per element: each
/// becomes a broadcast from memory (vbroadcastss), a load-port
/// instruction, instead of a vector load whose elements are moved into
/// place by shuffles (which share ports with the FMAs).
struct BroadcastElementsAsScalarLoads : OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::LoadOp load,
                                PatternRewriter &rewriter) const override {
    VectorType type = load.getVectorType();
    if (type.getRank() != 1 || type.isScalable() || load->use_empty())
      return rewriter.notifyMatchFailure(load, "not a 1-d load");
    SmallVector<vector::ExtractOp> extracts;
    for (Operation *user : load->getUsers()) {
      auto extract = dyn_cast<vector::ExtractOp>(user);
      if (!extract || extract.hasDynamicPosition() ||
          extract.getStaticPosition().size() != 1 ||
          !extract.getResult().getType().isIntOrFloat() ||
          !llvm::all_of(extract->getUsers(), [](Operation *use) {
            return isa<vector::BroadcastOp>(use);
          }))
        return rewriter.notifyMatchFailure(load, "an element not broadcast");
      extracts.push_back(extract);
    }
    Location loc = load.getLoc();
    for (vector::ExtractOp extract : extracts) {
      rewriter.setInsertionPoint(extract);
      SmallVector<Value> indices(load.getIndices());
      Value offset = arith::ConstantIndexOp::create(
          rewriter, loc, extract.getStaticPosition()[0]);
      indices.back() =
          arith::AddIOp::create(rewriter, loc, indices.back(), offset);
      rewriter.replaceOpWithNewOp<memref::LoadOp>(extract, load.getBase(),
                                                  indices);
    }
    rewriter.eraseOp(load);
    return success();
  }
};

/// log1p of f64 vectors by fdlibm's algorithm (s_log1p.c, within 1 ulp),
/// in vector arithmetic: LLVM would otherwise call the scalar libm log1p
/// once per lane, and upstream's polynomial approximation is f32 only.
/// With 1 + x = 2^k (1 + f), sqrt(2)/2 <= 1 + f < sqrt(2), and
/// s = f / (2 + f), log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)) with
/// fdlibm's degree-7 minimax R; c corrects the rounding of 1 + x (k > 0:
/// 1 - (u - x), else x - (u - 1), over u; 0 past 2^54). Where k = 0
/// (-0.2929 < x < 0.4142) f is x itself and c = 0. |x| < 2^-54 gives x,
/// x < -1 NaN, -1 -inf, +inf and NaN themselves.
struct Log1pF64OnVectors : OpRewritePattern<math::Log1pOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::Log1pOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || !type.getElementType().isF64() || type.isScalable())
      return failure();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    auto intType = type.clone(b.getI64Type());
    auto real = [&](double v) -> Value {
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(type, b.getF64FloatAttr(v).getValue()));
    };
    auto integer = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(intType, APInt(64, v, /*isSigned=*/true)));
    };
    // Every constant first: each op below is created by one statement, in
    // program order whatever compiles this file.
    Value one = real(1.0), two = real(2.0), half = real(0.5);
    Value zeroReal = real(0.0), minusOne = real(-1.0);
    Value ln2High = real(6.93147180369123816490e-01);
    Value ln2Low = real(1.90821492927058770002e-10);
    Value tiny = real(0x1p-54);
    Value infinity = real(std::numeric_limits<double>::infinity());
    Value minusInfinity = real(-std::numeric_limits<double>::infinity());
    Value nan = real(std::numeric_limits<double>::quiet_NaN());
    constexpr double kLp[] = {
        6.666666666666735130e-01, 3.999999999940941908e-01,
        2.857142874366239149e-01, 2.222219843214978396e-01,
        1.818357216161805012e-01, 1.531383769920937332e-01,
        1.479819860511658591e-01};
    SmallVector<Value> lp;
    for (double c : kLp)
      lp.push_back(real(c));
    Value i0 = integer(0), i1 = integer(1), i20 = integer(20);
    Value i32 = integer(32), i54 = integer(54), i1023 = integer(1023);
    Value exponentMask = integer(0x7ff), mantissaMask = integer(0xfffff);
    Value sqrt2Mantissa = integer(0x6a09e), lowMask = integer(0xffffffff);
    Value exponentOne = integer(0x3ff00000), exponentHalf = integer(0x3fe00000);

    Value x = op.getOperand();
    Value u = arith::AddFOp::create(b, one, x);
    // The high word of u: its exponent, and the mantissa bits that tell
    // whether u is below sqrt(2) times its power of two (0x6a09e).
    Value bits = arith::BitcastOp::create(b, intType, u);
    Value high = arith::ShRUIOp::create(b, bits, i32);
    Value biased = arith::ShRUIOp::create(b, high, i20);
    Value exponent = arith::AndIOp::create(b, biased, exponentMask);
    Value mantissaHigh = arith::AndIOp::create(b, high, mantissaMask);
    Value belowSqrt2 = arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                             mantissaHigh, sqrt2Mantissa);
    Value unbiased = arith::SubIOp::create(b, exponent, i1023);
    Value nextK = arith::AddIOp::create(b, unbiased, i1);
    Value k = arith::SelectOp::create(b, belowSqrt2, unbiased, nextK);
    // u scaled into [sqrt(2)/2, sqrt(2)): exponent 0 (or -1 above sqrt(2)).
    Value scaledExponent =
        arith::SelectOp::create(b, belowSqrt2, exponentOne, exponentHalf);
    Value scaledHigh = arith::OrIOp::create(b, mantissaHigh, scaledExponent);
    Value lowWord = arith::AndIOp::create(b, bits, lowMask);
    Value scaledHighWord = arith::ShLIOp::create(b, scaledHigh, i32);
    Value scaledBits = arith::OrIOp::create(b, scaledHighWord, lowWord);
    Value scaled = arith::BitcastOp::create(b, type, scaledBits);
    Value zeroK = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, k, i0);
    Value scaledF = arith::SubFOp::create(b, scaled, one);
    Value f = arith::SelectOp::create(b, zeroK, x, scaledF);
    // The rounding error of u = 1 + x, relative to u.
    Value positiveK =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sgt, k, i0);
    Value uMinusX = arith::SubFOp::create(b, u, x);
    Value errorAbove = arith::SubFOp::create(b, one, uMinusX);
    Value uMinusOne = arith::SubFOp::create(b, u, one);
    Value errorBelow = arith::SubFOp::create(b, x, uMinusOne);
    Value error = arith::SelectOp::create(b, positiveK, errorAbove, errorBelow);
    Value relativeError = arith::DivFOp::create(b, error, u);
    Value smallK = arith::CmpIOp::create(b, arith::CmpIPredicate::slt, k, i54);
    Value nonzeroK = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, k, i0);
    Value corrected = arith::AndIOp::create(b, smallK, nonzeroK);
    Value correction =
        arith::SelectOp::create(b, corrected, relativeError, zeroReal);
    Value square = arith::MulFOp::create(b, f, f);
    Value halfSquare = arith::MulFOp::create(b, half, square);
    Value twoPlusF = arith::AddFOp::create(b, two, f);
    Value s = arith::DivFOp::create(b, f, twoPlusF);
    Value z = arith::MulFOp::create(b, s, s);
    Value r = lp[6];
    for (int i = 5; i >= 0; --i)
      r = math::FmaOp::create(b, z, r, lp[i]);
    r = arith::MulFOp::create(b, z, r);
    Value kReal = arith::SIToFPOp::create(b, type, k);
    Value kLow = arith::MulFOp::create(b, kReal, ln2Low);
    Value lowPart = arith::AddFOp::create(b, kLow, correction);
    Value halfSquarePlusR = arith::AddFOp::create(b, halfSquare, r);
    Value sTimes = arith::MulFOp::create(b, s, halfSquarePlusR);
    Value inner = arith::AddFOp::create(b, sTimes, lowPart);
    Value halfSquareMinusInner = arith::SubFOp::create(b, halfSquare, inner);
    Value tail = arith::SubFOp::create(b, halfSquareMinusInner, f);
    Value kHigh = arith::MulFOp::create(b, kReal, ln2High);
    Value result = arith::SubFOp::create(b, kHigh, tail);
    // |x| < 2^-54 (zeros of both signs and subnormals included): x itself,
    // as fdlibm returns; then the special values: x < -1 (NaN), -1, +inf
    // and NaN.
    Value magnitude = math::AbsFOp::create(b, x);
    Value isTiny =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, magnitude, tiny);
    result = arith::SelectOp::create(b, isTiny, x, result);
    Value belowMinusOne =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, x, minusOne);
    result = arith::SelectOp::create(b, belowMinusOne, nan, result);
    Value isMinusOne =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, x, minusOne);
    result = arith::SelectOp::create(b, isMinusOne, minusInfinity, result);
    Value isInfinity =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, x, infinity);
    result = arith::SelectOp::create(b, isInfinity, infinity, result);
    Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, x);
    result = arith::SelectOp::create(b, isNaN, x, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

LogicalResult hlo::vectorizeLinalgOp(RewriterBase &rewriter,
                                     linalg::LinalgOp op,
                                     const VectorizeOptions &options) {
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape() ||
      op.getNumLoops() == 0 || op.getNumDpsInits() == 0)
    return failure();
  // Tensors of i1 hold a byte per element but vectors of i1 a bit: their
  // loads and stores stay scalar (compares inside a body are fine), unless
  // they are constant masks, which are read as bytes instead.
  bool conversion =
      isNarrowFloatConversion(op) || hasNarrowFloatsOnlyAtEdges(op);
  bool constantMasks = false;
  for (OpOperand &operand : op->getOpOperands()) {
    Type elementType = getElementTypeOrSelf(operand.get());
    if (conversion && (elementType.isBF16() || elementType.isF16()))
      continue;
    if (elementType.isInteger(1) && isa<linalg::GenericOp>(op) &&
        op.isDpsInput(&operand) && getSlicedConstant(operand.get())) {
      constantMasks = true;
      continue;
    }
    if (!isVectorizableElementType(elementType) || elementType.isInteger(1))
      return failure();
  }
  if (!hasVectorizableBody(op))
    return failure();
  if (constantMasks &&
      failed(widenConstantMaskInputs(
          rewriter, cast<linalg::GenericOp>(op.getOperation()))))
    return failure();
  int64_t lanes = std::max<int64_t>(2, options.vectorBits /
                                           widestElementBits(op));

  // An elementwise op whose innermost loops have extent 1 (a result with
  // trailing unit dimensions: a [4, 64, 1] row statistic) would get
  // vectors of one element: those loops are dropped first (the operands
  // reshaped), so that the loop before them is the vectorized one.
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      generic && op.getNumLoops() == op.getNumParallelLoops()) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<unsigned> trailingUnits;
    for (int64_t d = static_cast<int64_t>(ranges.size()) - 1;
         d > 0 && ranges[d] == 1; --d)
      trailingUnits.push_back(static_cast<unsigned>(d));
    if (!trailingUnits.empty()) {
      linalg::ControlDropUnitDims control;
      control.controlFn = [trailingUnits](Operation *) {
        return trailingUnits;
      };
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::DropUnitDimsResult> dropped =
          linalg::dropUnitDims(rewriter, generic, control);
      if (succeeded(dropped)) {
        rewriter.replaceOp(generic, dropped->replacements);
        return vectorizeLinalgOp(
            rewriter, cast<linalg::LinalgOp>(dropped->resultOp.getOperation()),
            options);
      }
    }
  }

  if (linalg::isaContractionOpInterface(op)) {
    // Accumulators that start as a constant (a fill nothing else reads)
    // start in the register tiles; the fill of the whole result goes when
    // they cover it exactly once.
    auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !fill->hasOneUse() || fill.getNumDpsInputs() != 1)
      return vectorizeContraction(rewriter, op, options, lanes);
    AccumulatorStart start;
    start.value = fill.getDpsInputs()[0];
    start.fill = fill;
    start.outside = op->getParentOp();
    auto type = cast<RankedTensorType>(fill.getResult(0).getType());
    if (failed(vectorizeContraction(rewriter, op, options, lanes, &start)))
      return failure();
    if (start.countable && type.hasStaticShape() &&
        start.startedElements == type.getNumElements())
      rewriter.replaceAllUsesWith(start.fill.getResult(0),
                                  start.fill.getDpsInits()[0]);
    return success();
  }

  unsigned last = op.getNumLoops() - 1;
  if (!isContiguousAlong(op, last))
    return vectorizeTransposition(rewriter, op, lanes);
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
  patterns.add<TransposedReadByRows>(patterns.getContext());
}

void hlo::populateHloVectorToOneDimPatterns(RewritePatternSet &patterns) {
  vector::populateVectorOuterProductLoweringPatterns(patterns);
  // Square blocks of transposing copies: rows shuffled in log2(n) stages
  // (8x8 blocks of 32-bit elements on AVX2, 16x16 of 16-bit), 16x16 blocks
  // of 32-bit elements (AVX-512) by upstream's shuffle sequence; other
  // shapes element by element.
  patterns.add<TransposeSquareByShuffles, TransposeWideByPaddedSquare,
               BroadcastElementsAsScalarLoads>(patterns.getContext());
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::Shuffle16x16);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorMaskOpLoweringPatterns(patterns);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorStepLoweringPatterns(patterns);
}

namespace {
/// The ops upstream's polynomial approximations replace.
bool isUpstreamApproximatedMathOp(StringRef name) {
  return name == math::ExpOp::getOperationName() ||
         name == math::ExpM1Op::getOperationName() ||
         name == math::TanhOp::getOperationName() ||
         name == math::Log1pOp::getOperationName();
}
} // namespace

bool hlo::isHloApproximatedMathOp(StringRef name) {
  return isUpstreamApproximatedMathOp(name) ||
         name == math::SinOp::getOperationName() ||
         name == math::CosOp::getOperationName();
}

void hlo::populateHloMathApproximationPatterns(RewritePatternSet &patterns) {
  // The approximations of expm1 and log1p create math.log, whose own
  // approximation is exact enough for their arguments (normal numbers, or
  // cases their selects replace) but wrong for subnormal inputs: it is
  // among the patterns, not among the ops the pass starts from.
  populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
    return isUpstreamApproximatedMathOp(name) ||
           name == math::LogOp::getOperationName();
  });
  patterns.add<Log1pF64OnVectors>(patterns.getContext());
  // Upstream's sine and cosine reduce the argument in one step, wrong far
  // from zero: ours.
  populateHloSinCosApproximationPatterns(patterns);
}
