//===- DecomposeChlo.cpp - chlo special functions as hlo ops --------------===//
//
// Each pattern expands one chlo op into elementwise hlo ops (or a sort and
// slices for top_k). The algorithms and their constants are those of
// StableHLO's chlo legalization: narrow floats are computed in f32, f64 gets
// its own coefficient sets where the f32 ones would lose accuracy. Where the
// f32 algorithms are more than 3 ulp off (utils/ulp_sweep.py), f32 is
// computed with the f64 algorithm instead on targets with f64 arithmetic
// (`f32ThroughF64`), and cosh and lgamma near 0, 1 and 2 use better-
// conditioned formulas than StableHLO's.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/DecomposeChlo.h"

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Builds elementwise hlo ops on tensors of one shape. Constants take the
/// type of the value they are combined with (`like`), so one emitter serves
/// float, integer and predicate tensors of that shape.
class Emitter {
public:
  Emitter(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value cst(Value like, double value) {
    auto type = cast<RankedTensorType>(like.getType());
    Type element = type.getElementType();
    Attribute scalar;
    if (auto floatType = dyn_cast<FloatType>(element))
      scalar = FloatAttr::get(floatType, value);
    else
      return icst(like, toInteger(value));
    return ConstantOp::create(b, loc, DenseElementsAttr::get(type, scalar));
  }
  /// An integer constant of `like`'s type holding the low bits of `value`
  /// (two's complement): the sign bit of an i16 is 0x8000, which is not a
  /// 16-bit signed value, and APInt asserts on what does not fit unless told
  /// to truncate.
  Value icst(Value like, int64_t value) {
    auto type = cast<RankedTensorType>(like.getType());
    Type element = type.getElementType();
    APInt bits(element.getIntOrFloatBitWidth(), static_cast<uint64_t>(value),
               /*isSigned=*/false, /*implicitTrunc=*/true);
    return ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, IntegerAttr::get(element, bits)));
  }
  /// `value` as an int64_t, saturating (a double out of range or NaN has no
  /// defined conversion).
  static int64_t toInteger(double value) {
    if (std::isnan(value))
      return 0;
    if (value >= 9223372036854775807.0)
      return std::numeric_limits<int64_t>::max();
    if (value <= -9223372036854775808.0)
      return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(value);
  }
  Value inf(Value like, bool negative = false) {
    return cst(like, negative ? -std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::infinity());
  }
  Value nan(Value like) {
    return cst(like, std::numeric_limits<double>::quiet_NaN());
  }

  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivOp::create(b, loc, x, y); }
  Value neg(Value x) { return NegOp::create(b, loc, x); }
  Value abs(Value x) { return AbsOp::create(b, loc, x); }
  Value floor(Value x) { return FloorOp::create(b, loc, x); }
  Value sqrt(Value x) { return SqrtOp::create(b, loc, x); }
  Value pow(Value x, Value y) { return PowOp::create(b, loc, x, y); }
  Value exp(Value x) { return ExpOp::create(b, loc, x); }
  Value expm1(Value x) { return Expm1Op::create(b, loc, x); }
  Value log(Value x) { return LogOp::create(b, loc, x); }
  Value log1p(Value x) { return Log1pOp::create(b, loc, x); }
  Value sin(Value x) { return SineOp::create(b, loc, x); }
  Value cos(Value x) { return CosineOp::create(b, loc, x); }
  Value sign(Value x) { return SignOp::create(b, loc, x); }
  Value isFinite(Value x) { return IsFiniteOp::create(b, loc, x); }
  Value andOp(Value x, Value y) { return AndOp::create(b, loc, x, y); }
  Value orOp(Value x, Value y) { return OrOp::create(b, loc, x, y); }
  Value select(Value p, Value x, Value y) {
    return SelectOp::create(b, loc, p, x, y);
  }
  Value cmp(ComparisonDirection direction, Value x, Value y) {
    return CompareOp::create(b, loc, x, y, direction, ComparisonTypeAttr());
  }
  Value lt(Value x, Value y) { return cmp(ComparisonDirection::LT, x, y); }
  Value le(Value x, Value y) { return cmp(ComparisonDirection::LE, x, y); }
  Value gt(Value x, Value y) { return cmp(ComparisonDirection::GT, x, y); }
  Value eq(Value x, Value y) { return cmp(ComparisonDirection::EQ, x, y); }
  Value ne(Value x, Value y) { return cmp(ComparisonDirection::NE, x, y); }
  Value isInf(Value x) {
    Value absX = abs(x);
    return eq(absX, inf(x));
  }
  Value convert(Value x, Type element) {
    auto type = cast<RankedTensorType>(x.getType());
    return ConvertOp::create(b, loc, type.clone(element), x);
  }
  Value bitcast(Value x, Type element) {
    auto type = cast<RankedTensorType>(x.getType());
    return BitcastConvertOp::create(b, loc, type.clone(element), x);
  }

  /// Horner's rule: c[0] * x^(n-1) + ... + c[n-1].
  template <typename T> Value polynomial(Value x, ArrayRef<T> coefficients) {
    Value p = cst(x, coefficients.front());
    for (T c : coefficients.drop_front()) {
      Value pTimesX = mul(p, x);
      p = add(pTimesX, cst(x, c));
    }
    return p;
  }

  /// Clenshaw's recurrence for a Chebyshev series, Cephes' `chbevl`.
  template <typename T> Value chebyshev(Value x, ArrayRef<T> coefficients) {
    Value b0 = cst(x, 0.0), b1 = b0, b2 = b0;
    for (T c : coefficients) {
      b2 = b1;
      b1 = b0;
      Value xB1MinusB2 = sub(mul(x, b1), b2);
      b0 = add(xB1MinusB2, cst(x, c));
    }
    Value twiceSeries = sub(b0, b2);
    return mul(twiceSeries, cst(x, 0.5));
  }

  OpBuilder &b;
  Location loc;
};

/// Computes `fn` on `args`, converted to f32 first when their element type is
/// a float narrower than f32 (to f64 first when `throughF64` and it is
/// narrower than f64), and converts the result back.
template <typename Fn>
Value withUpcast(Emitter &e, ValueRange args, Fn fn, bool throughF64 = false) {
  auto element = cast<FloatType>(
      cast<RankedTensorType>(args.front().getType()).getElementType());
  // f16 and bf16 stay on the f32 path even through f64: f32 is already
  // exact enough for them, and devices emulating bf16 (Vulkan) convert it
  // to and from f32 only.
  bool toF64 = throughF64 && element.getWidth() == 32;
  if (element.getWidth() >= (toF64 ? 64u : 32u))
    return fn(args);
  Type wideType = toF64 ? Type(e.b.getF64Type()) : e.b.getF32Type();
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(e.convert(arg, wideType));
  return e.convert(fn(wide), element);
}

bool isF64(Value x) {
  return cast<RankedTensorType>(x.getType()).getElementType().isF64();
}

//===----------------------------------------------------------------------===//
// lgamma and digamma: Lanczos' approximation
//===----------------------------------------------------------------------===//

// g = 7 and n = 9, which is the least sensitive to the accuracy of log.
constexpr double kLanczosGamma = 7;
constexpr double kBaseLanczosCoeff = 0.99999999999980993227684700473478;
constexpr double kLanczosCoefficients[] = {
    676.520368121885098567009190444019, -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,   -176.61502916214059906584551354,
    12.507343278686904814458936853,     -0.13857109526572011689554707,
    9.984369578019570859563e-6,         1.50563273514931155834e-7};

/// z = -x where the reflection formula is used (x < 1/2), x - 1 elsewhere.
std::pair<Value, Value> lanczosArgument(Emitter &e, Value x) {
  Value reflect = e.lt(x, e.cst(x, 0.5));
  Value negX = e.neg(x);
  Value xMinusOne = e.sub(x, e.cst(x, 1.0));
  Value z = e.select(reflect, negX, xMinusOne);
  return {reflect, z};
}

/// log(t) for t = z + g + 1/2, as log(g + 1/2) + log1p(z / (g + 1/2)).
Value lanczosLogT(Emitter &e, Value z) {
  Value gPlusHalf = e.cst(z, kLanczosGamma + 0.5);
  Value logGPlusHalf = e.cst(z, std::log(kLanczosGamma + 0.5));
  Value logTOverGPlusHalf = e.log1p(e.div(z, gPlusHalf));
  return e.add(logGPlusHalf, logTOverGPlusHalf);
}

