//===- HloFolds.cpp - folders and canonicalizations of hlo ops ------------===//
//
// Constant evaluation is shared: one elementwise evaluator over integer and
// float elements, parameterised by a scalar function per op. Non-splat
// results are capped at kMaxFoldedElements so folding never blows up the
// module.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/APSInt.h"
#include <cmath>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Largest non-splat constant a folder may create.
constexpr int64_t kMaxFoldedElements = 1 << 16;

using IntUnaryFn = function_ref<std::optional<APInt>(const APInt &)>;
using FloatUnaryFn = function_ref<std::optional<APFloat>(const APFloat &)>;
using IntBinaryFn =
    function_ref<std::optional<APInt>(const APInt &, const APInt &)>;
using FloatBinaryFn =
    function_ref<std::optional<APFloat>(const APFloat &, const APFloat &)>;

bool isUnsignedOrPred(Type elementType) {
  return elementType.isUnsignedInteger() || elementType.isInteger(1);
}

DenseElementsAttr getDense(Attribute attr) {
  return dyn_cast_if_present<DenseElementsAttr>(attr);
}

bool withinFoldLimit(DenseElementsAttr attr) {
  return attr.isSplat() || attr.getNumElements() <= kMaxFoldedElements;
}

/// Applies `intFn` or `floatFn` to every element of `operand`; a null
/// function or a nullopt from it means "do not fold".
Attribute foldUnaryElements(Attribute operand, ShapedType resultType,
                            IntUnaryFn intFn, FloatUnaryFn floatFn) {
  DenseElementsAttr attr = getDense(operand);
  if (!attr || !withinFoldLimit(attr) || !resultType.hasStaticShape())
    return {};
  Type elementType = attr.getElementType();
  if (isa<IntegerType>(elementType) && intFn) {
    if (attr.isSplat()) {
      std::optional<APInt> r = intFn(attr.getSplatValue<APInt>());
      return r ? DenseElementsAttr::get(resultType, *r) : Attribute();
    }
    SmallVector<APInt> results;
    for (const APInt &v : attr.getValues<APInt>()) {
      std::optional<APInt> r = intFn(v);
      if (!r)
        return {};
      results.push_back(*r);
    }
    return DenseElementsAttr::get(resultType, results);
  }
  if (isa<FloatType>(elementType) && floatFn) {
    if (attr.isSplat()) {
      std::optional<APFloat> r = floatFn(attr.getSplatValue<APFloat>());
      return r ? DenseElementsAttr::get(resultType, *r) : Attribute();
    }
    SmallVector<APFloat> results;
    for (const APFloat &v : attr.getValues<APFloat>()) {
      std::optional<APFloat> r = floatFn(v);
      if (!r)
        return {};
      results.push_back(*r);
    }
    return DenseElementsAttr::get(resultType, results);
  }
  return {};
}

Attribute foldBinaryElements(Attribute lhsAttr, Attribute rhsAttr,
                             ShapedType resultType, IntBinaryFn intFn,
                             FloatBinaryFn floatFn) {
  DenseElementsAttr lhs = getDense(lhsAttr), rhs = getDense(rhsAttr);
  if (!lhs || !rhs || lhs.getType() != rhs.getType() ||
      !resultType.hasStaticShape())
    return {};
  bool splat = lhs.isSplat() && rhs.isSplat();
  if (!splat && resultType.getNumElements() > kMaxFoldedElements)
    return {};
  Type elementType = lhs.getElementType();
  if (isa<IntegerType>(elementType) && intFn) {
    if (splat) {
      std::optional<APInt> r =
          intFn(lhs.getSplatValue<APInt>(), rhs.getSplatValue<APInt>());
      return r ? DenseElementsAttr::get(resultType, *r) : Attribute();
    }
    SmallVector<APInt> results;
    for (auto [l, r] : llvm::zip_equal(lhs.getValues<APInt>(),
                                       rhs.getValues<APInt>())) {
      std::optional<APInt> v = intFn(l, r);
      if (!v)
        return {};
      results.push_back(*v);
    }
    return DenseElementsAttr::get(resultType, results);
  }
  if (isa<FloatType>(elementType) && floatFn) {
    if (splat) {
      std::optional<APFloat> r =
          floatFn(lhs.getSplatValue<APFloat>(), rhs.getSplatValue<APFloat>());
      return r ? DenseElementsAttr::get(resultType, *r) : Attribute();
    }
    SmallVector<APFloat> results;
    for (auto [l, r] : llvm::zip_equal(lhs.getValues<APFloat>(),
                                       rhs.getValues<APFloat>())) {
      std::optional<APFloat> v = floatFn(l, r);
      if (!v)
        return {};
      results.push_back(*v);
    }
    return DenseElementsAttr::get(resultType, results);
  }
  return {};
}

