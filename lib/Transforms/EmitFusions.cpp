//===- EmitFusions.cpp - one loop nest per lowered fusion -----------------===//

#include "HloDialect/Transforms/EmitFusions.h"
#include "HloDialect/Transforms/Parallelize.h"

#include "HloDialect/Conversion/HloToLinalg/HloToLinalg.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Linalg elementwise fusion works on linalg.generic: every other linalg op
/// but contractions (kept for their vectorization) and fills becomes one.
void generalizeForFusion(RewriterBase &rewriter, Region &region) {
  SmallVector<linalg::LinalgOp> ops;
  region.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::GenericOp, linalg::FillOp>(op) &&
        !linalg::isaContractionOpInterface(op))
      ops.push_back(op);
  });
  for (linalg::LinalgOp op : ops) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// An elementwise consumer may compute in place of its input when the input
/// is an intermediate of the same shape that nothing reads afterwards: the
/// consumer's init becomes that input. After empty-tensor elimination the
/// whole chain then writes into the fusion's result buffer (softmax's exp
/// values are stored in the output row, then divided in place), so no
/// temporary is needed.
struct ComputeInPlaceOfInput : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics() ||
        op.getNumReductionLoops() != 0)
      return rewriter.notifyMatchFailure(op, "not a one-result map");
    OpOperand *init = op.getDpsInitOperand(0);
    if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
        op.payloadUsesValueFromOperand(init))
      return rewriter.notifyMatchFailure(op, "the init is already used");
    AffineMap initMap = op.getMatchingIndexingMap(init);
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      auto producer = value.getDefiningOp<linalg::LinalgOp>();
      if (!producer || producer->getBlock() != op->getBlock() ||
          value.getType() != init->get().getType() ||
          op.getMatchingIndexingMap(input) != initMap)
        continue;
      // Every other reader must run before `op`.
      bool readLater = llvm::any_of(value.getUses(), [&](OpOperand &use) {
        Operation *user = op->getBlock()->findAncestorOpInBlock(*use.getOwner());
        return user != op && (!user || op->isBeforeInBlock(user));
      });
      bool usedTwice = llvm::count_if(op->getOperands(), [&](Value v) {
                         return v == value;
                       }) > 1;
      if (readLater || usedTwice)
        continue;
      unsigned inputIndex = input->getOperandNumber();
      BlockArgument inputArg = op.getMatchingBlockArgument(input);
      BlockArgument initArg = op.getMatchingBlockArgument(init);
      rewriter.modifyOpInPlace(op, [&] {
        rewriter.replaceAllUsesWith(inputArg, initArg);
        init->set(value);
        SmallVector<AffineMap> maps = op.getIndexingMapsArray();
        maps.erase(maps.begin() + inputIndex);
        op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
        op.getInputsMutable().erase(inputIndex);
        op.getBody()->eraseArgument(inputArg.getArgNumber());
      });
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no input to compute in place of");
  }
};

/// The most operations (besides the yield) of a producer's body that
/// elementwise fusion copies into each of its consumers.
constexpr size_t kMaxRecomputedBodyOps = 24;

/// Fuses elementwise producers into consumers inside `region`. With
/// `singleUseOnly`, producers read by several ops stay apart (an input
/// fusion tiles them into its row loop once instead); otherwise they are
/// copied into each consumer while their bodies are small.

