//===- HloFftToLinalg.cpp - fft as mixed-radix FFT stages ------------------===//
//
// hlo.fft as an O(N log N) algorithm on tensors. Complex data travels as two
// tensors of its part type (real and imaginary parts), so that every stage
// is a linalg.generic over f32/f64 that the CPU vectorizer handles.
//
// One transformed dimension of length N, seen as [P, N, T] (P: the
// dimensions before it, T: those after it, both batch):
//
//  * N = r1 * r2 * ... * rs (radix 4 first, then 2, then the odd primes up
//    to kLargestRadix): one decimation-in-frequency stage per factor. Stage
//    j reads [P * r1..r(j-1), rj, Mj, T] (Mj = r(j+1)..rs) and writes
//    y[p, k, m, t] = sum_n x[p, n, m, t] * W_N'^((n Mj + m) k), N' = rj Mj:
//    the radix-rj DFT and the twiddles of the next stage in one constant
//    (computed in double precision at compile time, scaled by 1/N for
//    inverse transforms in the first stage). Radices up to 8 sum their
//    digits unrolled in a parallel generic (one input slice per digit),
//    larger ones (and stages with over 2^16 constants, whose twiddles are
//    then a constant of their own) as a reduction loop. The result digits come out reversed;
//    one transpose puts them in order.
//  * N with a prime factor above kLargestRadix: Bluestein's algorithm,
//    X_k = w_k sum_j (x_j w_j) conj(w_(k-j)) with the chirp
//    w_j = exp(-+ i pi j^2 / N), the convolution done by power-of-two
//    transforms of length L >= 2N - 1 (the transform of the conjugate chirp
//    is a constant).
//  * RFFT with N even: the N/2-point complex transform of
//    z_j = x_2j + i x_2j+1, then X_k = E_k + W_N^k O_k with
//    E_k = (Z_k + conj Z_(N/2-k)) / 2 and O_k = (Z_k - conj Z_(N/2-k)) / 2i;
//    IRFFT with N even the converse (the imaginary parts of X_0 and
//    X_(N/2) are ignored, as numpy and XLA do). Odd N goes through the
//    complex transform (IRFFT after rebuilding the Hermitian spectrum).
//
// Several transformed dimensions are transformed one after the other
// (RFFT: the last one first; IRFFT: the last one last).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>
#include <complex>
#include <numeric>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Prime factors up to this size are stages of their own; a length with a
/// larger one goes through Bluestein's algorithm.
constexpr int64_t kLargestRadix = 31;

/// A stage's combined DFT-and-twiddle constant has r*r*M elements; above
/// this many the stage is a reduction with the twiddles a separate r*M
/// constant.
constexpr int64_t kLargestCombinedConstant = int64_t(1) << 16;

/// Complex values as their real and imaginary parts (tensors of one shape).
struct Parts {
  Value re, im;
};

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

FloatType partTypeOf(Value v) {
  return cast<FloatType>(tensorType(v).getElementType());
}

/// exp(i * 2 pi * numerator / denominator), the numerator reduced first so
/// the angle is exact to double precision.
std::complex<double> unitRoot(int64_t numerator, int64_t denominator) {
  int64_t reduced = numerator % denominator;
  if (reduced < 0)
    reduced += denominator;
  // Quarter turns exactly (no 1e-16 where 0 belongs).
  if ((4 * reduced) % denominator == 0) {
    constexpr std::complex<double> quarter[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    return quarter[4 * reduced / denominator];
  }
  // The angle in (-pi, pi], where cos and sin are most accurate.
  if (2 * reduced > denominator)
    reduced -= denominator;
  double angle = 2.0 * M_PI * static_cast<double>(reduced) /
                 static_cast<double>(denominator);
  return {std::cos(angle), std::sin(angle)};
}

/// `v` (static shape) reshaped to `shape` with as many elements: a collapse
/// to one dimension and an expansion, which fold away when they cancel.
Value reshapeTo(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  RankedTensorType type = tensorType(v);
  if (type.getShape() == shape)
    return v;
  Value flat = v;
  if (type.getRank() != 1) {
    ReassociationIndices all(type.getRank());
    std::iota(all.begin(), all.end(), 0);
    flat = tensor::CollapseShapeOp::create(b, loc, v,
                                           ArrayRef<ReassociationIndices>{all});
  }
  if (shape.size() == 1)
    return flat;
  ReassociationIndices all(shape.size());
  std::iota(all.begin(), all.end(), 0);
  auto outType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExpandShapeOp::create(b, loc, outType, flat,
                                       ArrayRef<ReassociationIndices>{all});
}

Parts reshapeTo(OpBuilder &b, Location loc, Parts v, ArrayRef<int64_t> shape) {
  Value re = reshapeTo(b, loc, v.re, shape);
  Value im = reshapeTo(b, loc, v.im, shape);
  return {re, im};
}

/// A constant tensor of `partType` from double-precision values.
Value constantTensor(OpBuilder &b, Location loc, FloatType partType,
                     ArrayRef<int64_t> shape, ArrayRef<double> values) {
  auto type = RankedTensorType::get(shape, partType);
  DenseElementsAttr attr;
  if (partType.isF64()) {
    attr = DenseElementsAttr::get(type, values);
  } else {
    SmallVector<float> narrow(values.begin(), values.end());
    attr = DenseElementsAttr::get(type, ArrayRef<float>(narrow));
  }
  return arith::ConstantOp::create(b, loc, type, attr);
}

Parts constantParts(OpBuilder &b, Location loc, FloatType partType,
                    ArrayRef<int64_t> shape,
                    ArrayRef<std::complex<double>> values) {
  SmallVector<double> re, im;
  for (std::complex<double> v : values) {
    re.push_back(v.real());
    im.push_back(v.imag());
  }
  Value reValue = constantTensor(b, loc, partType, shape, re);
  Value imValue = constantTensor(b, loc, partType, shape, im);
  return {reValue, imValue};
}

Value emptyLike(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                Type elementType) {
  return hlo::detail::createEmptyTensor(
      b, loc, RankedTensorType::get(shape, elementType));
}

Value zeros(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
            FloatType partType) {
  Value empty = emptyLike(b, loc, shape, partType);
  Value zero = hlo::detail::createZero(b, loc, partType);
  return linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{empty})
      .getResult(0);
}