template <typename Fn>
std::optional<APFloat> floatArith(const APFloat &a, const APFloat &b, Fn fn) {
  APFloat r = a;
  (r.*fn)(b, APFloat::rmNearestTiesToEven);
  return r;
}

std::optional<APFloat> roundFloat(const APFloat &a,
                                  APFloat::roundingMode mode) {
  APFloat r = a;
  r.roundToIntegral(mode);
  return r;
}

ShapedType resultTypeOf(Operation *op) {
  return cast<ShapedType>(op->getResult(0).getType());
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult IotaOp::fold(FoldAdaptor) {
  auto type = cast<RankedTensorType>(getType());
  if (!type.hasStaticShape() || type.getNumElements() > kMaxFoldedElements)
    return {};
  Type elementType = type.getElementType();
  if (!isa<IntegerType, FloatType>(elementType))
    return {};
  int64_t dim = getIotaDimension();
  if (dim < 0 || dim >= type.getRank())
    return {};
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < type.getRank(); ++d)
    inner *= type.getDimSize(d);
  int64_t size = type.getDimSize(dim);
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    SmallVector<APInt> values;
    for (int64_t i = 0; i < type.getNumElements(); ++i)
      values.emplace_back(intType.getWidth(), (i / inner) % size,
                          /*isSigned=*/false, /*implicitTrunc=*/true);
    return DenseElementsAttr::get(type, values);
  }
  auto floatType = cast<FloatType>(elementType);
  SmallVector<APFloat> values;
  for (int64_t i = 0; i < type.getNumElements(); ++i) {
    APFloat v(floatType.getFloatSemantics());
    (void)v.convertFromAPInt(APInt(64, (i / inner) % size), /*IsSigned=*/false,
                             APFloat::rmNearestTiesToEven);
    values.push_back(v);
  }
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops
//===----------------------------------------------------------------------===//

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [](const APInt &a) -> std::optional<APInt> { return -a; },
      [](const APFloat &a) -> std::optional<APFloat> { return -a; });
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [](const APInt &a) -> std::optional<APInt> { return ~a; }, nullptr);
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  if (isa<ComplexType>(getElementTypeOrSelf(getOperand().getType())))
    return {};
  bool isUnsigned =
      getElementTypeOrSelf(getOperand().getType()).isUnsignedInteger();
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [&](const APInt &a) -> std::optional<APInt> {
        return isUnsigned ? a : a.abs();
      },
      [](const APFloat &a) -> std::optional<APFloat> { return abs(a); });
}

OpFoldResult SignOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [](const APInt &a) -> std::optional<APInt> {
        if (a.isZero())
          return a;
        return a.isNegative() ? APInt::getAllOnes(a.getBitWidth())
                              : APInt(a.getBitWidth(), 1);
      },
      [](const APFloat &a) -> std::optional<APFloat> {
        if (a.isNaN() || a.isZero())
          return a;
        return APFloat::getOne(a.getSemantics(), a.isNegative());
      });
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(adaptor.getOperand(), resultTypeOf(*this), nullptr,
                           [](const APFloat &a) {
                             return roundFloat(a, APFloat::rmTowardNegative);
                           });
}

OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(adaptor.getOperand(), resultTypeOf(*this), nullptr,
                           [](const APFloat &a) {
                             return roundFloat(a, APFloat::rmTowardPositive);
                           });
}

