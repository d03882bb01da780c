//===- ConvolutionToDot.cpp - convolutions as one matmul of patches -------===//
//
// out[n, o..., f] = sum over kernel taps k... and input features c of
//   in'[n, o * stride + k * rhs_dilation, c] * w[k..., c, f]
// where in' is the input transposed to [batch, spatial..., feature] and
// padded (edge padding low/high, lhs_dilation - 1 interior zeros). The
// patches of in' form a matrix whose columns are (tap, feature) and whose
// rows are (batch, output position); one dot_general with the kernel as a
// [(tap, input feature), output feature] matrix computes every output
// element. The patch matrix is built from strided slices, one per kernel tap
// (each slice holds that tap's value for every output position) or, when
// there are fewer output positions than taps (weight gradients, whose
// "kernel" is the output gradient), one per output position (each slice
// holds every tap at that position); both give the same matrix up to the
// order of its rows. Feature groups and batch groups become a batch
// dimension of the dot.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/ConvolutionToDot.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Builds statically shaped hlo data-movement ops of one element type.
class Emitter {
public:
  Emitter(RewriterBase &b, Location loc, Type element)
      : b(b), loc(loc), element(element) {}

  static ArrayRef<int64_t> shapeOf(Value x) {
    return cast<RankedTensorType>(x.getType()).getShape();
  }
  RankedTensorType type(ArrayRef<int64_t> shape) const {
    return RankedTensorType::get(shape, element);
  }
  Value reshape(Value x, ArrayRef<int64_t> shape) {
    if (shapeOf(x) == shape)
      return x;
    return ReshapeOp::create(b, loc, type(shape), x);
  }
  Value transpose(Value x, ArrayRef<int64_t> permutation) {
    if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
      return x;
    SmallVector<int64_t> shape;
    for (int64_t d : permutation)
      shape.push_back(shapeOf(x)[d]);
    return TransposeOp::create(b, loc, type(shape), x,
                               b.getDenseI64ArrayAttr(permutation));
  }
  Value slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> sizes,
              ArrayRef<int64_t> strides) {
    SmallVector<int64_t> limit;
    for (auto [s, n, st] : llvm::zip_equal(start, sizes, strides))
      limit.push_back(s + (n - 1) * st + 1);
    if (llvm::all_of(start, [](int64_t s) { return s == 0; }) &&
        ArrayRef<int64_t>(sizes) == shapeOf(x))
      return x;
    return SliceOp::create(b, loc, type(sizes), x,
                           b.getDenseI64ArrayAttr(start),
                           b.getDenseI64ArrayAttr(limit),
                           b.getDenseI64ArrayAttr(strides));
  }
  Value concat(ValueRange xs, int64_t dim) {
    if (xs.size() == 1)
      return xs.front();
    SmallVector<int64_t> shape(shapeOf(xs.front()));
    shape[dim] = 0;
    for (Value x : xs)
      shape[dim] += shapeOf(x)[dim];
    return ConcatenateOp::create(b, loc, type(shape), xs,
                                 b.getI64IntegerAttr(dim));
  }
  Value zero() {
    auto scalar = RankedTensorType::get({}, element);
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(scalar, FloatAttr::get(element, 0.0)));
  }
  Value dot(Value lhs, Value rhs, ArrayRef<int64_t> lhsBatch,
            ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContracting,
            ArrayRef<int64_t> rhsContracting) {
    SmallVector<int64_t> shape;
    for (int64_t d : lhsBatch)
      shape.push_back(shapeOf(lhs)[d]);
    for (int64_t d = 0, e = shapeOf(lhs).size(); d < e; ++d)
      if (!llvm::is_contained(lhsBatch, d) &&
          !llvm::is_contained(lhsContracting, d))
        shape.push_back(shapeOf(lhs)[d]);
    for (int64_t d = 0, e = shapeOf(rhs).size(); d < e; ++d)
      if (!llvm::is_contained(rhsBatch, d) &&
          !llvm::is_contained(rhsContracting, d))
        shape.push_back(shapeOf(rhs)[d]);
    auto dims = DotDimensionNumbersAttr::get(b.getContext(), lhsBatch,
                                             rhsBatch, lhsContracting,
                                             rhsContracting);
    return DotGeneralOp::create(b, loc, type(shape), lhs, rhs, dims,
                                ArrayAttr());
  }