SmallVector<utils::IteratorType> parallelIterators(int64_t n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

/// The complex product (ar + i ai)(br + i bi).
std::pair<Value, Value> complexMul(OpBuilder &b, Location l, Value ar,
                                   Value ai, Value br, Value bi) {
  Value rr = arith::MulFOp::create(b, l, ar, br);
  Value ii = arith::MulFOp::create(b, l, ai, bi);
  Value ri = arith::MulFOp::create(b, l, ar, bi);
  Value ir = arith::MulFOp::create(b, l, ai, br);
  Value re = arith::SubFOp::create(b, l, rr, ii);
  Value im = arith::AddFOp::create(b, l, ri, ir);
  return {re, im};
}

/// Real and imaginary parts of a complex tensor.
Parts splitComplex(OpBuilder &b, Location loc, Value value) {
  RankedTensorType type = tensorType(value);
  auto partType = cast<ComplexType>(type.getElementType()).getElementType();
  int64_t rank = type.getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  Value reInit = emptyLike(b, loc, type.getShape(), partType);
  Value imInit = emptyLike(b, loc, type.getShape(), partType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{reInit.getType(), imInit.getType()}, ValueRange{value},
      ValueRange{reInit, imInit}, ArrayRef<AffineMap>{id, id, id},
      parallelIterators(rank), [&](OpBuilder &gb, Location l, ValueRange args) {
        Value re = complex::ReOp::create(gb, l, args[0]);
        Value im = complex::ImOp::create(gb, l, args[0]);
        linalg::YieldOp::create(gb, l, ValueRange{re, im});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

/// The complex tensor of `parts`.
Value joinComplex(OpBuilder &b, Location loc, Parts parts) {
  RankedTensorType type = tensorType(parts.re);
  auto complexType = ComplexType::get(type.getElementType());
  int64_t rank = type.getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  Value init = emptyLike(b, loc, type.getShape(), complexType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{parts.re, parts.im},
      ValueRange{init}, ArrayRef<AffineMap>{id, id, id},
      parallelIterators(rank), [&](OpBuilder &gb, Location l, ValueRange args) {
        Value c = complex::CreateOp::create(gb, l, complexType, args[0], args[1]);
        linalg::YieldOp::create(gb, l, c);
      });
  return generic.getResult(0);
}

/// x[p, j, t] * v[j] for x of shape [P, n, T] and a constant vector v.
Parts multiplyAlong(OpBuilder &b, Location loc, Parts x, int64_t p, int64_t n,
                    int64_t t, ArrayRef<std::complex<double>> v) {
  FloatType partType = partTypeOf(x.re);
  MLIRContext *context = b.getContext();
  // Unit T dropped, so that the innermost loop is a real one.
  SmallVector<int64_t> shape = {p, n};
  if (t != 1)
    shape.push_back(t);
  x = reshapeTo(b, loc, x, shape);
  Parts vector = constantParts(b, loc, partType, {n}, v);
  int64_t rank = shape.size();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, context);
  AffineMap along = AffineMap::get(rank, 0, getAffineDimExpr(1, context));
  Value reInit = emptyLike(b, loc, shape, partType);
  Value imInit = emptyLike(b, loc, shape, partType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{reInit.getType(), imInit.getType()},
      ValueRange{x.re, x.im, vector.re, vector.im}, ValueRange{reInit, imInit},
      ArrayRef<AffineMap>{id, id, along, along, id, id},
      parallelIterators(rank), [&](OpBuilder &gb, Location l, ValueRange args) {
        auto [re, im] = complexMul(gb, l, args[0], args[1], args[2], args[3]);
        linalg::YieldOp::create(gb, l, ValueRange{re, im});
      });
  Parts result{generic.getResult(0), generic.getResult(1)};
  return reshapeTo(b, loc, result, {p, n, t});
}

/// One decimation-in-frequency stage (see the file comment): x is
/// [P, r, M, T], the result [P, r, M, T] with k in place of n.
Parts radixStage(OpBuilder &b, Location loc, Parts x, int64_t p, int64_t r,
                 int64_t m, int64_t t, int sign, double scale) {
  FloatType partType = partTypeOf(x.re);
  MLIRContext *context = b.getContext();
  int64_t n = r * m;
  // Loops in the order p, k, j (the reduction over input digits), m, t;
  // unit m and t are left out, and with both left out k goes innermost.
  enum Loop { LP, LK, LJ, LM, LT };
  SmallVector<Loop> loops = {LP, LK, LJ};
  if (m != 1)
    loops.push_back(LM);
  if (t != 1)
    loops.push_back(LT);
  if (m == 1 && t == 1)
    loops = {LP, LJ, LK};
  auto dim = [&](Loop loop) {
    return getAffineDimExpr(llvm::find(loops, loop) - loops.begin(), context);
  };
  int64_t numLoops = loops.size();
  auto mapOf = [&](ArrayRef<Loop> dims) {
    SmallVector<AffineExpr> exprs;
    for (Loop loop : dims)
      if (llvm::is_contained(loops, loop))
        exprs.push_back(dim(loop));
    return AffineMap::get(numLoops, 0, exprs, context);
  };
  SmallVector<int64_t> inShape = {p, r};
  if (m != 1)
    inShape.push_back(m);
  if (t != 1)
    inShape.push_back(t);
  x = reshapeTo(b, loc, x, inShape);

  // The DFT matrix and the twiddles: one constant C[j, k, m] =
  // W^((j M + m) k), or, when that is large, F[j, k] = W_r^(j k) and
  // T[k, m] = W^(m k).
  bool combined = r * r * m <= kLargestCombinedConstant;
  SmallVector<Value> ins = {x.re, x.im};
  SmallVector<AffineMap> maps = {mapOf({LP, LJ, LM, LT}),
                                 mapOf({LP, LJ, LM, LT})};
  if (combined) {
    SmallVector<std::complex<double>> c;
    for (int64_t j = 0; j < r; ++j)
      for (int64_t k = 0; k < r; ++k)
        for (int64_t i = 0; i < m; ++i)
          c.push_back(scale * unitRoot(sign * (j * m + i) * k, n));
    SmallVector<int64_t> shape = {r, r};
    if (m != 1)
      shape.push_back(m);
    Parts constant = constantParts(b, loc, partType, shape, c);
    ins.append({constant.re, constant.im});
    maps.append(2, mapOf({LJ, LK, LM}));
  } else {
    SmallVector<std::complex<double>> f, tw;
    for (int64_t j = 0; j < r; ++j)
      for (int64_t k = 0; k < r; ++k)
        f.push_back(scale * unitRoot(sign * j * k, r));
    for (int64_t k = 0; k < r; ++k)
      for (int64_t i = 0; i < m; ++i)
        tw.push_back(unitRoot(sign * i * k, n));
    Parts dft = constantParts(b, loc, partType, {r, r}, f);
    Parts twiddles = constantParts(b, loc, partType, {r, m}, tw);
    ins.append({dft.re, dft.im, twiddles.re, twiddles.im});
    maps.append(2, mapOf({LJ, LK}));
    maps.append(2, mapOf({LK, LM}));
  }
  SmallVector<int64_t> outShape = inShape;
  Value reInit = zeros(b, loc, outShape, partType);
  Value imInit = zeros(b, loc, outShape, partType);
  maps.append(2, mapOf({LP, LK, LM, LT}));
  SmallVector<utils::IteratorType> iterators = parallelIterators(numLoops);
  iterators[llvm::find(loops, LJ) - loops.begin()] =
      utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{reInit.getType(), imInit.getType()}, ins,
      ValueRange{reInit, imInit}, maps, iterators,
      [&](OpBuilder &gb, Location l, ValueRange args) {
        Value cr = args[2], ci = args[3];
        if (!combined)
          std::tie(cr, ci) = complexMul(gb, l, args[2], args[3], args[4], args[5]);
        auto [re, im] = complexMul(gb, l, args[0], args[1], cr, ci);
        size_t acc = args.size() - 2;
        Value sumRe = arith::AddFOp::create(gb, l, args[acc], re);
        Value sumIm = arith::AddFOp::create(gb, l, args[acc + 1], im);
        linalg::YieldOp::create(gb, l, ValueRange{sumRe, sumIm});
      });
  Parts result{generic.getResult(0), generic.getResult(1)};
  return reshapeTo(b, loc, result, {p, r, m, t});
}

/// Radices up to this size are stages whose sum over the input digit is
/// unrolled in the body (one input per digit): no accumulator round trips.
constexpr int64_t kLargestUnrolledRadix = 8;

/// The stage of radixStage with the sum over the r input digits unrolled:
/// y[p, k, m, t] = sum_j x_j[p, m, t] C_j[k, m], all loops parallel.
Parts unrolledRadixStage(OpBuilder &b, Location loc, Parts x, int64_t p,
                         int64_t r, int64_t m, int64_t t, int sign,
                         double scale) {
  FloatType partType = partTypeOf(x.re);
  MLIRContext *context = b.getContext();
  int64_t n = r * m;
  // Loops p, k, m, t with unit m and t left out.
  SmallVector<int64_t> inShape = {p, r};
  SmallVector<int64_t> sliceShape = {p};
  SmallVector<int64_t> constantShape = {r};
  int64_t numLoops = 2;
  if (m != 1) {
    inShape.push_back(m);
    sliceShape.push_back(m);
    constantShape.push_back(m);
    ++numLoops;
  }
  if (t != 1) {
    inShape.push_back(t);
    sliceShape.push_back(t);
    ++numLoops;
  }
  x = reshapeTo(b, loc, x, inShape);
  auto d = [&](int64_t i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineExpr> sliceExprs = {d(0)};
  SmallVector<AffineExpr> constantExprs = {d(1)};
  for (int64_t i = 2; i < numLoops; ++i)
    sliceExprs.push_back(d(i));
  if (m != 1)
    constantExprs.push_back(d(2));
  AffineMap sliceMap = AffineMap::get(numLoops, 0, sliceExprs, context);
  AffineMap constantMap = AffineMap::get(numLoops, 0, constantExprs, context);
  AffineMap outMap = AffineMap::getMultiDimIdentityMap(numLoops, context);

  SmallVector<Value> ins;
  SmallVector<AffineMap> maps;
  int64_t rank = inShape.size();
  auto sliceType = RankedTensorType::get(sliceShape, partType);
  for (int64_t j = 0; j < r; ++j) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[1] = b.getIndexAttr(j);
    SmallVector<OpFoldResult> sizes;
    for (int64_t s : inShape)
      sizes.push_back(b.getIndexAttr(s));
    sizes[1] = b.getIndexAttr(1);
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    for (Value part : {x.re, x.im}) {
      Value slice = tensor::ExtractSliceOp::create(b, loc, sliceType, part,
                                                   offsets, sizes, strides);
      ins.push_back(slice);
      maps.push_back(sliceMap);
    }
  }
  for (int64_t j = 0; j < r; ++j) {
    SmallVector<std::complex<double>> c;
    for (int64_t k = 0; k < r; ++k)
      for (int64_t i = 0; i < m; ++i)
        c.push_back(scale * unitRoot(sign * (j * m + i) * k, n));
    Parts constant = constantParts(b, loc, partType, constantShape, c);
    ins.append({constant.re, constant.im});
    maps.append(2, constantMap);
  }
  SmallVector<int64_t> outShape = inShape;
  Value reInit = emptyLike(b, loc, outShape, partType);
  Value imInit = emptyLike(b, loc, outShape, partType);
  maps.append(2, outMap);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{reInit.getType(), imInit.getType()}, ins,
      ValueRange{reInit, imInit}, maps, parallelIterators(numLoops),
      [&](OpBuilder &gb, Location l, ValueRange args) {
        Value sumRe, sumIm;
        for (int64_t j = 0; j < r; ++j) {
          auto [re, im] =
              complexMul(gb, l, args[2 * j], args[2 * j + 1],
                         args[2 * r + 2 * j], args[2 * r + 2 * j + 1]);
          if (j == 0) {
            sumRe = re;
            sumIm = im;
            continue;
          }
          sumRe = arith::AddFOp::create(gb, l, sumRe, re);
          sumIm = arith::AddFOp::create(gb, l, sumIm, im);
        }
        linalg::YieldOp::create(gb, l, ValueRange{sumRe, sumIm});
      });
  Parts result{generic.getResult(0), generic.getResult(1)};
  return reshapeTo(b, loc, result, {p, r, m, t});
}

SmallVector<int64_t> primeFactors(int64_t n) {
  SmallVector<int64_t> factors;
  for (int64_t f = 2; f * f <= n; ++f)
    while (n % f == 0) {
      factors.push_back(f);
      n /= f;
    }
  if (n > 1)
    factors.push_back(n);
  return factors;
}

/// The radices of a length whose prime factors are all small: 4 while two
/// factors of 2 remain, then 2, then the odd primes in increasing order.
SmallVector<int64_t> radicesOf(int64_t n) {
  SmallVector<int64_t> factors = primeFactors(n);
  int64_t twos = llvm::count(factors, 2);
  SmallVector<int64_t> radices(twos / 2, 4);
  if (twos % 2)
    radices.push_back(2);
  for (int64_t f : factors)
    if (f != 2)
      radices.push_back(f);
  return radices;
}

/// The discrete Fourier transform of a power-of-two number of values in
/// double precision (compile-time constants of Bluestein's algorithm).
void hostFft(std::vector<std::complex<double>> &a) {
  size_t n = a.size();
  for (size_t i = 1, j = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j)
      std::swap(a[i], a[j]);
  }
  for (size_t len = 2; len <= n; len <<= 1)
    for (size_t i = 0; i < n; i += len)
      for (size_t k = 0; k < len / 2; ++k) {
        std::complex<double> w = unitRoot(-static_cast<int64_t>(k), len);
        std::complex<double> u = a[i + k], v = a[i + k + len / 2] * w;
        a[i + k] = u + v;
        a[i + k + len / 2] = u - v;
      }
}