//   lgamma(z + 1) = log(2 pi) / 2 + (z + 1/2) log(t) - t + log(a(z))
//   a(z) = base + sum_k c_k / (z + k),  t = z + g + 1/2
//   lgamma(x) = log(pi) - lgamma(1 - x) - log|sin(pi x)|   for x < 1/2.
Value emitLgamma(Emitter &e, Value x) {
  auto [reflect, z] = lanczosArgument(e, x);
  Value a = e.cst(x, kBaseLanczosCoeff);
  for (auto [i, c] : llvm::enumerate(kLanczosCoefficients)) {
    Value coeff = e.cst(x, c);
    Value zk = e.add(z, e.cst(x, i + 1.0));
    a = e.add(a, e.div(coeff, zk));
  }
  Value t = e.add(e.cst(x, kLanczosGamma + 0.5), z);
  Value logT = lanczosLogT(e, z);
  // (z + 1/2) log(t) - t computed as (z + 1/2 - t / log(t)) log(t), which
  // does not overflow for large t.
  Value zPlusHalf = e.add(z, e.cst(x, 0.5));
  Value tOverLogT = e.div(t, logT);
  Value r = e.mul(e.sub(zPlusHalf, tOverLogT), logT);
  Value lgammaWithoutLogA =
      e.add(e.cst(x, (std::log(2.0) + std::log(M_PI)) / 2), r);
  Value logA = e.log(a);
  Value lgamma = e.add(lgammaWithoutLogA, logA);

  // |sin(pi x)| = sin(pi frac(|x|)), with the fraction folded into [0, 1/2]
  // so that pi * frac stays accurate and integers give exactly 0.
  Value absX = e.abs(x);
  Value frac = e.sub(absX, e.floor(absX));
  Value aboveHalf = e.lt(e.cst(x, 0.5), frac);
  Value oneMinusFrac = e.sub(e.cst(x, 1.0), frac);
  frac = e.select(aboveHalf, oneMinusFrac, frac);
  Value logSin = e.log(e.sin(e.mul(e.cst(x, M_PI), frac)));
  Value reflection = e.sub(e.sub(e.cst(x, std::log(M_PI)), logSin), lgamma);
  // At the poles log|sin| is -inf and wins (no inf - inf).
  Value offPole = e.isFinite(logSin);
  Value negLogSin = e.neg(logSin);
  reflection = e.select(offPole, reflection, negLogSin);
  lgamma = e.select(reflect, reflection, lgamma);
  // The zeros at 1 and 2, exactly: the approximation leaves a residue of a
  // few ulp of its terms there, infinitely many ulp of the true 0.
  Value isOne = e.eq(x, e.cst(x, 1.0));
  Value isTwo = e.eq(x, e.cst(x, 2.0));
  Value isOneOrTwo = e.orOp(isOne, isTwo);
  lgamma = e.select(isOneOrTwo, e.cst(x, 0.0), lgamma);
  // Near 0, -log|x| - euler x (the next term, pi^2 x^2 / 12, is below an
  // ulp there): the reflection's sin(pi x) loses its subnormal arguments.
  Value magnitude = e.abs(x);
  Value tiny = e.lt(magnitude, e.cst(x, 0x1p-26));
  Value negLogAbsX = e.neg(e.log(e.abs(x)));
  Value eulerX = e.mul(e.cst(x, 0.57721566490153286061), x);
  Value nearZero = e.sub(negLogAbsX, eulerX);
  lgamma = e.select(tiny, nearZero, lgamma);
  Value xIsInf = e.isInf(x);
  return e.select(xIsInf, e.inf(x), lgamma);
}

//   digamma(z + 1) = log(t) + a'(z) / a(z) - g / t
//   digamma(x) = digamma(1 - x) - pi cot(pi x)   for x < 1/2.
Value emitDigamma(Emitter &e, Value x) {
  auto [reflect, z] = lanczosArgument(e, x);
  Value zero = e.cst(x, 0.0);
  Value a = e.cst(x, kBaseLanczosCoeff);
  Value aPrime = zero;
  for (auto [i, c] : llvm::enumerate(kLanczosCoefficients)) {
    Value coeff = e.cst(x, c);
    Value zk = e.add(z, e.cst(x, i + 1.0));
    aPrime = e.sub(aPrime, e.div(coeff, e.mul(zk, zk)));
    a = e.add(a, e.div(coeff, zk));
  }
  Value t = e.add(e.cst(x, kLanczosGamma + 0.5), z);
  Value logT = lanczosLogT(e, z);
  Value logTPlusAPrimeOverA = e.add(logT, e.div(aPrime, a));
  Value gOverT = e.div(e.cst(x, kLanczosGamma), t);
  Value digamma = e.sub(logTPlusAPrimeOverA, gOverT);

  // cot(pi x) with x shifted into [-1/2, 1/2] (cot has period 1) to keep
  // pi * x accurate near the poles.
  Value reduced = e.add(x, e.abs(e.floor(e.add(x, e.cst(x, 0.5)))));
  Value pi = e.cst(x, M_PI);
  Value piX = e.mul(pi, reduced);
  Value piCosPiX = e.mul(pi, e.cos(piX));
  Value sinPiX = e.sin(piX);
  Value reflection = e.sub(digamma, e.div(piCosPiX, sinPiX));
  digamma = e.select(reflect, reflection, digamma);

  // Poles: NaN at negative integers; at zero the limit from its side,
  // -inf at +0 and +inf at -0 (as -1/x).
  Value isNegative = e.lt(x, zero);
  Value isInteger = e.eq(x, e.floor(x));
  Value negativeInteger = e.andOp(isNegative, isInteger);
  digamma = e.select(negativeInteger, e.nan(x), digamma);
  Value isZero = e.eq(x, zero);
  Value poleAtZero = e.div(e.cst(x, -1.0), x);
  return e.select(isZero, poleAtZero, digamma);
}

//===----------------------------------------------------------------------===//
// zeta and polygamma: Euler-Maclaurin summation (as Cephes' zeta)
//===----------------------------------------------------------------------===//

// (2j)! / B_2j for j = 1..12: the tail's coefficients.
constexpr double kZetaTailDivisors[] = {
    12.0,
    -720.0,
    30240.0,
    -1209600.0,
    47900160.0,
    -1.8924375803183791606e9,
    7.47242496e10,
    -2.950130727918164224e12,
    1.1646782814350067249e14,
    -4.5979787224074726105e15,
    1.8152105401943546773e17,
    -7.1661652561756670113e18};
constexpr int kZetaDirectTerms = 9;

//   zeta(x, q) = sum_{k<N} (q+k)^-x + (q+N)^(1-x) / (x-1) + (q+N)^-x / 2
//              + sum_j x (x+1) ... (x+2j-2) (q+N)^(-x-2j+1) B_2j / (2j)!
Value emitZeta(Emitter &e, Value x, Value q) {
  Value zero = e.cst(x, 0.0), one = e.cst(x, 1.0);
  Value sum = zero;
  Value base = q;
  for (int k = 0; k < kZetaDirectTerms; ++k) {
    sum = e.add(sum, e.pow(base, e.neg(x)));
    base = e.add(base, one);
  }
  // base = q + N.
  Value baseToMinusX = e.pow(base, e.neg(x));
  // base^(1-x) directly: base^-x * base underflows first.
  Value baseToOneMinusX = e.pow(base, e.sub(one, x));
  Value xMinusOne = e.sub(x, one);
  sum = e.add(sum, e.div(baseToOneMinusX, xMinusOne));
  sum = e.add(sum, e.mul(e.cst(x, 0.5), baseToMinusX));
  // The tail's j-th term without its Bernoulli divisor,
  // x (x+1) ... (x+2j-2) base^(-x-2j+1), from the previous one by two
  // ratios (x+2j-3)/base and (x+2j-2)/base: no inf * 0 where the rising
  // factorial would overflow and the power underflow (a huge x).
  Value term = e.mul(x, e.div(baseToMinusX, base));
  Value tail = zero;
  for (auto [j, divisor] : llvm::enumerate(kZetaTailDivisors)) {
    if (j) {
      Value next = e.add(x, e.cst(x, 2.0 * j - 1));
      // One ratio at a time: a vanished term stays 0 where the product of
      // both ratios would overflow (f64's huge x).
      Value halfwayTerm = e.mul(term, e.div(next, base));
      Value secondRatio = e.div(e.add(next, one), base);
      term = e.mul(halfwayTerm, secondRatio);
    }
    tail = e.add(tail, e.div(term, e.cst(x, divisor)));
  }
  Value result = e.add(sum, tail);
  // q = +inf: every term is 0 (the tail's inf / inf aside).
  result = e.select(e.eq(q, e.inf(q)), zero, result);

  // x = +inf: q^-x alone, +inf, 1 or 0.
  Value qBelowOne = e.lt(q, one);
  Value infOrZero = e.select(qBelowOne, e.inf(x), zero);
  Value atInfinity = e.select(e.eq(q, one), one, infOrZero);
  result = e.select(e.eq(x, e.inf(x)), atInfinity, result);
  // Domain (XLA's): NaN for q < 0 with a non-integer x, +inf at the poles
  // q = 0, -1, ... (-inf included), NaN for x < 1, +inf at x = 1.
  Value xNotInteger = e.ne(x, e.floor(x));
  Value negativeQNonIntegerX = e.andOp(e.lt(q, zero), xNotInteger);
  result = e.select(negativeQNonIntegerX, e.nan(x), result);
  Value qNotPositive = e.le(q, zero);
  Value qIsInteger = e.eq(q, e.floor(q));
  Value qIsPole = e.andOp(qNotPositive, qIsInteger);
  result = e.select(qIsPole, e.inf(x), result);
  Value xBelowOne = e.lt(x, one);
  result = e.select(xBelowOne, e.nan(x), result);
  Value xIsOne = e.eq(x, one);
  return e.select(xIsOne, e.inf(x), result);
}

