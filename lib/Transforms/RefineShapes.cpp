//===- RefineShapes.cpp - static shapes from specialized arguments --------===//

#include "HloDialect/Transforms/RefineShapes.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The meet of `current` and `candidate`: `current`'s element type with each
/// dimension static where either is. Null when they are not ranked tensors
/// of one rank or disagree on a static dimension.
RankedTensorType meet(Type current, Type candidate) {
  auto a = dyn_cast<RankedTensorType>(current);
  auto b = dyn_cast<RankedTensorType>(candidate);
  if (!a || !b || a.getRank() != b.getRank())
    return {};
  SmallVector<int64_t> shape;
  for (auto [x, y] : llvm::zip_equal(a.getShape(), b.getShape())) {
    if (ShapedType::isDynamic(x))
      shape.push_back(y);
    else if (ShapedType::isDynamic(y) || x == y)
      shape.push_back(x);
    else
      return {};
  }
  return RankedTensorType::get(shape, a.getElementType(), a.getEncoding());
}

/// A tensor type like `like` with shape `shape`.
Type withShape(Type like, ArrayRef<int64_t> shape) {
  auto tensor = dyn_cast<RankedTensorType>(like);
  if (!tensor || static_cast<int64_t>(shape.size()) != tensor.getRank())
    return like;
  return RankedTensorType::get(shape, tensor.getElementType(),
                               tensor.getEncoding());
}

ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

