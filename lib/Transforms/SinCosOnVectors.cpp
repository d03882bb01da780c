//===- SinCosOnVectors.cpp - f32 sine and cosine in vector registers ------===//
//
// LLVM scalarizes vector `llvm.sin`/`llvm.cos` into one libm call per lane:
// a 64-lane sine is 64 calls with every live vector spilled around each, in
// machine code that instruction selection, scheduling and register
// allocation then spend most of a module's compile time on. This computes
// them in vector arithmetic instead, as accurately as libm over the range
// real programs use, and keeps libm for the rest:
//
//   - |x| <= kVectorLimit: Cody-Waite reduction by pi/2 in three parts with
//     fused multiply-adds, r = |x| - k pi/2 in [-pi/4, pi/4] (the first
//     step is exact there: both terms are multiples of 2^-24 and their
//     difference is below 1), then minimax polynomials for sin r and cos r
//     chosen and negated by the quadrant k mod 4. Within 2 ulp of the
//     correctly rounded result (utils/ulp_sweep.py; exhaustively over the
//     top binades below the limit).
//   - otherwise (a lane beyond the limit, or an infinity): the whole vector
//     goes lane by lane through the scalar libm functions, in a loop (one
//     call site), behind a branch that programs within the limit never
//     take.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Vectorize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace {
/// The largest |x| reduced in vector arithmetic: 2^17 covers the angles of
/// rotary and sinusoidal position embeddings of 10^5 positions.
constexpr float kVectorLimit = 131072.0f;

/// pi/2 as the sum of three floats: float(pi/2), then the float nearest to
/// each remainder.
constexpr float kHalfPiHigh = 1.57079637050628662109375f;
constexpr float kHalfPiMid = -4.37113900018624283e-8f;
constexpr float kHalfPiLow = -1.7151245100059768e-15f;

/// sin r = r + r^3 P(r^2) and cos r = 1 - r^2/2 + r^4 Q(r^2) on
/// [-pi/4, pi/4]: least-squares fits in relative error on Chebyshev nodes,
/// rounded to f32 (coefficients of z^0 .. z^3).
constexpr float kSinCoefficients[] = {-0.1666666716337204f,
                                      0.008333329111337662f,
                                      -0.00019839320157188922f,
                                      2.7181986297364347e-06f};
constexpr float kCosCoefficients[] = {0.0416666679084301f,
                                      -0.0013888883404433727f,
                                      2.479949216649402e-05f,
                                      -2.7208204755879706e-07f};

template <typename SinOrCos>
struct SinCosF32OnVectors : OpRewritePattern<SinOrCos> {
  using OpRewritePattern<SinOrCos>::OpRewritePattern;