//   polygamma(0, x) = digamma(x)
//   polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x)
Value emitPolygamma(Emitter &e, Value n, Value x) {
  Value one = e.cst(x, 1.0);
  Value nPlusOne = e.add(n, one);
  Value factorial = e.exp(emitLgamma(e, nPlusOne));
  // (-1)^(n+1): +1 for odd n.
  Value two = e.cst(n, 2.0);
  Value floorHalfN = e.floor(e.mul(n, e.cst(n, 0.5)));
  Value nModTwo = e.sub(n, e.mul(two, floorHalfN));
  Value nIsOdd = e.ne(nModTwo, e.cst(n, 0.0));
  Value sign = e.select(nIsOdd, one, e.cst(x, -1.0));
  Value signedFactorial = e.mul(sign, factorial);
  Value zeta = emitZeta(e, nPlusOne, x);
  Value result = e.mul(signedFactorial, zeta);
  Value nIsZero = e.eq(n, e.cst(n, 0.0));
  Value digamma = emitDigamma(e, x);
  result = e.select(nIsZero, digamma, result);
  Value nIsInteger = e.eq(n, e.floor(n));
  Value nNotNegative = e.le(e.cst(n, 0.0), n);
  Value validOrder = e.andOp(nIsInteger, nNotNegative);
  return e.select(validOrder, result, e.nan(x));
}

//===----------------------------------------------------------------------===//
// erf_inv: Giles, "Approximating the erfinv function" (GPU Computing Gems)
//===----------------------------------------------------------------------===//

/// w = -log(1 - x^2), through log1p for accuracy near 0.
Value erfInvW(Emitter &e, Value x) {
  return e.neg(e.log1p(e.mul(x, e.neg(x))));
}

/// erf_inv(+-1) = +-inf, where the polynomial is indeterminate.
Value erfInvEdges(Emitter &e, Value x, Value result) {
  Value absX = e.abs(x);
  Value atPlusMinusOne = e.eq(absX, e.cst(x, 1.0));
  Value signedInf = e.mul(x, e.inf(x));
  return e.select(atPlusMinusOne, signedInf, result);
}

Value emitErfInvF32(Emitter &e, Value x) {
  constexpr float kCentral[] = {
      2.81022636e-08f,  3.43273939e-07f, -3.5233877e-06f,
      -4.39150654e-06f, 0.00021858087f,  -0.00125372503f,
      -0.00417768164f,  0.246640727f,    1.50140941f};
  constexpr float kTail[] = {
      -0.000200214257f, 0.000100950558f, 0.00134934322f,
      -0.00367342844f,  0.00573950773f,  -0.0076224613f,
      0.00943887047f,   1.00167406f,     2.83297682f};
  Value w = erfInvW(e, x);
  Value central = e.lt(w, e.cst(x, 5.0));
  auto coefficient = [&](int i) {
    Value centralCoeff = e.cst(x, kCentral[i]);
    Value tailCoeff = e.cst(x, kTail[i]);
    return e.select(central, centralCoeff, tailCoeff);
  };
  Value centralW = e.sub(w, e.cst(x, 2.5));
  Value sqrtW = e.sqrt(w);
  Value tailW = e.sub(sqrtW, e.cst(x, 3.0));
  w = e.select(central, centralW, tailW);
  Value p = coefficient(0);
  for (int i = 1; i < 9; ++i) {
    Value c = coefficient(i);
    p = e.add(c, e.mul(p, w));
  }
  return erfInvEdges(e, x, e.mul(p, x));
}

Value emitErfInvF64(Emitter &e, Value x) {
  constexpr double kLt625[] = {
      -3.6444120640178196996e-21, -1.685059138182016589e-19,
      1.2858480715256400167e-18,  1.115787767802518096e-17,
      -1.333171662854620906e-16,  2.0972767875968561637e-17,
      6.6376381343583238325e-15,  -4.0545662729752068639e-14,
      -8.1519341976054721522e-14, 2.6335093153082322977e-12,
      -1.2975133253453532498e-11, -5.4154120542946279317e-11,
      1.051212273321532285e-09,   -4.1126339803469836976e-09,
      -2.9070369957882005086e-08, 4.2347877827932403518e-07,
      -1.3654692000834678645e-06, -1.3882523362786468719e-05,
      0.0001867342080340571352,   -0.00074070253416626697512,
      -0.0060336708714301490533,  0.24015818242558961693,
      1.6536545626831027356};
  constexpr double kLt16[] = {
      2.2137376921775787049e-09,  9.0756561938885390979e-08,
      -2.7517406297064545428e-07, 1.8239629214389227755e-08,
      1.5027403968909827627e-06,  -4.013867526981545969e-06,
      2.9234449089955446044e-06,  1.2475304481671778723e-05,
      -4.7318229009055733981e-05, 6.8284851459573175448e-05,
      2.4031110387097893999e-05,  -0.0003550375203628474796,
      0.00095328937973738049703,  -0.0016882755560235047313,
      0.0024914420961078508066,   -0.0037512085075692412107,
      0.005370914553590063617,    1.0052589676941592334,
      3.0838856104922207635};
  constexpr double kGe16[] = {
      -2.7109920616438573243e-11, -2.5556418169965252055e-10,
      1.5076572693500548083e-09,  -3.7894654401267369937e-09,
      7.6157012080783393804e-09,  -1.4960026627149240478e-08,
      2.9147953450901080826e-08,  -6.7711997758452339498e-08,
      2.2900482228026654717e-07,  -9.9298272942317002539e-07,
      4.5260625972231537039e-06,  -1.9681778105531670567e-05,
      7.5995277030017761139e-05,  -0.00021503011930044477347,
      -0.00013871931833623122026, 1.0103004648645343977,
      4.8499064014085844221};
  Value w = erfInvW(e, x);
  Value lt625 = e.lt(w, e.cst(x, 6.25));
  Value lt16 = e.lt(w, e.cst(x, 16.0));
  // The three polynomials have 23, 19 and 17 coefficients; the shorter ones
  // start later (their first terms would be zero).
  auto coefficient = [&](int i) {
    Value c = e.cst(x, kLt625[i]);
    if (i < 19)
      c = e.select(lt625, c, e.cst(x, kLt16[i]));
    if (i < 17)
      c = e.select(lt16, c, e.cst(x, kGe16[i]));
    return c;
  };
  Value centralW = e.sub(w, e.cst(x, 3.125));
  Value sqrtW = e.sqrt(w);
  Value middleShift = e.cst(x, 3.25);
  Value tailShift = e.select(lt16, middleShift, e.cst(x, 5.0));
  Value tailW = e.sub(sqrtW, tailShift);
  w = e.select(lt625, centralW, tailW);
  Value p = coefficient(0);
  for (int i = 1; i < 17; ++i) {
    Value c = coefficient(i);
    p = e.add(c, e.mul(p, w));
  }
  for (int i = 17; i < 19; ++i) {
    Value c = coefficient(i);
    p = e.select(lt16, e.add(c, e.mul(p, w)), p);
  }
  for (int i = 19; i < 23; ++i) {
    Value c = coefficient(i);
    p = e.select(lt625, e.add(c, e.mul(p, w)), p);
  }
  return erfInvEdges(e, x, e.mul(p, x));
}

//===----------------------------------------------------------------------===//
// bessel_i1e: Cephes' Chebyshev expansions
//===----------------------------------------------------------------------===//