OpFoldResult RoundOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this), nullptr,
      [](const APFloat &a) {
        return roundFloat(a, APFloat::rmNearestTiesToAway);
      });
}

OpFoldResult RoundNearestEvenOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this), nullptr,
      [](const APFloat &a) {
        return roundFloat(a, APFloat::rmNearestTiesToEven);
      });
}

OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  // std::sqrt is correctly rounded, so folding matches run time exactly; only
  // f32 and f64 have a host type to compute in.
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this), nullptr,
      [](const APFloat &a) -> std::optional<APFloat> {
        if (&a.getSemantics() == &APFloat::IEEEsingle())
          return APFloat(std::sqrt(a.convertToFloat()));
        if (&a.getSemantics() == &APFloat::IEEEdouble())
          return APFloat(std::sqrt(a.convertToDouble()));
        return std::nullopt;
      });
}

OpFoldResult PopulationCountOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [](const APInt &a) -> std::optional<APInt> {
        return APInt(a.getBitWidth(), a.popcount());
      },
      nullptr);
}

OpFoldResult ClzOp::fold(FoldAdaptor adaptor) {
  return foldUnaryElements(
      adaptor.getOperand(), resultTypeOf(*this),
      [](const APInt &a) -> std::optional<APInt> {
        return APInt(a.getBitWidth(), a.countl_zero());
      },
      nullptr);
}

// Transcendental functions are not folded: the host libm and the generated
// code may differ in the last ulp, and folding must not change results.
#define HLO_NO_FOLD(OP)                                                        \
  OpFoldResult OP::fold(FoldAdaptor) { return {}; }
HLO_NO_FOLD(ExpOp)
HLO_NO_FOLD(Expm1Op)
HLO_NO_FOLD(LogOp)
HLO_NO_FOLD(Log1pOp)
HLO_NO_FOLD(LogisticOp)
HLO_NO_FOLD(TanhOp)
HLO_NO_FOLD(RsqrtOp)
HLO_NO_FOLD(CbrtOp)
HLO_NO_FOLD(CosineOp)
HLO_NO_FOLD(SineOp)
HLO_NO_FOLD(TanOp)
HLO_NO_FOLD(PowOp)
HLO_NO_FOLD(Atan2Op)
#undef HLO_NO_FOLD

//===----------------------------------------------------------------------===//
// Binary elementwise ops
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  bool isPred = getElementTypeOrSelf(getType()).isInteger(1);
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return isPred ? (a | b) : (a + b);
      },
      [](const APFloat &a, const APFloat &b) {
        return floatArith(a, b, &APFloat::add);
      });
}

OpFoldResult SubtractOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a - b;
      },
      [](const APFloat &a, const APFloat &b) {
        return floatArith(a, b, &APFloat::subtract);
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a * b;
      },
      [](const APFloat &a, const APFloat &b) {
        return floatArith(a, b, &APFloat::multiply);
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedOrPred(getElementTypeOrSelf(getType()));
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // Division by zero and signed overflow have target-defined results:
        // leave them to run time.
        if (b.isZero())
          return std::nullopt;
        if (isUnsigned)
          return a.udiv(b);
        if (a.isMinSignedValue() && b.isAllOnes())
          return std::nullopt;
        return a.sdiv(b);
      },
      [](const APFloat &a, const APFloat &b) {
        return floatArith(a, b, &APFloat::divide);
      });
}

OpFoldResult RemOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedOrPred(getElementTypeOrSelf(getType()));
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        if (isUnsigned)
          return a.urem(b);
        if (a.isMinSignedValue() && b.isAllOnes())
          return std::nullopt;
        return a.srem(b);
      },
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        APFloat r = a;
        r.mod(b); // fmod: the sign of the dividend, as the spec requires
        return r;
      });
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedOrPred(getElementTypeOrSelf(getType()));
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return isUnsigned ? llvm::APIntOps::umax(a, b) : llvm::APIntOps::smax(a, b);
      },
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::maximum(a, b);
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedOrPred(getElementTypeOrSelf(getType()));
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return isUnsigned ? llvm::APIntOps::umin(a, b) : llvm::APIntOps::smin(a, b);
      },
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::minimum(a, b);
      });
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a & b;
      },
      nullptr);
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a | b;
      },
      nullptr);
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a ^ b;
      },
      nullptr);
}

