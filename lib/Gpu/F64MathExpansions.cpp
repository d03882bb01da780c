//===- F64MathExpansions.cpp - f64 math functions as f64 arithmetic -------===//
//
// Math functions on f64 written as f64 arithmetic (additions,
// multiplications, fused multiply-adds, divisions, selects and bit
// operations on i64), for GPU targets without an f64 math library:
// SPIR-V's GLSL.std.450 takes only f16 and f32, and ROCm's ocml is not
// available to this compiler. Upstream's polynomial approximations are f32
// only and math-expand-ops' identities lose digits (tanh(x) through exp(-2x)
// for small x, powf as exp(y * log(x)) with the product rounded, ...).
//
// Each function is an argument reduction, a truncated Taylor series of
// enough terms for the reduced range (the first omitted term below
// 2^-56 of the result), and a reconstruction arranged as in fdlibm so that
// the large terms are added last; the expected error is about one ulp.
// Special values (NaN, infinities, signed zeros, overflow and underflow
// thresholds) are selected explicitly. sin, cos and tan reduce by a
// three-part pi/2 (Cody and Waite), exact for |x| < 2^20 * pi/2; larger
// arguments lose accuracy (there is no Payne-Hanek reduction).
//
// Optionally f32 (and, through upstream's f32 expansion, f16 and bf16) math
// is computed with the same expansions in f64 and rounded to f32, i.e. with
// f32 results that are almost always correctly rounded.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ln 2 = kLn2Hi + kLn2Lo; kLn2Hi has 32 significant bits, so k * kLn2Hi is
// exact for |k| < 2^21.
constexpr double kLn2Hi = 0.6931471803691238;
constexpr double kLn2Lo = 1.9082149292705877e-10;
constexpr double kInvLn2 = 1.4426950408889634;
constexpr double kLog2eLo = 2.0355273740931033e-17;
constexpr double kLog10e = 0.4342944819032518;
constexpr double kLog10eLo = 1.098319650216765e-17;
// log10(2) split like ln 2.
constexpr double kLog10Of2Hi = 0.3010299955494702;
constexpr double kLog10Of2Lo = 1.1451100898021838e-10;
// pi/2 = kPio2_1 + kPio2_2 + kPio2_3, the first two of 33 bits each.
constexpr double kPio2_1 = 1.5707963267341256;
constexpr double kPio2_2 = 6.077100506303966e-11;
constexpr double kPio2_3 = 2.0222662487959506e-21;
constexpr double kTwoOverPi = 0.6366197723675814;
constexpr double kPio2Hi = 1.5707963267948966;
constexpr double kPio2Lo = 6.123233995736766e-17;
constexpr double kPiHi = 3.141592653589793;
constexpr double kPiLo = 1.2246467991473532e-16;
constexpr double kPio4 = 0.7853981633974483;
constexpr double k3Pio4 = 2.356194490192345;
constexpr double kSqrt2 = 1.4142135623730951;
// exp(x) overflows above kMaxLog and is 0 below kMinLog.
constexpr double kMaxLog = 709.782712893384;
constexpr double kMinLog = -745.1332191019412;
// Adding and subtracting 1.5 * 2^52 rounds |x| < 2^51 to an integer (ties
// to even).
constexpr double kRoundMagic = 6755399441055744.0;

/// Emits f64 arithmetic on scalars or vectors of `type`.
struct F64Emitter {
  OpBuilder &b;
  Location loc;
  Type type;    // f64 or vector<...xf64>
  Type intType; // i64 of the same shape

  F64Emitter(OpBuilder &b, Location loc, Type type)
      : b(b), loc(loc), type(type) {
    intType = b.getI64Type();
    if (auto vector = dyn_cast<VectorType>(type))
      intType = vector.clone(intType);
  }