template <typename T>
Value emitBesselI1e(Emitter &e, Value x, ArrayRef<T> small, ArrayRef<T> large) {
  Value z = e.abs(x);
  Value two = e.cst(x, 2.0);
  // |x| <= 8: |x| * A(|x| / 2 - 2); |x| > 8: B(32 / |x| - 2) / sqrt(|x|).
  Value nearZero =
      e.mul(z, e.chebyshev(e.sub(e.mul(e.cst(x, 0.5), z), two), small));
  Value farSeries = e.chebyshev(e.sub(e.div(e.cst(x, 32.0), z), two), large);
  Value far = e.div(farSeries, e.sqrt(z));
  Value result = e.select(e.le(z, e.cst(x, 8.0)), nearZero, far);
  return e.mul(e.sign(x), result);
}

Value emitBesselI1eF32(Emitter &e, Value x) {
  constexpr float kA[] = {
      9.38153738649577178388E-9f, -4.44505912879632808065E-8f,
      2.00329475355213526229E-7f, -8.56872026469545474066E-7f,
      3.47025130813767847674E-6f, -1.32731636560394358279E-5f,
      4.78156510755005422638E-5f, -1.61760815825896745588E-4f,
      5.12285956168575772895E-4f, -1.51357245063125314899E-3f,
      4.15642294431288815669E-3f, -1.05640848946261981558E-2f,
      2.47264490306265168283E-2f, -5.29459812080949914269E-2f,
      1.02643658689847095384E-1f, -1.76416518357834055153E-1f,
      2.52587186443633654823E-1f};
  constexpr float kB[] = {
      -3.83538038596423702205E-9f, -2.63146884688951950684E-8f,
      -2.51223623787020892529E-7f, -3.88256480887769039346E-6f,
      -1.10588938762623716291E-4f, -9.76109749136146840777E-3f,
      7.78576235018280120474E-1f};
  return emitBesselI1e<float>(e, x, kA, kB);
}

Value emitBesselI1eF64(Emitter &e, Value x) {
  constexpr double kA[] = {
      2.77791411276104639959E-18, -2.11142121435816608115E-17,
      1.55363195773620046921E-16, -1.10559694773538630805E-15,
      7.60068429473540693410E-15, -5.04218550472791168711E-14,
      3.22379336594557470981E-13, -1.98397439776494371520E-12,
      1.17361862988909016308E-11, -6.66348972350202774223E-11,
      3.62559028155211703701E-10, -1.88724975172282928790E-9,
      9.38153738649577178388E-9,  -4.44505912879632808065E-8,
      2.00329475355213526229E-7,  -8.56872026469545474066E-7,
      3.47025130813767847674E-6,  -1.32731636560394358279E-5,
      4.78156510755005422638E-5,  -1.61760815825896745588E-4,
      5.12285956168575772895E-4,  -1.51357245063125314899E-3,
      4.15642294431288815669E-3,  -1.05640848946261981558E-2,
      2.47264490306265168283E-2,  -5.29459812080949914269E-2,
      1.02643658689847095384E-1,  -1.76416518357834055153E-1,
      2.52587186443633654823E-1};
  constexpr double kB[] = {
      7.51729631084210481353E-18,  4.41434832307170791151E-18,
      -4.65030536848935832153E-17, -3.20952592199342395980E-17,
      2.96262899764595013876E-16,  3.30820231092092828324E-16,
      -1.88035477551078244854E-15, -3.81440307243700780478E-15,
      1.04202769841288027642E-14,  4.27244001671195135429E-14,
      -2.10154184277266431302E-14, -4.08355111109219731823E-13,
      -7.19855177624590851209E-13, 2.03562854414708950722E-12,
      1.41258074366137813316E-11,  3.25260358301548823856E-11,
      -1.89749581235054123450E-11, -5.58974346219658380687E-10,
      -3.83538038596423702205E-9,  -2.63146884688951950684E-8,
      -2.51223623787020892529E-7,  -3.88256480887769039346E-6,
      -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
      7.78576235018280120474E-1};
  return emitBesselI1e<double>(e, x, kA, kB);
}

//===----------------------------------------------------------------------===//
// next_after: one step of the bit pattern
//===----------------------------------------------------------------------===//

Value emitNextAfter(Emitter &e, Value x, Value y) {
  unsigned width = cast<RankedTensorType>(x.getType())
                       .getElementType()
                       .getIntOrFloatBitWidth();
  Type intType = e.b.getIntegerType(width);
  Value xBits = e.bitcast(x, intType), yBits = e.bitcast(y, intType);
  int64_t signBit = static_cast<int64_t>(uint64_t{1} << (width - 1));
  Value signMask = e.icst(xBits, signBit);
  Value magnitudeMask = e.icst(xBits, ~signBit);
  Value xMagnitude = e.andOp(xBits, magnitudeMask);
  Value yMagnitude = e.andOp(yBits, magnitudeMask);
  Value xSign = e.andOp(xBits, signMask), ySign = e.andOp(yBits, signMask);
  Value zero = e.icst(xBits, 0), one = e.icst(xBits, 1);
  // Towards zero when the signs differ or |x| > |y|, away from zero else.
  Value xFartherOut = e.gt(xMagnitude, yMagnitude);
  Value signsDiffer = e.ne(xSign, ySign);
  Value smaller = e.orOp(xFartherOut, signsDiffer);
  Value result =
      e.add(xBits, e.select(smaller, e.icst(xBits, -1), one));
  // From +-0, the smallest subnormal with y's sign (y itself if y is +-0).
  Value yIsZero = e.eq(yMagnitude, zero);
  Value smallestWithYSign = e.orOp(ySign, one);
  Value fromZero = e.select(yIsZero, yBits, smallestWithYSign);
  result = e.select(e.eq(xMagnitude, zero), fromZero, result);
  result = e.select(e.eq(x, y), yBits, result);
  Value xIsNaN = e.ne(x, x);
  Value yIsNaN = e.ne(y, y);
  Value anyNaN = e.orOp(xIsNaN, yIsNaN);
  result = e.select(anyNaN, e.bitcast(e.nan(x), intType), result);
  return e.bitcast(result, cast<RankedTensorType>(x.getType()).getElementType());
}

//===----------------------------------------------------------------------===//
// cosh and sinh
//===----------------------------------------------------------------------===//

// cosh(x) = h + 1/(4h) with h = e^|x| / 2 = e^(|x| - 1) * (e / 2), which
// overflows only where cosh does. |x| - 1 is exact from 1/2 on (and its
// rounding below is relative to 1, not to |x|); XLA's e^(x + log(1/2)) rounds
// x + log(1/2) relative to |x|, which e^ turns into |x| ulp (24 ulp at 60).
Value emitRealCosh(Emitter &e, Value x) {
  Value absX = e.abs(x);
  Value expAbsXMinusOne = e.exp(e.sub(absX, e.cst(x, 1.0)));
  Value h = e.mul(expAbsXMinusOne, e.cst(x, std::exp(1.0) / 2));
  return e.add(h, e.div(e.cst(x, 0.25), h));
}

// sinh(x) = (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2 for |x| < 1 (no
// cancellation), e^(x + log(1/2)) - e^(-x + log(1/2)) elsewhere.
Value emitRealSinh(Emitter &e, Value x) {
  Value logHalf = e.cst(x, std::log(0.5));
  Value halfExpX = e.exp(e.add(x, logHalf));
  Value halfExpMinusX = e.exp(e.sub(logHalf, x));
  Value large = e.sub(halfExpX, halfExpMinusX);
  Value m = e.expm1(x);
  Value half = e.cst(x, 0.5);
  Value twiceSinh = e.add(m, e.div(m, e.add(m, e.cst(x, 1.0))));
  Value small = e.mul(half, twiceSinh);
  Value absX = e.abs(x);
  return e.select(e.lt(absX, e.cst(x, 1.0)), small, large);
}

// cosh(a + ib) = cosh(a) cos(b) + i sinh(a) sin(b)
// sinh(a + ib) = sinh(a) cos(b) + i cosh(a) sin(b)
Value emitComplexCoshSinh(Emitter &e, Value z, bool isCosh) {
  auto type = cast<RankedTensorType>(z.getType());
  auto part = cast<ComplexType>(type.getElementType()).getElementType();
  Value a = RealOp::create(e.b, e.loc, type.clone(part), z);
  Value b = ImagOp::create(e.b, e.loc, type.clone(part), z);
  Value coshA = emitRealCosh(e, a), sinhA = emitRealSinh(e, a);
  Value re = e.mul(isCosh ? coshA : sinhA, e.cos(b));
  Value im = e.mul(isCosh ? sinhA : coshA, e.sin(b));
  return ComplexOp::create(e.b, e.loc, type, re, im);
}

//===----------------------------------------------------------------------===//
// Complex asin, acos, asinh, acosh: Hull et al.'s algorithm with StableHLO's
// reduced set of approximation regions
//===----------------------------------------------------------------------===//

