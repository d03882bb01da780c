//===- HloReduceWindowToSCF.cpp - reduce_window to loop nests -------------===//
//
// reduce_window becomes a loop nest over the result carrying the result
// tensors, with an inner loop nest over the window carrying the scalar
// accumulators. A window position maps to the (dilated, padded) input by
//   i = out * stride + w * window_dilation - padding_low;
// it reads the input at i / base_dilation when i is on the dilated grid and
// inside it, and the init value otherwise (padding and dilation holes hold
// the init value, as the spec defines them).
//
// A small window (at most 32 positions: pooling) instead becomes one
// elementwise linalg.generic over a strided slice of the input per window
// position, which vectorizes.
//
// Scans (what jax emits for cumsum, cumprod, cummax: one window dimension as
// long as the input, padding n-1 or n before it, everything else trivial)
// instead become O(n) loops carrying the running value:
// - in the order XLA:CPU computes them, when the body is a float add or
//   multiply with an identity init and n > 16. XLA's ReduceWindowRewriter
//   turns such a scan into a tree of base 16: scans within blocks of 16, an
//   (again tree) exclusive scan of the block totals, and the body applied to
//   (block scan, exclusive total). Its rounding differs from a sequential
//   sum's; XLA's answer is the reference, so its association is kept: an
//   up-sweep scans the blocks of every level (level l+1 holds level l's
//   block totals), a down-sweep combines each level with the level above;
// - as a sequential scan otherwise (any body, exactly the spec's order:
//   out[j] = body(out[j-1], x[j]) with out[-1] = init), the scan dimension
//   outside the dimensions after it.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

struct ReduceWindowToSCF : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = cast<RankedTensorType>(adaptor.getInputs().front().getType());
    if (!inputType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getBody())))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> baseDilations = op.getBaseDilationsOrDefault();
    SmallVector<int64_t> windowDilations = op.getWindowDilationsOrDefault();
    auto padding = op.getPaddingOrDefault();
    ArrayRef<int64_t> window = op.getWindowDimensions();

    SmallVector<Value> inits, empties;
    for (auto [result, init] : llvm::zip_equal(op.getResults(),
                                               adaptor.getInitValues())) {
      auto type = cast<RankedTensorType>(
          getTypeConverter()->convertType(result.getType()));
      inits.push_back(tensor::ExtractOp::create(rewriter, loc, init, ValueRange{}));
      empties.push_back(hlo::detail::createEmptyTensor(rewriter, loc, type));
    }
    auto resultType = cast<RankedTensorType>(empties.front().getType());

    auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    SmallVector<Value> outLbs(resultType.getRank(), zero),
        outSteps(resultType.getRank(), one), outUbs, winLbs(rank, zero),
        winSteps(rank, one), winUbs;
    for (int64_t size : resultType.getShape())
      outUbs.push_back(index(rewriter, loc, size));
    for (int64_t size : window)
      winUbs.push_back(index(rewriter, loc, size));

    auto outerBody = [&](OpBuilder &b, Location l, ValueRange out,
                         ValueRange results) -> scf::ValueVector {
      auto innerBody = [&](OpBuilder &ib, Location il, ValueRange w,
                           ValueRange accs) -> scf::ValueVector {
        SmallVector<Value> positions;
        Value valid = arith::ConstantIntOp::create(ib, il, 1, 1);
        for (int64_t d = 0; d < rank; ++d) {
          Value windowStart =
              arith::MulIOp::create(ib, il, out[d], index(ib, il, strides[d]));
          Value offsetInWindow = arith::MulIOp::create(
              ib, il, w[d], index(ib, il, windowDilations[d]));
          Value i = arith::AddIOp::create(ib, il, windowStart, offsetInWindow);
          i = arith::SubIOp::create(ib, il, i, index(ib, il, padding[d].first));
          int64_t size = inputType.getDimSize(d);
          int64_t dilated = size == 0 ? 0 : (size - 1) * baseDilations[d] + 1;
          Value nonNegative = arith::CmpIOp::create(
              ib, il, arith::CmpIPredicate::sge, i, index(ib, il, 0));
          Value belowEnd = arith::CmpIOp::create(
              ib, il, arith::CmpIPredicate::slt, i, index(ib, il, dilated));
          Value inside = arith::AndIOp::create(ib, il, nonNegative, belowEnd);
          valid = arith::AndIOp::create(ib, il, valid, inside);
          if (baseDilations[d] != 1) {
            Value gridRemainder = arith::RemSIOp::create(
                ib, il, i, index(ib, il, baseDilations[d]));
            Value onGrid =
                arith::CmpIOp::create(ib, il, arith::CmpIPredicate::eq,
                                      gridRemainder, index(ib, il, 0));
            valid = arith::AndIOp::create(ib, il, valid, onGrid);
            i = arith::DivSIOp::create(ib, il, i, index(ib, il, baseDilations[d]));
          }
          positions.push_back(i);
        }
        // Result types follow from the yields.
        auto read = scf::IfOp::create(
            ib, il, valid,
            [&](OpBuilder &tb, Location tl) {
              SmallVector<Value> elements;
              for (Value input : adaptor.getInputs())
                elements.push_back(tensor::ExtractOp::create(tb, tl, input, positions));
              scf::YieldOp::create(tb, tl, elements);
            },
            [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, inits); });
        IRMapping mapping;
        Block &body = op.getBody().front();
        for (size_t k = 0; k < n; ++k) {
          mapping.map(body.getArgument(k), accs[k]);
          mapping.map(body.getArgument(n + k), read.getResult(k));
        }
        return hlo::detail::emitScalarBody(ib, op.getBody(), mapping);
      };
      scf::LoopNest windowNest =
          scf::buildLoopNest(b, l, winLbs, winUbs, winSteps, inits, innerBody);
      scf::ValueVector updated;
      for (size_t k = 0; k < n; ++k)
        updated.push_back(tensor::InsertOp::create(b, l, windowNest.results[k],
                                                   results[k], out));
      return updated;
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, outLbs, outUbs,
                                            outSteps, empties, outerBody);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// A reduce_window with a small window (pooling: 2x2, 3x3) as one