/// Result types that follow from the operands of ops whose result type is
/// not inferred (broadcasts, reshapes, dots, the dynamic-shape ops), or
/// nullopt.
std::optional<SmallVector<Type>> getCandidateTypes(Operation *op) {
  Type resultType = op->getNumResults() ? op->getResult(0).getType() : Type();
  auto one = [&](ArrayRef<int64_t> shape) {
    return SmallVector<Type>{withShape(resultType, shape)};
  };
  if (auto broadcast = dyn_cast<DynamicBroadcastInDimOp>(op)) {
    if (FailureOr<SmallVector<int64_t>> shape = getConstantIntegers(broadcast.getOutputDimensions());
        succeeded(shape))
      return one(*shape);
    return std::nullopt;
  }
  if (auto reshape = dyn_cast<DynamicReshapeOp>(op)) {
    if (FailureOr<SmallVector<int64_t>> shape = getConstantIntegers(reshape.getOutputShape());
        succeeded(shape))
      return one(*shape);
    return std::nullopt;
  }
  if (auto iota = dyn_cast<DynamicIotaOp>(op)) {
    if (FailureOr<SmallVector<int64_t>> shape = getConstantIntegers(iota.getOutputShape());
        succeeded(shape))
      return one(*shape);
    return std::nullopt;
  }
  if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
    // A static operand dimension other than 1 is the result's.
    SmallVector<int64_t> shape(shapeOf(broadcast.getResult()));
    for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions())) {
      int64_t size = shapeOf(broadcast.getOperand())[i];
      if (!ShapedType::isDynamic(size) && size != 1 &&
          d < static_cast<int64_t>(shape.size()))
        shape[d] = size;
    }
    return one(shape);
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // One unknown result dimension: the operand's size over the others.
    auto operand = cast<RankedTensorType>(reshape.getOperand().getType());
    SmallVector<int64_t> shape(shapeOf(reshape.getResult()));
    if (!operand.hasStaticShape() ||
        llvm::count_if(shape, ShapedType::isDynamic) != 1)
      return std::nullopt;
    int64_t known = 1;
    for (int64_t d : shape)
      if (!ShapedType::isDynamic(d))
        known *= d;
    if (known == 0 || operand.getNumElements() % known != 0)
      return std::nullopt;
    for (int64_t &d : shape)
      if (ShapedType::isDynamic(d))
        d = operand.getNumElements() / known;
    return one(shape);
  }
  if (auto dot = dyn_cast<DotGeneralOp>(op)) {
    DotDimensionNumbersAttr dims = dot.getDotDimensionNumbers();
    ArrayRef<int64_t> lhs = shapeOf(dot.getLhs()), rhs = shapeOf(dot.getRhs());
    SmallVector<int64_t> shape;
    for (int64_t d : dims.getLhsBatchingDimensions())
      shape.push_back(lhs[d]);
    for (int64_t d = 0, e = lhs.size(); d < e; ++d)
      if (!llvm::is_contained(dims.getLhsBatchingDimensions(), d) &&
          !llvm::is_contained(dims.getLhsContractingDimensions(), d))
        shape.push_back(lhs[d]);
    for (int64_t d = 0, e = rhs.size(); d < e; ++d)
      if (!llvm::is_contained(dims.getRhsBatchingDimensions(), d) &&
          !llvm::is_contained(dims.getRhsContractingDimensions(), d))
        shape.push_back(rhs[d]);
    return one(shape);
  }
  if (auto gather = dyn_cast<GatherOp>(op)) {
    // Batch dimensions from the indices, offset dimensions from the slice
    // sizes (spec gather_c8).
    GatherDimensionNumbersAttr dims = gather.getDimensionNumbers();
    ArrayRef<int64_t> indices = shapeOf(gather.getStartIndices());
    SmallVector<int64_t> batch, offsets;
    for (int64_t d = 0, e = indices.size(); d < e; ++d)
      if (d != dims.getIndexVectorDim())
        batch.push_back(indices[d]);
    for (auto [d, size] : llvm::enumerate(gather.getSliceSizes()))
      if (!llvm::is_contained(dims.getCollapsedSliceDims(), d) &&
          !llvm::is_contained(dims.getOperandBatchingDims(), d))
        offsets.push_back(size);
    SmallVector<int64_t> shape;
    size_t nextBatch = 0, nextOffset = 0;
    for (size_t d = 0, e = batch.size() + offsets.size(); d < e; ++d) {
      bool isOffset = llvm::is_contained(dims.getOffsetDims(), d);
      if (isOffset ? nextOffset >= offsets.size() : nextBatch >= batch.size())
        return std::nullopt;
      shape.push_back(isOffset ? offsets[nextOffset++] : batch[nextBatch++]);
    }
    return one(shape);
  }
  if (auto window = dyn_cast<ReduceWindowOp>(op)) {
    // Each dimension: windows of the padded, dilated input (spec
    // reduce_window_c16).
    if (window.getInputs().empty())
      return std::nullopt;
    ArrayRef<int64_t> input = shapeOf(window.getInputs().front());
    ArrayRef<int64_t> sizes = window.getWindowDimensions();
    int64_t rank = input.size();
    auto orOnes = [&](std::optional<ArrayRef<int64_t>> values) {
      return values && static_cast<int64_t>(values->size()) == rank
                 ? SmallVector<int64_t>(*values)
                 : SmallVector<int64_t>(rank, 1);
    };
    SmallVector<int64_t> strides = orOnes(window.getWindowStrides());
    SmallVector<int64_t> baseDilations = orOnes(window.getBaseDilations());
    SmallVector<int64_t> windowDilations = orOnes(window.getWindowDilations());
    SmallVector<int64_t> padding(2 * rank, 0);
    if (auto attr = window.getPadding()) {
      if (attr->getNumElements() != 2 * rank)
        return std::nullopt;
      for (auto [i, v] : llvm::enumerate(attr->getValues<APInt>()))
        padding[i] = v.getSExtValue();
    }
    if (static_cast<int64_t>(sizes.size()) != rank)
      return std::nullopt;
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < rank; ++d) {
      if (ShapedType::isDynamic(input[d]) || strides[d] <= 0) {
        shape.push_back(ShapedType::kDynamic);
        continue;
      }
      int64_t dilated = input[d] == 0 ? 0 : (input[d] - 1) * baseDilations[d] + 1;
      int64_t padded = dilated + padding[2 * d] + padding[2 * d + 1];
      int64_t span = (sizes[d] - 1) * windowDilations[d] + 1;
      shape.push_back(padded < span ? 0 : (padded - span) / strides[d] + 1);
    }
    SmallVector<Type> types;
    for (Value result : window.getResults())
      types.push_back(withShape(result.getType(), shape));
    return types;
  }
  if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
    SmallVector<Type> inferred;
    if (succeeded(infer.inferReturnTypes(
            op->getContext(), /*location=*/std::nullopt, op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return inferred;
    return std::nullopt;
  }
  if (op->hasTrait<OpTrait::SameOperandsAndResultShape>() &&
      op->getNumOperands() > 0 &&
      isa<RankedTensorType>(op->getOperand(0).getType())) {
    SmallVector<Type> types;
    for (Value result : op->getResults())
      types.push_back(withShape(result.getType(), shapeOf(op->getOperand(0))));
    return types;
  }
  return std::nullopt;
}

/// Sets the types of `values` to their meets with `candidates`. Returns
/// whether one changed; fails (with a diagnostic at `op`) on a conflict.
FailureOr<bool> refineValues(Operation *op, ValueRange values,
                             TypeRange candidates) {
  if (values.size() != candidates.size())
    return false;
  bool changed = false;
  for (auto [value, candidate] : llvm::zip_equal(values, candidates)) {
    if (value.getType() == candidate || !isa<RankedTensorType>(candidate))
      continue;
    RankedTensorType refined = meet(value.getType(), candidate);
    if (!refined) {
      if (isa<RankedTensorType>(value.getType()))
        return op->emitOpError()
               << "shape refinement found a value of type "
               << value.getType() << " to be " << candidate;
      continue;
    }
    if (refined != value.getType()) {
      value.setType(refined);
      changed = true;
    }
  }
  return changed;
}

/// One pass over `function`: loop-carried values take their initial
/// values' shapes, every op's results the shapes its operands imply, and
/// `if`/`case` results the shapes their branches yield.
FailureOr<bool> refineOnce(func::FuncOp function) {
  bool changed = false;
  WalkResult walk = function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    FailureOr<bool> step = false;
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      // A cast to a less static type is refined away (its folder removes it
      // once both types are equal).
      step = refineValues(op, cast.getResult(), cast.getSource().getType());
      if (failed(step))
        return WalkResult::interrupt();
      changed |= *step;
      return WalkResult::advance();
    }
    if (!isa<HloDialect>(op->getDialect()))
      return WalkResult::advance();
    if (auto loop = dyn_cast<WhileOp>(op)) {
      TypeRange initial = loop->getOperandTypes();
      for (Region *region : {&loop.getCond(), &loop.getBody()})
        if (succeeded(step) && !region->empty())
          step = refineValues(op, region->front().getArguments(), initial);
      if (succeeded(step) && *step)
        changed = true;
      step = refineValues(op, loop->getResults(), initial);
    } else if (isa<IfOp, CaseOp>(op)) {
      // The branches are refined after the op (pre-order): the next round
      // sees what they yield.
      for (Region &branch : op->getRegions()) {
        if (branch.empty() || failed(step))
          continue;
        Operation *yield = branch.front().getTerminator();
        FailureOr<bool> branchStep =
            refineValues(op, op->getResults(), yield->getOperandTypes());
        if (failed(branchStep))
          step = failure();
        else
          changed |= *branchStep;
      }
    } else if (std::optional<SmallVector<Type>> candidates =
                   getCandidateTypes(op)) {
      step = refineValues(op, op->getResults(), *candidates);
    }
    if (failed(step))
      return WalkResult::interrupt();
    changed |= *step;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // The function returns what its body returns.
  if (!function.isExternal()) {
    Operation *ret = function.getBody().front().getTerminator();
    FunctionType type = function.getFunctionType();
    if (TypeRange(ret->getOperandTypes()) != type.getResults()) {
      function.setType(FunctionType::get(function.getContext(),
                                         type.getInputs(),
                                         ret->getOperandTypes()));
      changed = true;
    }
  }
  return changed;
}