Parts transform(OpBuilder &b, Location loc, Parts x, int64_t p, int64_t n,
                int64_t t, int sign, double scale);

/// Bluestein's algorithm (see the file comment) on x of shape [P, N, T].
Parts bluestein(OpBuilder &b, Location loc, Parts x, int64_t p, int64_t n,
                int64_t t, int sign, double scale) {
  FloatType partType = partTypeOf(x.re);
  int64_t length = 1;
  while (length < 2 * n - 1)
    length <<= 1;
  SmallVector<std::complex<double>> chirp;
  for (int64_t j = 0; j < n; ++j)
    chirp.push_back(unitRoot(sign * ((j * j) % (2 * n)), 2 * n));
  std::vector<std::complex<double>> kernel(length);
  for (int64_t j = 0; j < n; ++j) {
    kernel[j] = std::conj(chirp[j]);
    if (j != 0)
      kernel[length - j] = std::conj(chirp[j]);
  }
  hostFft(kernel);
  // The inverse transform of the convolution is unnormalized: 1/L here.
  SmallVector<std::complex<double>> spectrum;
  for (std::complex<double> k : kernel)
    spectrum.push_back(k * (scale / static_cast<double>(length)));

  Parts a = multiplyAlong(b, loc, x, p, n, t, chirp);
  SmallVector<int64_t> padded = {p, length, t};
  SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(p), b.getIndexAttr(n),
                                     b.getIndexAttr(t)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto pad = [&](Value v) -> Value {
    Value base = zeros(b, loc, padded, partType);
    return tensor::InsertSliceOp::create(b, loc, v, base, offsets, sizes,
                                         strides);
  };
  Value padRe = pad(a.re);
  Value padIm = pad(a.im);
  Parts spectrumA = transform(b, loc, {padRe, padIm}, p, length, t, -1, 1.0);
  Parts product = multiplyAlong(b, loc, spectrumA, p, length, t, spectrum);
  Parts convolution = transform(b, loc, product, p, length, t, 1, 1.0);
  auto slice = [&](Value v) -> Value {
    auto type = RankedTensorType::get({p, n, t}, partType);
    return tensor::ExtractSliceOp::create(b, loc, type, v, offsets, sizes,
                                          strides);
  };
  Value sliceRe = slice(convolution.re);
  Value sliceIm = slice(convolution.im);
  return multiplyAlong(b, loc, {sliceRe, sliceIm}, p, n, t, chirp);
}