void fuseElementwise(Region &region, bool singleUseOnly) {
  MLIRContext *context = region.getContext();
  RewritePatternSet patterns(context);
  // Only producers inside the fusion: the ops before it (fusions emitted
  // earlier, in the same block once inlined) are other loop nests, and
  // pulling them in would re-emit the whole graph above the fusion into it,
  // once per path (exponential in the depth of the module).
  linalg::ControlFusionFn control = [singleUseOnly,
                                     &region](OpOperand *operand) {
    Operation *producer = operand->get().getDefiningOp();
    if (!producer || !region.isAncestor(producer->getParentRegion()))
      return false;
    if (singleUseOnly && !operand->get().hasOneUse())
      return false;
    // A producer that stays (its value has other uses, or it has other
    // results that do) is copied into the consumer: cheap bodies are
    // recomputed, larger ones stay materialized. Without a bound, chains
    // of diamonds (y = f(x); z = g(x, y)) double the copied body at every
    // step.
    bool staysAfterFusion =
        !operand->get().hasOneUse() ||
        llvm::any_of(producer->getResults(), [&](OpResult result) {
          return result != operand->get() && !result.use_empty();
        });
    auto generic = dyn_cast<linalg::GenericOp>(producer);
    if (staysAfterFusion && generic &&
        generic.getBody()->getOperations().size() > kMaxRecomputedBodyOps + 1)
      return false;
    // Contractions keep their (collapsed) named form: folding a reshape
    // into one by expansion makes it a generic with several row
    // dimensions, which the matmul kernel (packing, register tiles) does
    // not take.
    auto isContraction = [](Operation *op) {
      auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
      return linalgOp && linalg::isaContractionOpInterface(linalgOp);
    };
    if (isContraction(producer) || isContraction(operand->getOwner()))
      return false;
    return true;
  };
  linalg::populateElementwiseOpsFusionPatterns(patterns, control);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
  linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
  linalg::FillOp::getCanonicalizationPatterns(patterns, context);
  tensor::EmptyOp::getCanonicalizationPatterns(patterns, context);
  tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
  (void)applyPatternsGreedily(region, std::move(patterns));
}

/// A dot_general with several row dimensions is computed as a 2-d matmul
/// between reshapes, so an output fusion's epilogue reads the product
/// through a tensor.expand_shape. Tiling the epilogue could not fuse the
/// matmul through it (a reshape is not tileable): product and epilogue
/// would stay two loop nests, and the whole product would make a round
/// trip through memory between them. Folding the reshape into the epilogue
/// by collapsing its loops the same way (upstream's reshape folding by
/// collapsing) moves the reshape after the epilogue, which then tiles
/// together with the matmul.
void collapseEpilogueOntoProduct(Region &region) {
  MLIRContext *context = region.getContext();
  RewritePatternSet patterns(context);
  linalg::ControlFusionFn control = [&region](OpOperand *operand) {
    auto expand = operand->get().getDefiningOp<tensor::ExpandShapeOp>();
    if (!expand || !isa<linalg::GenericOp>(operand->getOwner()))
      return false;
    Operation *producer = expand.getSrc().getDefiningOp();
    return isa_and_nonnull<linalg::LinalgOp>(producer) &&
           region.isAncestor(producer->getParentRegion());
  };
  linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, control);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
  (void)applyPatternsGreedily(region, std::move(patterns));
}

void computeInPlace(Region &region) {
  RewritePatternSet patterns(region.getContext());
  patterns.add<ComputeInPlaceOfInput>(region.getContext());
  (void)applyPatternsGreedily(region, std::move(patterns));
}

