//===- Layout.cpp - layouts on hlo values: queries and rewrites -----------===//
//
// See Layout.h. The normalization patterns keep every value's logical
// meaning: they only make the physical arrays that layouts describe
// explicit, as transposes (and, for reinterpretations, reshapes) that the
// canonicalizer folds where two of them meet.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Layout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::hlo;

Attribute hlo::getLayoutAttrOf(Value value) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Attribute layout = result.getOwner()->getAttr("hlo.layout");
    if (auto list = dyn_cast_or_null<ArrayAttr>(layout)) {
      unsigned i = result.getResultNumber();
      return i < list.size() && !isa<UnitAttr>(list[i]) ? list[i]
                                                        : Attribute();
    }
    return layout;
  }
  auto arg = cast<BlockArgument>(value);
  if (auto func =
          dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp()))
    if (arg.getOwner()->isEntryBlock())
      return func.getArgAttr(arg.getArgNumber(), "hlo.layout");
  return {};
}

bool hlo::isDefaultLayout(Attribute layout) {
  auto attr = dyn_cast_or_null<LayoutAttr>(layout);
  return !attr || attr.isRowMajor();
}

/// `layout` as an untiled `#hlo.layout` for a value of type `type`: a
/// `#hlo.layout`, or a StableHLO minor-to-major index vector.
static FailureOr<LayoutAttr> asLayout(Operation *op, Attribute layout,
                                      Type type, const Twine &what) {
  if (!layout || isa<UnitAttr>(layout))
    return LayoutAttr();
  LayoutAttr attr = dyn_cast<LayoutAttr>(layout);
  if (auto dense = dyn_cast<DenseIntElementsAttr>(layout)) {
    SmallVector<int64_t> order;
    for (const APInt &v : dense.getValues<APInt>())
      order.push_back(v.getSExtValue());
    attr = LayoutAttr::getChecked([&] { return op->emitOpError(); },
                                  op->getContext(), ArrayRef<int64_t>(order),
                                  ArrayRef<int64_t>(), ArrayRef<int64_t>());
    if (!attr)
      return failure();
  }
  if (!attr)
    return op->emitOpError() << what << " layout " << layout
                             << " is not supported (only dimension orders "
                                "are)",
           failure();
  if (!attr.getTileRanks().empty())
    return op->emitOpError() << what << " layout " << layout
                             << " is tiled; tiled layouts are not supported "
                                "here",
           failure();
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || shaped.getRank() != attr.getRank())
    return op->emitOpError() << what << " layout " << layout
                             << " does not match its type " << type,
           failure();
  return attr;
}

FailureOr<LayoutAttr> hlo::getOperandLayout(CustomCallOp call,
                                            unsigned index) {
  Type type = call.getOperand(index).getType();
  std::string what = "operand #" + std::to_string(index);
  if (auto list = call->getAttrOfType<ArrayAttr>("hlo.operand_layouts"))
    return asLayout(call, index < list.size() ? list[index] : Attribute(),
                    type, what);
  if (auto list = call->getAttrOfType<ArrayAttr>("operand_layouts"))
    return asLayout(call, index < list.size() ? list[index] : Attribute(),
                    type, what);
  return LayoutAttr();
}

FailureOr<LayoutAttr> hlo::getResultLayout(CustomCallOp call,
                                           unsigned index) {
  Type type = call.getResult(index).getType();
  std::string what = "result #" + std::to_string(index);
  if (call->hasAttr("hlo.layout"))
    return asLayout(call, getLayoutAttrOf(call.getResult(index)), type, what);
  if (auto list = call->getAttrOfType<ArrayAttr>("result_layouts"))
    return asLayout(call, index < list.size() ? list[index] : Attribute(),
                    type, what);
  return LayoutAttr();
}

static SmallVector<int64_t> inverse(ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> result(permutation.size());
  for (auto [i, p] : llvm::enumerate(permutation))
    result[p] = i;
  return result;
}

static bool isIdentity(ArrayRef<int64_t> permutation) {
  for (auto [i, p] : llvm::enumerate(permutation))
    if (p != static_cast<int64_t>(i))
      return false;
  return true;
}