/// The DFT of length N along the middle dimension of x seen as [P, N, T]
/// (any shape with P*N*T elements): sum_j x_j exp(sign 2 pi i j k / N),
/// times `scale`. Returns [P, N, T].
Parts transform(OpBuilder &b, Location loc, Parts x, int64_t p, int64_t n,
                int64_t t, int sign, double scale) {
  if (n == 1) {
    if (scale == 1.0)
      return reshapeTo(b, loc, x, {p, n, t});
    return multiplyAlong(b, loc, x, p, n, t, {std::complex<double>(scale)});
  }
  SmallVector<int64_t> radices = radicesOf(n);
  if (*llvm::max_element(radices) > kLargestRadix)
    return bluestein(b, loc, x, p, n, t, sign, scale);
  int64_t batch = p;
  int64_t rest = n;
  for (auto [index, r] : llvm::enumerate(radices)) {
    rest /= r;
    double stageScale = index == 0 ? scale : 1.0;
    bool unrolled = r <= kLargestUnrolledRadix &&
                    r * r * rest <= kLargestCombinedConstant;
    x = unrolled ? unrolledRadixStage(b, loc, x, batch, r, rest, t, sign, stageScale)
            : radixStage(b, loc, x, batch, r, rest, t, sign, stageScale);
    batch *= r;
  }
  if (radices.size() == 1)
    return reshapeTo(b, loc, x, {p, n, t});
  // Digit reversal: [P, d1, ..., ds, T] holds X[d1 + r1 d2 + r1 r2 d3 ...].
  SmallVector<int64_t> digits = {p};
  llvm::append_range(digits, radices);
  digits.push_back(t);
  SmallVector<int64_t> permutation = {0};
  for (int64_t i = radices.size(); i >= 1; --i)
    permutation.push_back(i);
  permutation.push_back(radices.size() + 1);
  SmallVector<int64_t> reversed;
  for (int64_t i : permutation)
    reversed.push_back(digits[i]);
  auto transpose = [&](Value v) -> Value {
    Value in = reshapeTo(b, loc, v, digits);
    Value init = emptyLike(b, loc, reversed, partTypeOf(v));
    Value out =
        linalg::TransposeOp::create(b, loc, in, init, permutation).getResult()[0];
    return reshapeTo(b, loc, out, {p, n, t});
  };
  Value re = transpose(x.re);
  Value im = transpose(x.im);
  return {re, im};
}