/// JAX's `custom_call @stablehlo.dynamic_reduce_window(inputs...,
/// init_values..., window_dimensions, window_strides, base_dilations,
/// window_dilations, padding)` with `called_computations = [@body]`: a
/// reduce_window once the five shape operands are constants.
void legalizeDynamicReduceWindows(ModuleOp module) {
  SmallVector<CustomCallOp> calls;
  module.walk([&](CustomCallOp call) {
    // The StableHLO importer respells the target as hlo.*.
    if (llvm::is_contained({"stablehlo.dynamic_reduce_window",
                            "hlo.dynamic_reduce_window"},
                           call.getCallTargetName()))
      calls.push_back(call);
  });
  for (CustomCallOp call : calls) {
    unsigned count = call.getNumOperands();
    if (count < 7 || (count - 5) % 2 != 0 ||
        call.getNumResults() != (count - 5) / 2)
      continue;
    unsigned inputs = (count - 5) / 2;
    SmallVector<SmallVector<int64_t>> shapeOperands;
    for (unsigned i = 2 * inputs; i < count; ++i) {
      FailureOr<SmallVector<int64_t>> values =
          getConstantIntegers(call.getOperand(i));
      if (failed(values))
        break;
      shapeOperands.push_back(*values);
    }
    auto computations = call->getAttrOfType<ArrayAttr>("called_computations");
    if (shapeOperands.size() != 5 || !computations ||
        computations.size() != 1)
      continue;
    auto symbol = dyn_cast<FlatSymbolRefAttr>(computations[0]);
    auto body = symbol ? module.lookupSymbol<func::FuncOp>(symbol) : nullptr;
    if (!body || body.isExternal() || !body.getBody().hasOneBlock())
      continue;
    OpBuilder builder(call);
    Location loc = call.getLoc();
    auto paddingType = RankedTensorType::get(
        {static_cast<int64_t>(shapeOperands[4].size() / 2), 2},
        builder.getI64Type());
    auto window = ReduceWindowOp::create(
        builder, loc, call.getResultTypes(),
        call.getOperands().take_front(inputs),
        call.getOperands().slice(inputs, inputs),
        builder.getDenseI64ArrayAttr(shapeOperands[0]),
        builder.getDenseI64ArrayAttr(shapeOperands[1]),
        builder.getDenseI64ArrayAttr(shapeOperands[2]),
        builder.getDenseI64ArrayAttr(shapeOperands[3]),
        DenseIntElementsAttr::get(paddingType, shapeOperands[4]));
    IRMapping mapping;
    body.getBody().cloneInto(&window.getBody(), mapping);
    Operation *terminator = window.getBody().front().getTerminator();
    builder.setInsertionPoint(terminator);
    ReturnOp::create(builder, terminator->getLoc(),
                     terminator->getOperands());
    terminator->erase();
    call.replaceAllUsesWith(window.getResults());
    call.erase();
  }
}