/// elementwise linalg.generic whose operands are, per window position, the
/// strided slice of the (padded) input holding that position's element of
/// every window:
///   out = body(...body(body(init, x[o * stride + w0]), x[o * stride + w1])...)
/// with the positions in row-major order, the order of the loop nest above,
/// so the results are the same bit for bit. Unlike the loop nest it has no
/// per-element bounds checks (padding and base dilation are materialized
/// once, filled with the init value) and it vectorizes along the minor
/// dimension like any elementwise op.
struct SmallWindowReduceWindowToLinalg : OpConversionPattern<ReduceWindowOp> {
  SmallWindowReduceWindowToLinalg(const TypeConverter &converter,
                                  MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<SmallVector<SmallVector<int64_t>>> windowPositions =
        hlo::detail::getSlicedWindowPositions(op.getWindowDimensions());
    if (!windowPositions)
      return rewriter.notifyMatchFailure(op, "window too large or empty");
    int64_t positions = windowPositions->size();
    auto padding = op.getPaddingOrDefault();
    if (llvm::any_of(padding, [](std::pair<int64_t, int64_t> p) {
          return p.first < 0 || p.second < 0;
        }))
      return rewriter.notifyMatchFailure(op, "negative padding");
    SmallVector<RankedTensorType> resultTypes;
    for (Value result : op.getResults()) {
      auto type = dyn_cast_or_null<RankedTensorType>(
          getTypeConverter()->convertType(result.getType()));
      if (!type || !type.hasStaticShape() || type.getNumElements() == 0)
        return rewriter.notifyMatchFailure(op, "expected static results");
      resultTypes.push_back(type);
    }
    for (Value input : adaptor.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (!type.hasStaticShape() || type.getNumElements() == 0)
        return rewriter.notifyMatchFailure(op, "expected static inputs");
    }
    if (failed(hlo::detail::checkScalarBody(op.getBody())))
      return failure();

    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> baseDilations = op.getBaseDilationsOrDefault();
    SmallVector<int64_t> windowDilations = op.getWindowDilationsOrDefault();
    ArrayRef<int64_t> resultShape = resultTypes.front().getShape();
    int64_t rank = resultTypes.front().getRank();

    // The inputs as the windows see them: dilated and padded with the init
    // value.
    SmallVector<Value> inits, padded;
    for (auto [input, init] :
         llvm::zip_equal(adaptor.getInputs(), adaptor.getInitValues())) {
      Value scalar = tensor::ExtractOp::create(rewriter, loc, init, ValueRange{});
      inits.push_back(scalar);
      auto type = cast<RankedTensorType>(input.getType());
      bool asIs = llvm::all_of(baseDilations, [](int64_t d) { return d == 1; }) &&
                  llvm::all_of(padding, [](std::pair<int64_t, int64_t> p) {
                    return p.first == 0 && p.second == 0;
                  });
      if (asIs) {
        padded.push_back(input);
        continue;
      }
      SmallVector<int64_t> shape;
      SmallVector<OpFoldResult> offsets, sizes, insertStrides;
      for (int64_t d = 0; d < rank; ++d) {
        int64_t size = type.getDimSize(d);
        shape.push_back(padding[d].first + (size - 1) * baseDilations[d] + 1 +
                        padding[d].second);
        offsets.push_back(rewriter.getIndexAttr(padding[d].first));
        sizes.push_back(rewriter.getIndexAttr(size));
        insertStrides.push_back(rewriter.getIndexAttr(baseDilations[d]));
      }
      auto paddedType = RankedTensorType::get(shape, type.getElementType());
      Value filled =
          linalg::FillOp::create(
              rewriter, loc, ValueRange{scalar},
              ValueRange{hlo::detail::createEmptyTensor(rewriter, loc, paddedType)})
              .getResult(0);
      padded.push_back(tensor::InsertSliceOp::create(
          rewriter, loc, input, filled, offsets, sizes, insertStrides));
    }

    // One strided slice per window position and input, positions in
    // row-major order.
    SmallVector<Value> slices;
    for (ArrayRef<int64_t> position : *windowPositions) {
      SmallVector<OpFoldResult> offsets, sizes, sliceStrides;
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(rewriter.getIndexAttr(position[d] * windowDilations[d]));
        sizes.push_back(rewriter.getIndexAttr(resultShape[d]));
        sliceStrides.push_back(rewriter.getIndexAttr(strides[d]));
      }
      for (auto [k, source] : llvm::enumerate(padded)) {
        auto sourceType = cast<RankedTensorType>(source.getType());
        auto sliceType =
            RankedTensorType::get(resultShape, sourceType.getElementType());
        slices.push_back(tensor::ExtractSliceOp::create(
            rewriter, loc, sliceType, source, offsets, sizes, sliceStrides));
      }
    }

