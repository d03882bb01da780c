//===- ExpandNarrowFloats.cpp - narrow float conversions as integers ------===//
//
// Every property of the narrow format (widths, bias, which bit patterns are
// NaN or infinity, what overflow and -0 become) is read from its APFloat
// semantics, so one pair of patterns serves all of them and agrees with
// APFloat's conversions (and so with the constant folder).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/ExpandNarrowFloats.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

bool hlo::isExpandableNarrowFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || floatType.getWidth() > 8)
    return false;
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  return llvm::APFloat::semanticsHasSignedRepr(sem) &&
         llvm::APFloat::semanticsHasZero(sem);
}

namespace {

/// The properties of a narrow format the conversions need.
struct NarrowFormat {
  unsigned width;   // W, with the sign in bit W - 1
  int mantissa;     // M, the stored fraction bits
  int bias;         // B = 1 - emin
  uint64_t largest; // bit pattern of the largest finite value
  uint64_t overflowPositive, overflowNegative; // what overflow rounds to
  uint64_t nan;                                // the NaN a NaN input becomes
  uint64_t negativeZero;
  /// Magnitude ranges [lo, hi] (sign bit clear) that are NaN; whether the
  /// pattern with only the sign bit set is NaN (FNUZ); the infinity's
  /// magnitude, if any.
  SmallVector<std::pair<uint64_t, uint64_t>> nanRanges;
  bool signOnlyIsNan = false;
  std::optional<uint64_t> infinity;

  explicit NarrowFormat(FloatType type) {
    const llvm::fltSemantics &sem = type.getFloatSemantics();
    width = type.getWidth();
    mantissa = llvm::APFloat::semanticsPrecision(sem) - 1;
    bias = 1 - llvm::APFloat::semanticsMinExponent(sem);
    largest = llvm::APFloat::getLargest(sem).bitcastToAPInt().getZExtValue();
    auto convert = [&](llvm::APFloat value) {
      bool lost;
      value.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
      return value.bitcastToAPInt().getZExtValue();
    };
    llvm::APFloat huge = llvm::APFloat::getLargest(llvm::APFloat::IEEEsingle());
    overflowPositive = convert(huge);
    overflowNegative = convert(-huge);
    negativeZero = convert(llvm::APFloat::getZero(llvm::APFloat::IEEEsingle(),
                                                  /*Negative=*/true));
    nan = llvm::APFloat::semanticsHasNaN(sem)
              ? llvm::APFloat::getQNaN(sem).bitcastToAPInt().getZExtValue()
              : 0;
    uint64_t signBit = uint64_t(1) << (width - 1);
    for (uint64_t code = 0; code < signBit; ++code) {
      llvm::APFloat value(sem, llvm::APInt(width, code));
      if (value.isInfinity())
        infinity = code;
      if (!value.isNaN())
        continue;
      if (!nanRanges.empty() && nanRanges.back().second + 1 == code)
        nanRanges.back().second = code;
      else
        nanRanges.push_back({code, code});
    }
    signOnlyIsNan = llvm::APFloat(sem, llvm::APInt(width, signBit)).isNaN();
  }
};

/// Builds integer and float ops on scalars or on vectors of `shape`'s shape.
class Builder {
public:
  Builder(PatternRewriter &b, Location loc, Type shape)
      : b(b), loc(loc), shape(shape) {}