/// JAX's `custom_call @shape_assertion(%ok, %dims...)`: gone when %ok folds
/// to true; an error with its message when it folds to false.
LogicalResult resolveShapeAssertions(ModuleOp module) {
  SmallVector<CustomCallOp> assertions;
  module.walk([&](CustomCallOp call) {
    if (call.getCallTargetName() == "shape_assertion")
      assertions.push_back(call);
  });
  for (CustomCallOp call : assertions) {
    if (call.getNumOperands() == 0)
      continue;
    DenseIntElementsAttr holds;
    if (!matchPattern(call.getOperand(0), m_Constant(&holds)) ||
        holds.getNumElements() != 1)
      continue;
    if (!holds.getSplatValue<APInt>().isZero()) {
      call.erase();
      continue;
    }
    std::string message = "shape assertion failed";
    if (auto text = call->getAttrOfType<StringAttr>("error_message")) {
      message = text.str();
      // `{i}` names the i-th operand after the condition.
      for (unsigned i = 1; i < call.getNumOperands(); ++i) {
        FailureOr<SmallVector<int64_t>> value =
            getConstantIntegers(call.getOperand(i));
        std::string placeholder = "{" + std::to_string(i - 1) + "}";
        if (failed(value) || value->size() != 1)
          continue;
        for (size_t at = message.find(placeholder); at != std::string::npos;
             at = message.find(placeholder, at))
          message.replace(at, placeholder.size(),
                          std::to_string(value->front()));
      }
    }
    return call.emitError() << message;
  }
  return success();
}

} // namespace