    SmallVector<Value> empties;
    for (RankedTensorType type : resultTypes)
      empties.push_back(hlo::detail::createEmptyTensor(rewriter, loc, type));
    SmallVector<AffineMap> maps(
        slices.size() + empties.size(),
        rewriter.getMultiDimIdentityMap(static_cast<unsigned>(rank)));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange(ValueRange(empties)), slices, empties, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Block &body = op.getBody().front();
          SmallVector<Value> accs(inits);
          for (int64_t p = 0; p < positions; ++p) {
            IRMapping mapping;
            for (size_t k = 0; k < n; ++k) {
              mapping.map(body.getArgument(k), accs[k]);
              mapping.map(body.getArgument(n + k), args[p * n + k]);
            }
            accs = hlo::detail::emitScalarBody(b, op.getBody(), mapping);
          }
          linalg::YieldOp::create(b, l, accs);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// XLA:CPU's base length for tree scans (ReduceWindowRewriter).
constexpr int64_t kScanBase = 16;

/// A reduce_window that is a scan: the scan dimension, and whether it is
/// exclusive (padding n: the result has n + 1 elements, the first the init).
struct ScanForm {
  int64_t dim;
  bool exclusive;
};

std::optional<ScanForm> matchScan(ReduceWindowOp op, RankedTensorType type) {
  if (op.getInputs().size() != 1)
    return std::nullopt;
  SmallVector<int64_t> strides = op.getStridesOrDefault();
  SmallVector<int64_t> baseDilations = op.getBaseDilationsOrDefault();
  SmallVector<int64_t> windowDilations = op.getWindowDilationsOrDefault();
  auto padding = op.getPaddingOrDefault();
  ArrayRef<int64_t> window = op.getWindowDimensions();
  std::optional<ScanForm> form;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (strides[d] != 1 || baseDilations[d] != 1 || windowDilations[d] != 1)
      return std::nullopt;
    if (window[d] == 1 && padding[d].first == 0 && padding[d].second == 0)
      continue;
    int64_t n = type.getDimSize(d);
    if (form || window[d] != n || padding[d].second != 0 ||
        (padding[d].first != n - 1 && padding[d].first != n))
      return std::nullopt;
    form = ScanForm{d, padding[d].first == n};
  }
  return form;
}