  Type like(Type element) const {
    if (auto vector = dyn_cast<VectorType>(shape))
      return vector.clone(element);
    return element;
  }
  Value cst(Type element, int64_t value) {
    Type type = like(element);
    TypedAttr attr;
    if (auto floatType = dyn_cast<FloatType>(element))
      attr = FloatAttr::get(floatType, static_cast<double>(value));
    else
      attr = IntegerAttr::get(element, value);
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(b, loc, type, attr);
  }
  Value fcst(Type element, double value) {
    Type type = like(element);
    TypedAttr attr = FloatAttr::get(element, value);
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, attr);
    return arith::ConstantOp::create(b, loc, type, attr);
  }
  Type intType(Value v) { return getElementTypeOrSelf(v.getType()); }
  Value c(Value like, int64_t value) { return cst(intType(like), value); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value maxs(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  Value mins(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value bitcast(Value x, Type element) {
    return arith::BitcastOp::create(b, loc, like(element), x);
  }

  PatternRewriter &b;
  Location loc;
  Type shape;
};

using P = arith::CmpIPredicate;

/// Narrow float -> f32, exactly: normal values by moving the fields into
/// place, subnormals as integer * 2^(emin - M); NaN and infinity patterns
/// from the format's tables.
Value extendToF32(Builder &e, const NarrowFormat &f, Value x) {
  MLIRContext *context = e.b.getContext();
  Type narrowInt = IntegerType::get(context, f.width);
  Type i32 = IntegerType::get(context, 32);
  Type f32 = Float32Type::get(context);
  Value bits =
      arith::ExtUIOp::create(e.b, e.loc, e.like(i32), e.bitcast(x, narrowInt));
  Value sign = e.shr(bits, e.cst(i32, f.width - 1));
  Value magnitude = e.andI(bits, e.cst(i32, (1 << (f.width - 1)) - 1));
  auto shl2 = e.shl(magnitude, e.cst(i32, 23 - f.mantissa));
  auto cst2 = e.cst(i32, static_cast<int64_t>(127 - f.bias) << 23);
  Value normalBits = e.add(shl2, cst2);
  auto uIToFP = arith::UIToFPOp::create(e.b, e.loc, e.like(f32), magnitude);
  auto fcst2 = e.fcst(f32, std::ldexp(1.0, 1 - f.bias - f.mantissa));
  Value subnormal = arith::MulFOp::create(e.b, e.loc, uIToFP, fcst2);
  Value isSubnormal =
      e.cmp(P::ult, magnitude, e.cst(i32, int64_t(1) << f.mantissa));
  Value unsignedBits =
      e.select(isSubnormal, e.bitcast(subnormal, i32), normalBits);
  if (f.infinity) {
    auto cmp2 = e.cmp(P::eq, magnitude, e.cst(i32, *f.infinity));
    auto cst3 = e.cst(i32, 0x7F800000);
    unsignedBits = e.select(cmp2, cst3, unsignedBits);
  }
  Value result = e.orI(unsignedBits, e.shl(sign, e.cst(i32, 31)));
  Value isNan;
  auto orNan = [&](Value c) { isNan = isNan ? e.orI(isNan, c) : c; };
  uint64_t maxMagnitude = (uint64_t(1) << (f.width - 1)) - 1;
  for (auto [lo, hi] : f.nanRanges) {
    if (hi == maxMagnitude)
      orNan(e.cmp(P::uge, magnitude, e.cst(i32, lo)));
    else if (lo == hi)
      orNan(e.cmp(P::eq, magnitude, e.cst(i32, lo)));
    else {
      auto cmp3 = e.cmp(P::uge, magnitude, e.cst(i32, lo));
      auto cmp4 = e.cmp(P::ule, magnitude, e.cst(i32, hi));
      orNan(e.andI(cmp3, cmp4));
    }
  }
  if (f.signOnlyIsNan)
    orNan(e.cmp(P::eq, bits, e.cst(i32, int64_t(1) << (f.width - 1))));
  if (isNan)
    result = e.select(isNan, e.cst(i32, 0x7FC00000), result);
  return e.bitcast(result, f32);
}

/// f32 or f64 -> narrow float, rounding to nearest even. With q the target
/// exponent field (1 for subnormals) and ulp = 2^(q - B - M), the target's
/// magnitude code is ((q - 1) << M) + round(|x| / ulp), which carries into
/// the exponent correctly; codes above the largest finite one overflow.
Value truncateFrom(Builder &e, const NarrowFormat &f, Value x) {
  MLIRContext *context = e.b.getContext();
  auto source = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  unsigned width = source.getWidth();
  int sourceMantissa = source.getFPMantissaWidth() - 1;
  int sourceBias =
      1 - llvm::APFloat::semanticsMinExponent(source.getFloatSemantics());
  Type si = IntegerType::get(context, width);
  Value u = e.bitcast(x, si);
  Value sign = e.shr(u, e.cst(si, width - 1));
  // Masks built in uint64_t: `int64_t(1) << 63` (an f64 source) overflows.
  Value magnitude = e.andI(
      u, e.cst(si, static_cast<int64_t>((uint64_t(1) << (width - 1)) - 1)));
  Value exponent = e.shr(magnitude, e.cst(si, sourceMantissa));
  Value fraction =
      e.andI(magnitude,
             e.cst(si, static_cast<int64_t>((uint64_t(1) << sourceMantissa) - 1)));
  Value isNormal = e.cmp(P::ne, exponent, e.cst(si, 0));
  Value significand = e.select(
      isNormal,
      e.orI(fraction,
            e.cst(si, static_cast<int64_t>(uint64_t(1) << sourceMantissa))),
      fraction);
  Value effective = e.select(isNormal, exponent, e.cst(si, 1));
  Value t = e.add(effective, e.cst(si, f.bias - sourceBias));
  Value q = e.maxs(t, e.cst(si, 1));
  auto sub2 = e.sub(q, t);
  auto cst5 = e.cst(si, sourceMantissa - f.mantissa);
  auto add2 = e.add(sub2, cst5);
  auto cst4 = e.cst(si, sourceMantissa + 2);
  Value shift = e.mins(add2, cst4);
  Value one = e.cst(si, 1);
  Value kept = e.shr(significand, shift);
  Value rest = e.andI(significand, e.sub(e.shl(one, shift), one));
  Value half = e.shl(one, e.sub(shift, one));
  auto cmp5 = e.cmp(P::ugt, rest, half);
  auto cmp6 = e.cmp(P::eq, rest, half);
  auto andI3 = e.andI(kept, one);
  auto cst6 = e.cst(si, 0);
  auto cmp7 = e.cmp(P::ne, andI3, cst6);
  auto andI2 = e.andI(cmp6, cmp7);
  Value roundUp = e.orI(cmp5, andI2);
  auto sub3 = e.sub(q, one);
  auto cst7 = e.cst(si, f.mantissa);
  auto add3 = e.add(e.shl(sub3, cst7), kept);
  auto extUI = arith::ExtUIOp::create(e.b, e.loc, e.like(si), roundUp);
  Value code = e.add(add3, extUI);
  Value isNegative = e.cmp(P::ne, sign, e.cst(si, 0));
  Value bits = e.orI(code, e.shl(sign, e.cst(si, f.width - 1)));
  auto cmp8 = e.cmp(P::eq, code, e.cst(si, 0));
  auto cst8 = e.cst(si, f.negativeZero);
  auto cst9 = e.cst(si, 0);
  auto select2 = e.select(isNegative, cst8, cst9);
  bits = e.select(cmp8, select2, bits);
  uint64_t largestMagnitude = f.largest & ((uint64_t(1) << (f.width - 1)) - 1);
  auto cmp9 = e.cmp(P::ugt, code, e.cst(si, largestMagnitude));
  auto cst10 = e.cst(si, f.overflowNegative);
  auto cst11 = e.cst(si, f.overflowPositive);
  auto select3 = e.select(isNegative, cst10, cst11);
  bits = e.select(cmp9, select3, bits);
  int64_t infBits = static_cast<int64_t>(
      ((uint64_t(1) << (width - 1 - sourceMantissa)) - 1) << sourceMantissa);
  auto cmp10 = e.cmp(P::ugt, magnitude, e.cst(si, infBits));
  auto cst12 = e.cst(si, f.nan);
  bits = e.select(cmp10, cst12, bits);
  Type narrowInt = IntegerType::get(context, f.width);
  return arith::TruncIOp::create(e.b, e.loc, e.like(narrowInt), bits);
}

/// extf from a narrow float: through f32, then to the result type.
struct ExpandExtF : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    auto from = getElementTypeOrSelf(op.getIn().getType());
    if (!hlo::isExpandableNarrowFloat(from))
      return rewriter.notifyMatchFailure(op, "not an expandable narrow float");
    Builder e(rewriter, op.getLoc(), op.getType());
    Value wide =
        extendToF32(e, NarrowFormat(cast<FloatType>(from)), op.getIn());
    auto to = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    // Every narrow value is exact in f16, bf16 and f64 as well.
    if (to.getWidth() > 32)
      wide = arith::ExtFOp::create(rewriter, op.getLoc(), op.getType(), wide);
    else if (!to.isF32())
      wide = arith::TruncFOp::create(rewriter, op.getLoc(), op.getType(), wide);
    rewriter.replaceOp(op, wide);
    return success();
  }
};

/// truncf to a narrow float from f32 or f64 directly, from other types
/// through f32 (exact for those narrower than f32).
struct ExpandTruncF : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    auto to = getElementTypeOrSelf(op.getType());
    if (!hlo::isExpandableNarrowFloat(to))
      return rewriter.notifyMatchFailure(op, "not an expandable narrow float");
    if (op.getRoundingmode() &&
        *op.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "only rounds to nearest even");
    Builder e(rewriter, op.getLoc(), op.getType());
    Value in = op.getIn();
    auto from = cast<FloatType>(getElementTypeOrSelf(in.getType()));
    if (!from.isF32() && !from.isF64())
      in = arith::ExtFOp::create(rewriter, op.getLoc(),
                                 e.like(rewriter.getF32Type()), in);
    Value bits = truncateFrom(e, NarrowFormat(cast<FloatType>(to)), in);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), bits);
    return success();
  }
};

} // namespace

void hlo::populateExpandNarrowFloatPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandExtF, ExpandTruncF>(patterns.getContext());
}
