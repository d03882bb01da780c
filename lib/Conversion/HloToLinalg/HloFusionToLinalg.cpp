//===- HloFusionToLinalg.cpp - lowering hlo.fusion ------------------------===//
//
// A loop fusion becomes one linalg.generic over its result shape, built the
// way XLA's elemental emitter builds a loop: every value of the fusion body
// is computed at an index that is an affine function of the loop index
// (broadcasts drop dimensions, transposes permute them, reshapes linearize
// and delinearize), so each op of the body is computed once per distinct
// index map, whatever the shape of the dataflow graph. Elementwise fusion of
// one generic per op would instead clone a producer into every consumer,
// which blows up on graphs with shared subexpressions.
//
// Input and output fusions keep their boundary through the lowering: they
// become an `scf.execute_region no_inline` tagged with the fusion kind
// (`hlo.fusion_kind`) whose body is the lowered fusion body; an output
// fusion's elementwise epilogue is built as one generic reading the
// contraction's result. `hlo-emit-fusions` makes one loop nest of each
// region. Fusions the emitter cannot express (dynamic shapes, ops without a
// scalar form) are lowered op by op inside such a region.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Conversion/HloToLinalg/HloToLinalg.h"
#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

DenseElementsAttr getSplat(Value value) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) && attr.isSplat())
    return attr;
  return {};
}

/// Builds one linalg.generic computing some values of a fusion body over a
/// common static shape (the domain), from leaves: values available outside
/// the generic (the fusion's converted inputs, non-splat constants, an
/// output fusion's contraction result).
class ElementalEmitter {
public:
  using Key = std::pair<Value, AffineMap>;

  ElementalEmitter(ConversionPatternRewriter &rewriter, Location loc,
                   const TypeConverter &converter,
                   RankedTensorType domainType)
      : rewriter(rewriter), loc(loc), converter(converter),
        rank(domainType.getRank()), domainShape(domainType.getShape()) {}

  /// Values outside the generic that stand for body values.
  void addLeaf(Value bodyValue, Value outside) { leaves[bodyValue] = outside; }

  /// Checks that `values` can be computed; emits nothing.
  LogicalResult check(ArrayRef<Value> values) {
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext());
    for (Value value : values)
      if (failed(collect(value, identity)))
        return failure();
    return success();
  }

  /// Builds the generic computing `values` (all of the domain shape).
  FailureOr<linalg::GenericOp> emit(ArrayRef<Value> values) {
    if (failed(check(values)))
      return failure();
    // Dense constants are read from memory like inputs.
    for (auto &[key, index] : inputOperands)
      if (auto constant = key.first.getDefiningOp<ConstantOp>();
          constant && !leaves.count(key.first))
        leaves[key.first] = arith::ConstantOp::create(
            rewriter, constant.getLoc(),
            cast<TypedAttr>(convertConstant(constant)));
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (auto &[key, index] : inputOperands) {
      inputs.push_back(leaves.lookup(key.first));
      maps.push_back(key.second);
    }
    SmallVector<Value> inits;
    SmallVector<Type> resultTypes;
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext());
    for (Value value : values) {
      auto type = cast<RankedTensorType>(converter.convertType(value.getType()));
      resultTypes.push_back(type);
      inits.push_back(hlo::detail::createEmptyTensor(rewriter, loc, type));
      maps.push_back(identity);
    }
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, inputs, inits, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          bodyArgs = args;
          SmallVector<Value> results;
          for (Value value : values)
            results.push_back(evaluate(b, value, identity));
          linalg::YieldOp::create(b, bodyLoc, results);
        });
    return generic;
  }