/// `shape` split around `dim` into (P, N, T).
std::tuple<int64_t, int64_t, int64_t> around(ArrayRef<int64_t> shape,
                                             int64_t dim) {
  int64_t p = 1, t = 1;
  for (int64_t i = 0; i < dim; ++i)
    p *= shape[i];
  for (int64_t i = dim + 1, e = shape.size(); i < e; ++i)
    t *= shape[i];
  return {p, shape[dim], t};
}

/// The complex transform along `dim` of `x` (shape `shape`), in place.
Parts transformDim(OpBuilder &b, Location loc, Parts x,
                   ArrayRef<int64_t> shape, int64_t dim, int sign) {
  auto [p, n, t] = around(shape, dim);
  double scale = sign > 0 ? 1.0 / static_cast<double>(n) : 1.0;
  Parts y = transform(b, loc, x, p, n, t, sign, scale);
  return reshapeTo(b, loc, y, shape);
}

/// A generic over `shape` (rank 2: [Q, K]) whose body builds each element
/// from the loop indices; returns its two results.
Parts indexedGeneric(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape, FloatType partType,
    ValueRange ins, ArrayRef<AffineMap> inMaps,
    function_ref<std::pair<Value, Value>(OpBuilder &, Location, ValueRange)>
        body) {
  int64_t rank = shape.size();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, b.getContext());
  Value reInit = emptyLike(b, loc, shape, partType);
  Value imInit = emptyLike(b, loc, shape, partType);
  SmallVector<AffineMap> maps(inMaps);
  maps.append({id, id});
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{reInit.getType(), imInit.getType()}, ins,
      ValueRange{reInit, imInit}, maps, parallelIterators(rank),
      [&](OpBuilder &gb, Location l, ValueRange args) {
        auto [re, im] = body(gb, l, args);
        linalg::YieldOp::create(gb, l, ValueRange{re, im});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

Value indexConstant(OpBuilder &b, Location l, int64_t v) {
  return arith::ConstantIndexOp::create(b, l, v);
}

Value half(OpBuilder &b, Location l, Value v) {
  Value c = arith::ConstantOp::create(b, l, v.getType(),
                                      b.getFloatAttr(v.getType(), 0.5));
  return arith::MulFOp::create(b, l, v, c);
}

/// RFFT of the real tensor x, [Q, N], along its last dimension: [Q, N/2+1].
Parts realForward(OpBuilder &b, Location loc, Value x, int64_t q, int64_t n) {
  FloatType partType = partTypeOf(x);
  int64_t outSize = n / 2 + 1;
  if (n % 2 != 0) {
    Value zero = zeros(b, loc, {q, n}, partType);
    Parts full = transform(b, loc, {x, zero}, q, n, 1, -1, 1.0);
    full = reshapeTo(b, loc, full, {q, n});
    SmallVector<OpFoldResult> offsets(2, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = {b.getIndexAttr(q),
                                       b.getIndexAttr(outSize)};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    auto type = RankedTensorType::get({q, outSize}, partType);
    Value re = tensor::ExtractSliceOp::create(b, loc, type, full.re, offsets,
                                              sizes, strides);
    Value im = tensor::ExtractSliceOp::create(b, loc, type, full.im, offsets,
                                              sizes, strides);
    return {re, im};
  }
  int64_t h = n / 2;
  // z_j = x_2j + i x_2j+1 from the two columns of x as [Q, h, 2].
  Value pairs = reshapeTo(b, loc, x, {q, h, 2});
  auto column = [&](int64_t c) -> Value {
    SmallVector<OpFoldResult> offsets = {b.getIndexAttr(0), b.getIndexAttr(0),
                                         b.getIndexAttr(c)};
    SmallVector<OpFoldResult> sizes = {b.getIndexAttr(q), b.getIndexAttr(h),
                                       b.getIndexAttr(1)};
    SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
    auto type = RankedTensorType::get({q, h}, partType);
    return tensor::ExtractSliceOp::create(b, loc, type, pairs, offsets, sizes,
                                          strides);
  };
  Value zr = column(0);
  Value zi = column(1);
  Parts z = transform(b, loc, {zr, zi}, q, h, 1, -1, 1.0);
  z = reshapeTo(b, loc, z, {q, h});
  SmallVector<std::complex<double>> w;
  for (int64_t k = 0; k <= h; ++k)
    w.push_back(unitRoot(-k, n));
  Parts twiddles = constantParts(b, loc, partType, {outSize}, w);
  MLIRContext *context = b.getContext();
  AffineMap along = AffineMap::get(2, 0, getAffineDimExpr(1, context));
  return indexedGeneric(
      b, loc, {q, outSize}, partType, ValueRange{twiddles.re, twiddles.im},
      {along, along}, [&](OpBuilder &gb, Location l, ValueRange args) {
        Value row = linalg::IndexOp::create(gb, l, 0);
        Value k = linalg::IndexOp::create(gb, l, 1);
        Value zeroIndex = indexConstant(gb, l, 0);
        Value hIndex = indexConstant(gb, l, h);
        // Z_(k mod h) and Z_((h - k) mod h).
        Value atH = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::eq, k,
                                          hIndex);
        Value k1 = arith::SelectOp::create(gb, l, atH, zeroIndex, k);
        Value atZero = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::eq,
                                             k, zeroIndex);
        Value hMinusK = arith::SubIOp::create(gb, l, hIndex, k);
        Value k2 = arith::SelectOp::create(gb, l, atZero, zeroIndex, hMinusK);
        Value ar = tensor::ExtractOp::create(gb, l, z.re, ValueRange{row, k1});
        Value ai = tensor::ExtractOp::create(gb, l, z.im, ValueRange{row, k1});
        Value br = tensor::ExtractOp::create(gb, l, z.re, ValueRange{row, k2});
        Value bi = tensor::ExtractOp::create(gb, l, z.im, ValueRange{row, k2});
        // E = (Z_k + conj Z_(h-k)) / 2, O = (Z_k - conj Z_(h-k)) / 2i.
        Value er = half(gb, l, arith::AddFOp::create(gb, l, ar, br));
        Value ei = half(gb, l, arith::SubFOp::create(gb, l, ai, bi));
        Value orr = half(gb, l, arith::AddFOp::create(gb, l, ai, bi));
        Value oi = half(gb, l, arith::SubFOp::create(gb, l, br, ar));
        auto [tr, ti] = complexMul(gb, l, orr, oi, args[0], args[1]);
        Value re = arith::AddFOp::create(gb, l, er, tr);
        Value im = arith::AddFOp::create(gb, l, ei, ti);
        return std::make_pair(re, im);
      });
}