  Value c(double value) {
    TypedAttr attr = b.getF64FloatAttr(value);
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value ci(int64_t value) {
    TypedAttr attr = b.getI64IntegerAttr(value);
    if (auto vector = dyn_cast<VectorType>(intType))
      attr = DenseElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value fma(Value x, Value y, Value z) {
    return math::FmaOp::create(b, loc, x, y, z);
  }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value cmp(arith::CmpFPredicate predicate, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value gt(Value x, Value y) { return cmp(arith::CmpFPredicate::OGT, x, y); }
  Value ge(Value x, Value y) { return cmp(arith::CmpFPredicate::OGE, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value sel(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  /// The negation of an i1 (or vector of i1) condition.
  Value notB(Value x) {
    TypedAttr attr = b.getBoolAttr(true);
    if (auto vector = dyn_cast<VectorType>(x.getType()))
      attr = DenseElementsAttr::get(vector, attr);
    Value allOnes = arith::ConstantOp::create(b, loc, attr);
    return arith::XOrIOp::create(b, loc, x, allOnes);
  }
  Value bits(Value x) { return arith::BitcastOp::create(b, loc, intType, x); }
  Value fromBits(Value x) { return arith::BitcastOp::create(b, loc, type, x); }
  Value abs(Value x) {
    return fromBits(andI(bits(x), ci(std::numeric_limits<int64_t>::max())));
  }
  /// |magnitude| with the sign bit of `sign`.
  Value copySign(Value magnitude, Value sign) {
    Value signBit = andI(bits(sign), ci(std::numeric_limits<int64_t>::min()));
    return fromBits(orI(bits(abs(magnitude)), signBit));
  }
  /// Whether the sign bit of `x` is set (-0 and NaNs with it included).
  Value signBit(Value x) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits(x),
                                 ci(0));
  }
  /// x rounded to an integer, for |x| < 2^51.
  Value roundToInt(Value x) { return sub(add(x, c(kRoundMagic)), c(kRoundMagic)); }
  /// sum_i coefficients[i] * x^(n - 1 - i) by Horner's rule.
  Value horner(Value x, ArrayRef<double> coefficients) {
    Value p = c(coefficients.front());
    for (double coefficient : coefficients.drop_front())
      p = fma(p, x, c(coefficient));
    return p;
  }
  /// 2^n for i64 n in [-1022, 1023].
  Value pow2(Value n) {
    Value biased = arith::AddIOp::create(b, loc, n, ci(1023));
    return fromBits(arith::ShLIOp::create(b, loc, biased, ci(52)));
  }
  /// x * 2^k for an integral f64 k in [-2044, 2046], in two steps so that
  /// each factor is a normal number and a subnormal result is rounded once.
  Value ldexp(Value x, Value k) {
    Value n = arith::FPToSIOp::create(b, loc, intType, k);
    Value half = arith::ShRSIOp::create(b, loc, n, ci(1));
    Value rest = arith::SubIOp::create(b, loc, n, half);
    return mul(mul(x, pow2(half)), pow2(rest));
  }
  /// a * b exactly as p + err (Dekker's product with Veltkamp's split:
  /// plain multiplications and additions, so that it does not depend on
  /// fma being fused; |a|, |b| < 2^996).
  std::pair<Value, Value> twoProduct(Value a, Value b) {
    auto split = [&](Value v) -> std::pair<Value, Value> {
      Value scaled = mul(c(134217729.0), v); // 2^27 + 1
      Value hi = sub(scaled, sub(scaled, v));
      return {hi, sub(v, hi)};
    };
    auto [aHi, aLo] = split(a);
    auto [bHi, bLo] = split(b);
    Value p = mul(a, b);
    Value err = add(add(add(sub(mul(aHi, bHi), p), mul(aHi, bLo)),
                        mul(aLo, bHi)),
                    mul(aLo, bLo));
    return {p, err};
  }
  /// x clamped to [lo, hi]; NaN stays NaN.
  Value clamp(Value x, double lo, double hi) {
    x = sel(lt(x, c(lo)), c(lo), x);
    return sel(gt(x, c(hi)), c(hi), x);
  }

  //===--------------------------------------------------------------------===//
  // exp and expm1
  //===--------------------------------------------------------------------===//

  /// x = k ln2 + r with |r| <= ln2 / 2; returns k and expm1(r).
  std::pair<Value, Value> expReduced(Value x) {
    Value k = roundToInt(mul(x, c(kInvLn2)));
    Value r = sub(sub(x, mul(k, c(kLn2Hi))), mul(k, c(kLn2Lo)));
    // expm1(r) = r + r^2 (1/2 + r/3! + ... + r^13/15!).
    SmallVector<double> coefficients;
    double factorial = 1;
    for (int i = 2; i <= 15; ++i) {
      factorial *= i;
      coefficients.push_back(1 / factorial);
    }
    std::reverse(coefficients.begin(), coefficients.end());
    Value q = horner(r, coefficients);
    return {k, fma(mul(r, r), q, r)};
  }

  Value exp(Value x) {
    auto [k, p] = expReduced(clamp(x, -746, 710));
    Value result = ldexp(add(c(1), p), k);
    result = sel(gt(x, c(kMaxLog)), c(kInf), result);
    result = sel(lt(x, c(kMinLog)), c(0), result);
    return sel(isNaN(x), x, result);
  }

  Value exp2(Value x) {
    Value xc = clamp(x, -1080, 1025);
    Value k = roundToInt(xc);
    // x - k is exact; its product with ln 2 is rounded once.
    Value t = sub(xc, k);
    Value r = fma(t, c(kLn2Hi), mul(t, c(kLn2Lo)));
    SmallVector<double> coefficients;
    double factorial = 1;
    for (int i = 2; i <= 15; ++i) {
      factorial *= i;
      coefficients.push_back(1 / factorial);
    }
    std::reverse(coefficients.begin(), coefficients.end());
    Value p = fma(mul(r, r), horner(r, coefficients), r);
    Value result = ldexp(add(c(1), p), k);
    result = sel(ge(x, c(1024)), c(kInf), result);
    result = sel(lt(x, c(-1075)), c(0), result);
    return sel(isNaN(x), x, result);
  }

  Value expm1(Value x) {
    auto [k, p] = expReduced(clamp(x, -40, 710));
    // 2^k (1 + p) - 1 as 2^k p + (2^k - 1), exact but for one rounding
    // while 2^k - 1 is (k <= 56); beyond, the -1 does not matter.
    Value scaled = ldexp(p, k);
    Value small = add(scaled, sub(ldexp(c(1), sel(gt(k, c(56)), c(0), k)),
                                  c(1)));
    Value result = sel(gt(k, c(56)), ldexp(add(c(1), p), k), small);
    result = sel(gt(x, c(kMaxLog)), c(kInf), result);
    result = sel(lt(x, c(-40)), c(-1), result);
    // NaN and signed zeros.
    return sel(orI(isNaN(x), eq(x, c(0))), x, result);
  }

  //===--------------------------------------------------------------------===//
  // log
  //===--------------------------------------------------------------------===//

  /// For finite x > 0: x = 2^k m with m in [sqrt(2)/2, sqrt(2)), f = m - 1,
  /// s = f / (2 + f), hfsq = f^2 / 2 and R with
  /// log(m) = f - (hfsq - s (hfsq + R)).
  struct LogParts {
    Value k, f, s, hfsq, r;
  };
  LogParts logParts(Value x) {
    Value subnormal = lt(x, c(0x1p-1022));
    Value scaled = sel(subnormal, mul(x, c(0x1p54)), x);
    Value xbits = bits(scaled);
    Value biased = arith::ShRUIOp::create(b, loc, xbits, ci(52));
    Value e = arith::SubIOp::create(b, loc, biased, ci(1023));
    Value adjust = arith::SelectOp::create(b, loc, subnormal, ci(54), ci(0));
    e = arith::SubIOp::create(b, loc, e, adjust);
    Value mantissa = orI(andI(xbits, ci((int64_t(1) << 52) - 1)),
                         ci(int64_t(0x3ff) << 52));
    Value m = fromBits(mantissa);
    Value big = gt(m, c(kSqrt2));
    m = sel(big, mul(m, c(0.5)), m);
    Value k = arith::SIToFPOp::create(b, loc, type, e);
    k = sel(big, add(k, c(1)), k);
    Value f = sub(m, c(1));
    Value s = div(f, add(c(2), f));
    Value z = mul(s, s);
    // 2 atanh(s) = 2s + s R, R = 2z/3 + 2z^2/5 + ... + 2z^11/23.
    SmallVector<double> coefficients;
    for (int n = 11; n >= 1; --n)
      coefficients.push_back(2.0 / (2 * n + 1));
    Value r = mul(z, horner(z, coefficients));
    Value hfsq = mul(mul(c(0.5), f), f);
    return {k, f, s, hfsq, r};
  }

  /// The special values of log at x: NaN below 0, -inf at 0, inf at inf,
  /// NaN at NaN; `result` elsewhere.
  Value logSpecials(Value x, Value result) {
    result = sel(eq(x, c(kInf)), x, result);
    result = sel(eq(x, c(0)), c(-kInf), result);
    result = sel(lt(x, c(0)), c(kNaN), result);
    return sel(isNaN(x), x, result);
  }

  Value log(Value x) {
    LogParts p = logParts(x);
    // k ln2_hi - ((hfsq - (s (hfsq + R) + k ln2_lo)) - f)
    Value inner = fma(p.s, add(p.hfsq, p.r), mul(p.k, c(kLn2Lo)));
    Value result =
        sub(mul(p.k, c(kLn2Hi)), sub(sub(p.hfsq, inner), p.f));
    return logSpecials(x, result);
  }

  /// log(m) of the parts (without the k ln2 term).
  Value logOfMantissa(const LogParts &p) {
    return sub(p.f, sub(p.hfsq, mul(p.s, add(p.hfsq, p.r))));
  }

  Value log2(Value x) {
    LogParts p = logParts(x);
    Value lm = logOfMantissa(p);
    Value result = add(p.k, fma(lm, c(kInvLn2), mul(lm, c(kLog2eLo))));
    return logSpecials(x, result);
  }

  Value log10(Value x) {
    LogParts p = logParts(x);
    Value lm = logOfMantissa(p);
    Value small = fma(lm, c(kLog10e),
                      fma(p.k, c(kLog10Of2Lo), mul(lm, c(kLog10eLo))));
    Value result = add(mul(p.k, c(kLog10Of2Hi)), small);
    return logSpecials(x, result);
  }

  /// log(hi + lo) as an unevaluated sum (hi, lo), accurate to about 2^-60
  /// relative (for pow).
  std::pair<Value, Value> logDoubleDouble(Value x) {
    LogParts p = logParts(x);
    // 0.5 f * f exactly as hfsq + hfsqErr.
    auto [hfsq, hfsqErr] = twoProduct(mul(c(0.5), p.f), p.f);
    p.hfsq = hfsq;
    Value u = mul(p.s, add(p.hfsq, p.r));
    // v = f - hfsq exactly (Fast2Sum: |f| >= hfsq).
    Value vHi = sub(p.f, p.hfsq);
    Value vLo = sub(sub(p.f, vHi), p.hfsq);
    // k ln2_hi + vHi exactly (2Sum).
    Value t1 = mul(p.k, c(kLn2Hi));
    Value sum = add(t1, vHi);
    Value bb = sub(sum, t1);
    Value err = add(sub(t1, sub(sum, bb)), sub(vHi, bb));
    Value lo = add(add(add(err, vLo), sub(u, hfsqErr)), mul(p.k, c(kLn2Lo)));
    Value hi = add(sum, lo);
    lo = sub(lo, sub(hi, sum));
    return {hi, lo};
  }

  Value log1p(Value x) {
    // u = 1 + x exactly as u - c (2Sum), log1p(x) = log(u) + c / u.
    Value u = add(c(1), x);
    Value bb = sub(u, x);
    Value corr = add(sub(c(1), bb), sub(x, sub(u, bb)));
    Value result = add(log(u), div(corr, u));
    result = sel(eq(x, c(kInf)), x, result);
    result = sel(eq(x, c(-1)), c(-kInf), result);
    // NaN and signed zeros.
    return sel(orI(isNaN(x), eq(x, c(0))), x, result);
  }

  //===--------------------------------------------------------------------===//
  // sin, cos, tan
  //===--------------------------------------------------------------------===//

  /// x = k pi/2 + r, |r| <= pi/4 (for |x| < 2^20 pi/2); returns r and the
  /// quadrant k mod 4 as i64.
  std::pair<Value, Value> reducePio2(Value x) {
    Value k = roundToInt(mul(x, c(kTwoOverPi)));
    Value r = sub(sub(sub(x, mul(k, c(kPio2_1))), mul(k, c(kPio2_2))),
                  mul(k, c(kPio2_3)));
    Value kInt = arith::FPToSIOp::create(
        b, loc, intType, clamp(k, -0x1p62, 0x1p62));
    return {r, andI(kInt, ci(3))};
  }
  /// sin(r), |r| <= pi/4: r + r^3 (-1/3! + r^2/5! - ... + r^16/19!).
  Value sinKernel(Value r) {
    Value z = mul(r, r);
    SmallVector<double> coefficients;
    double factorial = 1;
    for (int i = 2; i <= 19; ++i) {
      factorial *= i;
      if (i % 2 == 1)
        coefficients.push_back(((i / 2) % 2 ? -1 : 1) / factorial);
    }
    std::reverse(coefficients.begin(), coefficients.end());
    return fma(mul(r, z), horner(z, coefficients), r);
  }
  /// cos(r), |r| <= pi/4: 1 - r^2/2 + r^4 (1/4! - r^2/6! + ... + r^14/18!),
  /// with 1 - r^2/2 split as in fdlibm.
  Value cosKernel(Value r) {
    Value z = mul(r, r);
    SmallVector<double> coefficients;
    double factorial = 1;
    for (int i = 2; i <= 18; ++i) {
      factorial *= i;
      if (i % 2 == 0 && i >= 4)
        coefficients.push_back(((i / 2) % 2 ? -1 : 1) / factorial);
    }
    std::reverse(coefficients.begin(), coefficients.end());
    Value tail = mul(mul(z, z), horner(z, coefficients));
    Value hz = mul(c(0.5), z);
    Value w = sub(c(1), hz);
    return add(w, add(sub(sub(c(1), w), hz), tail));
  }
  Value quadrantIs(Value quadrant, int64_t value) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, quadrant,
                                 ci(value));
  }
  Value sin(Value x) {
    auto [r, quadrant] = reducePio2(x);
    Value s = sinKernel(r), co = cosKernel(r);
    Value result = sel(quadrantIs(quadrant, 1), co, s);
    result = sel(quadrantIs(quadrant, 2), neg(s), result);
    result = sel(quadrantIs(quadrant, 3), neg(co), result);
    // Signed zeros; NaN and infinities give NaN through r.
    return sel(eq(x, c(0)), x, result);
  }
  Value cos(Value x) {
    auto [r, quadrant] = reducePio2(x);
    Value s = sinKernel(r), co = cosKernel(r);
    Value result = sel(quadrantIs(quadrant, 1), neg(s), co);
    result = sel(quadrantIs(quadrant, 2), neg(co), result);
    return sel(quadrantIs(quadrant, 3), s, result);
  }
  Value tan(Value x) {
    auto [r, quadrant] = reducePio2(x);
    Value s = sinKernel(r), co = cosKernel(r);
    Value odd = andI(quadrant, ci(1));
    Value result = sel(quadrantIs(odd, 1), neg(div(co, s)), div(s, co));
    return sel(eq(x, c(0)), x, result);
  }

  //===--------------------------------------------------------------------===//
  // atan, atan2
  //===--------------------------------------------------------------------===//

  /// atan(a) for a >= 0 (or NaN): reduced to |t| <= 7/16 around 0, 1/2, 1,
  /// 3/2 or infinity as in fdlibm, then a Taylor series of 22 terms.
  Value atanNonNegative(Value a) {
    Value t = a, hi = c(0), lo = c(0);
    auto range = [&](double from, Value reduced, double atanHi,
                     double atanLo) {
      Value in = ge(a, c(from));
      t = sel(in, reduced, t);
      hi = sel(in, c(atanHi), hi);
      lo = sel(in, c(atanLo), lo);
    };
    range(7.0 / 16, div(sub(mul(c(2), a), c(1)), add(c(2), a)),
          0.4636476090008061, 2.2698777452961687e-17);
    range(11.0 / 16, div(sub(a, c(1)), add(a, c(1))), 0.7853981633974483,
          3.061616997868383e-17);
    range(19.0 / 16, div(sub(a, c(1.5)), fma(c(1.5), a, c(1))),
          0.982793723247329, 1.3903311031230998e-17);
    range(39.0 / 16, div(c(-1), a), kPio2Hi, kPio2Lo);
    Value z = mul(t, t);
    // atan(t) = t - t q, q = z/3 - z^2/5 + ... - z^22/45.
    SmallVector<double> coefficients;
    for (int n = 22; n >= 1; --n)
      coefficients.push_back((n % 2 ? 1.0 : -1.0) / (2 * n + 1));
    Value core = mul(t, mul(z, horner(z, coefficients)));
    return sub(hi, sub(sub(core, lo), t));
  }
  Value atan(Value x) { return copySign(atanNonNegative(abs(x)), x); }
  Value atan2(Value y, Value x) {
    Value ax = abs(x), ay = abs(y);
    Value r = atanNonNegative(div(ay, ax));
    // 0/0 and inf/inf.
    r = sel(andI(eq(ax, c(0)), eq(ay, c(0))), c(0), r);
    r = sel(andI(eq(ax, c(kInf)), eq(ay, c(kInf))), c(kPio4), r);
    // x < 0 or -0: pi - r.
    Value reflected = sub(c(kPiHi), sub(r, c(kPiLo)));
    reflected = sel(eq(r, c(kPio4)), c(k3Pio4), reflected);
    r = sel(signBit(x), reflected, r);
    r = copySign(r, y);
    return sel(orI(isNaN(x), isNaN(y)), add(x, y), r);
  }

  //===--------------------------------------------------------------------===//
  // Hyperbolic functions and their inverses
  //===--------------------------------------------------------------------===//

  Value tanh(Value x) {
    Value a = abs(x);
    // tanh(a) = -expm1(-2a) / (2 + expm1(-2a)).
    Value t = expm1(mul(c(-2), a));
    Value result = div(neg(t), add(c(2), t));
    result = sel(gt(a, c(22)), c(1), result);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }
  Value sinh(Value x) {
    Value a = abs(x);
    // sinh(a) = (t + t / (t + 1)) / 2, t = expm1(a), below 22; exp(a)/2
    // above, as exp(a/2) exp(a/2) / 2 so that it overflows only where
    // sinh does.
    Value t = expm1(sel(gt(a, c(22)), c(0), a));
    Value small = mul(c(0.5), add(t, div(t, add(t, c(1)))));
    Value h = exp(mul(c(0.5), a));
    Value result = sel(gt(a, c(22)), mul(mul(c(0.5), h), h), small);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }
  Value cosh(Value x) {
    Value a = abs(x);
    Value t = exp(sel(gt(a, c(22)), c(0), a));
    Value small = add(mul(c(0.5), t), div(c(0.5), t));
    Value h = exp(mul(c(0.5), a));
    Value result = sel(gt(a, c(22)), mul(mul(c(0.5), h), h), small);
    return sel(isNaN(x), a, result);
  }
  Value asinh(Value x) {
    Value a = abs(x);
    Value a2 = mul(a, a);
    // a > 2^28: log(a) + ln2; a > 2: log(2a + 1/(sqrt(a^2+1) + a));
    // else log1p(a + a^2/(1 + sqrt(1 + a^2))).
    Value large = add(log(a), c(kLn2Hi + kLn2Lo));
    Value moderate =
        log(add(mul(c(2), a), div(c(1), add(sqrt(add(a2, c(1))), a))));
    Value small = log1p(add(a, div(a2, add(c(1), sqrt(add(c(1), a2))))));
    Value result = sel(gt(a, c(0x1p28)), large,
                       sel(gt(a, c(2)), moderate, small));
    result = copySign(result, x);
    return sel(orI(isNaN(x), eq(a, c(kInf))), x, result);
  }
  Value acosh(Value x) {
    // x > 2^28: log(x) + ln2; x > 2: log(2x - 1/(x + sqrt(x^2 - 1)));
    // else log1p(t + sqrt(2t + t^2)), t = x - 1.
    Value large = add(log(x), c(kLn2Hi + kLn2Lo));
    Value moderate = log(sub(mul(c(2), x),
                             div(c(1), add(x, sqrt(sub(mul(x, x), c(1)))))));
    Value t = sub(x, c(1));
    Value small = log1p(add(t, sqrt(fma(c(2), t, mul(t, t)))));
    Value result = sel(gt(x, c(0x1p28)), large,
                       sel(gt(x, c(2)), moderate, small));
    result = sel(eq(x, c(kInf)), x, result);
    result = sel(lt(x, c(1)), c(kNaN), result);
    return sel(isNaN(x), x, result);
  }
  Value atanh(Value x) {
    Value a = abs(x);
    // atanh(a) = log1p(2a / (1 - a)) / 2, below 1/2 as
    // log1p(2a + 2a^2 / (1 - a)) / 2.
    Value oneMinus = sub(c(1), a);
    Value twoA = mul(c(2), a);
    Value small = log1p(add(twoA, div(mul(twoA, a), oneMinus)));
    Value large = log1p(div(twoA, oneMinus));
    Value result = mul(c(0.5), sel(lt(a, c(0.5)), small, large));
    result = sel(gt(a, c(1)), c(kNaN), result);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }

  //===--------------------------------------------------------------------===//
  // cbrt, pow
  //===--------------------------------------------------------------------===//

  Value cbrt(Value x) {
    Value a = abs(x);
    Value y = exp(mul(log(a), c(1.0 / 3)));
    // One Newton step on y^3 = a (y^2 does not underflow where y^3 would).
    y = add(y, div(sub(div(a, mul(y, y)), y), c(3)));
    Value result = copySign(y, x);
    return sel(orI(orI(isNaN(x), eq(a, c(0))), eq(a, c(kInf))), x, result);
  }

  /// C's pow (IEEE 754 pown/pow special cases).
  Value pow(Value x, Value y) {
    Value a = abs(x);
    auto [lHi, lLo] = logDoubleDouble(a);
    // y (lHi + lLo) = pHi + pLo.
    // Beyond |y log|x|| = 1000 the result is 0 or inf whatever pLo (and y
    // may be too large to split).
    Value moderate = lt(abs(mul(y, lHi)), c(1000));
    Value ySafe = sel(moderate, y, c(0));
    auto [pHi, pLo] = twoProduct(ySafe, lHi);
    pLo = add(pLo, mul(ySafe, lLo));
    pHi = sel(moderate, pHi, mul(y, lHi));
    Value e = exp(pHi);
    Value magnitude = sel(moderate, fma(e, pLo, e), e);
    // log(0) = -inf and log(inf) = inf give the right limits through exp;
    // log's NaN for 0 is not used here since a >= 0.
    magnitude = sel(eq(a, c(0)), sel(lt(y, c(0)), c(kInf), c(0)), magnitude);
    magnitude = sel(eq(a, c(kInf)), sel(lt(y, c(0)), c(0), c(kInf)),
                    magnitude);
    // Infinite y.
    Value yInf = eq(abs(y), c(kInf));
    // |x| > 1 with y = -inf and |x| < 1 with y = inf give 0.
    Value vanishes =
        arith::XOrIOp::create(b, loc, gt(a, c(1)), gt(y, c(0)));
    magnitude = sel(yInf, sel(vanishes, c(0), c(kInf)), magnitude);
    magnitude = sel(andI(yInf, eq(a, c(1))), c(1), magnitude);
    // Negative x: an odd integer y flips the sign, a non-integer gives NaN.
    // |y| >= 2^52 (infinities included) is an even integer.
    Value yBig = ge(abs(y), c(0x1p52));
    Value isInteger = orI(yBig, eq(y, roundToInt(y)));
    Value half = mul(y, c(0.5));
    Value odd = andI(andI(isInteger, notB(yBig)),
                     notB(eq(half, roundToInt(half))));
    Value result = sel(andI(signBit(x), odd), neg(magnitude), magnitude);
    result = sel(andI(lt(x, c(0)), notB(isInteger)), c(kNaN), result);
    result = sel(orI(isNaN(x), isNaN(y)), add(x, y), result);
    // pow(x, 0) = 1 and pow(1, y) = 1, NaN included.
    return sel(orI(eq(y, c(0)), eq(x, c(1))), c(1), result);
  }
};

/// The f64 element type of `type`'s shape, when `type` is f64 or a vector
/// of f64.
bool isF64(Type type) { return getElementTypeOrSelf(type).isF64(); }

template <typename OpTy>
struct ExpandF64Unary : OpRewritePattern<OpTy> {
  using Function = Value (F64Emitter::*)(Value);
  ExpandF64Unary(MLIRContext *context, Function function)
      : OpRewritePattern<OpTy>(context, /*benefit=*/3), function(function) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isF64(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f64");
    F64Emitter emitter(rewriter, op.getLoc(), op.getType());
    rewriter.replaceOp(op, (emitter.*function)(op->getOperand(0)));
    return success();
  }
  Function function;
};

template <typename OpTy>
struct ExpandF64Binary : OpRewritePattern<OpTy> {
  using Function = Value (F64Emitter::*)(Value, Value);
  ExpandF64Binary(MLIRContext *context, Function function)
      : OpRewritePattern<OpTy>(context, /*benefit=*/3), function(function) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isF64(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f64");
    F64Emitter emitter(rewriter, op.getLoc(), op.getType());
    rewriter.replaceOp(op, (emitter.*function)(op->getOperand(0),
                                                op->getOperand(1)));
    return success();
  }
  Function function;
};

/// An f32 math op computed as the same op on f64 and rounded to f32.
struct ComputeF32InF64 : RewritePattern {
  ComputeF32InF64(MLIRContext *context, StringRef name)
      : RewritePattern(name, /*benefit=*/3, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1)
      return failure();
    Type type = op->getResult(0).getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    for (Value operand : op->getOperands())
      if (operand.getType() != type)
        return rewriter.notifyMatchFailure(op, "mixed operand types");
    Type wide = rewriter.getF64Type();
    if (auto vector = dyn_cast<VectorType>(type))
      wide = vector.clone(wide);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(arith::ExtFOp::create(rewriter, loc, wide, operand));
    OperationState state(loc, op->getName().getStringRef(), operands, {wide},
                         op->getAttrs());
    Operation *wideOp = rewriter.create(state);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type,
                                                 wideOp->getResult(0));
    return success();
  }
};

} // namespace

