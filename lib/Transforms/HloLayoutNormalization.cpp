//===- HloLayoutNormalization.cpp - the hlo-layout-normalization pass -----===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Layout.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLAYOUTNORMALIZATIONPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The untiled `#hlo.layout` of a signature entry, null for none or the
/// default; an error for layouts a physical signature cannot have.
FailureOr<LayoutAttr> signatureLayout(func::FuncOp func, Attribute layout,
                                      Type type, const Twine &what) {
  if (!layout || isDefaultLayout(layout))
    return LayoutAttr();
  auto attr = dyn_cast<LayoutAttr>(layout);
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!attr || !attr.getTileRanks().empty() || !ranked ||
      !ranked.hasStaticShape())
    return func.emitOpError() << what << " has layout " << layout
                              << ", which a physical signature cannot have "
                                 "(only dimension orders of static shapes)",
           failure();
  return attr;
}

/// Gives `func` the physical arrays of its laid-out parameters and
/// results: arguments take their physical shapes and are transposed to
/// the logical arrays at the entry, results are transposed into their
/// physical arrays before every return.
LogicalResult makeSignaturePhysical(func::FuncOp func) {
  if (func.isExternal())
    return success();
  OpBuilder builder(func.getContext());
  FunctionType type = func.getFunctionType();
  SmallVector<Type> inputs(type.getInputs()), results(type.getResults());
  Block &entry = func.getBody().front();
  builder.setInsertionPointToStart(&entry);
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    FailureOr<LayoutAttr> layout =
        signatureLayout(func, func.getArgAttr(i, "hlo.layout"), inputs[i],
                        "argument #" + Twine(i));
    if (failed(layout))
      return failure();
    if (!*layout)
      continue;
    BlockArgument arg = entry.getArgument(i);
    auto logical = cast<RankedTensorType>(arg.getType());
    SmallVector<int64_t> shape;
    for (int64_t d : layout->getMajorToMinor())
      shape.push_back(logical.getDimSize(d));
    arg.setType(logical.clone(shape));
    Value value = buildFromPhysical(builder, arg.getLoc(), arg, *layout);
    arg.replaceAllUsesExcept(value, value.getDefiningOp());
    inputs[i] = arg.getType();
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    FailureOr<LayoutAttr> layout =
        signatureLayout(func, func.getResultAttr(i, "hlo.layout"), results[i],
                        "result #" + Twine(i));
    if (failed(layout))
      return failure();
    if (!*layout)
      continue;
    for (Block &block : func.getBody()) {
      auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      builder.setInsertionPoint(ret);
      Value physical =
          buildToPhysical(builder, ret.getLoc(), ret.getOperand(i), *layout);
      ret.setOperand(i, physical);
      results[i] = physical.getType();
    }
  }
  func.setFunctionType(FunctionType::get(func.getContext(), inputs, results));
  return success();
}

struct HloLayoutNormalizationPass
    : hlo::impl::HloLayoutNormalizationPassBase<HloLayoutNormalizationPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The signature's layouts as XLA's module attribute says them: they are
    // made explicit or dropped with the arguments' and results' below.
    module->removeAttr("xla.entry_computation_layout");
    for (auto func : module.getOps<func::FuncOp>()) {
      if (physicalSignature && func.isPublic() &&
          failed(makeSignaturePhysical(func)))
        return signalPassFailure();
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        func.removeArgAttr(i, "hlo.layout");
      for (unsigned i = 0; i < func.getNumResults(); ++i)
        func.removeResultAttr(
            i, StringAttr::get(&getContext(), "hlo.layout"));
    }
    // Custom calls whose layouts are not supported are reported here, once
    // each (the pattern only skips them).
    bool bad = false;
    module.walk([&](CustomCallOp call) {
      for (unsigned i = 0; i < call.getNumOperands(); ++i)
        bad |= failed(getOperandLayout(call, i));
      for (unsigned i = 0; i < call.getNumResults(); ++i)
        bad |= failed(getResultLayout(call, i));
    });
    if (bad)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateHloLayoutNormalizationPatterns(patterns);
    TransposeOp::getCanonicalizationPatterns(patterns, &getContext());
    // Constants stay where they are (in regions too: HLO computations do
    // not capture values), and regions as they are.
    GreedyRewriteConfig config;
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(module, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
