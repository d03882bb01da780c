//===- HloFftToLinalg.cpp - fft as direct DFT contractions ----------------===//
//
// Each transformed dimension is one linalg.generic: a direct discrete
// Fourier transform Y[..k..] = sum_n X[..n..] * exp(-+2 pi i (k n mod N) / N)
// (times 1/N for inverse transforms), with a reduction loop over n. RFFT
// transforms the real input as complex and keeps the first N/2+1
// coefficients of the last dimension; IRFFT inverts the leading dimensions,
// then rebuilds the last dimension's Hermitian spectrum (X[N-k] = conj X[k])
// and keeps the real part. O(N^2) per dimension: exact, not fast.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The full N-point spectrum along `dim` from its first N/2+1 coefficients:
/// index k > N/2 holds conj(X[N-k]).
Value hermitianExtend(OpBuilder &b, Location loc, Value input, int64_t dim,
                      int64_t n) {
  auto inputType = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape(inputType.getShape());
  shape[dim] = n;
  auto outType = inputType.clone(shape);
  int64_t rank = inputType.getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{},
      ValueRange{hlo::detail::createEmptyTensor(b, loc, outType)},
      ArrayRef<AffineMap>{id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &gb, Location l, ValueRange) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(gb, l, d));
        Value k = position[dim];
        Value half = arith::ConstantIndexOp::create(gb, l, n / 2);
        Value mirrored =
            arith::CmpIOp::create(gb, l, arith::CmpIPredicate::ugt, k, half);
        position[dim] = arith::SelectOp::create(
            gb, l, mirrored,
            arith::SubIOp::create(gb, l, arith::ConstantIndexOp::create(gb, l, n), k),
            k);
        Value raw = tensor::ExtractOp::create(gb, l, input, position);
        Value conj = complex::ConjOp::create(gb, l, raw);
        linalg::YieldOp::create(
            gb, l, Value(arith::SelectOp::create(gb, l, mirrored, conj, raw)));
      });
  return generic.getResult(0);
}

/// One DFT along `dim` of the complex tensor `input` (N = `n` points),
/// giving its first `outSize` coefficients.
Value dft(OpBuilder &b, Location loc, Value input, int64_t dim, int64_t n,
          int64_t outSize, bool inverse) {
  auto inputType = cast<RankedTensorType>(input.getType());
  auto complexType = cast<ComplexType>(inputType.getElementType());
  auto partType = cast<FloatType>(complexType.getElementType());
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> outShape(inputType.getShape());
  outShape[dim] = outSize;
  auto outType = RankedTensorType::get(outShape, complexType);
  Value zero = hlo::detail::createZero(b, loc, complexType);
  Value init = linalg::FillOp::create(
                   b, loc, ValueRange{zero},
                   ValueRange{hlo::detail::createEmptyTensor(b, loc, outType)})
                   .getResult(0);
  MLIRContext *context = b.getContext();
  SmallVector<AffineExpr> outExprs;
  for (int64_t d = 0; d < rank; ++d)
    outExprs.push_back(getAffineDimExpr(d, context));
  AffineMap outMap = AffineMap::get(rank + 1, 0, outExprs, context);
  // The input is read at the summation index (loop `rank`) in `dim`.
  SmallVector<AffineExpr> inExprs(outExprs);
  inExprs[dim] = getAffineDimExpr(rank, context);
  AffineMap inMap = AffineMap::get(rank + 1, 0, inExprs, context);
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  double scale = inverse ? 1.0 / static_cast<double>(n) : 1.0;
  double sign = inverse ? 1.0 : -1.0;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{input}, ValueRange{init},
      ArrayRef<AffineMap>{inMap, outMap}, iterators,
      [&](OpBuilder &gb, Location l, ValueRange args) {
        auto index = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(gb, l, v);
        };
        Value k = linalg::IndexOp::create(gb, l, dim);
        Value m = linalg::IndexOp::create(gb, l, rank); // summation index
        Value x = args[0];
        // Angle from (k * m) mod N, so the argument stays small and exact.
        auto mulI = arith::MulIOp::create(gb, l, k, m);
        auto index2 = index(n);
        Value km = arith::RemUIOp::create(gb, l, mulI, index2);
        Value kmFloat = arith::UIToFPOp::create(
            gb, l, partType,
            arith::IndexCastUIOp::create(gb, l, gb.getI64Type(), km));
        Value angle = arith::MulFOp::create(
            gb, l, kmFloat,
            arith::ConstantOp::create(
                gb, l, partType,
                gb.getFloatAttr(partType, sign * 2.0 * M_PI / static_cast<double>(n))));
        Value scaleValue = arith::ConstantOp::create(
            gb, l, partType, gb.getFloatAttr(partType, scale));
        Value re = arith::MulFOp::create(gb, l, math::CosOp::create(gb, l, angle), scaleValue);
        Value im = arith::MulFOp::create(gb, l, math::SinOp::create(gb, l, angle), scaleValue);
        Value twiddle = complex::CreateOp::create(gb, l, complexType, re, im);
        Value term = complex::MulOp::create(gb, l, x, twiddle);
        linalg::YieldOp::create(gb, l,
                                Value(complex::AddOp::create(gb, l, args[1], term)));
      });
  return generic.getResult(0);
}