/// `value` transposed by `permutation` (result dimension i is operand
/// dimension permutation[i]); `value` for the identity.
static Value transpose(OpBuilder &builder, Location loc, Value value,
                       ArrayRef<int64_t> permutation) {
  if (isIdentity(permutation))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : permutation)
    shape.push_back(type.getDimSize(p));
  return TransposeOp::create(builder, loc, type.clone(shape), value,
                             builder.getDenseI64ArrayAttr(permutation));
}

Value hlo::buildToPhysical(OpBuilder &builder, Location loc, Value value,
                           LayoutAttr layout) {
  if (!layout)
    return value;
  return transpose(builder, loc, value, layout.getMajorToMinor());
}

Value hlo::buildFromPhysical(OpBuilder &builder, Location loc, Value physical,
                             LayoutAttr layout) {
  if (!layout)
    return physical;
  return transpose(builder, loc, physical, inverse(layout.getMajorToMinor()));
}

Value hlo::buildReinterpret(OpBuilder &builder, Location loc, Value value,
                            LayoutAttr from, LayoutAttr to) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!from)
    from = LayoutAttr::getRowMajor(builder.getContext(), type.getRank());
  if (!to)
    to = LayoutAttr::getRowMajor(builder.getContext(), type.getRank());
  if (from == to)
    return value;
  Value physical = buildToPhysical(builder, loc, value, from);
  SmallVector<int64_t> toShape;
  for (int64_t d : to.getMajorToMinor())
    toShape.push_back(type.getDimSize(d));
  if (cast<RankedTensorType>(physical.getType()).getShape() !=
      ArrayRef<int64_t>(toShape))
    physical = ReshapeOp::create(builder, loc, type.clone(toShape), physical);
  return buildFromPhysical(builder, loc, physical, to);
}

//===----------------------------------------------------------------------===//
// Normalization patterns
//===----------------------------------------------------------------------===//

bool hlo::isSameShapeElementwise(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      !isa<HloDialect>(op->getDialect()))
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return type && type.hasStaticShape() &&
         llvm::all_of(op->getOperandTypes(), [&](Type t) {
           auto ranked = dyn_cast<RankedTensorType>(t);
           return ranked && ranked.getShape() == type.getShape();
         });
}

namespace {

/// The untiled, non-default `#hlo.layout` of the single result of `op`, or
/// null.
LayoutAttr nonDefaultResultLayout(Operation *op) {
  if (op->getNumResults() != 1)
    return {};
  auto layout = dyn_cast_or_null<LayoutAttr>(getLayoutAttrOf(op->getResult(0)));
  if (!layout || layout.isRowMajor() || !layout.getTileRanks().empty())
    return {};
  return layout;
}

/// An elementwise op whose result is laid out in a non-default order
/// computes on the physical arrays: its operands transposed into that
/// order, its result transposed back. Between two such ops (and around
/// a layout-changing copy) the canonicalizer folds the transposes that
/// meet, so what remains are the physical transposes XLA's copies do.
struct NormalizeElementwise : RewritePattern {
  NormalizeElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isSameShapeElementwise(op))
      return failure();
    LayoutAttr layout = nonDefaultResultLayout(op);
    if (!layout)
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(buildToPhysical(rewriter, loc, operand, layout));
    SmallVector<int64_t> physicalShape;
    for (int64_t d : layout.getMajorToMinor())
      physicalShape.push_back(resultType.getDimSize(d));
    OperationState state(loc, op->getName());
    state.addOperands(operands);
    state.addTypes(resultType.clone(physicalShape));
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() != "hlo.layout")
        state.addAttribute(attr.getName(), attr.getValue());
    Operation *physical = rewriter.create(state);
    rewriter.replaceOp(op, buildFromPhysical(rewriter, loc,
                                             physical->getResult(0), layout));
    return success();
  }
};

