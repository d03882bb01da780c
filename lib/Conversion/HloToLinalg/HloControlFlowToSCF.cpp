//===- HloControlFlowToSCF.cpp - while/if/case to scf ---------------------===//
//
// while -> scf.while, if -> scf.if, case -> scf.index_switch (an index out
// of range runs the last branch, as the spec says). The regions are moved
// over; their hlo.return terminators become scf.condition/scf.yield by a
// pattern of their own, once their operands are converted.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

FailureOr<SmallVector<Type>> convertTypes(const TypeConverter *converter,
                                          TypeRange types) {
  SmallVector<Type> converted;
  if (failed(converter->convertTypes(types, converted)))
    return failure();
  return converted;
}

struct WhileToSCF : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = convertTypes(getTypeConverter(), op.getResultTypes());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), *types,
                                     adaptor.getOperand());
    rewriter.inlineRegionBefore(op.getCond(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getAfter(),
                                loop.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&loop.getBefore(),
                                           *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&loop.getAfter(),
                                           *getTypeConverter())))
      return failure();
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct IfToSCF : OpConversionPattern<IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = convertTypes(getTypeConverter(), op.getResultTypes());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Value pred = tensor::ExtractOp::create(rewriter, op.getLoc(),
                                           adaptor.getPred(), ValueRange{});
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), *types, pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getTrueBranch(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct CaseToSCF : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = convertTypes(getTypeConverter(), op.getResultTypes());
    if (failed(types))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Location loc = op.getLoc();
    Value raw = tensor::ExtractOp::create(rewriter, loc, adaptor.getIndex(),
                                          ValueRange{});
    Value index =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), raw);
    size_t n = op.getBranches().size();
    // Cases 0..n-2; the default region is the last branch.
    SmallVector<int64_t> cases;
    for (size_t i = 0; i + 1 < n; ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, *types, index,
                                               cases, cases.size());
    for (size_t i = 0; i + 1 < n; ++i)
      rewriter.inlineRegionBefore(op.getBranches()[i],
                                  switchOp.getCaseRegions()[i],
                                  switchOp.getCaseRegions()[i].end());
    rewriter.inlineRegionBefore(op.getBranches()[n - 1],
                                switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// hlo.return in a region moved into scf: scf.condition in a while's
/// condition (the tensor<i1> read as i1, forwarding the loop values),
/// scf.yield elsewhere (branches, and fusions lowered to execute_region).
struct ReturnToSCF : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (op->getParentRegion() == &loop.getBefore()) {
        Value cond = tensor::ExtractOp::create(
            rewriter, op.getLoc(), adaptor.getResults().front(), ValueRange{});
        rewriter.replaceOpWithNewOp<scf::ConditionOp>(
            op, cond, loop.getBefore().front().getArguments());
        return success();
      }
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getResults());
      return success();
    }
    if (isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(parent)) {
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getResults());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "not in a region moved into scf");
  }
};

/// The barrier's operands, once converted, are its results: the ops before
/// it have all been emitted by then.
struct OptimizationBarrierToOperands
    : OpConversionPattern<OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (llvm::any_of(op.getOperandTypes(),
                     [](Type t) { return !isa<RankedTensorType>(t); }))
      return rewriter.notifyMatchFailure(op, "operands are not all tensors");
    rewriter.replaceOp(op, adaptor.getOperand());
    return success();
  }
};

/// Programs run in order on one thread: a token that nothing uses orders
/// nothing.
struct EraseUnusedAfterAll : OpConversionPattern<AfterAllOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AfterAllOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->use_empty())
      return rewriter.notifyMatchFailure(op, "the token is used");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void hlo::detail::populateControlFlowPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<WhileToSCF, IfToSCF, CaseToSCF, ReturnToSCF,
               OptimizationBarrierToOperands, EraseUnusedAfterAll>(
      converter, patterns.getContext());
}
