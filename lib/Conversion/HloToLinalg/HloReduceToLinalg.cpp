//===- HloReduceToLinalg.cpp - reduce to linalg.reduce --------------------===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::hlo;

/// Whether every op of a region computing on scalar tensors can be emitted
/// as scalar code (elementwise hlo ops and splat constants).
namespace {
/// A splat constant defined outside a body (canonicalization hoists the
/// constants of region bodies to the function's entry).
DenseElementsAttr getOuterSplat(Value v, Region &body) {
  DenseElementsAttr value;
  if (body.isAncestor(v.getParentRegion()) ||
      !matchPattern(v, m_Constant(&value)) || !value.isSplat())
    return {};
  return value;
}

} // namespace

LogicalResult hlo::detail::checkScalarBody(Region &body) {
  for (Operation &op : body.front()) {
    for (Value operand : op.getOperands())
      if (!body.isAncestor(operand.getParentRegion()) &&
          !getOuterSplat(operand, body))
        return op.emitOpError()
               << "uses a value defined outside its region that is not a "
                  "splat constant, which this lowering does not support";
  }
  for (Operation &op : body.front().without_terminator()) {
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || !value.isSplat())
        return op.emitOpError() << "in a reduction body must be a splat";
      continue;
    }
    if (failed(checkScalarizable(&op)))
      return failure();
  }
  return success();
}

/// Emits the body's computation on scalars: `mapping` maps the body's
/// block arguments to scalar values. Returns the scalars it returns.
SmallVector<Value> hlo::detail::emitScalarBody(OpBuilder &b, Region &body,
                                               IRMapping &mapping) {
  // Outer splat constants become scalar constants here.
  for (Operation &op : body.front())
    for (Value operand : op.getOperands())
      if (!mapping.contains(operand))
        if (DenseElementsAttr value = getOuterSplat(operand, body))
          mapping.map(operand, hlo::detail::createScalarConstant(b, op.getLoc(), value));
  for (Operation &op : body.front().without_terminator()) {
    Value result;
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      result = hlo::detail::createScalarConstant(b, op.getLoc(),
                              cast<DenseElementsAttr>(constant.getValue()));
    } else {
      SmallVector<Value> args;
      SmallVector<Type> operandElementTypes;
      for (Value v : op.getOperands()) {
        args.push_back(mapping.lookup(v));
        operandElementTypes.push_back(cast<ShapedType>(v.getType()).getElementType());
      }
      Type resultElementType =
          cast<ShapedType>(op.getResult(0).getType()).getElementType();
      result = *mapHloOpToScalarOp(&op, operandElementTypes, resultElementType,
                                   args, b);
    }
    mapping.map(op.getResult(0), result);
  }
  SmallVector<Value> results;
  for (Value v : body.front().getTerminator()->getOperands())
    results.push_back(mapping.lookup(v));
  return results;
}

namespace {

struct ReduceToLinalg : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Value input : adaptor.getInputs())
      if (!cast<RankedTensorType>(input.getType()).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getBody())))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();

    // The results' shape is the inputs' less the reduced dimensions: static,
    // whatever the declared result types say (a tensor<?xf32> result is
    // only compatible; an empty tensor of it has nothing to take its size
    // from). Cast to the declared types after.
    auto inputType = cast<RankedTensorType>(adaptor.getInputs()[0].getType());
    SmallVector<int64_t> staticShape;
    for (auto [d, size] : llvm::enumerate(inputType.getShape()))
      if (!llvm::is_contained(op.getDimensions(), static_cast<int64_t>(d)))
        staticShape.push_back(size);
    SmallVector<Value> inits;
    SmallVector<Type> resultTypes, declaredTypes;
    for (auto [result, init] : llvm::zip_equal(op.getResults(),
                                               adaptor.getInitValues())) {
      auto declared = cast<RankedTensorType>(
          getTypeConverter()->convertType(result.getType()));
      declaredTypes.push_back(declared);
      auto type = RankedTensorType::get(staticShape, declared.getElementType());
      resultTypes.push_back(type);
      Value scalar = tensor::ExtractOp::create(rewriter, loc, init, ValueRange{});
      Value empty = hlo::detail::createEmptyTensor(rewriter, loc, type);
      inits.push_back(linalg::FillOp::create(rewriter, loc, ValueRange{scalar},
                                             ValueRange{empty})
                          .getResult(0));
    }
    SmallVector<int64_t> dimensions(op.getDimensions());
    llvm::sort(dimensions);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, adaptor.getInputs(), inits, dimensions,
        [&](OpBuilder &b, Location, ValueRange args) {
          // linalg.reduce passes (elements..., accumulators...); the hlo body
          // takes (accumulators..., elements...).
          Block &body = op.getBody().front();
          IRMapping mapping;
          for (size_t i = 0; i < n; ++i) {
            mapping.map(body.getArgument(i), args[n + i]);
            mapping.map(body.getArgument(n + i), args[i]);
          }
          linalg::YieldOp::create(b, loc,
                                  hlo::detail::emitScalarBody(b, op.getBody(), mapping));
        });
    SmallVector<Value> results;
    for (auto [value, declared] :
         llvm::zip_equal(reduce.getResults(), declaredTypes)) {
      Value result = value;
      if (result.getType() != declared)
        result = tensor::CastOp::create(rewriter, loc, declared, result);
      results.push_back(result);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void hlo::detail::populateReducePatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<ReduceToLinalg>(converter, patterns.getContext());
}