/// Merges `second`, which reads results of `first` where `first` writes them
/// (the same indexing map on both sides), into one generic computing both:
/// the values pass inside the body. Unlike elementwise fusion, a producer
/// with several consumers is not copied into each, which keeps the chains of
/// a multi-output loop fusion (threefry's rounds) linear in size.
FailureOr<linalg::GenericOp> mergeConsumerGeneric(RewriterBase &rewriter,
                                                  linalg::GenericOp first,
                                                  linalg::GenericOp second) {
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second) || !first.hasPureTensorSemantics() ||
      !second.hasPureTensorSemantics() ||
      first.getIteratorTypesArray() != second.getIteratorTypesArray() ||
      !llvm::all_of(first.getIteratorTypesArray(), linalg::isParallelIterator))
    return failure();
  SmallVector<int64_t> ranges = first.getStaticLoopRanges();
  if (ranges != second.getStaticLoopRanges() ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return failure();
  // Which inputs of `second` are results of `first`, read where written.
  SmallVector<std::optional<unsigned>> fromFirst;
  bool readsFirst = false;
  for (OpOperand *operand : second.getDpsInputOperands()) {
    auto result = dyn_cast<OpResult>(operand->get());
    if (!result || result.getOwner() != first.getOperation()) {
      fromFirst.push_back(std::nullopt);
      continue;
    }
    OpOperand *init = first.getDpsInitOperand(result.getResultNumber());
    if (second.getMatchingIndexingMap(operand) !=
        first.getMatchingIndexingMap(init))
      return failure();
    fromFirst.push_back(result.getResultNumber());
    readsFirst = true;
  }
  if (!readsFirst)
    return failure();
  for (OpOperand &init : second.getDpsInitsMutable())
    if (init.get().getDefiningOp() == first.getOperation())
      return failure();
  // The merged op replaces both at the position of `second`: nothing
  // between them may read `first`, and `second` may depend on it only
  // directly.
  Block *block = first->getBlock();
  for (Operation *user : first->getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && ancestor != second.getOperation() &&
        ancestor->isBeforeInBlock(second))
      return failure();
  }
  BackwardSliceOptions sliceOptions;
  sliceOptions.filter = [&](Operation *op) {
    return op->getBlock() == block && first->isBeforeInBlock(op);
  };
  sliceOptions.omitUsesFromAbove = false;
  for (Value operand : second->getOperands()) {
    Operation *def = operand.getDefiningOp();
    if (!def || def == first.getOperation() || !sliceOptions.filter(def))
      continue;
    SetVector<Operation *> slice;
    (void)getBackwardSlice(def, &slice, sliceOptions);
    slice.insert(def);
    for (Operation *op : slice)
      for (Value v : op->getOperands())
        if (v.getDefiningOp() == first.getOperation())
          return failure();
  }

  SmallVector<Value> inputs(first.getDpsInputs());
  SmallVector<AffineMap> inputMaps;
  for (OpOperand *operand : first.getDpsInputOperands())
    inputMaps.push_back(first.getMatchingIndexingMap(operand));
  for (auto [operand, from] :
       llvm::zip_equal(second.getDpsInputOperands(), fromFirst))
    if (!from) {
      inputs.push_back(operand->get());
      inputMaps.push_back(second.getMatchingIndexingMap(operand));
    }
  SmallVector<Value> inits(first.getDpsInits());
  llvm::append_range(inits, second.getDpsInits());
  SmallVector<AffineMap> maps = inputMaps;
  for (OpOperand &init : first.getDpsInitsMutable())
    maps.push_back(first.getMatchingIndexingMap(&init));
  for (OpOperand &init : second.getDpsInitsMutable())
    maps.push_back(second.getMatchingIndexingMap(&init));
  SmallVector<Type> resultTypes(first->getResultTypes());
  llvm::append_range(resultTypes, second->getResultTypes());

  rewriter.setInsertionPoint(second);
  auto merged = linalg::GenericOp::create(
      rewriter, second.getLoc(), resultTypes, inputs, inits, maps,
      first.getIteratorTypesArray());
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (Value v : llvm::concat<Value>(inputs, inits)) {
    argTypes.push_back(getElementTypeOrSelf(v.getType()));
    argLocs.push_back(v.getLoc());
  }
  Block *body =
      rewriter.createBlock(&merged.getRegion(), {}, argTypes, argLocs);
  int64_t numInputs = inputs.size();
  int64_t numInputsFirst = first.getNumDpsInputs();
  int64_t numInitsFirst = first.getNumDpsInits();
  IRMapping mapping;
  Block *firstBody = first.getBody();
  for (int64_t i = 0; i < numInputsFirst; ++i)
    mapping.map(firstBody->getArgument(i), body->getArgument(i));
  for (int64_t i = 0; i < numInitsFirst; ++i)
    mapping.map(firstBody->getArgument(numInputsFirst + i),
                body->getArgument(numInputs + i));
  SmallVector<Value> yielded;
  for (Operation &inner : firstBody->without_terminator())
    rewriter.clone(inner, mapping);
  for (Value v : firstBody->getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  Block *secondBody = second.getBody();
  int64_t nextInput = numInputsFirst;
  for (auto [i, from] : llvm::enumerate(fromFirst))
    mapping.map(secondBody->getArgument(i),
                from ? yielded[*from] : body->getArgument(nextInput++));
  for (int64_t i = 0, e = second.getNumDpsInits(); i < e; ++i)
    mapping.map(secondBody->getArgument(second.getNumDpsInputs() + i),
                body->getArgument(numInputs + numInitsFirst + i));
  for (Operation &inner : secondBody->without_terminator())
    rewriter.clone(inner, mapping);
  for (Value v : secondBody->getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  linalg::YieldOp::create(rewriter, second.getLoc(), yielded);
  unsigned numResultsFirst = first->getNumResults();
  rewriter.replaceOp(second, merged->getResults().drop_front(numResultsFirst));
  rewriter.replaceOp(first, merged->getResults().take_front(numResultsFirst));
  return merged;
}

/// Merges each generic of `block` with the generics after it that read its
/// results where it writes them, nearest first.
void mergeConsumers(RewriterBase &rewriter, Block &block) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation &op : block) {
      auto first = dyn_cast<linalg::GenericOp>(op);
      if (!first)
        continue;
      linalg::GenericOp nearest;
      for (Operation *user : first->getUsers()) {
        auto generic = dyn_cast<linalg::GenericOp>(user);
        if (generic && generic->getBlock() == &block &&
            (!nearest || generic->isBeforeInBlock(nearest)))
          nearest = generic;
      }
      if (nearest && succeeded(mergeConsumerGeneric(rewriter, first, nearest))) {
        changed = true;
        break;
      }
    }
  }
}

