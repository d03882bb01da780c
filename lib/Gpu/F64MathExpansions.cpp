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
    auto bits2 = bits(x);
    auto ci2 = ci(std::numeric_limits<int64_t>::max());
    return fromBits(andI(bits2, ci2));
  }
  /// |magnitude| with the sign bit of `sign`.
  Value copySign(Value magnitude, Value sign) {
    auto bits3 = bits(sign);
    auto ci3 = ci(std::numeric_limits<int64_t>::min());
    Value signBit = andI(bits3, ci3);
    return fromBits(orI(bits(abs(magnitude)), signBit));
  }
  /// Whether the sign bit of `x` is set (-0 and NaNs with it included).
  Value signBit(Value x) {
    auto bits4 = bits(x);
    auto ci4 = ci(0);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits4,
                                 ci4);
  }
  /// x rounded to an integer, for |x| < 2^51.
  Value roundToInt(Value x) { 
  auto add2 = add(x, c(kRoundMagic));
  auto cValue = c(kRoundMagic);
return sub(add2, cValue); }
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
    auto mul2 = mul(x, pow2(half));
    auto pow22 = pow2(rest);
    return mul(mul2, pow22);
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
    auto sub2 = sub(mul(aHi, bHi), p);
    auto mul5 = mul(aHi, bLo);
    auto add4 = add(sub2, mul5);
    auto mul4 = mul(aLo, bHi);
    auto add3 = add(add4,
                        mul4);
    auto mul3 = mul(aLo, bLo);
    Value err = add(add3,
                    mul3);
    return {p, err};
  }
  /// x clamped to [lo, hi]; NaN stays NaN.
  Value clamp(Value x, double lo, double hi) {
    auto lt2 = lt(x, c(lo));
    auto cValue2 = c(lo);
    x = sel(lt2, cValue2, x);
    auto gt2 = gt(x, c(hi));
    auto cValue3 = c(hi);
    return sel(gt2, cValue3, x);
  }

  //===--------------------------------------------------------------------===//
  // exp and expm1
  //===--------------------------------------------------------------------===//

  /// x = k ln2 + r with |r| <= ln2 / 2; returns k and expm1(r).
  std::pair<Value, Value> expReduced(Value x) {
    Value k = roundToInt(mul(x, c(kInvLn2)));
    auto sub3 = sub(x, mul(k, c(kLn2Hi)));
    auto mul6 = mul(k, c(kLn2Lo));
    Value r = sub(sub3, mul6);
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
    auto gt3 = gt(x, c(kMaxLog));
    auto cValue4 = c(kInf);
    result = sel(gt3, cValue4, result);
    auto lt3 = lt(x, c(kMinLog));
    auto cValue5 = c(0);
    result = sel(lt3, cValue5, result);
    return sel(isNaN(x), x, result);
  }

  Value exp2(Value x) {
    Value xc = clamp(x, -1080, 1025);
    Value k = roundToInt(xc);
    // x - k is exact; its product with ln 2 is rounded once.
    Value t = sub(xc, k);
    auto cValue6 = c(kLn2Hi);
    auto mul7 = mul(t, c(kLn2Lo));
    Value r = fma(t, cValue6, mul7);
    SmallVector<double> coefficients;
    double factorial = 1;
    for (int i = 2; i <= 15; ++i) {
      factorial *= i;
      coefficients.push_back(1 / factorial);
    }
    std::reverse(coefficients.begin(), coefficients.end());
    auto mul8 = mul(r, r);
    auto horner2 = horner(r, coefficients);
    Value p = fma(mul8, horner2, r);
    Value result = ldexp(add(c(1), p), k);
    auto ge2 = ge(x, c(1024));
    auto cValue7 = c(kInf);
    result = sel(ge2, cValue7, result);
    auto lt4 = lt(x, c(-1075));
    auto cValue8 = c(0);
    result = sel(lt4, cValue8, result);
    return sel(isNaN(x), x, result);
  }

  Value expm1(Value x) {
    auto [k, p] = expReduced(clamp(x, -40, 710));
    // 2^k (1 + p) - 1 as 2^k p + (2^k - 1), exact but for one rounding
    // while 2^k - 1 is (k <= 56); beyond, the -1 does not matter.
    Value scaled = ldexp(p, k);
    auto cValue10 = c(1);
    auto gt4 = gt(k, c(56));
    auto cValue11 = c(0);
    auto sel2 = sel(gt4, cValue11, k);
    auto ldexp2 = ldexp(cValue10, sel2);
    auto cValue9 = c(1);
    Value small = add(scaled, sub(ldexp2,
                                  cValue9));
    auto gt5 = gt(k, c(56));
    auto ldexp3 = ldexp(add(c(1), p), k);
    Value result = sel(gt5, ldexp3, small);
    auto gt6 = gt(x, c(kMaxLog));
    auto cValue12 = c(kInf);
    result = sel(gt6, cValue12, result);
    auto lt5 = lt(x, c(-40));
    auto cValue13 = c(-1);
    result = sel(lt5, cValue13, result);
    // NaN and signed zeros.
    auto isNaN2 = isNaN(x);
    auto eq2 = eq(x, c(0));
    return sel(orI(isNaN2, eq2), x, result);
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
    auto ci5 = ci(54);
    auto ci6 = ci(0);
    Value adjust = arith::SelectOp::create(b, loc, subnormal, ci5, ci6);
    e = arith::SubIOp::create(b, loc, e, adjust);
    auto andI2 = andI(xbits, ci((int64_t(1) << 52) - 1));
    auto ci7 = ci(int64_t(0x3ff) << 52);
    Value mantissa = orI(andI2,
                         ci7);
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
    auto eq3 = eq(x, c(0));
    auto cValue14 = c(-kInf);
    result = sel(eq3, cValue14, result);
    auto lt6 = lt(x, c(0));
    auto cValue15 = c(kNaN);
    result = sel(lt6, cValue15, result);
    return sel(isNaN(x), x, result);
  }

  Value log(Value x) {
    LogParts p = logParts(x);
    // k ln2_hi - ((hfsq - (s (hfsq + R) + k ln2_lo)) - f)
    auto add5 = add(p.hfsq, p.r);
    auto mul9 = mul(p.k, c(kLn2Lo));
    Value inner = fma(p.s, add5, mul9);
    auto mul10 = mul(p.k, c(kLn2Hi));
    auto sub4 = sub(sub(p.hfsq, inner), p.f);
    Value result =
        sub(mul10, sub4);
    return logSpecials(x, result);
  }

  /// log(m) of the parts (without the k ln2 term).
  Value logOfMantissa(const LogParts &p) {
    return sub(p.f, sub(p.hfsq, mul(p.s, add(p.hfsq, p.r))));
  }

  Value log2(Value x) {
    LogParts p = logParts(x);
    Value lm = logOfMantissa(p);
    auto cValue16 = c(kInvLn2);
    auto mul11 = mul(lm, c(kLog2eLo));
    Value result = add(p.k, fma(lm, cValue16, mul11));
    return logSpecials(x, result);
  }

  Value log10(Value x) {
    LogParts p = logParts(x);
    Value lm = logOfMantissa(p);
    auto cValue17 = c(kLog10e);
    auto cValue18 = c(kLog10Of2Lo);
    auto mul12 = mul(lm, c(kLog10eLo));
    auto fma2 = fma(p.k, cValue18, mul12);
    Value small = fma(lm, cValue17,
                      fma2);
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
    auto sub5 = sub(t1, sub(sum, bb));
    auto sub6 = sub(vHi, bb);
    Value err = add(sub5, sub6);
    auto add7 = add(err, vLo);
    auto sub7 = sub(u, hfsqErr);
    auto add6 = add(add7, sub7);
    auto mul13 = mul(p.k, c(kLn2Lo));
    Value lo = add(add6, mul13);
    Value hi = add(sum, lo);
    lo = sub(lo, sub(hi, sum));
    return {hi, lo};
  }

  Value log1p(Value x) {
    // u = 1 + x exactly as u - c (2Sum), log1p(x) = log(u) + c / u.
    Value u = add(c(1), x);
    Value bb = sub(u, x);
    auto sub8 = sub(c(1), bb);
    auto sub9 = sub(x, sub(u, bb));
    Value corr = add(sub8, sub9);
    auto log3 = log(u);
    auto div2 = div(corr, u);
    Value result = add(log3, div2);
    result = sel(eq(x, c(kInf)), x, result);
    auto eq4 = eq(x, c(-1));
    auto cValue19 = c(-kInf);
    result = sel(eq4, cValue19, result);
    // NaN and signed zeros.
    auto isNaN3 = isNaN(x);
    auto eq5 = eq(x, c(0));
    return sel(orI(isNaN3, eq5), x, result);
  }

  //===--------------------------------------------------------------------===//
  // sin, cos, tan
  //===--------------------------------------------------------------------===//

  /// x = k pi/2 + r, |r| <= pi/4 (for |x| < 2^20 pi/2); returns r and the
  /// quadrant k mod 4 as i64.
  std::pair<Value, Value> reducePio2(Value x) {
    Value k = roundToInt(mul(x, c(kTwoOverPi)));
    auto sub11 = sub(x, mul(k, c(kPio2_1)));
    auto mul15 = mul(k, c(kPio2_2));
    auto sub10 = sub(sub11, mul15);
    auto mul14 = mul(k, c(kPio2_3));
    Value r = sub(sub10,
                  mul14);
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
    auto mul16 = mul(r, z);
    auto horner3 = horner(z, coefficients);
    return fma(mul16, horner3, r);
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
    auto mul17 = mul(z, z);
    auto horner4 = horner(z, coefficients);
    Value tail = mul(mul17, horner4);
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
    auto quadrantIs2 = quadrantIs(quadrant, 2);
    auto neg2 = neg(s);
    result = sel(quadrantIs2, neg2, result);
    auto quadrantIs3 = quadrantIs(quadrant, 3);
    auto neg3 = neg(co);
    result = sel(quadrantIs3, neg3, result);
    // Signed zeros; NaN and infinities give NaN through r.
    return sel(eq(x, c(0)), x, result);
  }
  Value cos(Value x) {
    auto [r, quadrant] = reducePio2(x);
    Value s = sinKernel(r), co = cosKernel(r);
    auto quadrantIs4 = quadrantIs(quadrant, 1);
    auto neg4 = neg(s);
    Value result = sel(quadrantIs4, neg4, co);
    auto quadrantIs5 = quadrantIs(quadrant, 2);
    auto neg5 = neg(co);
    result = sel(quadrantIs5, neg5, result);
    return sel(quadrantIs(quadrant, 3), s, result);
  }
  Value tan(Value x) {
    auto [r, quadrant] = reducePio2(x);
    Value s = sinKernel(r), co = cosKernel(r);
    Value odd = andI(quadrant, ci(1));
    auto quadrantIs6 = quadrantIs(odd, 1);
    auto neg6 = neg(div(co, s));
    auto div3 = div(s, co);
    Value result = sel(quadrantIs6, neg6, div3);
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
    auto mul18 = mul(c(2), a);
    auto cValue20 = c(1);
    auto sub12 = sub(mul18, cValue20);
    auto add8 = add(c(2), a);
    range(7.0 / 16, div(sub12, add8),
          0.4636476090008061, 2.2698777452961687e-17);
    auto sub13 = sub(a, c(1));
    auto add9 = add(a, c(1));
    range(11.0 / 16, div(sub13, add9), 0.7853981633974483,
          3.061616997868383e-17);
    auto sub14 = sub(a, c(1.5));
    auto cValue21 = c(1.5);
    auto cValue22 = c(1);
    auto fma3 = fma(cValue21, a, cValue22);
    range(19.0 / 16, div(sub14, fma3),
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
    auto eq6 = eq(ax, c(0));
    auto eq7 = eq(ay, c(0));
    auto andI3 = andI(eq6, eq7);
    auto cValue23 = c(0);
    r = sel(andI3, cValue23, r);
    auto eq8 = eq(ax, c(kInf));
    auto eq9 = eq(ay, c(kInf));
    auto andI4 = andI(eq8, eq9);
    auto cValue24 = c(kPio4);
    r = sel(andI4, cValue24, r);
    // x < 0 or -0: pi - r.
    auto cValue25 = c(kPiHi);
    auto sub15 = sub(r, c(kPiLo));
    Value reflected = sub(cValue25, sub15);
    auto eq10 = eq(r, c(kPio4));
    auto cValue26 = c(k3Pio4);
    reflected = sel(eq10, cValue26, reflected);
    r = sel(signBit(x), reflected, r);
    r = copySign(r, y);
    auto isNaN4 = isNaN(x);
    auto isNaN5 = isNaN(y);
    auto orI2 = orI(isNaN4, isNaN5);
    auto add10 = add(x, y);
    return sel(orI2, add10, r);
  }

  //===--------------------------------------------------------------------===//
  // Hyperbolic functions and their inverses
  //===--------------------------------------------------------------------===//

  Value tanh(Value x) {
    Value a = abs(x);
    // tanh(a) = -expm1(-2a) / (2 + expm1(-2a)), 1 above 22.
    Value t = expm1(mul(c(-2), a));
    Value numerator = neg(t);
    Value denominator = add(c(2), t);
    Value result = div(numerator, denominator);
    Value large = gt(a, c(22));
    Value one = c(1);
    result = sel(large, one, result);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }
  Value sinh(Value x) {
    Value a = abs(x);
    // sinh(a) = (t + t / (t + 1)) / 2, t = expm1(a), below 22; exp(a)/2
    // above, as exp(a/2) exp(a/2) / 2 so that it overflows only where
    // sinh does.
    Value large = gt(a, c(22));
    Value zero = c(0);
    Value t = expm1(sel(large, zero, a));
    Value half = c(0.5);
    Value sum = add(t, div(t, add(t, c(1))));
    Value small = mul(half, sum);
    Value h = exp(mul(c(0.5), a));
    Value big = mul(mul(c(0.5), h), h);
    Value result = sel(large, big, small);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }
  Value cosh(Value x) {
    Value a = abs(x);
    // (t + 1/t) / 2, t = exp(a), below 22; above, exp(a/2) exp(a/2) / 2
    // (no overflow of t where cosh is finite).
    Value large = gt(a, c(22));
    Value zero = c(0);
    Value t = exp(sel(large, zero, a));
    Value halfT = mul(c(0.5), t);
    Value halfInverse = div(c(0.5), t);
    Value small = add(halfT, halfInverse);
    Value h = exp(mul(c(0.5), a));
    Value big = mul(mul(c(0.5), h), h);
    Value result = sel(large, big, small);
    return sel(isNaN(x), a, result);
  }
  Value asinh(Value x) {
    Value a = abs(x);
    Value a2 = mul(a, a);
    // a > 2^28: log(a) + ln2; a > 2: log(2a + 1/(sqrt(a^2+1) + a));
    // else log1p(a + a^2/(1 + sqrt(1 + a^2))).
    auto log4 = log(a);
    auto cValue31 = c(kLn2Hi + kLn2Lo);
    Value large = add(log4, cValue31);
    auto mul22 = mul(c(2), a);
    auto cValue32 = c(1);
    auto add13 = add(sqrt(add(a2, c(1))), a);
    auto div5 = div(cValue32, add13);
    Value moderate =
        log(add(mul22, div5));
    auto cValue33 = c(1);
    auto sqrt2 = sqrt(add(c(1), a2));
    Value small = log1p(add(a, div(a2, add(cValue33, sqrt2))));
    auto gt12 = gt(a, c(0x1p28));
    auto sel3 = sel(gt(a, c(2)), moderate, small);
    Value result = sel(gt12, large,
                       sel3);
    result = copySign(result, x);
    auto isNaN6 = isNaN(x);
    auto eq11 = eq(a, c(kInf));
    return sel(orI(isNaN6, eq11), x, result);
  }
  Value acosh(Value x) {
    // x > 2^28: log(x) + ln2; x > 2: log(2x - 1/(x + sqrt(x^2 - 1)));
    // else log1p(t + sqrt(2t + t^2)), t = x - 1.
    auto log5 = log(x);
    auto cValue34 = c(kLn2Hi + kLn2Lo);
    Value large = add(log5, cValue34);
    auto mul23 = mul(c(2), x);
    auto cValue35 = c(1);
    auto mul24 = mul(x, x);
    auto cValue36 = c(1);
    auto add14 = add(x, sqrt(sub(mul24, cValue36)));
    auto div6 = div(cValue35, add14);
    Value moderate = log(sub(mul23,
                             div6));
    Value t = sub(x, c(1));
    auto cValue37 = c(2);
    auto mul25 = mul(t, t);
    Value small = log1p(add(t, sqrt(fma(cValue37, t, mul25))));
    auto gt13 = gt(x, c(0x1p28));
    auto sel4 = sel(gt(x, c(2)), moderate, small);
    Value result = sel(gt13, large,
                       sel4);
    result = sel(eq(x, c(kInf)), x, result);
    auto lt7 = lt(x, c(1));
    auto cValue38 = c(kNaN);
    result = sel(lt7, cValue38, result);
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
    auto cValue39 = c(0.5);
    auto sel5 = sel(lt(a, c(0.5)), small, large);
    Value result = mul(cValue39, sel5);
    auto gt14 = gt(a, c(1));
    auto cValue40 = c(kNaN);
    result = sel(gt14, cValue40, result);
    result = copySign(result, x);
    return sel(isNaN(x), x, result);
  }

  //===--------------------------------------------------------------------===//
  // cbrt, pow
  //===--------------------------------------------------------------------===//

  Value cbrt(Value x) {
    Value a = abs(x);
    auto log6 = log(a);
    auto cValue41 = c(1.0 / 3);
    Value y = exp(mul(log6, cValue41));
    // One Newton step on y^3 = a (y^2 does not underflow where y^3 would).
    auto sub16 = sub(div(a, mul(y, y)), y);
    auto cValue42 = c(3);
    y = add(y, div(sub16, cValue42));
    Value result = copySign(y, x);
    auto isNaN7 = isNaN(x);
    auto eq13 = eq(a, c(0));
    auto orI3 = orI(isNaN7, eq13);
    auto eq12 = eq(a, c(kInf));
    return sel(orI(orI3, eq12), x, result);
  }

  /// C's pow (IEEE 754 pown/pow special cases).
  Value pow(Value x, Value y) {
    Value a = abs(x);
    auto [lHi, lLo] = logDoubleDouble(a);
    // y (lHi + lLo) = pHi + pLo.
    // Beyond |y log|x|| = 1000 the result is 0 or inf whatever pLo (and y
    // may be too large to split).
    auto abs2 = abs(mul(y, lHi));
    auto cValue43 = c(1000);
    Value moderate = lt(abs2, cValue43);
    Value ySafe = sel(moderate, y, c(0));
    auto [pHi, pLo] = twoProduct(ySafe, lHi);
    pLo = add(pLo, mul(ySafe, lLo));
    pHi = sel(moderate, pHi, mul(y, lHi));
    Value e = exp(pHi);
    Value magnitude = sel(moderate, fma(e, pLo, e), e);
    // log(0) = -inf and log(inf) = inf give the right limits through exp;
    // log's NaN for 0 is not used here since a >= 0.
    auto eq14 = eq(a, c(0));
    auto lt8 = lt(y, c(0));
    auto cValue44 = c(kInf);
    auto cValue45 = c(0);
    auto sel6 = sel(lt8, cValue44, cValue45);
    magnitude = sel(eq14, sel6, magnitude);
    auto eq15 = eq(a, c(kInf));
    auto lt9 = lt(y, c(0));
    auto cValue46 = c(0);
    auto cValue47 = c(kInf);
    auto sel7 = sel(lt9, cValue46, cValue47);
    magnitude = sel(eq15, sel7,
                    magnitude);
    // Infinite y.
    auto abs3 = abs(y);
    auto cValue48 = c(kInf);
    Value yInf = eq(abs3, cValue48);
    // |x| > 1 with y = -inf and |x| < 1 with y = inf give 0.
    auto gt15 = gt(a, c(1));
    auto gt16 = gt(y, c(0));
    Value vanishes =
        arith::XOrIOp::create(b, loc, gt15, gt16);
    auto cValue49 = c(0);
    auto cValue50 = c(kInf);
    magnitude = sel(yInf, sel(vanishes, cValue49, cValue50), magnitude);
    auto andI5 = andI(yInf, eq(a, c(1)));
    auto cValue51 = c(1);
    magnitude = sel(andI5, cValue51, magnitude);
    // Negative x: an odd integer y flips the sign, a non-integer gives NaN.
    // |y| >= 2^52 (infinities included) is an even integer.
    auto abs4 = abs(y);
    auto cValue52 = c(0x1p52);
    Value yBig = ge(abs4, cValue52);
    Value isInteger = orI(yBig, eq(y, roundToInt(y)));
    Value half = mul(y, c(0.5));
    auto andI6 = andI(isInteger, notB(yBig));
    auto notB2 = notB(eq(half, roundToInt(half)));
    Value odd = andI(andI6,
                     notB2);
    auto andI7 = andI(signBit(x), odd);
    auto neg8 = neg(magnitude);
    Value result = sel(andI7, neg8, magnitude);
    auto lt10 = lt(x, c(0));
    auto notB3 = notB(isInteger);
    auto andI8 = andI(lt10, notB3);
    auto cValue53 = c(kNaN);
    result = sel(andI8, cValue53, result);
    auto isNaN8 = isNaN(x);
    auto isNaN9 = isNaN(y);
    auto orI4 = orI(isNaN8, isNaN9);
    auto add15 = add(x, y);
    result = sel(orI4, add15, result);
    // pow(x, 0) = 1 and pow(1, y) = 1, NaN included.
    auto eq16 = eq(y, c(0));
    auto eq17 = eq(x, c(1));
    auto orI5 = orI(eq16, eq17);
    auto cValue54 = c(1);
    return sel(orI5, cValue54, result);
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
