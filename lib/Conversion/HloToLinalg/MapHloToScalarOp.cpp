//===- MapHloToScalarOp.cpp - scalar semantics of elementwise hlo ops -----===//
//
// The semantics follow the StableHLO specification; where it leaves a result
// implementation-defined, XLA's CPU behavior is used: integer x / 0 = -1 (all
// ones for unsigned), INT_MIN / -1 = INT_MIN, x % 0 = x, float-to-int
// conversion saturates and maps NaN to 0.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlo;

Type hlo::getSignlessScalarType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type); intType && !intType.isSignless())
    return IntegerType::get(type.getContext(), intType.getWidth());
  return type;
}

namespace {

bool isUnsignedLike(Type type) {
  return type.isUnsignedInteger() || type.isInteger(1);
}

/// Emits scalar code for one op; `elementType` is the (possibly unsigned)
/// element type of the op's first operand.
class ScalarEmitter {
public:
  ScalarEmitter(OpBuilder &b, Location loc, Type elementType)
      : b(b), loc(loc), elementType(elementType),
        scalarType(getSignlessScalarType(elementType)) {}

  bool isInt() const { return isa<IntegerType>(elementType); }
  bool isPred() const { return elementType.isInteger(1); }
  bool isUnsigned() const { return isUnsignedLike(elementType); }
  bool isFloat() const { return isa<FloatType>(elementType); }
  bool isComplex() const { return isa<ComplexType>(elementType); }