/// Merges independent generics of `block` over the same iteration space.
void mergeSiblings(RewriterBase &rewriter, Block &block) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<linalg::GenericOp> generics;
    for (Operation &op : block)
      if (auto generic = dyn_cast<linalg::GenericOp>(op))
        generics.push_back(generic);
    for (size_t i = 0; i < generics.size() && !changed; ++i)
      for (size_t j = i + 1; j < generics.size() && !changed; ++j)
        changed = succeeded(
            mergeSiblingGenerics(rewriter, generics[i], generics[j]));
  }
}

/// The ops of `block` that are loop nests of their own.
int64_t countLoopNests(Block &block) {
  int64_t count = 0;
  for (Operation &op : block)
    if (isa<linalg::LinalgOp, LoopLikeOpInterface>(op))
      ++count;
  return count;
}

/// Tile sizes for the root of an input fusion: one row at a time, where the
/// rows are the loops of the root that index the reduced values it reads
/// (or the parallel loops of the root when it is the reduction). When the
/// innermost loop is a row loop (a reduction over outer dimensions), a strip
/// of rows keeps the reads contiguous.
SmallVector<int64_t> getRowTileSizes(linalg::LinalgOp root) {
  SmallVector<int64_t> sizes(root.getNumLoops(), 0);
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  llvm::SmallBitVector rowLoops(root.getNumLoops());
  if (root.getNumReductionLoops() != 0) {
    for (auto [i, type] : llvm::enumerate(root.getIteratorTypesArray()))
      if (type == utils::IteratorType::parallel)
        rowLoops.set(i);
  } else {
    for (OpOperand *input : root.getDpsInputOperands()) {
      auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
      if (!producer || producer.getNumReductionLoops() == 0)
        continue;
      for (AffineExpr expr : root.getMatchingIndexingMap(input).getResults())
        if (auto dim = dyn_cast<AffineDimExpr>(expr))
          rowLoops.set(dim.getPosition());
    }
  }
  for (unsigned i : rowLoops.set_bits())
    sizes[i] = 1;
  unsigned last = root.getNumLoops() - 1;
  if (root.getNumLoops() && rowLoops.test(last))
    sizes[last] = ShapedType::isDynamic(ranges[last])
                      ? 16
                      : std::min<int64_t>(16, ranges[last]);
  return sizes;
}

/// A tile size near `preferred` for a loop of static `extent` that divides
/// it, so that every tile has the same static shape (a partial last tile
/// has a dynamic one, which the vectorizer leaves to scalar loops: a
/// 144-row product in 128-row tiles ran 100x slower): the extent when it
/// is at most `preferred`, else the largest divisor from preferred / 4 to
/// `preferred`, else the extent when it is at most twice `preferred`;
/// nothing when none of these exists.
std::optional<int64_t> getDividingTileSize(int64_t extent, int64_t preferred) {
  if (ShapedType::isDynamic(extent))
    return preferred;
  if (extent <= preferred)
    return extent;
  for (int64_t size = preferred; size >= std::max<int64_t>(1, preferred / 4);
       --size)
    if (extent % size == 0)
      return size;
  if (extent <= 2 * preferred)
    return extent;
  return std::nullopt;
}

