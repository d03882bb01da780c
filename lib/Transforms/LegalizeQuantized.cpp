//===- LegalizeQuantized.cpp - quantized hlo ops as integer/float ops -----===//

#include "HloDialect/Transforms/LegalizeQuantized.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

bool isQuantizedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<quant::QuantizedType>(tensor.getElementType());
}

bool hasQuantizedTypes(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isQuantizedTensor) ||
         llvm::any_of(op->getResultTypes(), isQuantizedTensor);
}

Type storageElementType(quant::QuantizedType type) {
  unsigned width = type.getStorageTypeIntegralWidth();
  return IntegerType::get(type.getContext(), width,
                          type.isSigned() ? IntegerType::Signless
                                          : IntegerType::Unsigned);
}

/// Scales and zero points of `type` as tensors shaped like `shape`, in the
/// expressed type: splats per tensor, a vector broadcast along the
/// quantization dimension per axis.
std::pair<Value, Value> scalesAndZeroPoints(OpBuilder &b, Location loc,
                                            quant::QuantizedType type,
                                            RankedTensorType shape) {
  auto expressed = cast<FloatType>(type.getExpressedType());
  auto target = shape.clone(expressed);
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(type)) {
    auto make = [&](double v) -> Value {
      return ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(target, FloatAttr::get(expressed, v)));
    };
    return {make(perTensor.getScale()),
            make(static_cast<double>(perTensor.getZeroPoint()))};
  }
  auto perAxis = cast<quant::UniformQuantizedPerAxisType>(type);
  int64_t n = perAxis.getScales().size();
  auto vectorType = RankedTensorType::get({n}, expressed);
  auto make = [&](auto values) -> Value {
    SmallVector<Attribute> attrs;
    for (auto v : values)
      attrs.push_back(FloatAttr::get(expressed, static_cast<double>(v)));
    Value vec = ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(vectorType, attrs));
    return BroadcastInDimOp::create(
        b, loc, target, vec,
        b.getDenseI64ArrayAttr({perAxis.getQuantizedDimension()}));
  };
  return {make(perAxis.getScales()), make(perAxis.getZeroPoints())};
}

/// (storage - zero_point) * scale in the expressed type.
Value dequantize(OpBuilder &b, Location loc, Value storage,
                 quant::QuantizedType type) {
  auto shape = cast<RankedTensorType>(storage.getType());
  auto floatType = shape.clone(type.getExpressedType());
  Value x = ConvertOp::create(b, loc, floatType, storage);
  auto [scale, zeroPoint] = scalesAndZeroPoints(b, loc, type, shape);
  return MulOp::create(b, loc, SubtractOp::create(b, loc, x, zeroPoint),
                       scale);
}

/// round_nearest_even(clamp(x / scale + zero_point)) in the storage type.
Value quantize(OpBuilder &b, Location loc, Value x,
               quant::QuantizedType type) {
  auto shape = cast<RankedTensorType>(x.getType());
  auto expressed = cast<FloatType>(type.getExpressedType());
  if (shape.getElementType() != expressed)
    x = ConvertOp::create(b, loc, shape.clone(expressed), x);
  auto [scale, zeroPoint] = scalesAndZeroPoints(b, loc, type, shape);
  Value scaled =
      AddOp::create(b, loc, DivOp::create(b, loc, x, scale), zeroPoint);
  auto scalar = RankedTensorType::get({}, expressed);
  auto bound = [&](int64_t v) -> Value {
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(scalar,
                               FloatAttr::get(expressed, static_cast<double>(v))));
  };
  auto bound2 = bound(type.getStorageTypeMin());
  auto bound3 = bound(type.getStorageTypeMax());
  Value clamped =
      ClampOp::create(b, loc, shape.clone(expressed), bound2, scaled, bound3);
  Value rounded = RoundNearestEvenOp::create(b, loc, clamped);
  return ConvertOp::create(b, loc, shape.clone(storageElementType(type)),
                           rounded);
}

quant::QuantizedType quantizedElement(Type type) {
  return cast<quant::QuantizedType>(
      cast<RankedTensorType>(type).getElementType());
}

struct UniformQuantizeToStorage : OpConversionPattern<UniformQuantizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UniformQuantizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (isQuantizedTensor(op.getOperand().getType()))
      x = dequantize(rewriter, loc, x, quantizedElement(op.getOperand().getType()));
    rewriter.replaceOp(op, quantize(rewriter, loc, x, quantizedElement(op.getType())));
    return success();
  }
};

struct UniformDequantizeToStorage : OpConversionPattern<UniformDequantizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UniformDequantizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value x = dequantize(rewriter, op.getLoc(), adaptor.getOperand(),
                         quantizedElement(op.getOperand().getType()));
    if (x.getType() != op.getType())
      x = ConvertOp::create(rewriter, op.getLoc(), op.getType(), x);
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// Reinterpreting quantized values as their storage integers (or back) is
/// the identity on storage.
struct BitcastConvertToStorage : OpConversionPattern<BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasQuantizedTypes(op))
      return rewriter.notifyMatchFailure(op, "no quantized types");
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value operand = adaptor.getOperand();
    if (operand.getType() == resultType) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    rewriter.replaceOpWithNewOp<BitcastConvertOp>(op, resultType, operand);
    return success();
  }
};

/// Any other hlo op without regions: computed on the dequantized operands,
/// its quantized results quantized again.
struct DequantizeOpQuantize : ConversionPattern {
  DequantizeOpQuantize(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<HloDialect>(op->getDialect()) || !hasQuantizedTypes(op))
      return rewriter.notifyMatchFailure(op, "not an hlo op on quantized types");
    if (op->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(
          op, "ops with regions on quantized types are not supported");
    Location loc = op->getLoc();
    SmallVector<Value> floatOperands;
    for (auto [original, converted] : llvm::zip(op->getOperands(), operands))
      floatOperands.push_back(
          isQuantizedTensor(original.getType())
              ? dequantize(rewriter, loc, converted,
                           quantizedElement(original.getType()))
              : converted);
    Operation *floatOp = rewriter.clone(*op);
    floatOp->setOperands(floatOperands);
    for (OpResult result : floatOp->getResults())
      if (isQuantizedTensor(result.getType())) {
        auto tensor = cast<RankedTensorType>(result.getType());
        result.setType(tensor.clone(
            quantizedElement(tensor).getExpressedType()));
      }
    SmallVector<Value> results;
    for (auto [original, computed] :
         llvm::zip(op->getResults(), floatOp->getResults()))
      results.push_back(isQuantizedTensor(original.getType())
                            ? quantize(rewriter, loc, computed,
                                       quantizedElement(original.getType()))
                            : Value(computed));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

QuantizedToStorageTypeConverter::QuantizedToStorageTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](RankedTensorType type) -> Type {
    if (auto q = dyn_cast<quant::QuantizedType>(type.getElementType()))
      return type.clone(storageElementType(q));
    return type;
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

void hlo::populateLegalizeQuantizedPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<UniformQuantizeToStorage, UniformDequantizeToStorage,
               BitcastConvertToStorage, DequantizeOpQuantize>(
      converter, patterns.getContext());
}