// Shift amounts are unsigned; shifting by the bit width or more gives 0 (or
// the sign fill for arithmetic shifts), as the spec defines.
OpFoldResult ShiftLeftOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.uge(a.getBitWidth()))
          return APInt::getZero(a.getBitWidth());
        return a.shl(b);
      },
      nullptr);
}

OpFoldResult ShiftRightLogicalOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.uge(a.getBitWidth()))
          return APInt::getZero(a.getBitWidth());
        return a.lshr(b);
      },
      nullptr);
}

OpFoldResult ShiftRightArithmeticOp::fold(FoldAdaptor adaptor) {
  return foldBinaryElements(
      adaptor.getLhs(), adaptor.getRhs(), resultTypeOf(*this),
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.uge(a.getBitWidth()))
          return a.ashr(a.getBitWidth() - 1);
        return a.ashr(b);
      },
      nullptr);
}

OpFoldResult CompareOp::fold(FoldAdaptor adaptor) {
  DenseElementsAttr lhs = getDense(adaptor.getLhs()),
                    rhs = getDense(adaptor.getRhs());
  auto resultType = cast<ShapedType>(getType());
  if (!lhs || !rhs || !resultType.hasStaticShape())
    return {};
  bool splat = lhs.isSplat() && rhs.isSplat();
  if (!splat && resultType.getNumElements() > kMaxFoldedElements)
    return {};
  if (getCompareType() == ComparisonType::TOTALORDER)
    return {};
  Type elementType = lhs.getElementType();
  ComparisonDirection direction = getComparisonDirection();
  bool isUnsigned = isUnsignedOrPred(elementType) ||
                    getCompareType() == ComparisonType::UNSIGNED;
  auto compareInts = [&](const APInt &a, const APInt &b) {
    switch (direction) {
    case ComparisonDirection::EQ: return a == b;
    case ComparisonDirection::NE: return a != b;
    case ComparisonDirection::GE: return isUnsigned ? a.uge(b) : a.sge(b);
    case ComparisonDirection::GT: return isUnsigned ? a.ugt(b) : a.sgt(b);
    case ComparisonDirection::LE: return isUnsigned ? a.ule(b) : a.sle(b);
    case ComparisonDirection::LT: return isUnsigned ? a.ult(b) : a.slt(b);
    }
    return false;
  };
  // IEEE comparisons: every ordered comparison with NaN is false, NE true.
  auto compareFloats = [&](const APFloat &a, const APFloat &b) {
    APFloat::cmpResult c = a.compare(b);
    switch (direction) {
    case ComparisonDirection::EQ: return c == APFloat::cmpEqual;
    case ComparisonDirection::NE: return c != APFloat::cmpEqual;
    case ComparisonDirection::GE:
      return c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual;
    case ComparisonDirection::GT: return c == APFloat::cmpGreaterThan;
    case ComparisonDirection::LE:
      return c == APFloat::cmpLessThan || c == APFloat::cmpEqual;
    case ComparisonDirection::LT: return c == APFloat::cmpLessThan;
    }
    return false;
  };
  SmallVector<bool> results;
  int64_t count = splat ? 1 : resultType.getNumElements();
  if (isa<IntegerType>(elementType)) {
    if (splat) {
      results.push_back(compareInts(lhs.getSplatValue<APInt>(),
                                    rhs.getSplatValue<APInt>()));
    } else {
      for (auto [a, b] :
           llvm::zip_equal(lhs.getValues<APInt>(), rhs.getValues<APInt>()))
        results.push_back(compareInts(a, b));
    }
  } else if (isa<FloatType>(elementType)) {
    if (splat) {
      results.push_back(compareFloats(lhs.getSplatValue<APFloat>(),
                                      rhs.getSplatValue<APFloat>()));
    } else {
      for (auto [a, b] : llvm::zip_equal(lhs.getValues<APFloat>(),
                                         rhs.getValues<APFloat>()))
        results.push_back(compareFloats(a, b));
    }
  } else {
    return {};
  }
  (void)count;
  if (splat)
    return DenseElementsAttr::get(resultType, results.front());
  return DenseElementsAttr::get(resultType, results);
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse() && getOnTrue().getType() == getType())
    return getOnTrue();
  auto pred = dyn_cast_if_present<SplatElementsAttr>(adaptor.getPred());
  if (!pred)
    return {};
  Value chosen = pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
  if (chosen.getType() != getType())
    return {};
  return chosen;
}

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  DenseElementsAttr attr = getDense(adaptor.getOperand());
  auto resultType = cast<ShapedType>(getType());
  if (!attr || !withinFoldLimit(attr) || !resultType.hasStaticShape())
    return {};
  Type from = attr.getElementType();
  Type to = resultType.getElementType();
  bool fromUnsigned = isUnsignedOrPred(from);
  auto convertOne = [&](Attribute element) -> std::optional<Attribute> {
    if (auto intAttr = dyn_cast<IntegerAttr>(element)) {
      const APInt &v = intAttr.getValue();
      if (auto toInt = dyn_cast<IntegerType>(to)) {
        if (toInt.getWidth() == 1)
          return IntegerAttr::get(to, APInt(1, !v.isZero()));
        return IntegerAttr::get(to, fromUnsigned ? v.zextOrTrunc(toInt.getWidth())
                                                 : v.sextOrTrunc(toInt.getWidth()));
      }
      if (auto toFloat = dyn_cast<FloatType>(to)) {
        APFloat f(toFloat.getFloatSemantics());
        (void)f.convertFromAPInt(v, !fromUnsigned,
                                 APFloat::rmNearestTiesToEven);
        return FloatAttr::get(to, f);
      }
      return std::nullopt;
    }
    if (auto floatAttr = dyn_cast<FloatAttr>(element)) {
      APFloat v = floatAttr.getValue();
      if (auto toFloat = dyn_cast<FloatType>(to)) {
        bool losesInfo;
        (void)v.convert(toFloat.getFloatSemantics(),
                        APFloat::rmNearestTiesToEven, &losesInfo);
        return FloatAttr::get(to, v);
      }
      if (auto toInt = dyn_cast<IntegerType>(to)) {
        if (toInt.getWidth() == 1)
          return IntegerAttr::get(to, APInt(1, !v.isZero()));
        // Out-of-range and NaN conversions are implementation-defined: leave
        // them to run time.
        APSInt result(toInt.getWidth(), toInt.isUnsignedInteger());
        bool isExact;
        if (v.convertToInteger(result, APFloat::rmTowardZero, &isExact) &
            APFloat::opInvalidOp)
          return std::nullopt;
        return IntegerAttr::get(to, result);
      }
    }
    return std::nullopt;
  };
  if (attr.isSplat()) {
    std::optional<Attribute> v = convertOne(attr.getSplatValue<Attribute>());
    return v ? DenseElementsAttr::get(resultType, *v) : Attribute();
  }
  SmallVector<Attribute> values;
  for (Attribute element : attr.getValues<Attribute>()) {
    std::optional<Attribute> v = convertOne(element);
    if (!v)
      return {};
    values.push_back(*v);
  }
  return DenseElementsAttr::get(resultType, values);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  auto resultType = cast<RankedTensorType>(getType());
  // An identity broadcast: same type and dimensions in order.
  if (getOperand().getType() == resultType &&
      llvm::equal(getBroadcastDimensions(),
                  llvm::seq<int64_t>(0, resultType.getRank())))
    return getOperand();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getOperand()))
    if (resultType.hasStaticShape())
      return SplatElementsAttr::get(resultType,
                                    splat.getSplatValue<Attribute>());
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  // reshape(reshape(x)) -> reshape(x)
  if (auto producer = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(producer.getOperand());
    return getResult();
  }
  auto resultType = cast<ShapedType>(getType());
  if (auto attr = getDense(adaptor.getOperand()))
    if (resultType.hasStaticShape() && withinFoldLimit(attr))
      return attr.reshape(resultType);
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getPermutation(),
                  llvm::seq<int64_t>(0, getPermutation().size())) &&
      getOperand().getType() == getType())
    return getOperand();
  auto resultType = cast<ShapedType>(getType());
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getOperand()))
    if (resultType.hasStaticShape())
      return SplatElementsAttr::get(resultType,
                                    splat.getSplatValue<Attribute>());
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  auto resultType = cast<ShapedType>(getType());
  // Equal static shapes mean the slice takes everything; a dynamic dimension
  // may hide a proper slice (`[1:3]` of `tensor<?xf32>` into `tensor<?xf32>`).
  if (getOperand().getType() == resultType && resultType.hasStaticShape())
    return getOperand();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getOperand()))
    if (resultType.hasStaticShape())
      return SplatElementsAttr::get(resultType,
                                    splat.getSplatValue<Attribute>());
  return {};
}