/// Tile sizes for the epilogue root of an output fusion: 2-d tiles of the
/// product, one batch at a time, each tile size dividing its loop; nothing
/// when no such size is near the preferred ones.
std::optional<SmallVector<int64_t>>
getProductTileSizes(linalg::LinalgOp root, const EmitFusionOptions &options) {
  int64_t rank = root.getNumLoops();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> sizes(rank, 1);
  for (auto [dim, preferred] :
       {std::pair<int64_t, int64_t>{rank - 1, options.outputTileColumns},
        std::pair<int64_t, int64_t>{rank - 2, options.outputTileRows}}) {
    if (dim < 0)
      continue;
    std::optional<int64_t> size = getDividingTileSize(ranges[dim], preferred);
    if (!size)
      return std::nullopt;
    sizes[dim] = *size;
  }
  return sizes;
}

/// Moves the ops of root's block that root does not depend on (side outputs
/// of a fusion: consumers of root's producers that root does not read) after
/// root, in their order. The tile loop replaces root, and the uses of the
/// producers it yields become uses of its results: a side output left before
/// the loop would then read a value defined after it.
void moveUnrelatedOpsAfter(Operation *root) {
  Block *block = root->getBlock();
  SetVector<Operation *> slice;
  BackwardSliceOptions sliceOptions;
  sliceOptions.filter = [&](Operation *op) { return op->getBlock() == block; };
  sliceOptions.omitUsesFromAbove = false;
  sliceOptions.omitBlockArguments = true;
  (void)getBackwardSlice(root, &slice, sliceOptions);
  SmallVector<Operation *> unrelated;
  for (Operation &op : *block) {
    if (&op == root)
      break;
    if (!slice.contains(&op))
      unrelated.push_back(&op);
  }
  Operation *insertAfter = root;
  for (Operation *op : unrelated) {
    op->moveAfter(insertAfter);
    insertAfter = op;
  }
}