  Value intConst(Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value));
  }
  Value intConst(Type type, const APInt &value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value));
  }
  Value floatConst(Type type, double value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getFloatAttr(type, value));
  }
  unsigned width() const { return scalarType.getIntOrFloatBitWidth(); }

  // Narrow floats (bf16, f16, f8...) compute transcendental functions in f32
  // and round the result back, as XLA does.
  template <typename FloatFn>
  Value inF32(Value x, FloatFn fn) {
    auto floatType = cast<FloatType>(x.getType());
    if (floatType.getWidth() >= 32)
      return fn(x);
    Type f32 = b.getF32Type();
    Value wide = arith::ExtFOp::create(b, loc, f32, x);
    return arith::TruncFOp::create(b, loc, floatType, fn(wide));
  }

  template <typename FloatOp, typename ComplexOp = void>
  Value unaryMath(Value x) {
    if (isFloat())
      return inF32(x, [&](Value v) -> Value {
        return FloatOp::create(b, loc, v);
      });
    if constexpr (!std::is_void_v<ComplexOp>)
      if (isComplex())
        return ComplexOp::create(b, loc, x);
    return {};
  }

  template <typename IntOp, typename FloatOp, typename ComplexOp = void>
  Value binaryArith(Value x, Value y) {
    if (isInt())
      return IntOp::create(b, loc, x, y);
    if (isFloat())
      return FloatOp::create(b, loc, x, y);
    if constexpr (!std::is_void_v<ComplexOp>)
      if (isComplex())
        return ComplexOp::create(b, loc, x, y);
    return {};
  }

  /// Lexicographic (real, imaginary) order of complex numbers: x before y.
  Value complexLess(Value x, Value y) {
    Value xr = complex::ReOp::create(b, loc, x), yr = complex::ReOp::create(b, loc, y);
    Value xi = complex::ImOp::create(b, loc, x), yi = complex::ImOp::create(b, loc, y);
    Value realLess = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, xr, yr);
    Value realEqual = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, xr, yr);
    Value imagLess = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, xi, yi);
    return arith::OrIOp::create(b, loc, realLess,
                                arith::AndIOp::create(b, loc, realEqual, imagLess));
  }

  Value max(Value x, Value y) {
    if (isComplex())
      return arith::SelectOp::create(b, loc, complexLess(x, y), y, x);
    if (isInt())
      return isUnsigned() ? Value(arith::MaxUIOp::create(b, loc, x, y))
                          : Value(arith::MaxSIOp::create(b, loc, x, y));
    if (isFloat())
      return arith::MaximumFOp::create(b, loc, x, y);
    return {};
  }
  Value min(Value x, Value y) {
    if (isComplex())
      return arith::SelectOp::create(b, loc, complexLess(y, x), y, x);
    if (isInt())
      return isUnsigned() ? Value(arith::MinUIOp::create(b, loc, x, y))
                          : Value(arith::MinSIOp::create(b, loc, x, y));
    if (isFloat())
      return arith::MinimumFOp::create(b, loc, x, y);
    return {};
  }

  /// Integer division or remainder with a divisor that cannot trap, and
  /// XLA's results where the spec leaves them to the implementation:
  /// x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN, x % 0 = x,
  /// INT_MIN % -1 = 0.
  template <typename UnsignedOp, typename SignedOp>
  Value guardedDivision(Value x, Value y, bool isRemainder) {
    Type t = scalarType;
    Value zero = intConst(t, 0), one = intConst(t, 1);
    Value allOnes = intConst(t, APInt::getAllOnes(width()));
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
    Value onZero = isRemainder ? x : allOnes;
    if (isUnsigned()) {
      Value safe = arith::SelectOp::create(b, loc, isZero, one, y);
      Value r = UnsignedOp::create(b, loc, x, safe);
      return arith::SelectOp::create(b, loc, isZero, onZero, r);
    }
    Value intMin = intConst(t, APInt::getSignedMinValue(width()));
    Value xIsIntMin =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, intMin);
    Value yIsMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, allOnes);
    Value overflow = arith::AndIOp::create(b, loc, xIsIntMin, yIsMinusOne);
    Value unsafe = arith::OrIOp::create(b, loc, isZero, overflow);
    Value safe = arith::SelectOp::create(b, loc, unsafe, one, y);
    Value r = SignedOp::create(b, loc, x, safe);
    r = arith::SelectOp::create(b, loc, isZero, onZero, r);
    return arith::SelectOp::create(b, loc, overflow, isRemainder ? zero : intMin,
                                   r);
  }

  Value divide(Value x, Value y) {
    if (isFloat())
      return arith::DivFOp::create(b, loc, x, y);
    if (isComplex())
      return complex::DivOp::create(b, loc, x, y);
    if (!isInt())
      return {};
    return guardedDivision<arith::DivUIOp, arith::DivSIOp>(x, y, false);
  }

  Value remainder(Value x, Value y) {
    if (isFloat())
      return arith::RemFOp::create(b, loc, x, y);
    if (!isInt())
      return {};
    return guardedDivision<arith::RemUIOp, arith::RemSIOp>(x, y, true);
  }

  // Shift amounts are unsigned; amounts >= the bit width give 0 (or the sign
  // fill for arithmetic right shifts).
  template <typename ShiftOp>
  Value shift(Value x, Value y, bool arithmetic) {
    Type t = scalarType;
    Value bits = intConst(t, width());
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, y, bits);
    if (arithmetic) {
      Value amount = arith::SelectOp::create(b, loc, inRange, y,
                                             intConst(t, width() - 1));
      return ShiftOp::create(b, loc, x, amount);
    }
    Value shifted = ShiftOp::create(b, loc, x, y);
    return arith::SelectOp::create(b, loc, inRange, shifted, intConst(t, 0));
  }

  Value sign(Value x) {
    if (isInt()) {
      Type t = scalarType;
      Value zero = intConst(t, 0);
      Value pos = arith::ExtUIOp::create(
          b, loc, t,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero));
      Value neg = arith::ExtUIOp::create(
          b, loc, t,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero));
      return arith::SubIOp::create(b, loc, pos, neg);
    }
    if (isFloat()) {
      Value zero = floatConst(scalarType, 0.0);
      Value one = math::CopySignOp::create(b, loc, floatConst(scalarType, 1.0), x);
      Value isZero =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, zero);
      Value isNaN =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
      Value r = arith::SelectOp::create(b, loc, isZero, x, one);
      return arith::SelectOp::create(b, loc, isNaN, x, r);
    }
    if (isComplex())
      return complex::SignOp::create(b, loc, x);
    return {};
  }

  Value logistic(Value x) {
    if (isFloat())
      return inF32(x, [&](Value v) -> Value {
        Type t = v.getType();
        Value one = floatConst(t, 1.0);
        Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, v));
        return arith::DivFOp::create(b, loc, one,
                                     arith::AddFOp::create(b, loc, one, e));
      });
    if (isComplex()) {
      auto complexType = cast<ComplexType>(elementType);
      Type part = complexType.getElementType();
      Value oneRe = floatConst(part, 1.0);
      Value oneIm = floatConst(part, 0.0);
      Value one = complex::CreateOp::create(b, loc, complexType, oneRe, oneIm);
      Value e = complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, x));
      return complex::DivOp::create(b, loc, one,
                                    complex::AddOp::create(b, loc, one, e));
    }
    return {};
  }

  Value compare(Value x, Value y, ComparisonDirection direction,
                std::optional<ComparisonType> compareType) {
    using D = ComparisonDirection;
    if (isInt()) {
      bool isUns = isUnsigned() || compareType == ComparisonType::UNSIGNED;
      arith::CmpIPredicate p;
      switch (direction) {
      case D::EQ: p = arith::CmpIPredicate::eq; break;
      case D::NE: p = arith::CmpIPredicate::ne; break;
      case D::GE: p = isUns ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge; break;
      case D::GT: p = isUns ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt; break;
      case D::LE: p = isUns ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle; break;
      case D::LT: p = isUns ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt; break;
      }
      return arith::CmpIOp::create(b, loc, p, x, y);
    }
    if (isFloat()) {
      if (compareType == ComparisonType::TOTALORDER) {
        // Order the bit patterns: negative floats have all non-sign bits
        // flipped, then compare as signed integers (-NaN < -inf < ... < -0 <
        // +0 < ... < +inf < +NaN).
        Type intType = b.getIntegerType(width());
        auto key = [&](Value v) -> Value {
          Value bits = arith::BitcastOp::create(b, loc, intType, v);
          Value sign = arith::ShRSIOp::create(b, loc, bits,
                                              intConst(intType, width() - 1));
          Value mask = arith::ShRUIOp::create(b, loc, sign, intConst(intType, 1));
          return arith::XOrIOp::create(b, loc, bits, mask);
        };
        ScalarEmitter ints(b, loc, intType);
        Value xKey = key(x);
        Value yKey = key(y);
        return ints.compare(xKey, yKey, direction, ComparisonType::SIGNED);
      }
      arith::CmpFPredicate p;
      switch (direction) {
      case D::EQ: p = arith::CmpFPredicate::OEQ; break;
      case D::NE: p = arith::CmpFPredicate::UNE; break;
      case D::GE: p = arith::CmpFPredicate::OGE; break;
      case D::GT: p = arith::CmpFPredicate::OGT; break;
      case D::LE: p = arith::CmpFPredicate::OLE; break;
      case D::LT: p = arith::CmpFPredicate::OLT; break;
      }
      return arith::CmpFOp::create(b, loc, p, x, y);
    }
    if (isComplex()) {
      if (direction == D::EQ)
        return complex::EqualOp::create(b, loc, x, y);
      if (direction == D::NE)
        return complex::NotEqualOp::create(b, loc, x, y);
    }
    return {};
  }

  /// XLA's ReducePrecision on the bit pattern: round the mantissa to
  /// nearest even, then flush exponents out of range to inf / signed zero;
  /// NaN stays NaN unless the format has no mantissa bits.
  Value reducePrecision(Value x, unsigned exponentBits, unsigned mantissaBits) {
    auto floatType = cast<FloatType>(scalarType);
    unsigned bits = floatType.getWidth();
    unsigned srcMantissa = floatType.getFPMantissaWidth() - 1;
    unsigned srcExponent = bits - 1 - srcMantissa;
    Type intType = b.getIntegerType(bits);
    auto c = [&](const APInt &v) { return intConst(intType, v); };
    auto ci = [&](uint64_t v) { return intConst(intType, APInt(bits, v)); };
    Value v = arith::BitcastOp::create(b, loc, intType, x);
    if (mantissaBits < srcMantissa) {
      unsigned shift = srcMantissa - mantissaBits;
      APInt lastBitMask = APInt::getOneBitSet(bits, shift);
      APInt baseBias = lastBitMask.lshr(1) - 1;
      Value lastKeptBit = arith::AndIOp::create(b, loc, v, c(lastBitMask));
      Value lastBit = arith::ShRUIOp::create(b, loc, lastKeptBit, ci(shift));
      Value bias = arith::AddIOp::create(b, loc, lastBit, c(baseBias));
      APInt truncation = ~(lastBitMask - 1);
      Value rounded = arith::AddIOp::create(b, loc, v, bias);
      v = arith::AndIOp::create(b, loc, rounded, c(truncation));
    }
    if (exponentBits < srcExponent) {
      APInt signMask = APInt::getOneBitSet(bits, bits - 1);
      APInt expMask = APInt::getBitsSet(bits, srcMantissa, srcMantissa + srcExponent);
      uint64_t bias = (uint64_t(1) << (srcExponent - 1)) - 1;
      uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
      Value exponent = arith::AndIOp::create(b, loc, v, c(expMask));
      Value overflows = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ugt, exponent,
          ci((bias + reducedBias) << srcMantissa));
      Value underflows = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ule, exponent,
          ci((bias - reducedBias) << srcMantissa));
      Value signedZero = arith::AndIOp::create(b, loc, v, c(signMask));
      Value signedInf = arith::OrIOp::create(b, loc, signedZero, c(expMask));
      v = arith::SelectOp::create(
          b, loc, overflows, signedInf,
          arith::SelectOp::create(b, loc, underflows, signedZero, v));
    }
    Value result = arith::BitcastOp::create(b, loc, scalarType, v);
    Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    if (mantissaBits > 0)
      return arith::SelectOp::create(b, loc, isNaN, x, result);
    // A format without mantissa bits has no NaN: NaN becomes infinity of the
    // same sign (the rounding above may have carried into the sign bit).
    Value original = arith::BitcastOp::create(b, loc, intType, x);
    Value sign = arith::AndIOp::create(
        b, loc, original, c(APInt::getOneBitSet(bits, bits - 1)));
    Value inf = arith::OrIOp::create(
        b, loc, sign,
        c(APInt::getBitsSet(bits, srcMantissa, srcMantissa + srcExponent)));
    return arith::SelectOp::create(
        b, loc, isNaN, arith::BitcastOp::create(b, loc, scalarType, inf), result);
  }

  Value convert(Value x, Type to) {
    Type from = elementType;
    Type toScalar = getSignlessScalarType(to);
    if (from == to)
      return x;
    if (auto toComplex = dyn_cast<ComplexType>(to)) {
      Type part = toComplex.getElementType();
      if (auto fromComplex = dyn_cast<ComplexType>(from)) {
        ScalarEmitter parts(b, loc, fromComplex.getElementType());
        Value re = parts.convert(complex::ReOp::create(b, loc, x), part);
        Value im = parts.convert(complex::ImOp::create(b, loc, x), part);
        return complex::CreateOp::create(b, loc, toComplex, re, im);
      }
      Value re = convert(x, part);
      return complex::CreateOp::create(b, loc, toComplex, re,
                                       floatConst(part, 0.0));
    }
    if (auto fromComplex = dyn_cast<ComplexType>(from)) {
      // Complex to real keeps the real part.
      ScalarEmitter parts(b, loc, fromComplex.getElementType());
      return parts.convert(complex::ReOp::create(b, loc, x), to);
    }
    if (to.isInteger(1)) {
      if (isInt())
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x,
                                     intConst(scalarType, 0));
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   floatConst(scalarType, 0.0));
    }
    if (isInt()) {
      if (auto toInt = dyn_cast<IntegerType>(toScalar)) {
        if (toInt.getWidth() < width())
          return arith::TruncIOp::create(b, loc, toScalar, x);
        if (toInt.getWidth() == width())
          return x;
        return isUnsigned() ? Value(arith::ExtUIOp::create(b, loc, toScalar, x))
                            : Value(arith::ExtSIOp::create(b, loc, toScalar, x));
      }
      return isUnsigned() ? Value(arith::UIToFPOp::create(b, loc, toScalar, x))
                          : Value(arith::SIToFPOp::create(b, loc, toScalar, x));
    }
    // From float.
    if (auto toFloat = dyn_cast<FloatType>(toScalar)) {
      unsigned fromWidth = width();
      if (toFloat.getWidth() == fromWidth && toFloat != scalarType) {
        // Same width, different format (bf16 <-> f16): neither holds the
        // other (arith rejects extf and truncf between them), so go through
        // f32, which holds both exactly: one rounding, as XLA's.
        Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
        return arith::TruncFOp::create(b, loc, toScalar, wide);
      }
      if (toFloat.getWidth() > fromWidth)
        return arith::ExtFOp::create(b, loc, toScalar, x);
      return arith::TruncFOp::create(b, loc, toScalar, x);
    }
    // Float to integer: saturate, NaN -> 0.
    auto toInt = cast<IntegerType>(toScalar);
    bool toUnsigned = to.isUnsignedInteger();
    unsigned w = toInt.getWidth();
    APInt maxInt = toUnsigned ? APInt::getMaxValue(w) : APInt::getSignedMaxValue(w);
    APInt minInt = toUnsigned ? APInt::getZero(w) : APInt::getSignedMinValue(w);
    auto floatType = cast<FloatType>(scalarType);
    auto asFloat = [&](const APInt &v, bool isSigned) {
      APFloat f(floatType.getFloatSemantics());
      (void)f.convertFromAPInt(v, isSigned, APFloat::rmNearestTiesToEven);
      return arith::ConstantOp::create(b, loc, floatType,
                                       b.getFloatAttr(floatType, f));
    };
    Value converted =
        toUnsigned ? Value(arith::FPToUIOp::create(b, loc, toScalar, x))
                   : Value(arith::FPToSIOp::create(b, loc, toScalar, x));
    Value tooBig = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x,
                                         asFloat(maxInt, !toUnsigned));
    Value tooSmall = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x,
                                           asFloat(minInt, !toUnsigned));
    Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value r = arith::SelectOp::create(b, loc, tooBig, intConst(toScalar, maxInt),
                                      converted);
    r = arith::SelectOp::create(b, loc, tooSmall, intConst(toScalar, minInt), r);
    return arith::SelectOp::create(b, loc, isNaN, intConst(toScalar, 0), r);
  }

  OpBuilder &b;
  Location loc;
  Type elementType;
  Type scalarType;
};

} // namespace