OpFoldResult ConcatenateOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  // Constants (shape computations, mostly): block by block along
  // `dimension`, for integer and float elements.
  auto resultType = cast<RankedTensorType>(getType());
  // The result is built element by element: splat inputs are within the
  // limit whatever their size, the result must be too.
  if (!resultType.hasStaticShape() ||
      !resultType.getElementType().isIntOrFloat() ||
      resultType.getNumElements() > kMaxFoldedElements)
    return {};
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute attr : adaptor.getInputs()) {
    DenseElementsAttr dense = getDense(attr);
    if (!dense || !withinFoldLimit(dense))
      return {};
    inputs.push_back(dense);
  }
  int64_t dim = getDimension();
  ArrayRef<int64_t> shape = resultType.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d)
    outer *= shape[d];
  for (int64_t d = dim + 1, e = shape.size(); d < e; ++d)
    inner *= shape[d];
  SmallVector<SmallVector<Attribute>> values;
  for (DenseElementsAttr input : inputs)
    values.emplace_back(input.getValues<Attribute>());
  SmallVector<Attribute> result;
  result.reserve(resultType.getNumElements());
  for (int64_t o = 0; o < outer; ++o)
    for (auto [input, inputValues] : llvm::zip_equal(inputs, values)) {
      int64_t block = input.getType().getDimSize(dim) * inner;
      llvm::append_range(
          result, ArrayRef<Attribute>(inputValues).slice(o * block, block));
    }
  return DenseElementsAttr::get(resultType, result);
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