/// hypot(a, b) for non-negative a, b without overflow: mx * sqrt(1 + r) with
/// r = (mn / mx)^2, and a Taylor step where sqrt(1 + r) rounds to 1.
Value emitHypot(Emitter &e, Value a, Value b) {
  Value one = e.cst(a, 1.0), two = e.cst(a, 2.0), zero = e.cst(a, 0.0);
  Value mx = MaxOp::create(e.b, e.loc, a, b);
  Value mn = MinOp::create(e.b, e.loc, a, b);
  Value mnOverMx = e.div(mn, mx);
  Value r = e.mul(mnOverMx, mnOverMx);
  Value sqa = e.sqrt(e.add(one, r));
  Value taylor = e.add(mx, e.div(e.mul(mx, r), two));
  Value sqaRoundsToOne = e.eq(sqa, one);
  Value rPositive = e.gt(r, zero);
  Value useTaylor = e.andOp(sqaRoundsToOne, rPositive);
  Value direct = e.mul(mx, sqa);
  Value general = e.select(useTaylor, taylor, direct);
  Value equalParts = e.eq(mx, mn);
  Value sqrtTwoMx = e.mul(e.sqrt(two), mx);
  return e.select(equalParts, sqrtTwoMx, general);
}

/// The parts shared by asin and acos of x + iy (signed parts): `q` with
/// real(asin) = atan2(x, q) and real(acos) = atan2(q, x), and the unsigned
/// imaginary part log(a + sqrt(a^2 - 1)).
struct AsinAcosParts {
  Value q, imag;
};

AsinAcosParts emitAsinAcosKernel(Emitter &e, Value signedX, Value signedY) {
  auto floatType = cast<FloatType>(
      cast<RankedTensorType>(signedX.getType()).getElementType());
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  double largest = APFloat::getLargest(sem).convertToDouble();
  double smallestNormal = APFloat::getSmallestNormalized(sem).convertToDouble();
  Value x = e.abs(signedX), y = e.abs(signedY);
  Value one = e.cst(x, 1.0), half = e.cst(x, 0.5), two = e.cst(x, 2.0),
        zero = e.cst(x, 0.0);
  Value safeMax = e.cst(x, std::sqrt(largest) / 8);
  Value xp1 = e.add(x, one), xm1 = e.sub(x, one);
  Value r = emitHypot(e, e.abs(xp1), y); // |z + 1|
  Value s = emitHypot(e, e.abs(xm1), y); // |z - 1|
  Value a = e.mul(half, e.add(r, s));
  Value halfApx = e.mul(half, e.add(a, x));
  Value yy = e.mul(y, y);
  Value rpxp1 = e.add(r, xp1), smxm1 = e.sub(s, xm1), spxm1 = e.add(s, xm1);

  // Real part: q = sqrt(a^2 - x^2) by the region of (x, y).
  Value qSmallX = e.sqrt(e.mul(halfApx, e.add(e.div(yy, rpxp1), smxm1)));
  Value halfApxOverRpxp1 = e.div(halfApx, rpxp1);
  Value halfApxOverSpxm1 = e.div(halfApx, spxm1);
  Value qLargeX = e.mul(y, e.sqrt(e.add(halfApxOverRpxp1, halfApxOverSpxm1)));
  Value beyondSafeMax =
      e.cmp(ComparisonDirection::GE, MaxOp::create(e.b, e.loc, x, y), safeMax);
  Value qWithinSafeMax = e.select(e.le(x, one), qSmallX, qLargeX);
  Value q = e.select(beyondSafeMax, y, qWithinSafeMax);

  // Imaginary part.
  Value moderateX = e.lt(x, e.mul(safeMax, e.cst(x, 1e12)));
  Value safeMaxOptModerateX = e.mul(safeMax, e.cst(x, 1e-6));
  Value safeMaxOptHugeX = e.mul(safeMax, e.cst(x, 100.0));
  Value safeMaxOpt = e.select(moderateX, safeMaxOptModerateX, safeMaxOptHugeX);
  Value yGtSafeMaxOpt = e.cmp(ComparisonDirection::GE, y, safeMaxOpt);
  Value mx = e.select(yGtSafeMaxOpt, y, x);
  Value yIsInf = e.eq(y, e.inf(y));
  Value notInf = NotOp::create(e.b, e.loc, yIsInf);
  Value yLargeFinite = e.andOp(yGtSafeMaxOpt, notInf);
  Value xoy = e.select(yLargeFinite, e.div(x, y), zero);
  Value logTwo = e.log(two);
  Value logTwoMx = e.add(logTwo, e.log(mx));
  Value halfLog1pXoySquared = e.mul(half, e.log1p(e.mul(xoy, xoy)));
  Value large = e.add(logTwoMx, halfLog1pXoySquared);
  Value useLarge = e.cmp(ComparisonDirection::GE, mx,
                         e.select(yGtSafeMaxOpt, safeMaxOpt, safeMax));
  Value tinyY = e.lt(y, e.cst(x, std::sqrt(smallestNormal) * 4));
  Value xBelowOne = e.lt(x, one);
  Value small = e.andOp(tinyY, xBelowOne);
  Value ap1 = e.add(a, one);
  Value halfYy = e.mul(half, yy);
  Value halfYyOverRpxp1 = e.div(halfYy, rpxp1);
  Value am1Small = e.neg(e.div(e.mul(xp1, xm1), ap1));
  Value xAtLeastOne = e.cmp(ComparisonDirection::GE, x, one);
  Value am1XAtLeastOne = e.add(halfYyOverRpxp1, e.mul(half, spxm1));
  Value aNearOne = e.le(a, e.cst(x, 1.5));
  Value am1ANearOne = e.add(halfYyOverRpxp1, e.div(halfYy, smxm1));
  Value am1XBelowOne = e.select(aNearOne, am1ANearOne, e.sub(a, one));
  Value am1NotSmall = e.select(xAtLeastOne, am1XAtLeastOne, am1XBelowOne);
  Value am1 = e.select(small, am1Small, am1NotSmall);
  Value sq = e.sqrt(e.mul(am1, ap1));
  Value yOverSq = e.div(y, sq);
  Value log1pAm1PlusSq = e.log1p(e.add(am1, sq));
  Value safe = e.select(small, yOverSq, log1pAm1PlusSq);
  return {q, e.select(useLarge, large, safe)};
}

std::pair<Value, Value> parts(Emitter &e, Value z) {
  auto type = cast<RankedTensorType>(z.getType());
  auto part = type.clone(cast<ComplexType>(type.getElementType()).getElementType());
  return {RealOp::create(e.b, e.loc, part, z), ImagOp::create(e.b, e.loc, part, z)};
}

Value complexOf(Emitter &e, Value re, Value im) {
  auto type = cast<RankedTensorType>(re.getType());
  return ComplexOp::create(e.b, e.loc,
                           type.clone(ComplexType::get(type.getElementType())),
                           re, im);
}

Value atan2(Emitter &e, Value y, Value x) {
  return Atan2Op::create(e.b, e.loc, y, x);
}

// asin(z) = atan2(x, q) + i sign(y) imag
Value emitComplexAsinParts(Emitter &e, Value re, Value im) {
  AsinAcosParts k = emitAsinAcosKernel(e, re, im);
  Value zero = e.cst(re, 0.0);
  Value asinReal = atan2(e, re, k.q);
  Value imNegative = e.lt(im, zero);
  Value negImag = e.neg(k.imag);
  Value asinImag = e.select(imNegative, negImag, k.imag);
  return complexOf(e, asinReal, asinImag);
}

Value emitComplexAsin(Emitter &e, Value z) {
  auto [re, im] = parts(e, z);
  return emitComplexAsinParts(e, re, im);
}

// acos(z) = atan2(q, x) - i sign(y) imag
Value emitComplexAcos(Emitter &e, Value z) {
  auto [re, im] = parts(e, z);
  AsinAcosParts k = emitAsinAcosKernel(e, re, im);
  Value zero = e.cst(re, 0.0);
  Value acosReal = atan2(e, k.q, re);
  Value imNegative = e.lt(im, zero);
  Value negImag = e.neg(k.imag);
  Value acosImag = e.select(imNegative, k.imag, negImag);
  return complexOf(e, acosReal, acosImag);
}

// acosh(z) = i acos(z) for imag(z) >= 0, -i acos(z) otherwise.
Value emitComplexAcosh(Emitter &e, Value z) {
  auto [re, im] = parts(e, z);
  AsinAcosParts k = emitAsinAcosKernel(e, re, im);
  Value zero = e.cst(re, 0.0);
  Value imNegative = e.lt(im, zero);
  Value negImag = e.neg(k.imag);
  Value acosImag = e.select(imNegative, k.imag, negImag);
  Value acosReal = atan2(e, k.q, re);
  Value w = complexOf(e, e.neg(acosImag), acosReal);
  Value lowerHalfPlane = e.lt(im, zero);
  Value negW = NegOp::create(e.b, e.loc, w);
  return e.select(lowerHalfPlane, negW, w);
}