/// Tiles the last linalg op of `block` whose result the fusion returns and
/// fuses its producers into the tile loop; producers whose results the
/// fusion also returns are yielded by the loop.
LogicalResult tileAndFuseFromRoot(RewriterBase &rewriter, Block &fusionBlock,
                                  FusionKind kind,
                                  const EmitFusionOptions &options) {
  Block *blockPtr = &fusionBlock;
  Operation *terminator = fusionBlock.getTerminator();
  linalg::LinalgOp root;
  for (Value value : terminator->getOperands()) {
    // A result reshaped after its root (collapseEpilogueOntoProduct).
    if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>();
        expand && expand->getBlock() == &fusionBlock)
      value = expand.getSrc();
    if (auto op = value.getDefiningOp<linalg::LinalgOp>();
        op && op->getBlock() == &fusionBlock &&
        (!root || root->isBeforeInBlock(op)))
      root = op;
  }
  if (!root || !isa<TilingInterface>(root.getOperation()))
    return failure();
  moveUnrelatedOpsAfter(root);
  // With threads, the fusion is first split into one chunk of its root per
  // thread (an scf.forall computing every producer per chunk); each chunk
  // is then tiled as the whole fusion would be. Fusions that also return
  // intermediates stay on one thread.
  if (options.threads > 1 && terminator->getNumOperands() == 1 &&
      root->getNumResults() == 1) {
    FailureOr<DistributedOp> distributed = distributeOverThreads(
        rewriter, cast<TilingInterface>(root.getOperation()), options.threads,
        [&](Operation *producer) {
          return producer->getBlock() == &fusionBlock;
        });
    if (succeeded(distributed)) {
      root = dyn_cast_or_null<linalg::LinalgOp>(distributed->tiledOp);
      if (!root || !isa<TilingInterface>(root.getOperation()))
        return failure();
      blockPtr = distributed->loop.getBody();
      terminator = distributed->loop.getTerminator();
    }
  }
  Block &block = *blockPtr;
  SmallVector<int64_t> sizes;
  if (kind == FusionKind::output) {
    std::optional<SmallVector<int64_t>> productTiles =
        getProductTileSizes(root, options);
    // Untiled, the product and the epilogue are vectorized whole, each
    // with its own tails.
    if (!productTiles)
      return failure();
    sizes = std::move(*productTiles);
  } else {
    sizes = getRowTileSizes(root);
  }
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return failure();

  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  if (options.parallelTiles)
    tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // Product tiles column by column: the slice of the right-hand side a
  // column of tiles reads (and anything the vectorizer derives from it,
  // such as packed panels) is invariant in the inner loop over rows.
  if (kind == FusionKind::output && sizes.size() >= 2 &&
      !options.parallelTiles) {
    SmallVector<int64_t> interchange =
        llvm::to_vector(llvm::seq<int64_t>(0, sizes.size()));
    std::swap(interchange[sizes.size() - 1], interchange[sizes.size() - 2]);
    tiling.setInterchange(interchange);
  }
  scf::SCFTileAndFuseOptions fuse;
  fuse.setTilingOptions(tiling);
  // A multi-result producer read through several of its results is fused
  // once per slice; only the first fusion yields its results to the loop.
  // Yielding them again would give the loop two iteration arguments per
  // returned value, initialized from the same destination tensor, and
  // bufferization then let one overwrite the other (a returned subtract
  // came back holding a returned sqrt).
  llvm::SmallPtrSet<Operation *, 4> yieldedProducers;
  fuse.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (producer.getOwner()->getBlock() != &block)
          return std::nullopt;
        scf::SCFTileAndFuseOptions::ControlFnResult result;
        result.yieldProducerReplacement =
            llvm::is_contained(producer.getUsers(), terminator) &&
            yieldedProducers.insert(producer.getOwner()).second;
        return result;
      });
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), fuse);
  if (failed(tiled))
    return failure();
  // Uses after the loop read what it yields. An op before it (an untiled
  // op that also computes a value the loop needs, such as a merged sibling
  // with results read outside the root's slice) keeps the original.
  Operation *loop =
      tiled->loops.empty() ? nullptr : tiled->loops.front().getOperation();
  for (auto [original, replacement] : tiled->replacements)
    rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
      if (!loop)
        return true;
      Operation *user = loop->getBlock()->findAncestorOpInBlock(*use.getOwner());
      return !user || (user != loop && loop->isBeforeInBlock(user));
    });
  // Within the tile: duplicates left by fusing one producer along several
  // slices, then elementwise fusion.
  if (!tiled->loops.empty()) {
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, tiled->loops.front());
    Region &innermost = *tiled->loops.back().getLoopRegions().front();
    fuseElementwise(innermost, /*singleUseOnly=*/true);
    computeInPlace(innermost);
  }
  // The untiled originals are dead now (in the chunk loop's body and, with
  // threads, in the fusion's block around it).
  for (Block *container : {&block, &fusionBlock})
    for (Operation &op :
         llvm::make_early_inc_range(llvm::reverse(*container)))
      if (isOpTriviallyDead(&op))
        rewriter.eraseOp(&op);
  return success();
}

void inlineRegion(RewriterBase &rewriter, scf::ExecuteRegionOp op) {
  Block *body = &op.getRegion().front();
  Operation *yield = body->getTerminator();
  SmallVector<Value> results(yield->getOperands());
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(body, op);
  rewriter.replaceOp(op, results);
}

} // namespace