namespace {

/// broadcast_in_dim(broadcast_in_dim(x, d0), d1) -> broadcast_in_dim(x, d1∘d0)
struct ComposeBroadcastInDim : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getOperand().getDefiningOp<BroadcastInDimOp>();
    if (!producer)
      return rewriter.notifyMatchFailure(op, "operand is not a broadcast");
    SmallVector<int64_t> composed;
    for (int64_t d : producer.getBroadcastDimensions())
      composed.push_back(op.getBroadcastDimensions()[d]);
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, op.getType(), producer.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

/// broadcast_in_dim of a scalar constant -> a splat constant (also for
/// dynamic-free shapes too large for the folder's non-splat cap).
struct BroadcastScalarConstant : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr value;
    if (!matchPattern(op.getOperand(), m_Constant(&value)) || !value.isSplat())
      return rewriter.notifyMatchFailure(op, "operand is not a splat constant");
    auto type = cast<RankedTensorType>(op.getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, SplatElementsAttr::get(type, value.getSplatValue<Attribute>()));
    return success();
  }
};

/// transpose(transpose(x, p0), p1) -> transpose(x, p0∘p1); the folder then
/// removes it if the composition is the identity.
struct ComposeTranspose : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getOperand().getDefiningOp<TransposeOp>();
    if (!producer)
      return rewriter.notifyMatchFailure(op, "operand is not a transpose");
    SmallVector<int64_t> composed;
    for (int64_t d : op.getPermutation())
      composed.push_back(producer.getPermutation()[d]);
    rewriter.replaceOpWithNewOp<TransposeOp>(
        op, op.getType(), producer.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

} // namespace

void BroadcastInDimOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ComposeBroadcastInDim, BroadcastScalarConstant>(context);
}

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ComposeTranspose>(context);
}

FailureOr<SmallVector<int64_t>> hlo::getConstantIntegers(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return failure();
  SmallVector<int64_t> values;
  for (const APInt &x : attr.getValues<APInt>())
    values.push_back(x.getSExtValue());
  return values;
}

//===----------------------------------------------------------------------===//
// Dynamic-shape ops with static shapes become their static counterparts
//===----------------------------------------------------------------------===//

namespace {

bool hasStaticResult(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType()).hasStaticShape();
}

struct DynamicBroadcastInDimToStatic
    : OpRewritePattern<DynamicBroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicBroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticResult(op))
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, op.getType(), op.getOperand(), op.getBroadcastDimensionsAttr());
    return success();
  }
};

struct DynamicReshapeToStatic : OpRewritePattern<DynamicReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticResult(op))
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), op.getOperand());
    return success();
  }
};

struct DynamicIotaToStatic : OpRewritePattern<DynamicIotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicIotaOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticResult(op))
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    rewriter.replaceOpWithNewOp<IotaOp>(op, op.getType(),
                                        op.getIotaDimensionAttr());
    return success();
  }
};

struct DynamicPadToStatic : OpRewritePattern<DynamicPadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicPadOp op,
                                PatternRewriter &rewriter) const override {
    auto low = getConstantIntegers(op.getEdgePaddingLow());
    auto high = getConstantIntegers(op.getEdgePaddingHigh());
    auto interior = getConstantIntegers(op.getInteriorPadding());
    if (failed(low) || failed(high) || failed(interior))
      return rewriter.notifyMatchFailure(op, "paddings are not constants");
    if (!hasStaticResult(op))
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    auto pad = PadOp::create(rewriter, op.getLoc(), op.getType(),
                             op.getOperand(), op.getPaddingValue(), *low,
                             *high, *interior);
    rewriter.replaceOp(op, pad);
    return success();
  }
};

struct RealDynamicSliceToStatic : OpRewritePattern<RealDynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RealDynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto start = getConstantIntegers(op.getStartIndices());
    auto limit = getConstantIntegers(op.getLimitIndices());
    auto strides = getConstantIntegers(op.getStrides());
    if (failed(start) || failed(limit) || failed(strides))
      return rewriter.notifyMatchFailure(op, "bounds are not constants");
    if (!hasStaticResult(op))
      return rewriter.notifyMatchFailure(op, "result shape is dynamic");
    rewriter.replaceOpWithNewOp<SliceOp>(op, op.getType(), op.getOperand(),
                                         *start, *limit, *strides);
    return success();
  }
};

/// The slice sizes follow from a static result: 1 for collapsed and batching
/// dimensions, the result's offset dimensions, in order, for the others.
struct DynamicGatherToStatic : OpRewritePattern<DynamicGatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicGatherOp op,
                                PatternRewriter &rewriter) const override {
    GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
    FailureOr<SmallVector<int64_t>> sizes = getConstantIntegers(op.getSliceSizes());
    if (failed(sizes)) {
      if (!hasStaticResult(op))
        return rewriter.notifyMatchFailure(
            op, "slice sizes are not constants and the result is dynamic");
      auto result = cast<RankedTensorType>(op.getType());
      int64_t rank =
          cast<RankedTensorType>(op.getOperand().getType()).getRank();
      sizes.emplace();
      size_t nextOffset = 0;
      for (int64_t d = 0; d < rank; ++d) {
        if (llvm::is_contained(dims.getCollapsedSliceDims(), d) ||
            llvm::is_contained(dims.getOperandBatchingDims(), d)) {
          sizes->push_back(1);
          continue;
        }
        if (nextOffset >= dims.getOffsetDims().size())
          return rewriter.notifyMatchFailure(op, "inconsistent dimensions");
        sizes->push_back(
            result.getDimSize(dims.getOffsetDims()[nextOffset++]));
      }
    }
    rewriter.replaceOpWithNewOp<GatherOp>(
        op, op.getType(), op.getOperand(), op.getStartIndices(), dims,
        rewriter.getDenseI64ArrayAttr(*sizes), op.getIndicesAreSortedAttr());
    return success();
  }
};

} // namespace

void DynamicBroadcastInDimOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<DynamicBroadcastInDimToStatic>(context);
}
void DynamicReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<DynamicReshapeToStatic>(context);
}
void DynamicIotaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<DynamicIotaToStatic>(context);
}
void DynamicPadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<DynamicPadToStatic>(context);
}
void RealDynamicSliceOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<RealDynamicSliceToStatic>(context);
}
void DynamicGatherOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<DynamicGatherToStatic>(context);
}

OpFoldResult BitcastConvertOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// map with an elementwise computation
//===----------------------------------------------------------------------===//

namespace {
/// The computation's elementwise ops applied to the whole input tensors
/// (scalar constants broadcast to the shape): the map's definition, since
/// every index is computed the same way.
struct InlineElementwiseMap : OpRewritePattern<MapOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MapOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getComputation().front();
    for (Operation &inner : body.without_terminator())
      if (!isa<ConstantOp>(inner) &&
          (!isElementwiseLike(&inner) || inner.getNumRegions() != 0))
        return rewriter.notifyMatchFailure(
            op, "the computation has an op that is not elementwise");
    auto shape = cast<RankedTensorType>(op.getType()).getShape();
    IRMapping mapping;
    mapping.map(body.getArguments(), op.getInputs());
    for (Operation &inner : body.without_terminator()) {
      if (auto constant = dyn_cast<ConstantOp>(inner)) {
        auto type = cast<RankedTensorType>(constant.getType());
        if (type.getRank() != 0)
          return rewriter.notifyMatchFailure(op, "non-scalar constant");
        Value scalar = rewriter.clone(inner)->getResult(0);
        mapping.map(constant.getResult(),
                    BroadcastInDimOp::create(
                        rewriter, op.getLoc(), type.clone(shape), scalar,
                        rewriter.getDenseI64ArrayAttr({})));
        continue;
      }
      // Scalars from above (constants the folder hoisted) are broadcast too.
      for (Value operand : inner.getOperands()) {
        if (mapping.contains(operand))
          continue;
        auto type = cast<RankedTensorType>(operand.getType());
        if (type.getRank() != 0)
          return rewriter.notifyMatchFailure(op, "non-scalar value from above");
        mapping.map(operand, BroadcastInDimOp::create(
                                 rewriter, op.getLoc(), type.clone(shape),
                                 operand, rewriter.getDenseI64ArrayAttr({})));
      }
      Operation *copy = rewriter.clone(inner, mapping);
      for (OpResult result : copy->getResults())
        result.setType(
            cast<RankedTensorType>(result.getType()).clone(shape));
    }
    rewriter.replaceOp(
        op, mapping.lookupOrDefault(body.getTerminator()->getOperand(0)));
    return success();
  }
};
} // namespace

void MapOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<InlineElementwiseMap>(context);
}

namespace {
/// A constant padding makes a dynamic_conv a convolution.
struct DynamicConvToStatic : OpRewritePattern<DynamicConvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicConvOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int64_t>> padding = getConstantIntegers(op.getPadding());
    if (failed(padding))
      return rewriter.notifyMatchFailure(op, "padding is not a constant");
    auto type = RankedTensorType::get(
        {static_cast<int64_t>(padding->size() / 2), 2}, rewriter.getI64Type());
    auto paddingAttr = DenseIntElementsAttr::get(type, *padding);
    rewriter.replaceOpWithNewOp<ConvolutionOp>(
        op, op.getType(), op.getLhs(), op.getRhs(), op.getWindowStridesAttr(),
        paddingAttr, op.getLhsDilationAttr(), op.getRhsDilationAttr(),
        op.getWindowReversalAttr(), op.getDimensionNumbersAttr(),
        op.getFeatureGroupCountAttr(), op.getBatchGroupCountAttr(),
        op.getPrecisionConfigAttr());
    return success();
  }
};
} // namespace

void DynamicConvOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<DynamicConvToStatic>(context);
}