private:
  /// The index map of `operand` of `op` when `op` is evaluated at `map`.
  FailureOr<AffineMap> getOperandMap(Operation *op, unsigned operandIndex,
                                     AffineMap map) {
    MLIRContext *context = rewriter.getContext();
    Value operand = op->getOperand(operandIndex);
    auto operandType = cast<RankedTensorType>(operand.getType());
    if (isElementwiseLike(op)) {
      // Rank-0 operands of select/clamp are read at no index.
      if (operandType.getRank() == 0 &&
          cast<RankedTensorType>(op->getResult(0).getType()).getRank() != 0)
        return AffineMap::get(rank, 0, context);
      return map;
    }
    if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
      auto resultType = cast<RankedTensorType>(broadcast.getType());
      SmallVector<AffineExpr> exprs;
      for (auto [k, dim] : llvm::enumerate(broadcast.getBroadcastDimensions()))
        exprs.push_back(operandType.getDimSize(k) == 1 &&
                                resultType.getDimSize(dim) != 1
                            ? getAffineConstantExpr(0, context)
                            : map.getResult(dim));
      return AffineMap::get(rank, 0, exprs, context);
    }
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      // result dim i is operand dim perm[i].
      ArrayRef<int64_t> perm = transpose.getPermutation();
      SmallVector<AffineExpr> exprs(perm.size());
      for (auto [i, p] : llvm::enumerate(perm))
        exprs[p] = map.getResult(i);
      return AffineMap::get(rank, 0, exprs, context);
    }
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      ArrayRef<int64_t> resultShape = reshape.getType().getShape();
      // A reshape that only adds or removes unit dimensions maps the other
      // dimensions one to one (and reads unit ones at 0): the map stays a
      // projected permutation, which the vectorizer needs, instead of the
      // floordiv/mod form below.
      SmallVector<unsigned> resultNonUnit;
      for (auto [i, size] : llvm::enumerate(resultShape))
        if (size != 1)
          resultNonUnit.push_back(i);
      SmallVector<int64_t> operandNonUnitSizes;
      for (int64_t size : operandType.getShape())
        if (size != 1)
          operandNonUnitSizes.push_back(size);
      if (operandNonUnitSizes.size() == resultNonUnit.size() &&
          llvm::all_of(llvm::zip_equal(operandNonUnitSizes, resultNonUnit),
                       [&](auto pair) {
                         return std::get<0>(pair) ==
                                resultShape[std::get<1>(pair)];
                       })) {
        SmallVector<AffineExpr> exprs;
        size_t next = 0;
        for (int64_t size : operandType.getShape())
          exprs.push_back(size == 1 ? getAffineConstantExpr(0, context)
                                    : map.getResult(resultNonUnit[next++]));
        return AffineMap::get(rank, 0, exprs, context);
      }
      // Otherwise linearize the result index and delinearize it in the
      // operand's shape.
      AffineExpr linear = getAffineConstantExpr(0, context);
      for (auto [i, size] : llvm::enumerate(resultShape))
        linear = linear * size + map.getResult(i);
      ArrayRef<int64_t> shape = operandType.getShape();
      SmallVector<AffineExpr> exprs;
      int64_t stride = operandType.getNumElements();
      for (auto [j, size] : llvm::enumerate(shape)) {
        stride = size ? stride / size : 0;
        AffineExpr e = stride > 1 ? linear.floorDiv(stride) : linear;
        if (j != 0)
          e = e % size;
        exprs.push_back(simplifyAffineExpr(e, rank, 0));
      }
      return AffineMap::get(rank, 0, exprs, context);
    }
    return failure();
  }

  /// Records what computing `value` at `map` needs.
  LogicalResult collect(Value value, AffineMap map) {
    Key key{value, map};
    if (visited.count(key))
      return success();
    visited.insert(key);
    if (getSplat(value))
      return success();
    Operation *op = value.getDefiningOp();
    if (leaves.count(value) || isa_and_nonnull<ConstantOp>(op)) {
      inputOperands.insert({key, inputOperands.size()});
      return success();
    }
    if (!op)
      return failure();
    if (isa<IotaOp>(op))
      return success();
    auto isStatic = [](Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      return tensor && tensor.hasStaticShape();
    };
    if (!llvm::all_of(op->getOperandTypes(), isStatic))
      return failure();
    if (isElementwiseLike(op) && failed(checkScalarizable(op)))
      return failure();
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      FailureOr<AffineMap> operandMap = getOperandMap(op, i, map);
      if (failed(operandMap) ||
          failed(collect(op->getOperand(i), *operandMap)))
        return failure();
    }
    return success();
  }

  Attribute convertConstant(ConstantOp constant) {
    auto value = cast<DenseElementsAttr>(constant.getValue());
    auto type = cast<ShapedType>(converter.convertType(value.getType()));
    if (type == value.getType())
      return value;
    // Unsigned integers become signless: same bits.
    return value.bitcast(type.getElementType()).reshape(type);
  }

  /// The scalar of `value` at `map`, inside the generic's body.
  Value evaluate(OpBuilder &b, Value value, AffineMap map) {
    Key key{value, map};
    if (Value known = scalars.lookup(key))
      return known;
    Value result;
    if (DenseElementsAttr splat = getSplat(value)) {
      result = hlo::detail::createScalarConstant(b, value.getLoc(), splat);
    } else if (auto it = inputOperands.find(key); it != inputOperands.end()) {
      result = bodyArgs[it->second];
    } else {
      Operation *op = value.getDefiningOp();
      Location opLoc = op->getLoc();
      if (auto iota = dyn_cast<IotaOp>(op)) {
        AffineExpr expr = map.getResult(iota.getIotaDimension());
        Value index;
        if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
          index = linalg::IndexOp::create(b, opLoc, dim.getPosition());
        } else {
          SmallVector<Value> indices;
          for (int64_t d = 0; d < rank; ++d)
            indices.push_back(linalg::IndexOp::create(b, opLoc, d));
          index = affine::AffineApplyOp::create(
              b, opLoc, AffineMap::get(rank, 0, expr), indices);
        }
        result = hlo::detail::createIotaScalar(
            b, opLoc, index,
            getSignlessScalarType(getElementTypeOrSelf(iota.getType())));
      } else {
        SmallVector<Value> args;
        SmallVector<Type> operandElementTypes;
        for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
          AffineMap operandMap = *getOperandMap(op, i, map);
          args.push_back(evaluate(b, op->getOperand(i), operandMap));
          operandElementTypes.push_back(
              getElementTypeOrSelf(op->getOperand(i).getType()));
        }
        if (isElementwiseLike(op))
          result = *mapHloOpToScalarOp(
              op, operandElementTypes,
              getElementTypeOrSelf(op->getResult(0).getType()), args, b);
        else
          result = args.front(); // broadcast, transpose, reshape
      }
    }
    scalars[key] = result;
    return result;
  }

  ConversionPatternRewriter &rewriter;
  Location loc;
  const TypeConverter &converter;
  int64_t rank;
  ArrayRef<int64_t> domainShape;
  DenseMap<Value, Value> leaves;
  llvm::MapVector<Key, unsigned> inputOperands;
  DenseSet<Key> visited;
  DenseMap<Key, Value> scalars;
  ValueRange bodyArgs;
};