/// A custom call reads and writes row-major buffers: an operand whose
/// layout constraint is not row-major is passed as the array whose
/// row-major buffer is that layout's buffer, and a result written in a
/// non-default layout is read back from the row-major buffer the call
/// now writes. The constraints become row-major (not dropped: a call
/// without constraints is read in its target's own layouts).
struct NormalizeCustomCall : OpRewritePattern<CustomCallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CustomCallOp call,
                                PatternRewriter &rewriter) const override {
    MLIRContext *context = call.getContext();
    Location loc = call.getLoc();
    SmallVector<LayoutAttr> operandLayouts, resultLayouts;
    bool change = false;
    for (unsigned i = 0; i < call.getNumOperands(); ++i) {
      FailureOr<LayoutAttr> layout = getOperandLayout(call, i);
      if (failed(layout))
        return failure();
      operandLayouts.push_back(*layout);
      change |= !isDefaultLayout(*layout);
    }
    for (unsigned i = 0; i < call.getNumResults(); ++i) {
      FailureOr<LayoutAttr> layout = getResultLayout(call, i);
      if (failed(layout))
        return failure();
      resultLayouts.push_back(*layout);
      change |= !isDefaultLayout(*layout);
    }
    if (!change)
      return failure();
    auto rowMajor = [&](Type type) -> Attribute {
      auto ranked = dyn_cast<RankedTensorType>(type);
      if (!ranked)
        return UnitAttr::get(context);
      return LayoutAttr::getRowMajor(context, ranked.getRank());
    };
    SmallVector<Attribute> newOperandLayouts, newResultLayouts;
    rewriter.modifyOpInPlace(call, [&] {
      for (auto [i, layout] : llvm::enumerate(operandLayouts)) {
        Value operand = call.getOperand(i);
        newOperandLayouts.push_back(rowMajor(operand.getType()));
        if (isDefaultLayout(layout))
          continue;
        call->setOperand(i, buildReinterpret(rewriter, loc, operand, layout,
                                             LayoutAttr()));
      }
      for (Value result : call.getResults())
        newResultLayouts.push_back(rowMajor(result.getType()));
      call->removeAttr("operand_layouts");
      call->removeAttr("result_layouts");
      call->setAttr("hlo.operand_layouts",
                    ArrayAttr::get(context, newOperandLayouts));
      call->setAttr("hlo.layout",
                    call.getNumResults() == 1
                        ? newResultLayouts.front()
                        : ArrayAttr::get(context, newResultLayouts));
    });
    rewriter.setInsertionPointAfter(call);
    for (auto [result, layout] : llvm::zip(call.getResults(), resultLayouts)) {
      if (isDefaultLayout(layout))
        continue;
      llvm::SmallPtrSet<Operation *, 4> readers(result.getUsers().begin(),
                                                result.getUsers().end());
      Value read = buildReinterpret(rewriter, loc, result, LayoutAttr(), layout);
      rewriter.replaceUsesWithIf(result, read, [&](OpOperand &use) {
        return readers.contains(use.getOwner());
      });
    }
    return success();
  }
};

/// Every other op's value does not depend on its layout: the layout is
/// dropped (the CPU lowering chooses its own loop orders).
struct DropLayout : RewritePattern {
  DropLayout(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (isa<CustomCallOp>(op) ||
        (!op->hasAttr("hlo.layout") && !op->hasAttr("hlo.operand_layouts")))
      return failure();
    if (!op->hasAttr("hlo.layout")) {
      // A fusion's parameter layouts.
      rewriter.modifyOpInPlace(op,
                               [&] { op->removeAttr("hlo.operand_layouts"); });
      return success();
    }
    // Elementwise ops with a layout of their own are NormalizeElementwise's.
    if (op->hasTrait<OpTrait::Elementwise>() && nonDefaultResultLayout(op)) {
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (type && type.hasStaticShape() &&
          llvm::all_of(op->getOperandTypes(), [&](Type t) {
            auto r = dyn_cast<RankedTensorType>(t);
            return r && r.getShape() == type.getShape();
          }))
        return failure();
    }
    rewriter.modifyOpInPlace(op, [&] {
      op->removeAttr("hlo.layout");
      op->removeAttr("hlo.operand_layouts");
    });
    return success();
  }
};

} // namespace

void hlo::populateHloLayoutNormalizationPatterns(RewritePatternSet &patterns) {
  patterns.add<NormalizeElementwise, NormalizeCustomCall, DropLayout>(
      patterns.getContext());
}