  LogicalResult matchAndRewrite(SinOrCos op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() != 1 || type.isScalable() ||
        !type.getElementType().isF32())
      return failure();
    // The libm path's buffer goes at the function's entry.
    auto function = op->template getParentOfType<FunctionOpInterface>();
    if (!function || function.getFunctionBody().empty())
      return failure();
    constexpr bool isSine = std::is_same_v<SinOrCos, math::SinOp>;
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    auto real = [&](float v) -> Value {
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(type, b.getF32FloatAttr(v).getValue()));
    };
    // Every constant first: each op below is then created by one
    // statement, in program order whatever compiles this file.
    Value limit = real(kVectorLimit), twoOverPi = real(0.63661977236758134f);
    Value quarter = real(0.25f), minusFour = real(-4.0f);
    Value half = real(0.5f), minusHalf = real(-0.5f);
    Value one = real(1.0f), two = real(2.0f);
    auto intType = type.clone(b.getI32Type());
    Value signMask = arith::ConstantOp::create(
        b, DenseElementsAttr::get(intType, APInt(32, 0x80000000u)));
    Value minusHalfPiHigh = real(-kHalfPiHigh);
    Value minusHalfPiMid = real(-kHalfPiMid);
    Value minusHalfPiLow = real(-kHalfPiLow);
    SmallVector<Value> sinCoefficients, cosCoefficients;
    for (float c : kSinCoefficients)
      sinCoefficients.push_back(real(c));
    for (float c : kCosCoefficients)
      cosCoefficients.push_back(real(c));

    Value x = op.getOperand();
    Value magnitude = math::AbsFOp::create(b, x);
    Value beyond = arith::CmpFOp::create(b, arith::CmpFPredicate::UGT,
                                         magnitude, limit);
    Value anyBeyond = vector::ReductionOp::create(
        b, vector::CombiningKind::OR, beyond);
    auto branch = scf::IfOp::create(b, TypeRange{type}, anyBeyond,
                                    /*withElseRegion=*/true);

    // Lane by lane through libm, in a stack buffer of the function's (a
    // vector indexed by a loop variable would be spilled and reloaded
    // whole for every lane).
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&function.getFunctionBody().front());
      Value buffer = memref::AllocaOp::create(
          b, MemRefType::get(type.getShape(), type.getElementType()));
      b.setInsertionPointToStart(branch.thenBlock());
      Value lower = arith::ConstantIndexOp::create(b, 0);
      Value upper = arith::ConstantIndexOp::create(b, type.getNumElements());
      Value step = arith::ConstantIndexOp::create(b, 1);
      vector::StoreOp::create(b, x, buffer, ValueRange{lower});
      auto lanes = scf::ForOp::create(b, lower, upper, step);
      b.setInsertionPointToStart(lanes.getBody());
      Value lane = lanes.getInductionVar();
      Value element = memref::LoadOp::create(b, buffer, ValueRange{lane});
      Value computed = SinOrCos::create(b, element);
      memref::StoreOp::create(b, computed, buffer, ValueRange{lane});
      b.setInsertionPointAfter(lanes);
      Value result =
          vector::LoadOp::create(b, type, buffer, ValueRange{lower});
      scf::YieldOp::create(b, result);
    }

    // In vector registers.
    b.setInsertionPointToStart(branch.elseBlock());
    Value scaled = arith::MulFOp::create(b, magnitude, twoOverPi);
    Value k = math::RoundEvenOp::create(b, scaled);
    Value r = math::FmaOp::create(b, k, minusHalfPiHigh, magnitude);
    r = math::FmaOp::create(b, k, minusHalfPiMid, r);
    r = math::FmaOp::create(b, k, minusHalfPiLow, r);
    Value z = arith::MulFOp::create(b, r, r);
    auto horner = [&](ArrayRef<Value> coefficients) {
      Value p = coefficients.back();
      for (Value c : llvm::reverse(coefficients.drop_back()))
        p = math::FmaOp::create(b, p, z, c);
      return p;
    };
    Value sinPolynomial = horner(sinCoefficients);
    Value rCubed = arith::MulFOp::create(b, r, z);
    Value sinR = math::FmaOp::create(b, rCubed, sinPolynomial, r);
    Value cosPolynomial = horner(cosCoefficients);
    Value zSquared = arith::MulFOp::create(b, z, z);
    Value cosHead = math::FmaOp::create(b, minusHalf, z, one);
    Value cosR = math::FmaOp::create(b, zSquared, cosPolynomial, cosHead);
    // The quadrant k mod 4 in floats (k is an integer below 2^24; a NaN
    // input gives a NaN r, so whichever polynomial is chosen returns NaN).
    Value kQuarter = arith::MulFOp::create(b, k, quarter);
    Value quarters = math::FloorOp::create(b, kQuarter);
    Value quadrant = math::FmaOp::create(b, minusFour, quarters, k);
    // cos x = sin(x + pi/2): one quadrant further (1 to 4, where 4 is 0).
    if (!isSine)
      quadrant = arith::AddFOp::create(b, quadrant, one);
    // sin x, for quadrants 0 to 3: sin r, cos r, -sin r, -cos r.
    Value quadrantHalf = arith::MulFOp::create(b, quadrant, half);
    Value halves = math::FloorOp::create(b, quadrantHalf);
    Value even = arith::MulFOp::create(b, halves, two);
    Value odd = arith::CmpFOp::create(b, arith::CmpFPredicate::ONE, quadrant,
                                      even);
    Value negate =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, halves, one);
    Value chosen = arith::SelectOp::create(b, odd, cosR, sinR);
    Value negated = arith::NegFOp::create(b, chosen);
    Value value = arith::SelectOp::create(b, negate, negated, chosen);
    // sin is odd: the sign of x goes onto sin |x| (sin(-0) = -0); cos is
    // even.
    if (isSine) {
      Value valueBits = arith::BitcastOp::create(b, intType, value);
      Value xBits = arith::BitcastOp::create(b, intType, x);
      Value xSign = arith::AndIOp::create(b, xBits, signMask);
      Value flipped = arith::XOrIOp::create(b, valueBits, xSign);
      value = arith::BitcastOp::create(b, type, flipped);
    }
    scf::YieldOp::create(b, value);
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
};
} // namespace

void mlir::hlo::populateHloSinCosApproximationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SinCosF32OnVectors<math::SinOp>,
               SinCosF32OnVectors<math::CosOp>>(patterns.getContext());
}
