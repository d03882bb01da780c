//===- HloConvolutionToLinalg.cpp - convolution to a linalg.generic -------===//
//
// One linalg.generic over (output dims..., kernel spatial dims..., kernel
// input feature): the kernel is an operand read at the loop's kernel
// position k; the input is read with tensor.extract at the window position
//   pos = out * stride + w * rhs_dilation - padding_low
// with w = k, or w = size - 1 - k in a reversed spatial dimension. (The
// reversal must not go into the kernel's indexing map: `size - 1 - k` there
// leaves the loop without a plain dimension result, the op's shapes-to-loops
// map is not invertible, and linalg's folders crash on it.)
// when pos lies on the lhs_dilation grid inside the dilated input, else it
// contributes zero. Feature and batch groups pick the input feature / batch
// from the output feature's group.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

struct ConvolutionToLinalg : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType || !lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Type elementType = resultType.getElementType();
    Type lhsElement = lhsType.getElementType();
    // Operands of another element type (i8 x i8 -> i32) are converted to
    // the result's, element by element, with convert's semantics.
    auto origElement = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getElementType();
    };
    Type origResult = origElement(op.getResult()),
         origLhs = origElement(op.getLhs()), origRhs = origElement(op.getRhs());
    if (elementType.isInteger(1) ||
        isa<ComplexType>(lhsType.getElementType()) !=
            isa<ComplexType>(elementType) ||
        isa<ComplexType>(rhsType.getElementType()) !=
            isa<ComplexType>(elementType))
      return rewriter.notifyMatchFailure(op, "unsupported element types");
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
    int64_t rank = resultType.getRank();
    int64_t spatial = dims.getInputSpatialDimensions().size();
    SmallVector<int64_t> strides = op.getStridesOrDefault();
    SmallVector<int64_t> lhsDilation = op.getLhsDilationOrDefault();
    SmallVector<int64_t> rhsDilation = op.getRhsDilationOrDefault();
    SmallVector<bool> reversal = op.getReversalOrDefault();
    auto padding = op.getPaddingOrDefault();
    int64_t featureGroups = op.getFeatureGroupCount();
    int64_t batchGroups = op.getBatchGroupCount();
    int64_t outFeatures = resultType.getDimSize(dims.getOutputFeatureDimension());
    int64_t outBatch = resultType.getDimSize(dims.getOutputBatchDimension());
    int64_t kernelIn = rhsType.getDimSize(dims.getKernelInputFeatureDimension());
    int64_t numLoops = rank + spatial + 1;

    // Kernel map: spatial s -> loop rank+s, input feature -> the last loop,
    // output feature -> the output feature loop.
    SmallVector<AffineExpr> rhsExprs(rank);
    for (int64_t s = 0; s < spatial; ++s)
      rhsExprs[dims.getKernelSpatialDimensions()[s]] =
          getAffineDimExpr(rank + s, context);
    rhsExprs[dims.getKernelInputFeatureDimension()] =
        getAffineDimExpr(rank + spatial, context);
    rhsExprs[dims.getKernelOutputFeatureDimension()] =
        getAffineDimExpr(dims.getOutputFeatureDimension(), context);
    SmallVector<AffineExpr> outExprs;
    for (int64_t d = 0; d < rank; ++d)
      outExprs.push_back(getAffineDimExpr(d, context));
    SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, rhsExprs, context),
                                   AffineMap::get(numLoops, 0, outExprs, context)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    iterators.append(spatial + 1, utils::IteratorType::reduction);

    // bf16 and f16 products accumulate in f32 and the sum is rounded once at
    // the end, as on the matmul path and in XLA: a window of hundreds of
    // taps summed in bf16 loses most of its bits.
    Type accElement = elementType;
    Type accOrigElement = origResult;
    if (auto floatType = dyn_cast<FloatType>(elementType);
        floatType && floatType.getWidth() < 32) {
      accElement = rewriter.getF32Type();
      accOrigElement = accElement;
    }
    auto accType = RankedTensorType::get(resultType.getShape(), accElement);
    Value zero = hlo::detail::createZero(rewriter, loc, accElement);
    Value empty = hlo::detail::createEmptyTensor(rewriter, loc, accType);
    Value init = linalg::FillOp::create(rewriter, loc, ValueRange{zero},
                                        ValueRange{empty})
                     .getResult(0);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{accType}, ValueRange{adaptor.getRhs()},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          auto index = [&](int64_t v) -> Value {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          auto loopIndex = [&](int64_t d) -> Value {
            return linalg::IndexOp::create(b, l, d);
          };
          Value o = loopIndex(dims.getOutputFeatureDimension());
          Value n = loopIndex(dims.getOutputBatchDimension());
          Value i = loopIndex(rank + spatial);
          SmallVector<Value> position(rank);
          // Feature groups: output feature o belongs to group o / (O / G).
          Value featureGroup =
              arith::DivUIOp::create(b, l, o, index(outFeatures / featureGroups));
          position[dims.getInputFeatureDimension()] = arith::AddIOp::create(
              b, l, arith::MulIOp::create(b, l, featureGroup, index(kernelIn)), i);
          Value batchGroup =
              arith::DivUIOp::create(b, l, o, index(outFeatures / batchGroups));
          position[dims.getInputBatchDimension()] = arith::AddIOp::create(
              b, l, arith::MulIOp::create(b, l, batchGroup, index(outBatch)), n);
          Value valid = arith::ConstantIntOp::create(b, l, 1, 1);
          for (int64_t s = 0; s < spatial; ++s) {
            int64_t inputDim = dims.getInputSpatialDimensions()[s];
            int64_t size = lhsType.getDimSize(inputDim);
            int64_t dilated = size == 0 ? 0 : (size - 1) * lhsDilation[s] + 1;
            Value out = loopIndex(dims.getOutputSpatialDimensions()[s]);
            Value stride = index(strides[s]);
            Value windowStart = arith::MulIOp::create(b, l, out, stride);
            Value window = loopIndex(rank + s);
            if (reversal[s]) {
              int64_t kernelSize =
                  rhsType.getDimSize(dims.getKernelSpatialDimensions()[s]);
              Value last = index(kernelSize - 1);
              window = arith::SubIOp::create(b, l, last, window);
            }
            Value rhsDilationStep = index(rhsDilation[s]);
            Value windowOffset =
                arith::MulIOp::create(b, l, window, rhsDilationStep);
            Value pos = arith::AddIOp::create(b, l, windowStart, windowOffset);
            pos = arith::SubIOp::create(b, l, pos, index(padding[s].first));
            Value notBelow = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::sge, pos, index(0));
            Value notAbove = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::slt, pos, index(dilated));
            Value inside = arith::AndIOp::create(b, l, notBelow, notAbove);
            valid = arith::AndIOp::create(b, l, valid, inside);
            if (lhsDilation[s] != 1) {
              Value offGrid =
                  arith::RemSIOp::create(b, l, pos, index(lhsDilation[s]));
              Value zeroIndex = index(0);
              Value onGrid = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::eq, offGrid, zeroIndex);
              valid = arith::AndIOp::create(b, l, valid, onGrid);
              pos = arith::DivSIOp::create(b, l, pos, index(lhsDilation[s]));
            }
            position[inputDim] = pos;
          }
          auto read = scf::IfOp::create(
              b, l, valid,
              [&](OpBuilder &tb, Location tl) {
                scf::YieldOp::create(
                    tb, tl,
                    Value(tensor::ExtractOp::create(tb, tl, adaptor.getLhs(), position)));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(
                    eb, el, hlo::detail::createZero(eb, el, lhsElement));
              });
          Value x = read.getResult(0), w = args[0], acc = args[1];
          if (origLhs != accOrigElement)
            x = hlo::convertScalar(b, l, x, origLhs, accOrigElement);
          if (origRhs != accOrigElement)
            w = hlo::convertScalar(b, l, w, origRhs, accOrigElement);
          Value sum;
          if (isa<ComplexType>(elementType))
            sum = complex::AddOp::create(b, l, acc, complex::MulOp::create(b, l, x, w));
          else if (isa<FloatType>(elementType))
            sum = arith::AddFOp::create(b, l, acc, arith::MulFOp::create(b, l, x, w));
          else
            sum = arith::AddIOp::create(b, l, acc, arith::MulIOp::create(b, l, x, w));
          linalg::YieldOp::create(b, l, sum);
        });
    Value result = generic.getResult(0);
    if (accElement != elementType) {
      Value rounded = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
      AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
      result =
          linalg::GenericOp::create(
              rewriter, loc, TypeRange{resultType}, ValueRange{result},
              ValueRange{rounded}, SmallVector<AffineMap>{identity, identity},
              SmallVector<utils::IteratorType>(rank,
                                               utils::IteratorType::parallel),
              [&](OpBuilder &b, Location l, ValueRange args) {
                Value narrow =
                    arith::TruncFOp::create(b, l, elementType, args[0]);
                linalg::YieldOp::create(b, l, narrow);
              })
              .getResult(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void hlo::detail::populateConvolutionPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<ConvolutionToLinalg>(converter, patterns.getContext());
}