struct FftToLinalg : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!operandType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    ArrayRef<int64_t> length = op.getFftLength();
    int64_t rank = operandType.getRank();
    int64_t l = length.size();
    FftType type = op.getFftType();
    Value value = adaptor.getOperand();

    if (type == FftType::RFFT) {
      // Real to complex, then a full forward transform.
      auto complexType = ComplexType::get(operandType.getElementType());
      auto complexTensor = operandType.clone(complexType);
      Value empty = hlo::detail::createEmptyTensor(rewriter, loc, complexTensor);
      AffineMap id = AffineMap::getMultiDimIdentityMap(rank, op.getContext());
      value = linalg::GenericOp::create(
                  rewriter, loc, TypeRange{complexTensor}, ValueRange{value},
                  ValueRange{empty}, ArrayRef<AffineMap>{id, id},
                  SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
                  [&](OpBuilder &b, Location bl, ValueRange args) {
                    Value zero = arith::ConstantOp::create(
                        b, bl, args[0].getType(),
                        b.getFloatAttr(args[0].getType(), 0.0));
                    linalg::YieldOp::create(
                        b, bl,
                        Value(complex::CreateOp::create(b, bl, complexType, args[0], zero)));
                  })
                  .getResult(0);
      for (int64_t i = 0; i < l; ++i) {
        int64_t dim = rank - l + i;
        int64_t outSize = i == l - 1 ? length[i] / 2 + 1 : length[i];
        value = dft(rewriter, loc, value, dim, length[i], outSize,
                    /*inverse=*/false);
      }
      rewriter.replaceOp(op, value);
      return success();
    }
    bool inverse = type != FftType::FFT;
    int64_t plain = type == FftType::IRFFT ? l - 1 : l;
    for (int64_t i = 0; i < plain; ++i)
      value = dft(rewriter, loc, value, rank - l + i, length[i], length[i],
                  inverse);
    if (type != FftType::IRFFT) {
      rewriter.replaceOp(op, value);
      return success();
    }
    // The last dimension from its N/2+1 coefficients; keep the real part.
    value = hermitianExtend(rewriter, loc, value, rank - 1, length[l - 1]);
    value = dft(rewriter, loc, value, rank - 1, length[l - 1], length[l - 1],
                /*inverse=*/true);
    Value empty = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    AffineMap id = AffineMap::getMultiDimIdentityMap(rank, op.getContext());
    auto real = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{value}, ValueRange{empty},
        ArrayRef<AffineMap>{id, id},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location bl, ValueRange args) {
          linalg::YieldOp::create(b, bl, Value(complex::ReOp::create(b, bl, args[0])));
        });
    rewriter.replaceOp(op, real.getResults());
    return success();
  }
};

} // namespace

void hlo::detail::populateFftPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<FftToLinalg>(converter, patterns.getContext());
}