// asinh(z) = -i asin(i z)
Value emitComplexAsinh(Emitter &e, Value z) {
  auto [re, im] = parts(e, z);
  Value w = emitComplexAsinParts(e, e.neg(im), re);
  auto [wRe, wIm] = parts(e, w);
  return complexOf(e, wIm, e.neg(wRe));
}

/// A complex chlo op computed by `Emit`; real operands keep the scalar
/// table's lowering.
template <typename OpTy, Value (*Emit)(Emitter &, Value)>
struct ComplexDecomposition : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value z = op->getOperand(0);
    if (!isa<ComplexType>(cast<RankedTensorType>(z.getType()).getElementType()))
      return rewriter.notifyMatchFailure(op, "real operands lower directly");
    Emitter e(rewriter, op.getLoc());
    rewriter.replaceOp(op, Emit(e, z));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// A unary float op computed by `emit(emitter, x)`: f64 by `EmitF64`, the
/// narrower floats by `EmitF32` on f32, or, with `f32ThroughF64`, by
/// `EmitF64` on f64 and rounded once.
template <typename OpTy, Value (*EmitF32)(Emitter &, Value),
          Value (*EmitF64)(Emitter &, Value) = EmitF32>
struct UnaryFloatDecomposition : OpRewritePattern<OpTy> {
  UnaryFloatDecomposition(MLIRContext *context, bool f32ThroughF64)
      : OpRewritePattern<OpTy>(context), f32ThroughF64(f32ThroughF64) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op->getOperand(0);
    if (!isa<FloatType>(
            cast<RankedTensorType>(x.getType()).getElementType()))
      return rewriter.notifyMatchFailure(op, "expects a float operand");
    Emitter e(rewriter, op.getLoc());
    Value result;
    if (isF64(x))
      result = EmitF64(e, x);
    else if (f32ThroughF64 && cast<RankedTensorType>(x.getType())
                                  .getElementType()
                                  .isF32())
      result = withUpcast(
          e, x, [&](ValueRange args) { return EmitF64(e, args.front()); },
          /*throughF64=*/true);
    else
      result = withUpcast(
          e, x, [&](ValueRange args) { return EmitF32(e, args.front()); });
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  bool f32ThroughF64;
};

template <typename OpTy, bool IsCosh>
struct CoshSinhDecomposition : OpRewritePattern<OpTy> {
  CoshSinhDecomposition(MLIRContext *context, bool f32ThroughF64)
      : OpRewritePattern<OpTy>(context), f32ThroughF64(f32ThroughF64) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    Emitter e(rewriter, op.getLoc());
    Type element = cast<RankedTensorType>(x.getType()).getElementType();
    Value result;
    if (isa<ComplexType>(element))
      result = emitComplexCoshSinh(e, x, IsCosh);
    else if (IsCosh)
      result = withUpcast(
          e, x,
          [&](ValueRange args) { return emitRealCosh(e, args.front()); },
          f32ThroughF64);
    else
      // sinh keeps the scalar table's math.sinh for real operands.
      return rewriter.notifyMatchFailure(op, "real sinh lowers directly");
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  bool f32ThroughF64;
};

/// A binary float op computed by `Emit` on f64 (with `f32ThroughF64`, for
/// every float type) or f32 (narrower floats without it).
template <typename OpTy, Value (*Emit)(Emitter &, Value, Value)>
struct BinaryFloatDecomposition : OpRewritePattern<OpTy> {
  BinaryFloatDecomposition(MLIRContext *context, bool f32ThroughF64)
      : OpRewritePattern<OpTy>(context), f32ThroughF64(f32ThroughF64) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Emitter e(rewriter, op.getLoc());
    Value result = withUpcast(
        e, op->getOperands(),
        [&](ValueRange args) { return Emit(e, args[0], args[1]); },
        f32ThroughF64);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  bool f32ThroughF64;
};

struct NextAfterDecomposition : OpRewritePattern<chlo::NextAfterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::NextAfterOp op,
                                PatternRewriter &rewriter) const override {
    Emitter e(rewriter, op.getLoc());
    rewriter.replaceOp(op, emitNextAfter(e, op.getX(), op.getY()));
    return success();
  }
};

/// chlo.square as a multiplication; complex (a+bi)^2 as (a-b)(a+b) + 2ab i.
struct SquareDecomposition : OpRewritePattern<chlo::SquareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::SquareOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    Emitter e(rewriter, op.getLoc());
    if (!isa<ComplexType>(
            cast<RankedTensorType>(x.getType()).getElementType())) {
      rewriter.replaceOp(op, e.mul(x, x));
      return success();
    }
    auto [re, im] = parts(e, x);
    Value difference = e.sub(re, im);
    Value sum = e.add(re, im);
    Value real = e.mul(difference, sum);
    Value imag = e.mul(e.add(re, re), im);
    rewriter.replaceOp(op, complexOf(e, real, imag));
    return success();
  }
};

/// chlo.conj negates the imaginary part; reals are their own conjugate.
struct ConjDecomposition : OpRewritePattern<chlo::ConjOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::ConjOp op,
                                PatternRewriter &rewriter) const override {
    Value z = op.getOperand();
    if (!isa<ComplexType>(
            cast<RankedTensorType>(z.getType()).getElementType())) {
      rewriter.replaceOp(op, z);
      return success();
    }
    Emitter e(rewriter, op.getLoc());
    auto [re, im] = parts(e, z);
    rewriter.replaceOp(op, complexOf(e, re, e.neg(im)));
    return success();
  }
};

/// top_k as a stable descending sort of (operand, iota) along the last
/// dimension, then the first k of each.
struct TopKDecomposition : OpRewritePattern<chlo::TopKOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::TopKOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expects a static shape");
    Location loc = op.getLoc();
    int64_t rank = type.getRank(), last = rank - 1;
    auto iotaType = type.clone(rewriter.getI32Type());
    Value iota = IotaOp::create(rewriter, loc, iotaType, last);
    auto sort = SortOp::create(rewriter, loc, TypeRange{type, iotaType},
                               ValueRange{op.getOperand(), iota}, last,
                               /*is_stable=*/true);
    Block *block = rewriter.createBlock(&sort.getComparator());
    auto scalar = RankedTensorType::get({}, type.getElementType());
    auto scalarIndex = RankedTensorType::get({}, rewriter.getI32Type());
    for (Type t : {Type(scalar), Type(scalar), Type(scalarIndex),
                   Type(scalarIndex)})
      block->addArgument(t, loc);
    rewriter.setInsertionPointToStart(block);
    ComparisonTypeAttr order;
    if (isa<FloatType>(type.getElementType()))
      order = ComparisonTypeAttr::get(rewriter.getContext(),
                                      ComparisonType::TOTALORDER);
    Value greater =
        CompareOp::create(rewriter, loc, block->getArgument(0),
                          block->getArgument(1), ComparisonDirection::GT, order);
    ReturnOp::create(rewriter, loc, ValueRange{greater});
    rewriter.setInsertionPointAfter(sort);

    SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
        strides(rank, 1);
    limit[last] = op.getK();
    Value values = SliceOp::create(rewriter, loc, sort.getResult(0), start,
                                   limit, strides);
    Value indices = SliceOp::create(rewriter, loc, sort.getResult(1), start,
                                    limit, strides);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// mulhi, ragged_dot, scan
//===----------------------------------------------------------------------===//

/// A zero tensor of `type` (any float, integer, predicate or complex
/// element type).
Value zeros(OpBuilder &b, Location loc, RankedTensorType type) {
  Type element = type.getElementType();
  if (auto complex = dyn_cast<ComplexType>(element)) {
    APFloat zero = APFloat::getZero(
        cast<FloatType>(complex.getElementType()).getFloatSemantics());
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type, std::complex<APFloat>(zero, zero)));
  }
  Attribute scalar = isa<FloatType>(element)
                         ? Attribute(FloatAttr::get(element, 0.0))
                         : Attribute(IntegerAttr::get(element, 0));
  return ConstantOp::create(b, loc, DenseElementsAttr::get(type, scalar));
}