Value hlo::convertScalar(OpBuilder &b, Location loc, Value value, Type from,
                        Type to) {
  return ScalarEmitter(b, loc, from).convert(value, to);
}

bool hlo::isScalarizableHloOp(Operation *op) {
  return isa<AbsOp, NegOp, NotOp, SignOp, ExpOp, Expm1Op, LogOp, Log1pOp,
             LogisticOp, TanhOp, SqrtOp, RsqrtOp, CbrtOp, CosineOp, SineOp,
             TanOp, FloorOp, CeilOp, RoundOp, RoundNearestEvenOp,
             PopulationCountOp, ClzOp, AddOp, SubtractOp, MulOp, DivOp, RemOp,
             MaxOp, MinOp, PowOp, Atan2Op, AndOp, OrOp, XorOp, ShiftLeftOp,
             ShiftRightArithmeticOp, ShiftRightLogicalOp, CompareOp, SelectOp,
             ClampOp, ConvertOp, IsFiniteOp, RealOp, ImagOp, ComplexOp,
             BitcastConvertOp, ReducePrecisionOp, chlo::AcosOp, chlo::AcoshOp,
             chlo::AsinOp, chlo::AsinhOp, chlo::AtanOp, chlo::AtanhOp,
             chlo::CoshOp, chlo::SinhOp, chlo::TanOp, chlo::ErfOp,
             chlo::ErfcOp>(op);
}

