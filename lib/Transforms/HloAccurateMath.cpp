//===- HloAccurateMath.cpp - the hlo-accurate-math pass -------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOACCURATEMATHPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {

Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr attr = FloatAttr::get(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    attr = DenseElementsAttr::get(vector, attr);
  return arith::ConstantOp::create(b, loc, type, attr);
}

/// expm1 by Kahan's formula (see the pass description).
struct KahanExpm1 : OpRewritePattern<math::ExpM1Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpM1Op op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<FloatType>(getElementTypeOrSelf(type)))
      return rewriter.notifyMatchFailure(op, "expects floats");
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value one = floatConstant(rewriter, loc, type, 1.0);
    Value minusOne = floatConstant(rewriter, loc, type, -1.0);
    Value inf = floatConstant(rewriter, loc, type,
                              std::numeric_limits<double>::infinity());
    Value u = math::ExpOp::create(rewriter, loc, x);
    Value um1 = arith::SubFOp::create(rewriter, loc, u, one);
    Value logU = math::LogOp::create(rewriter, loc, u);
    Value r = arith::MulFOp::create(
        rewriter, loc, um1, arith::DivFOp::create(rewriter, loc, x, logU));
    auto eq = [&](Value a, Value b) {
      return arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ,
                                   a, b);
    };
    r = arith::SelectOp::create(rewriter, loc, eq(u, inf), inf, r);
    r = arith::SelectOp::create(rewriter, loc, eq(um1, minusOne), minusOne, r);
    r = arith::SelectOp::create(rewriter, loc, eq(u, one), x, r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct HloAccurateMathPass
    : hlo::impl::HloAccurateMathPassBase<HloAccurateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<KahanExpm1>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