LogicalResult hlo::refineShapes(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  populateHloCanonicalizationPatterns(patterns);
  tensor::CastOp::getCanonicalizationPatterns(patterns, module.getContext());
  FrozenRewritePatternSet frozen(std::move(patterns));
  constexpr int kMaxRounds = 64;
  for (int round = 0; round < kMaxRounds; ++round) {
    bool changed = false;
    for (auto function : module.getOps<func::FuncOp>()) {
      FailureOr<bool> refined = refineOnce(function);
      if (failed(refined))
        return failure();
      changed |= *refined;
    }
    legalizeDynamicReduceWindows(module);
    bool canonicalized = false;
    (void)applyPatternsGreedily(module, frozen, GreedyRewriteConfig(),
                                &canonicalized);
    if (!changed && !canonicalized) {
      if (failed(resolveShapeAssertions(module)))
        return failure();
      // What only the assertions used is dead now.
      (void)applyPatternsGreedily(module, frozen);
      return success();
    }
  }
  return module.emitError() << "shape refinement did not reach a fixed point "
                               "in "
                            << kMaxRounds << " rounds";
}

LogicalResult hlo::specializeFunction(func::FuncOp function,
                                      TypeRange argumentTypes) {
  FunctionType type = function.getFunctionType();
  if (argumentTypes.size() != type.getNumInputs())
    return function.emitError()
           << "@" << function.getSymName() << " takes " << type.getNumInputs()
           << " arguments, " << argumentTypes.size() << " given";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip_equal(type.getInputs(), argumentTypes))) {
    auto [declared, given] = pair;
    RankedTensorType refined = meet(declared, given);
    if (declared != given && (!refined || refined != given))
      return function.emitError()
             << "argument #" << i << " of @" << function.getSymName()
             << " has type " << declared << ", which " << given
             << " does not refine";
  }
  if (function.isExternal())
    return function.emitError() << "cannot specialize a declaration";
  // The body sees the declared types through casts, which the refinement
  // removes: the IR stays valid for the inliner.
  Block &entry = function.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (auto [argument, given] :
       llvm::zip_equal(entry.getArguments(), argumentTypes)) {
    Type declared = argument.getType();
    if (declared == given)
      continue;
    argument.setType(given);
    auto cast = tensor::CastOp::create(builder, argument.getLoc(), declared,
                                       argument);
    argument.replaceAllUsesExcept(cast, cast);
  }
  function.setType(FunctionType::get(function.getContext(), argumentTypes,
                                     type.getResults()));

  auto module = function->getParentOfType<ModuleOp>();
  if (!module)
    return function.emitError() << "is not in a module";
  // Inline without simplifying (the refinement canonicalizes).
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  if (failed(pm.run(module)) || failed(refineShapes(module)))
    return failure();
  for (auto [i, result] :
       llvm::enumerate(function.getFunctionType().getResults())) {
    auto tensor = dyn_cast<RankedTensorType>(result);
    if (tensor && !tensor.hasStaticShape())
      return function.emitError()
             << "result #" << i << " of @" << function.getSymName()
             << " has type " << result
             << " after specializing the arguments: its shape does not "
                "follow from the argument shapes";
  }
  return success();
}