/// The shape all of a fusion's results share, if they do and it is static.
RankedTensorType getCommonStaticShape(FusionOp op) {
  RankedTensorType common;
  for (Type type : op.getResultTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    if (!tensor.hasStaticShape() ||
        (common && common.getShape() != tensor.getShape()))
      return {};
    common = tensor;
  }
  return common;
}

/// Moves the fusion body into a tagged execute_region, lowered op by op.
void lowerToExecuteRegion(FusionOp op, ConversionPatternRewriter &rewriter,
                          TypeRange types) {
  auto region = scf::ExecuteRegionOp::create(rewriter, op.getLoc(), types);
  region.setNoInline(true);
  region->setAttr(kFusionKindAttrName, op.getKindAttr());
  Block *block = rewriter.createBlock(&region.getRegion());
  // The body's arguments are the inputs; the body's ops are lowered by the
  // other patterns, which look through to the converted inputs.
  rewriter.mergeBlocks(&op.getBody().front(), block, op.getInputs());
  rewriter.replaceOp(op, region.getResults());
}

struct LoopFusionToGeneric : OpConversionPattern<FusionOp> {
  using OpConversionPattern::OpConversionPattern;

  /// A loop fusion whose one result is a reshape that only splits or merges
  /// dimensions (a collapse or an expansion) of a value computed in the
  /// fusion: the generic computes that value over its own shape and the
  /// reshape is a view of its result. Over the reshaped shape every index
  /// would be linearized and delinearized (div/mod maps), which no vector
  /// strategy takes: attention's heads transposed back and merged
  /// (transpose then reshape 8x128x8x32 -> 8x128x256) is then a plain
  /// transpose, copied by register blocks.
  LogicalResult emitReshapedRoot(FusionOp op, OpAdaptor adaptor,
                                 ConversionPatternRewriter &rewriter,
                                 TypeRange types) const {
    Block &body = op.getBody().front();
    if (body.getTerminator()->getNumOperands() != 1 || types.size() != 1)
      return failure();
    auto reshape =
        body.getTerminator()->getOperand(0).getDefiningOp<ReshapeOp>();
    if (!reshape || !reshape.getOperand().getDefiningOp() ||
        reshape.getOperand().getParentBlock() != &body)
      return failure();
    auto sourceType = dyn_cast<RankedTensorType>(
        getTypeConverter()->convertType(reshape.getOperand().getType()));
    auto resultType = dyn_cast<RankedTensorType>(types.front());
    if (!sourceType || !resultType || !sourceType.hasStaticShape() ||
        !resultType.hasStaticShape() ||
        sourceType.getRank() == resultType.getRank())
      return failure();
    bool collapse = sourceType.getRank() > resultType.getRank();
    std::optional<SmallVector<ReassociationIndices>> groups =
        collapse ? getReassociationIndicesForCollapse(sourceType.getShape(),
                                                      resultType.getShape())
                 : getReassociationIndicesForCollapse(resultType.getShape(),
                                                      sourceType.getShape());
    if (!groups)
      return failure();
    ElementalEmitter emitter(rewriter, op.getLoc(), *getTypeConverter(),
                             sourceType);
    for (auto [arg, input] :
         llvm::zip_equal(body.getArguments(), adaptor.getInputs()))
      emitter.addLeaf(arg, input);
    if (failed(emitter.check({reshape.getOperand()})))
      return failure();
    FailureOr<linalg::GenericOp> generic = emitter.emit({reshape.getOperand()});
    if (failed(generic))
      return failure();
    Value result = generic->getResult(0);
    if (collapse)
      result = tensor::CollapseShapeOp::create(rewriter, op.getLoc(),
                                               resultType, result, *groups);
    else
      result = tensor::ExpandShapeOp::create(rewriter, op.getLoc(), resultType,
                                             result, *groups);
    rewriter.replaceOp(op, result);
    return success();
  }

  LogicalResult
  matchAndRewrite(FusionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    RankedTensorType domain = getCommonStaticShape(op);
    Block &body = op.getBody().front();
    SmallVector<Value> outputs(body.getTerminator()->getOperands());
    if (op.getKind() == FusionKind::loop && domain &&
        succeeded(emitReshapedRoot(op, adaptor, rewriter, types)))
      return success();
    if (op.getKind() == FusionKind::loop && domain) {
      ElementalEmitter emitter(rewriter, op.getLoc(), *getTypeConverter(),
                               domain);
      for (auto [arg, input] :
           llvm::zip_equal(body.getArguments(), adaptor.getInputs()))
        emitter.addLeaf(arg, input);
      FailureOr<linalg::GenericOp> generic = emitter.emit(outputs);
      if (succeeded(generic)) {
        rewriter.replaceOp(op, generic->getResults());
        return success();
      }
    }
    lowerToExecuteRegion(op, rewriter, types);
    return success();
  }
};
} // namespace

void hlo::detail::populateFusionPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<LoopFusionToGeneric>(converter, patterns.getContext());
}