/// IRFFT along the last dimension of X, [Q, N/2+1]: the real [Q, N].
Value realInverse(OpBuilder &b, Location loc, Parts x, int64_t q, int64_t n) {
  FloatType partType = partTypeOf(x.re);
  int64_t inSize = n / 2 + 1;
  if (n % 2 != 0) {
    // The whole Hermitian spectrum: X_k = conj X_(N-k) for k > N/2.
    Parts full = indexedGeneric(
        b, loc, {q, n}, partType, ValueRange{}, {},
        [&](OpBuilder &gb, Location l, ValueRange) {
          Value row = linalg::IndexOp::create(gb, l, 0);
          Value k = linalg::IndexOp::create(gb, l, 1);
          Value mirrored = arith::CmpIOp::create(
              gb, l, arith::CmpIPredicate::uge, k, indexConstant(gb, l, inSize));
          Value nMinusK = arith::SubIOp::create(gb, l, indexConstant(gb, l, n), k);
          Value source = arith::SelectOp::create(gb, l, mirrored, nMinusK, k);
          Value re = tensor::ExtractOp::create(gb, l, x.re, ValueRange{row, source});
          Value im = tensor::ExtractOp::create(gb, l, x.im, ValueRange{row, source});
          Value negated = arith::NegFOp::create(gb, l, im);
          im = arith::SelectOp::create(gb, l, mirrored, negated, im);
          return std::make_pair(re, im);
        });
    Parts y = transform(b, loc, full, q, n, 1, 1, 1.0 / static_cast<double>(n));
    return reshapeTo(b, loc, y.re, {q, n});
  }
  int64_t h = n / 2;
  SmallVector<std::complex<double>> w;
  for (int64_t k = 0; k < h; ++k)
    w.push_back(unitRoot(k, n));
  Parts twiddles = constantParts(b, loc, partType, {h}, w);
  MLIRContext *context = b.getContext();
  AffineMap along = AffineMap::get(2, 0, getAffineDimExpr(1, context));
  Parts z = indexedGeneric(
      b, loc, {q, h}, partType, ValueRange{twiddles.re, twiddles.im},
      {along, along}, [&](OpBuilder &gb, Location l, ValueRange args) {
        Value row = linalg::IndexOp::create(gb, l, 0);
        Value k = linalg::IndexOp::create(gb, l, 1);
        Value hMinusK = arith::SubIOp::create(gb, l, indexConstant(gb, l, h), k);
        Value ar = tensor::ExtractOp::create(gb, l, x.re, ValueRange{row, k});
        Value ai = tensor::ExtractOp::create(gb, l, x.im, ValueRange{row, k});
        Value br = tensor::ExtractOp::create(gb, l, x.re, ValueRange{row, hMinusK});
        Value bi = tensor::ExtractOp::create(gb, l, x.im, ValueRange{row, hMinusK});
        // The imaginary parts of X_0 and X_h do not count.
        Value atZero = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::eq, k,
                                             indexConstant(gb, l, 0));
        Value zero = arith::ConstantOp::create(gb, l, partType,
                                               gb.getFloatAttr(partType, 0.0));
        ai = arith::SelectOp::create(gb, l, atZero, zero, ai);
        bi = arith::SelectOp::create(gb, l, atZero, zero, bi);
        // E = (X_k + conj X_(h-k)) / 2, O = (X_k - conj X_(h-k)) W^-k / 2,
        // Z = E + i O.
        Value er = half(gb, l, arith::AddFOp::create(gb, l, ar, br));
        Value ei = half(gb, l, arith::SubFOp::create(gb, l, ai, bi));
        Value dr = half(gb, l, arith::SubFOp::create(gb, l, ar, br));
        Value di = half(gb, l, arith::AddFOp::create(gb, l, ai, bi));
        auto [orr, oi] = complexMul(gb, l, dr, di, args[0], args[1]);
        Value re = arith::SubFOp::create(gb, l, er, oi);
        Value im = arith::AddFOp::create(gb, l, ei, orr);
        return std::make_pair(re, im);
      });
  Parts y = transform(b, loc, z, q, h, 1, 1, 1.0 / static_cast<double>(h));
  y = reshapeTo(b, loc, y, {q, h});
  // x_2j = Re z_j, x_2j+1 = Im z_j.
  AffineMap rows = AffineMap::get(
      3, 0, {getAffineDimExpr(0, context), getAffineDimExpr(1, context)},
      context);
  AffineMap id = AffineMap::getMultiDimIdentityMap(3, context);
  Value init = emptyLike(b, loc, {q, h, 2}, partType);
  auto interleave = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{y.re, y.im},
      ValueRange{init}, ArrayRef<AffineMap>{rows, rows, id},
      parallelIterators(3), [&](OpBuilder &gb, Location l, ValueRange args) {
        Value c = linalg::IndexOp::create(gb, l, 2);
        Value first = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::eq, c,
                                            indexConstant(gb, l, 0));
        linalg::YieldOp::create(
            gb, l, Value(arith::SelectOp::create(gb, l, first, args[0], args[1])));
      });
  return reshapeTo(b, loc, interleave.getResult(0), {q, n});
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
    Type element = operandType.getElementType();
    if (auto complexType = dyn_cast<ComplexType>(element))
      element = complexType.getElementType();
    if (!element.isF32() && !element.isF64())
      return rewriter.notifyMatchFailure(op, "expected f32 or f64 parts");
    Location loc = op.getLoc();
    ArrayRef<int64_t> length = op.getFftLength();
    int64_t rank = operandType.getRank();
    int64_t l = length.size();
    FftType type = op.getFftType();
    if (resultType.getNumElements() == 0 || operandType.getNumElements() == 0) {
      rewriter.replaceOp(op, hlo::detail::createEmptyTensor(rewriter, loc,
                                                            resultType));
      return success();
    }
    Value operand = adaptor.getOperand();
    SmallVector<int64_t> shape(operandType.getShape());
    int64_t last = rank - 1;
    int64_t rows = operandType.getNumElements() / shape[last];

    if (type == FftType::FFT || type == FftType::IFFT) {
      int sign = type == FftType::FFT ? -1 : 1;
      Parts x = splitComplex(rewriter, loc, operand);
      for (int64_t i = 0; i < l; ++i)
        x = transformDim(rewriter, loc, x, shape, rank - l + i, sign);
      rewriter.replaceOp(op, joinComplex(rewriter, loc, x));
      return success();
    }
    if (type == FftType::RFFT) {
      int64_t n = length[l - 1];
      Parts x = realForward(rewriter, loc, operand, rows, n);
      shape[last] = n / 2 + 1;
      x = reshapeTo(rewriter, loc, x, shape);
      for (int64_t i = 0; i + 1 < l; ++i)
        x = transformDim(rewriter, loc, x, shape, rank - l + i, -1);
      rewriter.replaceOp(op, joinComplex(rewriter, loc, x));
      return success();
    }
    // IRFFT: the leading transformed dimensions, then the real one.
    Parts x = splitComplex(rewriter, loc, operand);
    for (int64_t i = 0; i + 1 < l; ++i)
      x = transformDim(rewriter, loc, x, shape, rank - l + i, 1);
    int64_t n = length[l - 1];
    x = reshapeTo(rewriter, loc, x, {rows, shape[last]});
    Value real = realInverse(rewriter, loc, x, rows, n);
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, real,
                                     resultType.getShape()));
    return success();
  }
};

} // namespace

void hlo::detail::populateFftPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<FftToLinalg>(converter, patterns.getContext());
}