/// `hlo.reduce` of `input` over `dimensions` with `hlo.add`.
Value reduceSum(OpBuilder &b, Location loc, Value input,
                ArrayRef<int64_t> dimensions) {
  auto type = cast<RankedTensorType>(input.getType());
  Value init = zeros(b, loc, RankedTensorType::get({}, type.getElementType()));
  auto reduce = ReduceOp::create(b, loc, input, init, dimensions);
  Block &body = reduce.getBody().front();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&body);
  Value sum = AddOp::create(b, loc, body.getArgument(0), body.getArgument(1));
  ReturnOp::create(b, loc, ValueRange{sum});
  return reduce.getResult(0);
}

/// mulhi: the product in twice the width (below 64 bits), or from 32-bit
/// halves with the signed correction hi(a*b) = hi_u(a*b) - (a<0 ? b : 0) -
/// (b<0 ? a : 0) (64 bits).
struct MulhiDecomposition : OpRewritePattern<chlo::MulhiOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::MulhiOp op,
                                PatternRewriter &rewriter) const override {
    Emitter e(rewriter, op.getLoc());
    auto type = cast<RankedTensorType>(op.getType());
    auto element = cast<IntegerType>(type.getElementType());
    unsigned width = element.getWidth();
    bool isUnsigned = element.isUnsigned();
    Value a = op.getLhs(), b = op.getRhs();
    auto shiftRight = [&](Value x, int64_t bits, bool logical) -> Value {
      Value amount = e.icst(x, bits);
      if (logical)
        return ShiftRightLogicalOp::create(rewriter, e.loc, x, amount);
      return ShiftRightArithmeticOp::create(rewriter, e.loc, x, amount);
    };
    if (width < 64) {
      auto wide = IntegerType::get(rewriter.getContext(), 2 * width,
                                   element.getSignedness());
      Value wideA = e.convert(a, wide);
      Value wideB = e.convert(b, wide);
      Value product = e.mul(wideA, wideB);
      Value high = shiftRight(product, width, isUnsigned);
      rewriter.replaceOp(op, e.convert(high, element));
      return success();
    }
    Value mask = e.icst(a, 0xFFFFFFFFll);
    auto low = [&](Value x) { return e.andOp(x, mask); };
    auto high = [&](Value x) { return shiftRight(x, 32, /*logical=*/true); };
    Value aLow = low(a), aHigh = high(a), bLow = low(b), bHigh = high(b);
    Value ll = e.mul(aLow, bLow), lh = e.mul(aLow, bHigh),
          hl = e.mul(aHigh, bLow), hh = e.mul(aHigh, bHigh);
    Value llHigh = high(ll);
    Value llHighPlusLhLow = e.add(llHigh, low(lh));
    Value cross = e.add(llHighPlusLhLow, low(hl));
    Value hhPlusLhHigh = e.add(hh, high(lh));
    Value highWithoutCarry = e.add(hhPlusLhHigh, high(hl));
    Value result = e.add(highWithoutCarry, high(cross));
    if (!isUnsigned) {
      Value zero = e.icst(a, 0);
      result = e.sub(result, e.select(e.lt(a, zero), b, zero));
      result = e.sub(result, e.select(e.lt(b, zero), a, zero));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

ArrayAttr toHloPrecision(MLIRContext *context,
                         std::optional<ArrayAttr> config) {
  if (!config)
    return {};
  SmallVector<Attribute> precisions;
  for (Attribute a : *config)
    precisions.push_back(PrecisionAttr::get(
        context,
        static_cast<Precision>(cast<chlo::PrecisionAttr>(a).getValue())));
  return ArrayAttr::get(context, precisions);
}

/// The end offsets of the groups, cumsum(group_sizes) along the last
/// dimension: a sum over a lower-triangular selection.
Value groupEnds(Emitter &e, Value groupSizes) {
  auto type = cast<RankedTensorType>(groupSizes.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(shape.back());
  auto square = type.clone(shape);
  // square[..., j, i] = group_sizes[..., i]
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank - 1; ++d)
    dims.push_back(d);
  dims.push_back(rank);
  Value sizes = BroadcastInDimOp::create(e.b, e.loc, square, groupSizes,
                                         e.b.getDenseI64ArrayAttr(dims));
  Value j = IotaOp::create(e.b, e.loc, square, e.b.getI64IntegerAttr(rank - 1));
  Value i = IotaOp::create(e.b, e.loc, square, e.b.getI64IntegerAttr(rank));
  Value lowerTriangle = e.le(i, j);
  Value kept = e.select(lowerTriangle, sizes, zeros(e.b, e.loc, square));
  return reduceSum(e.b, e.loc, kept, {rank});
}

/// A predicate of `shape`: start[g] <= index < end[g], with g the index
/// along `groupDim` and `index` that along `raggedDim`; `batchDims` are the
/// dimensions group_sizes' leading dimensions (if any) map to.
Value groupMask(Emitter &e, Value groupSizes, ArrayRef<int64_t> shape,
                int64_t groupDim, int64_t raggedDim,
                ArrayRef<int64_t> batchDims) {
  auto sizesType = cast<RankedTensorType>(groupSizes.getType());
  auto type = RankedTensorType::get(shape, sizesType.getElementType());
  Value ends = groupEnds(e, groupSizes);
  Value starts = e.sub(ends, groupSizes);
  SmallVector<int64_t> dims;
  if (sizesType.getRank() > 1)
    llvm::append_range(dims, batchDims);
  dims.push_back(groupDim);
  auto broadcast = [&](Value v) -> Value {
    return BroadcastInDimOp::create(e.b, e.loc, type, v,
                                    e.b.getDenseI64ArrayAttr(dims));
  };
  Value index =
      IotaOp::create(e.b, e.loc, type, e.b.getI64IntegerAttr(raggedDim));
  Value afterStart = e.le(broadcast(starts), index);
  Value beforeEnd = e.lt(index, broadcast(ends));
  return e.andOp(afterStart, beforeEnd);
}

/// ragged_dot with a ragged non-contracting dimension: the dot_general of
/// every row with every group's matrix (the group dimension stays a free
/// dimension of the right-hand side), the products of the rows outside
/// each group zeroed, summed over the groups. With a ragged contracting
/// dimension: the left-hand side repeated once per group with the
/// contracting elements outside the group zeroed, contracted as a leading
/// free dimension, which is then moved first.
struct RaggedDotDecomposition : OpRewritePattern<chlo::RaggedDotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::RaggedDotOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !resultType.hasStaticShape() ||
        !op.getGroupSizes().getType().hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expects static shapes");
    if (op.getMode() == chlo::RaggedDotOp::Mode::Batch)
      return rewriter.notifyMatchFailure(
          op, "a ragged batching dimension is not supported");
    Emitter e(rewriter, op.getLoc());
    MLIRContext *context = rewriter.getContext();
    auto numbers = op.getRaggedDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = numbers.getLhsBatchingDimensions();
    ArrayRef<int64_t> lhsContracting = numbers.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsBatch = numbers.getRhsBatchingDimensions();
    ArrayRef<int64_t> rhsContracting = numbers.getRhsContractingDimensions();
    int64_t ragged = numbers.getLhsRaggedDimensions().front();
    ArrayAttr precision = toHloPrecision(context, op.getPrecisionConfig());
    Type element = resultType.getElementType();
    int64_t numBatch = lhsBatch.size();
    SmallVector<int64_t> batchDims;
    for (int64_t d = 0; d < numBatch; ++d)
      batchDims.push_back(d);

    // Position of lhs dimension `d` among the lhs free dimensions of a
    // dot_general result.
    auto lhsFreePosition = [&](int64_t d) {
      int64_t position = numBatch;
      for (int64_t i = 0; i < d; ++i)
        if (!llvm::is_contained(lhsBatch, i) &&
            !llvm::is_contained(lhsContracting, i))
          ++position;
      return position;
    };

    if (op.getMode() == chlo::RaggedDotOp::Mode::NonContracting) {
      int64_t group = numbers.getRhsGroupDimensions().front();
      auto dims = DotDimensionNumbersAttr::get(context, lhsBatch, rhsBatch,
                                               lhsContracting, rhsContracting);
      SmallVector<int64_t> shape;
      for (int64_t d : lhsBatch)
        shape.push_back(lhsType.getDimSize(d));
      for (int64_t d = 0; d < lhsType.getRank(); ++d)
        if (!llvm::is_contained(lhsBatch, d) &&
            !llvm::is_contained(lhsContracting, d))
          shape.push_back(lhsType.getDimSize(d));
      int64_t groupPosition = -1;
      for (int64_t d = 0; d < rhsType.getRank(); ++d)
        if (!llvm::is_contained(rhsBatch, d) &&
            !llvm::is_contained(rhsContracting, d)) {
          if (d == group)
            groupPosition = shape.size();
          shape.push_back(rhsType.getDimSize(d));
        }
      auto productType = RankedTensorType::get(shape, element);
      Value products =
          DotGeneralOp::create(rewriter, e.loc, productType, op.getLhs(),
                               op.getRhs(), dims, precision);
      Value mask = groupMask(e, op.getGroupSizes(), shape, groupPosition,
                             lhsFreePosition(ragged), batchDims);
      Value kept =
          e.select(mask, products, zeros(rewriter, e.loc, productType));
      rewriter.replaceOp(op, reduceSum(rewriter, e.loc, kept, {groupPosition}));
      return success();
    }

    // Ragged contracting dimension.
    int64_t numGroups = resultType.getDimSize(0);
    SmallVector<int64_t> repeatedShape{numGroups};
    llvm::append_range(repeatedShape, lhsType.getShape());
    auto repeatedType = lhsType.clone(repeatedShape);
    SmallVector<int64_t> toRepeated;
    for (int64_t d = 0; d < lhsType.getRank(); ++d)
      toRepeated.push_back(d + 1);
    Value repeated =
        BroadcastInDimOp::create(rewriter, e.loc, repeatedType, op.getLhs(),
                                 rewriter.getDenseI64ArrayAttr(toRepeated));
    SmallVector<int64_t> shiftedBatch, shiftedContracting;
    for (int64_t d : lhsBatch)
      shiftedBatch.push_back(d + 1);
    for (int64_t d : lhsContracting)
      shiftedContracting.push_back(d + 1);
    Value mask = groupMask(e, op.getGroupSizes(), repeatedShape, 0, ragged + 1,
                           shiftedBatch);
    Value masked =
        e.select(mask, repeated, zeros(rewriter, e.loc, repeatedType));
    auto dims = DotDimensionNumbersAttr::get(
        context, shiftedBatch, rhsBatch, shiftedContracting, rhsContracting);
    // dot_general puts the batch dimensions first, then the groups.
    SmallVector<int64_t> permutation{numBatch};
    SmallVector<int64_t> productShape;
    for (int64_t d = 0; d < numBatch; ++d) {
      permutation.push_back(d);
      productShape.push_back(resultType.getDimSize(d + 1));
    }
    productShape.push_back(numGroups);
    for (int64_t d = numBatch + 1; d < resultType.getRank(); ++d) {
      permutation.push_back(d);
      productShape.push_back(resultType.getDimSize(d));
    }
    Value product = DotGeneralOp::create(
        rewriter, e.loc, RankedTensorType::get(productShape, element), masked,
        op.getRhs(), dims, precision);
    if (numBatch > 0)
      product = TransposeOp::create(rewriter, e.loc, resultType, product,
                                    rewriter.getDenseI64ArrayAttr(permutation));
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// scan as an hlo.while over the index: each iteration slices the inputs at
/// the index (dynamic_slice, then a reshape dropping the dimension), runs a
/// copy of the body on the slices and carries, and writes its outputs into
/// the results (dynamic_update_slice); with is_reverse the index counts
/// down.
struct ScanDecomposition : OpRewritePattern<chlo::ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(chlo::ScanOp op,
                                PatternRewriter &rewriter) const override {
    for (Type t : op->getOperandTypes())
      if (!cast<RankedTensorType>(t).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expects static shapes");
    for (Type t : op->getResultTypes())
      if (!cast<RankedTensorType>(t).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expects static shapes");
    if (op.getInputs().empty() && op.getOutputs().empty())
      return rewriter.notifyMatchFailure(op, "expects an input or output");
    Location loc = op.getLoc();
    int64_t d = op.getDimension();
    bool reverse = op.getIsReverse().value_or(false);
    Value first = op.getInputs().empty() ? op.getOutputs().front()
                                         : op.getInputs().front();
    int64_t length = cast<RankedTensorType>(first.getType()).getDimSize(d);
    auto indexType = RankedTensorType::get({}, rewriter.getI64Type());
    auto index = [&](int64_t v) -> Value {
      return ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(indexType, rewriter.getI64IntegerAttr(v)));
    };

    size_t numInits = op.getInits().size();
    size_t numOutputs = op.getOutputs().size();
    SmallVector<Value> initial{index(0)};
    llvm::append_range(initial, op.getInits());
    for (Value output : op.getOutputs())
      initial.push_back(
          zeros(rewriter, loc, cast<RankedTensorType>(output.getType())));
    SmallVector<Type> types;
    for (Value v : initial)
      types.push_back(v.getType());
    auto loop = WhileOp::create(rewriter, loc, types, initial);

    Block *cond = rewriter.createBlock(&loop->getRegion(0));
    for (Type t : types)
      cond->addArgument(t, loc);
    Value limit = index(length);
    Value more =
        CompareOp::create(rewriter, loc, cond->getArgument(0), limit,
                          ComparisonDirection::LT, ComparisonTypeAttr());
    ReturnOp::create(rewriter, loc, ValueRange{more});

    Block *body = rewriter.createBlock(&loop->getRegion(1));
    for (Type t : types)
      body->addArgument(t, loc);
    Value i = body->getArgument(0);
    Value position =
        reverse ? Value(SubtractOp::create(rewriter, loc, index(length - 1), i))
                : i;
    Value zero = index(0);
    auto startsAt = [&](int64_t rank) {
      SmallVector<Value> starts(rank, zero);
      starts[d] = position;
      return starts;
    };
    IRMapping mapping;
    Block &scanBody = op.getBody().front();
    for (auto [k, input] : llvm::enumerate(op.getInputs())) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<int64_t> sizes(type.getShape());
      sizes[d] = 1;
      Value slice = DynamicSliceOp::create(
          rewriter, loc, type.clone(sizes), input, startsAt(type.getRank()),
          rewriter.getDenseI64ArrayAttr(sizes));
      BlockArgument arg = scanBody.getArgument(k);
      mapping.map(arg, ReshapeOp::create(rewriter, loc, arg.getType(), slice));
    }
    for (size_t k = 0; k < numInits; ++k)
      mapping.map(scanBody.getArgument(op.getInputs().size() + k),
                  body->getArgument(1 + k));
    for (Operation &inner : scanBody.without_terminator())
      rewriter.clone(inner, mapping);
    auto ret = cast<ReturnOp>(scanBody.getTerminator());
    SmallVector<Value> next{
        AddOp::create(rewriter, loc, i, index(1)).getResult()};
    for (size_t k = 0; k < numInits; ++k)
      next.push_back(mapping.lookupOrDefault(ret.getOperand(numOutputs + k)));
    for (size_t k = 0; k < numOutputs; ++k) {
      Value acc = body->getArgument(1 + numInits + k);
      auto type = cast<RankedTensorType>(acc.getType());
      SmallVector<int64_t> sizes(type.getShape());
      sizes[d] = 1;
      Value slice =
          ReshapeOp::create(rewriter, loc, type.clone(sizes),
                            mapping.lookupOrDefault(ret.getOperand(k)));
      next.push_back(DynamicUpdateSliceOp::create(
          rewriter, loc, type, acc, slice, startsAt(type.getRank())));
    }
    ReturnOp::create(rewriter, loc, next);

    SmallVector<Value> results;
    for (size_t k = 0; k < numOutputs; ++k)
      results.push_back(loop->getResult(1 + numInits + k));
    for (size_t k = 0; k < numInits; ++k)
      results.push_back(loop->getResult(1 + k));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void hlo::populateChloDecompositionPatterns(RewritePatternSet &patterns,
                                            bool f32ThroughF64) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      UnaryFloatDecomposition<chlo::LgammaOp, emitLgamma>,
      UnaryFloatDecomposition<chlo::DigammaOp, emitDigamma>,
      UnaryFloatDecomposition<chlo::ErfInvOp, emitErfInvF32, emitErfInvF64>,
      UnaryFloatDecomposition<chlo::BesselI1eOp, emitBesselI1eF32,
                              emitBesselI1eF64>,
      CoshSinhDecomposition<chlo::CoshOp, true>,
      CoshSinhDecomposition<chlo::SinhOp, false>,
      BinaryFloatDecomposition<chlo::ZetaOp, emitZeta>,
      BinaryFloatDecomposition<chlo::PolygammaOp, emitPolygamma>>(
      context, f32ThroughF64);
  patterns.add<NextAfterDecomposition,
      TopKDecomposition, SquareDecomposition, ConjDecomposition,
      MulhiDecomposition, RaggedDotDecomposition,
      ScanDecomposition, ComplexDecomposition<chlo::AsinOp, emitComplexAsin>,
      ComplexDecomposition<chlo::AcosOp, emitComplexAcos>,
      ComplexDecomposition<chlo::AcoshOp, emitComplexAcosh>,
      ComplexDecomposition<chlo::AsinhOp, emitComplexAsinh>>(context);
}