FailureOr<linalg::GenericOp>
hlo::mergeSiblingGenerics(RewriterBase &rewriter, linalg::GenericOp first,
                          linalg::GenericOp second) {
  if (first->getBlock() != second->getBlock() || first == second)
    return failure();
  if (second->isBeforeInBlock(first))
    std::swap(first, second);
  if (!first.hasPureTensorSemantics() || !second.hasPureTensorSemantics() ||
      first.getIteratorTypesArray() != second.getIteratorTypesArray())
    return failure();
  SmallVector<int64_t> ranges = first.getStaticLoopRanges();
  if (ranges != second.getStaticLoopRanges() ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return failure();
  // The merged op replaces both at the position of `second`: nothing
  // between them may read `first`, and `second` must not depend on it.
  Block *block = first->getBlock();
  for (Operation *user : first->getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor && ancestor != second.getOperation() &&
        ancestor->isBeforeInBlock(second))
      return failure();
  }
  SetVector<Operation *> slice;
  BackwardSliceOptions sliceOptions;
  sliceOptions.filter = [&](Operation *op) {
    return op->getBlock() == block && !op->isBeforeInBlock(first);
  };
  // Values the body reads from above count too: a gather's body extracts
  // its indices from a tensor, which may be `first`'s result.
  sliceOptions.omitUsesFromAbove = false;
  (void)getBackwardSlice(second.getOperation(), &slice, sliceOptions);
  if (slice.contains(first))
    return failure();

  SmallVector<Value> inputs(first.getDpsInputs());
  llvm::append_range(inputs, second.getDpsInputs());
  SmallVector<Value> inits(first.getDpsInits());
  llvm::append_range(inits, second.getDpsInits());
  SmallVector<AffineMap> maps;
  auto appendMaps = [&](linalg::GenericOp op, bool ofInits) {
    for (OpOperand &operand : op->getOpOperands())
      if (op.isDpsInit(&operand) == ofInits)
        maps.push_back(op.getMatchingIndexingMap(&operand));
  };
  appendMaps(first, false);
  appendMaps(second, false);
  appendMaps(first, true);
  appendMaps(second, true);
  SmallVector<Type> resultTypes(first->getResultTypes());
  llvm::append_range(resultTypes, second->getResultTypes());

  rewriter.setInsertionPoint(second);
  auto merged = linalg::GenericOp::create(
      rewriter, second.getLoc(), resultTypes, inputs, inits, maps,
      first.getIteratorTypesArray());
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (Value v : llvm::concat<Value>(inputs, inits)) {
    argTypes.push_back(getElementTypeOrSelf(v.getType()));
    argLocs.push_back(v.getLoc());
  }
  Block *body = rewriter.createBlock(&merged.getRegion(), {}, argTypes,
                                     argLocs);
  int64_t numInputsFirst = first.getNumDpsInputs();
  int64_t numInputs = inputs.size();
  int64_t numInitsFirst = first.getNumDpsInits();
  IRMapping mapping;
  auto mapArgs = [&](linalg::GenericOp op, int64_t inputOffset,
                     int64_t initOffset) {
    Block *old = op.getBody();
    for (int64_t i = 0, e = op.getNumDpsInputs(); i < e; ++i)
      mapping.map(old->getArgument(i), body->getArgument(inputOffset + i));
    for (int64_t i = 0, e = op.getNumDpsInits(); i < e; ++i)
      mapping.map(old->getArgument(op.getNumDpsInputs() + i),
                  body->getArgument(numInputs + initOffset + i));
  };
  mapArgs(first, 0, 0);
  mapArgs(second, numInputsFirst, numInitsFirst);
  SmallVector<Value> yielded;
  for (linalg::GenericOp op : {first, second}) {
    for (Operation &inner : op.getBody()->without_terminator())
      rewriter.clone(inner, mapping);
    for (Value v : op.getBody()->getTerminator()->getOperands())
      yielded.push_back(mapping.lookupOrDefault(v));
  }
  linalg::YieldOp::create(rewriter, second.getLoc(), yielded);
  // Counted before replacing `first`, which erases it.
  unsigned numResultsFirst = first->getNumResults();
  rewriter.replaceOp(first, merged->getResults().take_front(numResultsFirst));
  rewriter.replaceOp(second, merged->getResults().drop_front(numResultsFirst));
  return merged;
}

FailureOr<EmittedFusion> hlo::emitFusion(RewriterBase &rewriter,
                                         scf::ExecuteRegionOp region,
                                         const EmitFusionOptions &options) {
  auto kindAttr = region->getAttrOfType<FusionKindAttr>(kFusionKindAttrName);
  if (!kindAttr || !region.getRegion().hasOneBlock())
    return failure();
  FusionKind kind = kindAttr.getValue();
  Region &body = region.getRegion();
  Block &block = body.front();

  generalizeForFusion(rewriter, body);
  if (kind != FusionKind::input)
    mergeConsumers(rewriter, block);
  fuseElementwise(body, /*singleUseOnly=*/kind == FusionKind::input);
  if (kind == FusionKind::output)
    collapseEpilogueOntoProduct(body);
  if (kind != FusionKind::output)
    mergeSiblings(rewriter, block);
  if (kind != FusionKind::loop && countLoopNests(block) > 1)
    (void)tileAndFuseFromRoot(rewriter, block, kind, options);
  else
    computeInPlace(body);

  EmittedFusion result;
  result.numLoopNests = countLoopNests(block);
  inlineRegion(rewriter, region);
  return result;
}