FailureOr<Value> hlo::mapHloOpToScalarOp(Operation *op,
                                         TypeRange operandElementTypes,
                                         Type resultElementType,
                                         ValueRange args, OpBuilder &b) {
  Location loc = op->getLoc();
  // select's first operand is the predicate; its element type is that of
  // the values.
  Type elementType = isa<SelectOp>(op) ? operandElementTypes[1]
                     : isa<ClampOp>(op) ? operandElementTypes[1]
                                        : operandElementTypes.front();
  ScalarEmitter e(b, loc, elementType);
  Value x = args.empty() ? Value() : args[0];
  Value y = args.size() > 1 ? args[1] : Value();
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](AbsOp) -> Value {
            if (e.isInt())
              return math::AbsIOp::create(b, loc, x);
            if (e.isFloat())
              return math::AbsFOp::create(b, loc, x);
            if (e.isComplex())
              return complex::AbsOp::create(b, loc, x);
            return {};
          })
          .Case([&](NegOp) -> Value {
            if (e.isInt())
              return arith::SubIOp::create(b, loc, e.intConst(e.scalarType, 0), x);
            if (e.isFloat())
              return arith::NegFOp::create(b, loc, x);
            if (e.isComplex())
              return complex::NegOp::create(b, loc, x);
            return {};
          })
          .Case([&](NotOp) -> Value {
            return arith::XOrIOp::create(
                b, loc, x, e.intConst(e.scalarType, APInt::getAllOnes(e.width())));
          })
          .Case([&](SignOp) { return e.sign(x); })
          .Case([&](ExpOp) {
            return e.unaryMath<math::ExpOp, complex::ExpOp>(x);
          })
          .Case([&](Expm1Op) {
            return e.unaryMath<math::ExpM1Op, complex::Expm1Op>(x);
          })
          .Case([&](LogOp) {
            return e.unaryMath<math::LogOp, complex::LogOp>(x);
          })
          .Case([&](Log1pOp) {
            return e.unaryMath<math::Log1pOp, complex::Log1pOp>(x);
          })
          .Case([&](LogisticOp) { return e.logistic(x); })
          .Case([&](TanhOp) {
            return e.unaryMath<math::TanhOp, complex::TanhOp>(x);
          })
          .Case([&](SqrtOp) {
            return e.unaryMath<math::SqrtOp, complex::SqrtOp>(x);
          })
          .Case([&](RsqrtOp) {
            return e.unaryMath<math::RsqrtOp, complex::RsqrtOp>(x);
          })
          .Case([&](CbrtOp) -> Value {
            if (e.isComplex()) {
              // The principal cube root: exp(log(z) / 3).
              auto type = cast<ComplexType>(e.elementType);
              Type part = type.getElementType();
              Value third = complex::ConstantOp::create(
                  b, loc, type,
                  b.getArrayAttr({b.getFloatAttr(part, 1.0 / 3.0),
                                  b.getFloatAttr(part, 0.0)}));
              return complex::ExpOp::create(
                  b, loc,
                  complex::MulOp::create(b, loc,
                                         complex::LogOp::create(b, loc, x),
                                         third));
            }
            return e.unaryMath<math::CbrtOp>(x);
          })
          .Case([&](CosineOp) {
            return e.unaryMath<math::CosOp, complex::CosOp>(x);
          })
          .Case([&](SineOp) {
            return e.unaryMath<math::SinOp, complex::SinOp>(x);
          })
          .Case([&](TanOp) {
            return e.unaryMath<math::TanOp, complex::TanOp>(x);
          })
          .Case([&](FloorOp) { return e.unaryMath<math::FloorOp>(x); })
          .Case([&](CeilOp) { return e.unaryMath<math::CeilOp>(x); })
          .Case([&](RoundOp) { return e.unaryMath<math::RoundOp>(x); })
          .Case([&](RoundNearestEvenOp) {
            return e.unaryMath<math::RoundEvenOp>(x);
          })
          .Case([&](PopulationCountOp) -> Value {
            return math::CtPopOp::create(b, loc, x);
          })
          .Case([&](ClzOp) -> Value {
            return math::CountLeadingZerosOp::create(b, loc, x);
          })
          .Case([&](AddOp) -> Value {
            if (e.isPred())
              return arith::OrIOp::create(b, loc, x, y);
            return e.binaryArith<arith::AddIOp, arith::AddFOp, complex::AddOp>(x, y);
          })
          .Case([&](SubtractOp) {
            return e.binaryArith<arith::SubIOp, arith::SubFOp, complex::SubOp>(x, y);
          })
          .Case([&](MulOp) -> Value {
            if (e.isPred())
              return arith::AndIOp::create(b, loc, x, y);
            return e.binaryArith<arith::MulIOp, arith::MulFOp, complex::MulOp>(x, y);
          })
          .Case([&](DivOp) { return e.divide(x, y); })
          .Case([&](RemOp) { return e.remainder(x, y); })
          .Case([&](MaxOp) { return e.max(x, y); })
          .Case([&](MinOp) { return e.min(x, y); })
          .Case([&](PowOp) -> Value {
            if (e.isInt())
              return math::IPowIOp::create(b, loc, x, y);
            if (e.isFloat())
              return e.inF32(x, [&](Value v) -> Value {
                Value w = v.getType() == y.getType()
                              ? y
                              : Value(arith::ExtFOp::create(b, loc, v.getType(), y));
                return math::PowFOp::create(b, loc, v, w);
              });
            if (e.isComplex())
              return complex::PowOp::create(b, loc, x, y);
            return {};
          })
          .Case([&](Atan2Op) -> Value {
            if (e.isFloat())
              return e.inF32(x, [&](Value v) -> Value {
                Value w = v.getType() == y.getType()
                              ? y
                              : Value(arith::ExtFOp::create(b, loc, v.getType(), y));
                return math::Atan2Op::create(b, loc, v, w);
              });
            if (e.isComplex()) {
              // atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2)).
              auto type = cast<ComplexType>(e.elementType);
              Type part = type.getElementType();
              auto constant = [&](double re, double im) -> Value {
                return complex::ConstantOp::create(
                    b, loc, type,
                    b.getArrayAttr({b.getFloatAttr(part, re),
                                    b.getFloatAttr(part, im)}));
              };
              Value i = constant(0.0, 1.0), minusI = constant(0.0, -1.0);
              Value num = complex::AddOp::create(
                  b, loc, y, complex::MulOp::create(b, loc, i, x));
              Value ySquared = complex::MulOp::create(b, loc, y, y);
              Value xSquared = complex::MulOp::create(b, loc, x, x);
              Value norm = complex::SqrtOp::create(
                  b, loc, complex::AddOp::create(b, loc, ySquared, xSquared));
              return complex::MulOp::create(
                  b, loc, minusI,
                  complex::LogOp::create(
                      b, loc, complex::DivOp::create(b, loc, num, norm)));
            }
            return {};
          })
          .Case([&](AndOp) -> Value {
            return arith::AndIOp::create(b, loc, x, y);
          })
          .Case(
              [&](OrOp) -> Value { return arith::OrIOp::create(b, loc, x, y); })
          .Case([&](XorOp) -> Value {
            return arith::XOrIOp::create(b, loc, x, y);
          })
          .Case(
              [&](ShiftLeftOp) { return e.shift<arith::ShLIOp>(x, y, false); })
          .Case([&](ShiftRightLogicalOp) {
            return e.shift<arith::ShRUIOp>(x, y, false);
          })
          .Case([&](ShiftRightArithmeticOp) {
            return e.shift<arith::ShRSIOp>(x, y, true);
          })
          .Case([&](CompareOp compare) {
            return e.compare(x, y, compare.getComparisonDirection(),
                             compare.getCompareType());
          })
          .Case([&](SelectOp) -> Value {
            return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
          })
          .Case([&](ClampOp) -> Value {
            Value lowered = e.max(args[1], args[0]);
            return lowered ? e.min(lowered, args[2]) : Value();
          })
          .Case([&](ConvertOp) { return e.convert(x, resultElementType); })
          .Case([&](chlo::AcosOp) { return e.unaryMath<math::AcosOp>(x); })
          .Case([&](chlo::AcoshOp) { return e.unaryMath<math::AcoshOp>(x); })
          .Case([&](chlo::AsinOp) { return e.unaryMath<math::AsinOp>(x); })
          .Case([&](chlo::AsinhOp) { return e.unaryMath<math::AsinhOp>(x); })
          .Case([&](chlo::AtanOp) { return e.unaryMath<math::AtanOp>(x); })
          .Case([&](chlo::AtanhOp) { return e.unaryMath<math::AtanhOp>(x); })
          .Case([&](chlo::CoshOp) { return e.unaryMath<math::CoshOp>(x); })
          .Case([&](chlo::SinhOp) { return e.unaryMath<math::SinhOp>(x); })
          .Case([&](chlo::TanOp) {
            return e.unaryMath<math::TanOp, complex::TanOp>(x);
          })
          .Case([&](chlo::ErfOp) { return e.unaryMath<math::ErfOp>(x); })
          .Case([&](chlo::ErfcOp) { return e.unaryMath<math::ErfcOp>(x); })
          .Case([&](ReducePrecisionOp reduce) -> Value {
            if (!e.isFloat())
              return {};
            return e.reducePrecision(x, reduce.getExponentBits(),
                                     reduce.getMantissaBits());
          })
          .Case([&](IsFiniteOp) -> Value {
            return e.isFloat() ? Value(math::IsFiniteOp::create(b, loc, x))
                               : Value();
          })
          .Case([&](RealOp) -> Value {
            return e.isComplex() ? Value(complex::ReOp::create(b, loc, x)) : x;
          })
          .Case([&](ImagOp) -> Value {
            if (e.isComplex())
              return complex::ImOp::create(b, loc, x);
            return e.floatConst(e.scalarType, 0.0);
          })
          .Case([&](ComplexOp) -> Value {
            return complex::CreateOp::create(
                b, loc, getSignlessScalarType(resultElementType), x, y);
          })
          .Case([&](BitcastConvertOp) -> Value {
            // Complex values through the integer of their width.
            Type to = getSignlessScalarType(resultElementType);
            if (to == x.getType())
              return x;
            return hlo::detail::bitcastFromInteger(
                b, loc, hlo::detail::bitcastToInteger(b, loc, x), to);
          })
          .Default([](Operation *) { return Value(); });
  if (!result)
    return op->emitOpError() << "has no scalar lowering for element type "
                             << elementType;
  return result;
}

LogicalResult hlo::checkScalarizable(Operation *op) {
  if (!isScalarizableHloOp(op))
    return op->emitOpError() << "is not an elementwise op";
  // A dry run into a detached scratch module: the IR is untouched whatever
  // happens, and the module takes everything built with it when destroyed.
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(op->getLoc());
  OpBuilder b = OpBuilder::atBlockBegin(scratch->getBody());
  SmallVector<Type> operandElementTypes;
  SmallVector<Value> args;
  for (Type t : op->getOperandTypes()) {
    Type elementType = cast<ShapedType>(t).getElementType();
    operandElementTypes.push_back(elementType);
    args.push_back(UnrealizedConversionCastOp::create(
                       b, op->getLoc(), TypeRange{getSignlessScalarType(elementType)},
                       ValueRange{})
                       .getResult(0));
  }
  Type resultElementType =
      cast<ShapedType>(op->getResult(0).getType()).getElementType();
  return success(succeeded(mapHloOpToScalarOp(op, operandElementTypes,
                                              resultElementType, args, b)));
}