private:
  RewriterBase &b;
  Location loc;
  Type element;
};

int64_t product(ArrayRef<int64_t> xs) {
  int64_t p = 1;
  for (int64_t x : xs)
    p *= x;
  return p;
}

/// Row-major multi-index of `linear` in `shape`.
SmallVector<int64_t> delinearize(int64_t linear, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
  return index;
}

} // namespace

LogicalResult hlo::convolutionToDot(RewriterBase &rewriter, ConvolutionOp op,
                                    const ConvolutionToDotOptions &options) {
  auto lhsType = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto rhsType = dyn_cast<RankedTensorType>(op.getRhs().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!lhsType || !rhsType || !resultType || !lhsType.hasStaticShape() ||
      !rhsType.hasStaticShape() || !resultType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "expected static shapes");
  Type element = resultType.getElementType();
  if (!isa<FloatType>(element) || lhsType.getElementType() != element ||
      rhsType.getElementType() != element)
    return rewriter.notifyMatchFailure(
        op, "expected float operands of the result's element type");
  if (lhsType.getNumElements() == 0 || rhsType.getNumElements() == 0 ||
      resultType.getNumElements() == 0)
    return rewriter.notifyMatchFailure(op, "expected non-empty tensors");
  int64_t featureGroups = op.getFeatureGroupCount();
  int64_t batchGroups = op.getBatchGroupCount();
  if (featureGroups > 1 && batchGroups > 1)
    return rewriter.notifyMatchFailure(op, "expected one group count of 1");

  // Depthwise convolutions (one input feature per group) are a product of
  // depth `taps` per output: a patch matrix would cost more memory traffic
  // than the direct loop nest saves.
  if (featureGroups > 1 &&
      rhsType.getDimSize(op.getDimensionNumbers()
                             .getKernelInputFeatureDimension()) == 1)
    return rewriter.notifyMatchFailure(op, "depthwise convolution");

  ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  int64_t spatial = dims.getInputSpatialDimensions().size();
  SmallVector<int64_t> strides = op.getStridesOrDefault();
  SmallVector<int64_t> lhsDilation = op.getLhsDilationOrDefault();
  SmallVector<int64_t> rhsDilation = op.getRhsDilationOrDefault();
  SmallVector<bool> reversal = op.getReversalOrDefault();
  auto padding = op.getPaddingOrDefault();
  for (auto [low, high] : padding)
    if (low < 0 || high < 0)
      return rewriter.notifyMatchFailure(op, "expected non-negative padding");

  int64_t batch = lhsType.getDimSize(dims.getInputBatchDimension());
  int64_t features = lhsType.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelIn =
      rhsType.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t outFeatures =
      rhsType.getDimSize(dims.getKernelOutputFeatureDimension());
  SmallVector<int64_t> kernelSizes, outSizes;
  for (int64_t s = 0; s < spatial; ++s) {
    kernelSizes.push_back(
        rhsType.getDimSize(dims.getKernelSpatialDimensions()[s]));
    outSizes.push_back(
        resultType.getDimSize(dims.getOutputSpatialDimensions()[s]));
  }
  int64_t taps = product(kernelSizes), positions = product(outSizes);
  int64_t outBatch = batch / batchGroups;
  // Each patch row holds taps * features values (all feature groups).
  int64_t patchElements = outBatch * batchGroups * positions * taps * features;
  bool perTap = taps <= positions;
  if (patchElements > options.maxPatchElements ||
      std::min(taps, positions) > options.maxSlices)
    return rewriter.notifyMatchFailure(op, "patch matrix over the limits");

  Location loc = op.getLoc();
  Emitter e(rewriter, loc, element);

  // The input as [batch, spatial..., feature], padded and lhs-dilated.
  SmallVector<int64_t> toCanonical = {dims.getInputBatchDimension()};
  llvm::append_range(toCanonical, dims.getInputSpatialDimensions());
  toCanonical.push_back(dims.getInputFeatureDimension());
  Value input = e.transpose(op.getLhs(), toCanonical);
  SmallVector<int64_t> low(spatial + 2, 0), high(spatial + 2, 0),
      interior(spatial + 2, 0);
  bool pads = false;
  for (int64_t s = 0; s < spatial; ++s) {
    low[s + 1] = padding[s].first;
    high[s + 1] = padding[s].second;
    interior[s + 1] = lhsDilation[s] - 1;
    pads |= low[s + 1] || high[s + 1] || interior[s + 1];
  }
  if (pads) {
    SmallVector<int64_t> shape(Emitter::shapeOf(input));
    for (int64_t d = 0; d < spatial + 2; ++d)
      shape[d] = (shape[d] - 1) * (interior[d] + 1) + 1 + low[d] + high[d];
    Value zero = e.zero();
    input = PadOp::create(rewriter, loc, e.type(shape), input, zero,
                          rewriter.getDenseI64ArrayAttr(low),
                          rewriter.getDenseI64ArrayAttr(high),
                          rewriter.getDenseI64ArrayAttr(interior));
  }

  // The patch matrix: [rows, taps * features], the columns ordered (tap,
  // feature); rows (batch, position) per tap, (position, batch) per
  // position.
  SmallVector<Value> slices;
  int64_t pieces = perTap ? taps : positions;
  for (int64_t p = 0; p < pieces; ++p) {
    SmallVector<int64_t> index =
        delinearize(p, perTap ? kernelSizes : outSizes);
    SmallVector<int64_t> start = {0}, sizes = {batch}, steps = {1};
    for (int64_t s = 0; s < spatial; ++s) {
      if (perTap) {
        start.push_back(index[s] * rhsDilation[s]);
        sizes.push_back(outSizes[s]);
        steps.push_back(strides[s]);
      } else {
        start.push_back(index[s] * strides[s]);
        sizes.push_back(kernelSizes[s]);
        steps.push_back(rhsDilation[s]);
      }
    }
    start.push_back(0);
    sizes.push_back(features);
    steps.push_back(1);
    Value piece = e.slice(input, start, sizes, steps);
    // A unit dimension for the concatenation (no copy of the strided
    // slice): per tap [batch, out spatial..., 1, features], per position
    // [1, batch, kernel spatial..., features].
    SmallVector<int64_t> shape(sizes);
    shape.insert(perTap ? shape.end() - 1 : shape.begin(), 1);
    slices.push_back(e.reshape(piece, shape));
  }
  Value patches = e.concat(slices, perTap ? spatial + 1 : 0);
  // Rows: (batch group, row within the group); the batch dimension is the
  // outermost of the input, so per tap a batch group is a block of rows;
  // per position the batch is inside the position.
  int64_t rowsPerGroup = outBatch * positions;

  // The kernel as [taps, input feature, output feature], unreversed.
  Value kernel = op.getRhs();
  SmallVector<int64_t> reversed;
  for (int64_t s = 0; s < spatial; ++s)
    if (reversal[s])
      reversed.push_back(dims.getKernelSpatialDimensions()[s]);
  if (!reversed.empty())
    kernel = ReverseOp::create(rewriter, loc, rhsType, kernel,
                               rewriter.getDenseI64ArrayAttr(reversed));
  SmallVector<int64_t> kernelOrder(dims.getKernelSpatialDimensions());
  kernelOrder.push_back(dims.getKernelInputFeatureDimension());
  kernelOrder.push_back(dims.getKernelOutputFeatureDimension());
  kernel = e.transpose(kernel, kernelOrder);

  // product: [rows, outFeatures] (or the rows as separate dimensions), rows
  // as the patches' rows for one batch group: (out batch, position) per
  // tap, (position, out batch) per position.
  Value product;
  if (featureGroups > 1) {
    int64_t groupIn = features / featureGroups;
    int64_t groupOut = outFeatures / featureGroups;
    Value x = e.reshape(patches, {rowsPerGroup, taps, featureGroups, groupIn});
    Value w = e.reshape(kernel, {taps, kernelIn, featureGroups, groupOut});
    // [groups, rows, groupOut] -> [rows, groups, groupOut].
    Value y = e.dot(x, w, {2}, {2}, {1, 3}, {0, 1});
    y = e.transpose(y, {1, 0, 2});
    product = e.reshape(y, {rowsPerGroup, outFeatures});
  } else if (batchGroups > 1) {
    int64_t groupOut = outFeatures / batchGroups;
    // Per tap: [1, groups, out batch * positions, K]; per position:
    // [positions, groups, out batch, K].
    int64_t outer = perTap ? 1 : positions;
    int64_t inner = rowsPerGroup / outer;
    Value x = e.reshape(patches,
                        {outer, batchGroups, inner, taps * features});
    Value w = e.reshape(kernel, {taps * kernelIn, batchGroups, groupOut});
    // [groups, outer, inner, groupOut] -> [outer, inner, groups, groupOut].
    Value y = e.dot(x, w, {1}, {1}, {3}, {0});
    y = e.transpose(y, {1, 2, 0, 3});
    product = e.reshape(y, {rowsPerGroup, outFeatures});
  } else {
    // The rows stay separate free dimensions of the dot, so that its
    // product has the canonical output shape and no reshape copies it:
    // [batch, out spatial..., taps * features] per tap, [out spatial...,
    // batch, taps * features] per position; the kernel is a matrix.
    SmallVector<int64_t> shape;
    if (perTap) {
      shape.push_back(batch);
      llvm::append_range(shape, outSizes);
    } else {
      llvm::append_range(shape, outSizes);
      shape.push_back(batch);
    }
    shape.push_back(taps * features);
    Value x = e.reshape(patches, shape);
    Value w = e.reshape(kernel, {taps * kernelIn, outFeatures});
    product = e.dot(x, w, {}, {}, {spatial + 1}, {0});
  }

  // The product in the output's layout.
  SmallVector<int64_t> canonicalShape, canonicalIndex(spatial + 2);
  if (perTap) {
    canonicalShape.push_back(outBatch);
    llvm::append_range(canonicalShape, outSizes);
    canonicalIndex[dims.getOutputBatchDimension()] = 0;
    for (int64_t s = 0; s < spatial; ++s)
      canonicalIndex[dims.getOutputSpatialDimensions()[s]] = 1 + s;
  } else {
    llvm::append_range(canonicalShape, outSizes);
    canonicalShape.push_back(outBatch);
    for (int64_t s = 0; s < spatial; ++s)
      canonicalIndex[dims.getOutputSpatialDimensions()[s]] = s;
    canonicalIndex[dims.getOutputBatchDimension()] = spatial;
  }
  canonicalShape.push_back(outFeatures);
  canonicalIndex[dims.getOutputFeatureDimension()] = spatial + 1;
  Value result = e.reshape(product, canonicalShape);
  result = e.transpose(result, canonicalIndex);
  rewriter.replaceOp(op, result);
  return success();
}

namespace {
struct ConvolutionToDotPattern : OpRewritePattern<ConvolutionOp> {
  ConvolutionToDotPattern(MLIRContext *context,
                          const ConvolutionToDotOptions &options)
      : OpRewritePattern(context), options(options) {}
  LogicalResult matchAndRewrite(ConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    return convolutionToDot(rewriter, op, options);
  }
  ConvolutionToDotOptions options;
};
} // namespace

void hlo::populateHloConvolutionToDotPatterns(
    RewritePatternSet &patterns, const ConvolutionToDotOptions &options) {
  patterns.add<ConvolutionToDotPattern>(patterns.getContext(), options);
}