/// Whether XLA:CPU reassociates the scan into its tree with a result that
/// can differ from the sequential one: a float add or multiply body whose
/// init is its identity.
bool isTreeScan(ReduceWindowOp op, RankedTensorType type) {
  if (!isa<FloatType>(type.getElementType()))
    return false;
  Block &body = op.getBody().front();
  if (body.getNumArguments() != 2 || !llvm::hasSingleElement(
                                         body.without_terminator()))
    return false;
  Operation &combiner = body.front();
  if (!isa<AddOp, MulOp>(combiner) || combiner.getNumOperands() != 2 ||
      body.getTerminator()->getNumOperands() != 1 ||
      body.getTerminator()->getOperand(0) != combiner.getResult(0))
    return false;
  Value a = combiner.getOperand(0), b = combiner.getOperand(1);
  Value x = body.getArgument(0), y = body.getArgument(1);
  if (!((a == x && b == y) || (a == y && b == x)))
    return false;
  DenseElementsAttr init;
  if (!matchPattern(op.getInitValues().front(), m_Constant(&init)) ||
      !init.isSplat())
    return false;
  APFloat value = init.getSplatValue<APFloat>();
  return isa<AddOp>(combiner) ? value.isZero() : value.isExactlyValue(1.0);
}

struct ScanReduceWindowToSCF : OpConversionPattern<ReduceWindowOp> {
  // Before the small-window form: a short scan is a small window too.
  ScanReduceWindowToSCF(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/3) {}

  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType =
        cast<RankedTensorType>(adaptor.getInputs().front().getType());
    if (!inputType.hasStaticShape() || inputType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "expected static nonempty shapes");
    std::optional<ScanForm> form = matchScan(op, inputType);
    if (!form)
      return rewriter.notifyMatchFailure(op, "not a scan");
    if (failed(hlo::detail::checkScalarBody(op.getBody())))
      return failure();
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getResult(0).getType()));
    Value init =
        tensor::ExtractOp::create(rewriter, loc, adaptor.getInitValues()[0],
                                  ValueRange{});
    Value empty = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    // The exclusive form's first element is the init; fill everything.
    Value out = form->exclusive
                    ? linalg::FillOp::create(rewriter, loc, init, empty)
                          .getResult(0)
                    : empty;
    Value x = adaptor.getInputs().front();
    Value result =
        inputType.getDimSize(form->dim) > kScanBase &&
                isTreeScan(op, inputType)
            ? treeScan(rewriter, loc, op, x, out, init, *form)
            : sequentialScan(rewriter, loc, op, x, out, init, *form);
    rewriter.replaceOp(op, result);
    return success();
  }

  static Value index(OpBuilder &b, Location l, int64_t v) {
    return arith::ConstantIndexOp::create(b, l, v);
  }
  static Value combine(OpBuilder &b, ReduceWindowOp op, Value acc,
                       Value element) {
    IRMapping mapping;
    Block &body = op.getBody().front();
    mapping.map(body.getArgument(0), acc);
    mapping.map(body.getArgument(1), element);
    return hlo::detail::emitScalarBody(b, op.getBody(), mapping).front();
  }

  /// out[j + shift] = body(out[j + shift - 1], x[j]), out[-1] = init; loops
  /// over the dimensions before the scan dimension, the scan dimension, then
  /// those after it.
  Value sequentialScan(OpBuilder &b, Location loc, ReduceWindowOp op, Value x,
                       Value out, Value init, ScanForm form) const {
    auto type = cast<RankedTensorType>(x.getType());
    Value zero = index(b, loc, 0), one = index(b, loc, 1);
    SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one),
        ubs;
    for (int64_t size : type.getShape())
      ubs.push_back(index(b, loc, size));
    int64_t dim = form.dim;
    auto body = [&](OpBuilder &nb, Location l, ValueRange ivs,
                    ValueRange carried) -> scf::ValueVector {
      Value j = ivs[dim];
      SmallVector<Value> position(ivs), previous(ivs);
      Value element = tensor::ExtractOp::create(nb, l, x, ivs);
      Value acc;
      if (form.exclusive) {
        // out[j] holds the running value before x[j].
        acc = tensor::ExtractOp::create(nb, l, carried[0], previous);
        position[dim] = arith::AddIOp::create(nb, l, j, one);
      } else {
        Value before = arith::SubIOp::create(nb, l, j, one);
        previous[dim] = arith::MaxSIOp::create(nb, l, before, zero);
        Value read = tensor::ExtractOp::create(nb, l, carried[0], previous);
        Value first =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, j, zero);
        acc = arith::SelectOp::create(nb, l, first, init, read);
      }
      Value next = combine(nb, op, acc, element);
      return {tensor::InsertOp::create(nb, l, next, carried[0], position)};
    };
    return scf::buildLoopNest(b, loc, lbs, ubs, steps, ValueRange{out}, body)
        .results.front();
  }

  /// XLA's tree order (see the file comment), line by line.
  Value treeScan(OpBuilder &b, Location loc, ReduceWindowOp op, Value x,
                 Value out, Value init, ScanForm form) const {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), dim = form.dim;
    // Level sizes: n, ceil(n / 16), ... down to one block; levels >= 1 live
    // in one scratch vector at `offsets`.
    SmallVector<int64_t> sizes{type.getDimSize(dim)}, offsets{0};
    int64_t scratchSize = 0;
    while (sizes.back() > kScanBase) {
      sizes.push_back(llvm::divideCeil(sizes.back(), kScanBase));
      offsets.push_back(scratchSize);
      scratchSize += sizes.back();
    }
    int64_t top = sizes.size() - 1;
    Value zero = index(b, loc, 0), one = index(b, loc, 1);
    Value base = index(b, loc, kScanBase);
    Value shift = index(b, loc, form.exclusive ? 1 : 0);
    Value scratch = tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{scratchSize},
                                            type.getElementType());
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dim)
        continue;
      lbs.push_back(zero);
      ubs.push_back(index(b, loc, type.getDimSize(d)));
      steps.push_back(one);
    }
    auto line = [&](OpBuilder &lb, Location l, ValueRange outer,
                    ValueRange carried) -> scf::ValueVector {
      // Level 0 reads x and lives in out (shifted by one when exclusive).
      auto full = [&](OpBuilder &fb, Value j) {
        SmallVector<Value> indices;
        size_t next = 0;
        for (int64_t d = 0; d < rank; ++d)
          indices.push_back(d == dim ? j : outer[next++]);
        return indices;
      };
      auto levelIndex = [&](OpBuilder &fb, Location fl, int64_t level,
                            Value j) -> SmallVector<Value> {
        if (level == 0)
          return full(fb, arith::AddIOp::create(fb, fl, j, shift));
        return {arith::AddIOp::create(fb, fl, j, index(fb, fl, offsets[level]))};
      };
      // A level's tensor among (out, scratch).
      auto pick = [](int64_t level, ValueRange tensors) {
        return level == 0 ? tensors[0] : tensors[1];
      };
      SmallVector<Value> tensors(carried);
      // Up-sweep: scan the blocks of every level; a block's total goes to
      // the next level.
      for (int64_t level = 0; level <= top; ++level) {
        int64_t size = sizes[level];
        auto blocks = scf::ForOp::create(
            lb, l, zero, index(lb, l, llvm::divideCeil(size, kScanBase)), one,
            tensors,
            [&](OpBuilder &bb, Location bl, Value block, ValueRange state) {
              Value start = arith::MulIOp::create(bb, bl, block, base);
              Value endRaw = arith::AddIOp::create(bb, bl, start, base);
              Value end =
                  arith::MinSIOp::create(bb, bl, endRaw, index(bb, bl, size));
              SmallVector<Value> inner(state);
              inner.push_back(init);
              auto scan = scf::ForOp::create(
                  bb, bl, start, end, one, inner,
                  [&](OpBuilder &sb, Location sl, Value j, ValueRange st) {
                    Value element =
                        level == 0
                            ? Value(tensor::ExtractOp::create(sb, sl, x,
                                                              full(sb, j)))
                            : Value(tensor::ExtractOp::create(
                                  sb, sl, st[1], levelIndex(sb, sl, level, j)));
                    Value acc = combine(sb, op, st[2], element);
                    SmallVector<Value> next(st.take_front(2));
                    next[level == 0 ? 0 : 1] = tensor::InsertOp::create(
                        sb, sl, acc, pick(level, st),
                        levelIndex(sb, sl, level, j));
                    next.push_back(acc);
                    scf::YieldOp::create(sb, sl, next);
                  });
              SmallVector<Value> updated(scan.getResults().take_front(2));
              if (level < top) {
                Value total = scan.getResults()[2];
                updated[1] = tensor::InsertOp::create(
                    bb, bl, total, updated[1],
                    levelIndex(bb, bl, level + 1, block));
              }
              scf::YieldOp::create(bb, bl, updated);
            });
        tensors.assign(blocks.getResults().begin(), blocks.getResults().end());
      }
      // Down-sweep: body(level value, exclusive total of the blocks before).
      for (int64_t level = top - 1; level >= 0; --level) {
        auto combineLoop = scf::ForOp::create(
            lb, l, zero, index(lb, l, sizes[level]), one, tensors,
            [&](OpBuilder &cb, Location cl, Value j, ValueRange state) {
              Value block = arith::DivUIOp::create(cb, cl, j, base);
              Value firstBlock = arith::CmpIOp::create(
                  cb, cl, arith::CmpIPredicate::eq, block, zero);
              Value beforeRaw = arith::SubIOp::create(cb, cl, block, one);
              Value before = arith::MaxSIOp::create(cb, cl, beforeRaw, zero);
              Value aboveRead = tensor::ExtractOp::create(
                  cb, cl, state[1], levelIndex(cb, cl, level + 1, before));
              Value above =
                  arith::SelectOp::create(cb, cl, firstBlock, init, aboveRead);
              SmallVector<Value> at = levelIndex(cb, cl, level, j);
              Value own = tensor::ExtractOp::create(cb, cl, pick(level, state), at);
              Value next = combine(cb, op, own, above);
              SmallVector<Value> updated(state);
              updated[level == 0 ? 0 : 1] =
                  tensor::InsertOp::create(cb, cl, next, pick(level, state), at);
              scf::YieldOp::create(cb, cl, updated);
            });
        tensors.assign(combineLoop.getResults().begin(),
                       combineLoop.getResults().end());
      }
      return scf::ValueVector(tensors.begin(), tensors.end());
    };
    return scf::buildLoopNest(b, loc, lbs, ubs, steps,
                              ValueRange{out, scratch}, line)
        .results.front();
  }
};

} // namespace

void hlo::detail::populateReduceWindowPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToSCF, SmallWindowReduceWindowToLinalg,
               ScanReduceWindowToSCF>(converter, patterns.getContext());
}

std::optional<SmallVector<SmallVector<int64_t>>>
hlo::detail::getSlicedWindowPositions(ArrayRef<int64_t> window) {
  int64_t count = 1;
  for (int64_t size : window) {
    if (size < 1)
      return std::nullopt;
    count *= size;
    if (count > kMaxSlicedWindowPositions)
      return std::nullopt;
  }
  SmallVector<SmallVector<int64_t>> positions;
  SmallVector<int64_t> position(window.size(), 0);
  for (int64_t p = 0; p < count; ++p) {
    positions.push_back(position);
    for (int64_t d = static_cast<int64_t>(window.size()) - 1; d >= 0; --d) {
      if (++position[d] < window[d])
        break;
      position[d] = 0;
    }
  }
  return positions;
}