void hlo::populateGpuF64MathExpansionPatterns(RewritePatternSet &patterns,
                                               bool computeF32InF64) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ExpandF64Unary<math::ExpOp>>(context, &F64Emitter::exp);
  patterns.add<ExpandF64Unary<math::Exp2Op>>(context, &F64Emitter::exp2);
  patterns.add<ExpandF64Unary<math::ExpM1Op>>(context, &F64Emitter::expm1);
  patterns.add<ExpandF64Unary<math::LogOp>>(context, &F64Emitter::log);
  patterns.add<ExpandF64Unary<math::Log2Op>>(context, &F64Emitter::log2);
  patterns.add<ExpandF64Unary<math::Log10Op>>(context, &F64Emitter::log10);
  patterns.add<ExpandF64Unary<math::Log1pOp>>(context, &F64Emitter::log1p);
  patterns.add<ExpandF64Unary<math::SinOp>>(context, &F64Emitter::sin);
  patterns.add<ExpandF64Unary<math::CosOp>>(context, &F64Emitter::cos);
  patterns.add<ExpandF64Unary<math::TanOp>>(context, &F64Emitter::tan);
  patterns.add<ExpandF64Unary<math::AtanOp>>(context, &F64Emitter::atan);
  patterns.add<ExpandF64Unary<math::TanhOp>>(context, &F64Emitter::tanh);
  patterns.add<ExpandF64Unary<math::SinhOp>>(context, &F64Emitter::sinh);
  patterns.add<ExpandF64Unary<math::CoshOp>>(context, &F64Emitter::cosh);
  patterns.add<ExpandF64Unary<math::AsinhOp>>(context, &F64Emitter::asinh);
  patterns.add<ExpandF64Unary<math::AcoshOp>>(context, &F64Emitter::acosh);
  patterns.add<ExpandF64Unary<math::AtanhOp>>(context, &F64Emitter::atanh);
  patterns.add<ExpandF64Unary<math::CbrtOp>>(context, &F64Emitter::cbrt);
  patterns.add<ExpandF64Binary<math::Atan2Op>>(context, &F64Emitter::atan2);
  patterns.add<ExpandF64Binary<math::PowFOp>>(context, &F64Emitter::pow);
  if (!computeF32InF64)
    return;
  for (StringRef name :
       {math::ExpOp::getOperationName(), math::Exp2Op::getOperationName(),
        math::ExpM1Op::getOperationName(), math::LogOp::getOperationName(),
        math::Log2Op::getOperationName(), math::Log10Op::getOperationName(),
        math::Log1pOp::getOperationName(), math::SinOp::getOperationName(),
        math::CosOp::getOperationName(), math::TanOp::getOperationName(),
        math::AtanOp::getOperationName(), math::TanhOp::getOperationName(),
        math::SinhOp::getOperationName(), math::CoshOp::getOperationName(),
        math::AsinhOp::getOperationName(), math::AcoshOp::getOperationName(),
        math::AtanhOp::getOperationName(), math::CbrtOp::getOperationName(),
        math::Atan2Op::getOperationName(), math::PowFOp::getOperationName()})
    patterns.add<ComputeF32InF64>(context, name);
}
