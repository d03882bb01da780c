//===- ExpandMath.cpp - math functions as arithmetic ----------------------===//
//
// See the pass description in Gpu/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Gpu/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOGPUEXPANDMATHPASS
#include "HloDialect/Gpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {

/// A constant of `type` (a scalar or a vector of it) with every element
/// `value`.
Value splat(OpBuilder &b, Location loc, Type type, const APInt &value) {
  auto element = cast<IntegerType>(getElementTypeOrSelf(type));
  TypedAttr attr = b.getIntegerAttr(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

Value splatFloat(OpBuilder &b, Location loc, Type type, double value) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr attr = b.getFloatAttr(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

/// trunc, floor and ceil on the bits of f32 and f64 values: the fraction
/// bits below the binary point are cleared (trunc), then floor subtracts
/// and ceil adds one where that moved the value up or down. Exact for
/// every input, NaN, infinities and signed zeros included; upstream has no
/// such expansion and the ROCDL conversion would call ocml.
template <typename OpTy>
struct RoundToIntegralOnBits : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (!element || !(element.isF32() || element.isF64()))
      return rewriter.notifyMatchFailure(op, "not f32 or f64");
    Location loc = op.getLoc();
    unsigned width = element.getWidth();
    unsigned fractionBits = width == 32 ? 23 : 52;
    int bias = width == 32 ? 127 : 1023;
    Type intElement = rewriter.getIntegerType(width);
    Type intType = intElement;
    if (auto vector = dyn_cast<VectorType>(type))
      intType = vector.clone(intElement);
    auto constant = [&](int64_t v) {
      return splat(rewriter, loc, intType, APInt(width, v, /*isSigned=*/true));
    };
    Value x = op.getOperand();
    Value bits = arith::BitcastOp::create(rewriter, loc, intType, x);
    // The unbiased exponent.
    auto shRUI =
        arith::ShRUIOp::create(rewriter, loc, bits, constant(fractionBits));
    auto constant2 = constant(width == 32 ? 0xff : 0x7ff);
    Value biased = arith::AndIOp::create(rewriter, loc, shRUI, constant2);
    Value exponent = arith::SubIOp::create(rewriter, loc, biased,
                                           constant(bias));
    // |x| < 1: a zero of x's sign; exponent >= fraction bits (integers,
    // infinities, NaN): x; otherwise the fraction bits below the point
    // cleared.
    Value sign = arith::AndIOp::create(
        rewriter, loc, bits,
        splat(rewriter, loc, intType, APInt::getSignMask(width)));
    auto minSI =
        arith::MinSIOp::create(rewriter, loc, exponent, constant(fractionBits));
    auto constant3 = constant(0);
    Value shift = arith::MaxSIOp::create(rewriter, loc, minSI, constant3);
    Value mask = arith::ShRUIOp::create(
        rewriter, loc, constant((int64_t(1) << fractionBits) - 1), shift);
    Value cleared = arith::AndIOp::create(
        rewriter, loc, bits,
        arith::XOrIOp::create(rewriter, loc, mask, constant(-1)));
    Value small = arith::CmpIOp::create(rewriter, loc,
                                        arith::CmpIPredicate::slt, exponent,
                                        constant(0));
    Value truncBits =
        arith::SelectOp::create(rewriter, loc, small, sign, cleared);
    Value truncated = arith::BitcastOp::create(rewriter, loc, type, truncBits);
    Value result = truncated;
    if (isa<math::FloorOp>(op) || isa<math::CeilOp>(op)) {
      bool floor = isa<math::FloorOp>(op);
      Value moved = arith::CmpFOp::create(
          rewriter, loc,
          floor ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
          truncated, x);
      Value one = splatFloat(rewriter, loc, type, floor ? -1.0 : 1.0);
      Value adjusted = arith::AddFOp::create(rewriter, loc, truncated, one);
      result = arith::SelectOp::create(rewriter, loc, moved, adjusted,
                                       truncated);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct HloGpuExpandMathPass
    : hlo::impl::HloGpuExpandMathPassBase<HloGpuExpandMathPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Our f64 expansions (and f32 through them) take precedence.
    hlo::populateGpuF64MathExpansionPatterns(patterns, computeF32InF64);
    // Identities first (sinh through exp, ...), then polynomials for what
    // remains; narrow floats compute in f32.
    // Exact trunc/floor/ceil on the bits first (upstream's ceil expansion
    // returns +0 for ceil(-0.5)).
    patterns.add<RoundToIntegralOnBits<math::FloorOp>,
                 RoundToIntegralOnBits<math::CeilOp>,
                 RoundToIntegralOnBits<math::TruncOp>>(&getContext(),
                                                       /*benefit=*/2);
    // All of math-expand-ops but fma, which targets have (GL.Fma, llvm.fma)
    // and our expansions need fused.
    math::populateExpansionPatterns(
        patterns, {"ctlz", "sinh", "cosh", "tan", "tanh", "asinh", "acosh",
                   "atanh", "ceil", "exp2", "powf", "fpowi", "round",
                   "roundeven", "rsqrt"});
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // The approximations above use floor.
    RewritePatternSet rounding(&getContext());
    rounding.add<RoundToIntegralOnBits<math::FloorOp>,
                 RoundToIntegralOnBits<math::CeilOp>,
                 RoundToIntegralOnBits<math::TruncOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(rounding))))
      return signalPassFailure();
  }
};
} // namespace
