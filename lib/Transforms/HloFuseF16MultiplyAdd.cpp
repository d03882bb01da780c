//===- HloFuseF16MultiplyAdd.cpp - the hlo-fuse-f16-multiply-add pass -----===//
//
// f16 a * b + c as one fused multiply-add, the way XLA:CPU's code computes
// it (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOFUSEF16MULTIPLYADDPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {

/// The f16 product `value` is, if nothing else uses it.
arith::MulFOp getFusableProduct(Value value) {
  auto product = value.getDefiningOp<arith::MulFOp>();
  if (!product || !product->hasOneUse())
    return nullptr;
  return product;
}

bool isF16OrF16Vector(Type type) {
  return getElementTypeOrSelf(type).isF16();
}

/// addf(mulf(a, b), c) and addf(c, mulf(a, b)) -> fma(a, b, c).
struct FuseMultiplyAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::AddFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isF16OrF16Vector(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f16");
    Value addend = op.getRhs();
    arith::MulFOp product = getFusableProduct(op.getLhs());
    if (!product) {
      product = getFusableProduct(op.getRhs());
      addend = op.getLhs();
    }
    if (!product)
      return rewriter.notifyMatchFailure(op, "no single-use product");
    rewriter.replaceOpWithNewOp<math::FmaOp>(op, product.getLhs(),
                                             product.getRhs(), addend);
    return success();
  }
};

/// subf(mulf(a, b), c) -> fma(a, b, -c); subf(c, mulf(a, b)) -> fma(-a, b, c).
struct FuseMultiplySubtract : OpRewritePattern<arith::SubFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SubFOp op,
                                PatternRewriter &rewriter) const override {
    if (!isF16OrF16Vector(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f16");
    Location loc = op.getLoc();
    if (arith::MulFOp product = getFusableProduct(op.getLhs())) {
      Value negated = arith::NegFOp::create(rewriter, loc, op.getRhs());
      rewriter.replaceOpWithNewOp<math::FmaOp>(op, product.getLhs(),
                                               product.getRhs(), negated);
      return success();
    }
    if (arith::MulFOp product = getFusableProduct(op.getRhs())) {
      Value negated = arith::NegFOp::create(rewriter, loc, product.getLhs());
      rewriter.replaceOpWithNewOp<math::FmaOp>(op, negated, product.getRhs(),
                                               op.getLhs());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no single-use product");
  }
};

struct HloFuseF16MultiplyAddPass
    : hlo::impl::HloFuseF16MultiplyAddPassBase<HloFuseF16MultiplyAddPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    hlo::populateFuseF16MultiplyAddPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void hlo::populateFuseF16MultiplyAddPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd, FuseMultiplySubtract>(patterns.getContext());
}
