//===- LegalizeQuantized.cpp - quantized hlo ops as integer/float ops -----===//

#include "HloDialect/Transforms/LegalizeQuantized.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

#include <cmath>
#include <numeric>

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

/// A dot_general of two per-tensor quantized operands with signed 8-bit
/// storage, computed on the integers as quantized inference engines do.
/// The rhs zero point is 0 (dot_general_c15), so with za the lhs one,
///   S = sum over k of (a - za) b = dot(a, b) - za * colsum(b)
/// where dot(a, b) is an i8 x i8 -> i32 dot_general (the int8 kernels:
/// vpdpbusd, AMX, or the portable integer contraction) and colsum sums b
/// over the contracting dimensions. S is exact in i32 (|S| < 2^31 for K
/// up to 2^17 terms); the real product is S * sa * sb. A quantized result
/// with i32 storage, zero point 0 and scale sa * sb (what StableHLO's
/// quantized dot produces) is S itself; any other result is S * sa * sb
/// in the expressed type, quantized again when the result is quantized.
/// Other operand types (per-axis, unsigned or wider storage, hybrid float x
/// quantized) keep the dequantizing fallback.
struct QuantizedDotOnIntegers : OpConversionPattern<DotGeneralOp> {
  QuantizedDotOnIntegers(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/1) {}

  static quant::UniformQuantizedType signedInt8PerTensor(Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    auto q = tensor ? dyn_cast<quant::UniformQuantizedType>(
                          tensor.getElementType())
                    : nullptr;
    if (!q || !q.isSigned() || q.getStorageTypeIntegralWidth() != 8 ||
        !tensor.hasStaticShape())
      return nullptr;
    return q;
  }

  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    quant::UniformQuantizedType lhsType =
        signedInt8PerTensor(op.getLhs().getType());
    quant::UniformQuantizedType rhsType =
        signedInt8PerTensor(op.getRhs().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!lhsType || !rhsType || !resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(
          op, "not a dot of per-tensor quantized signed 8-bit operands");
    if (rhsType.getZeroPoint() != 0)
      return rewriter.notifyMatchFailure(op, "rhs zero point is not 0");
    auto resultQuantized =
        dyn_cast<quant::UniformQuantizedType>(resultType.getElementType());
    if (!resultQuantized && !isa<FloatType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "per-axis quantized result");
    DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    auto lhsShape = cast<RankedTensorType>(op.getLhs().getType()).getShape();
    auto rhsShape = cast<RankedTensorType>(op.getRhs().getType()).getShape();
    int64_t terms = 1;
    for (int64_t d : dims.getLhsContractingDimensions())
      terms *= lhsShape[d];
    if (terms > (int64_t{1} << 17))
      return rewriter.notifyMatchFailure(op, "the i32 sum could overflow");

    Location loc = op.getLoc();
    Builder &b = rewriter;
    Type i32 = b.getI32Type();
    auto shapeI32 = resultType.clone(i32);
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    Value sum = DotGeneralOp::create(rewriter, loc, shapeI32, lhs, rhs, dims,
                                     ArrayAttr());
    int64_t batch = dims.getLhsBatchingDimensions().size();
    int64_t lhsFree = static_cast<int64_t>(lhsShape.size()) - batch -
                      dims.getLhsContractingDimensions().size();
    auto splatI32 = [&](int64_t v, RankedTensorType type) -> Value {
      return ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              type.clone(i32),
              b.getI32IntegerAttr(static_cast<int32_t>(v)).getValue()));
    };
    // zero point x (`operand` summed over its contracting dimensions),
    // broadcast along the result: `operand`'s batch dimensions are the
    // result's first ones, its free dimensions start at `first`.
    auto correction = [&](Value operand, ArrayRef<int64_t> shape,
                          ArrayRef<int64_t> batchDims,
                          ArrayRef<int64_t> contractingDims, int64_t first,
                          int64_t zeroPoint) -> Value {
      auto wide = RankedTensorType::get(shape, i32);
      Value widened = ConvertOp::create(rewriter, loc, wide, operand);
      Value zero = splatI32(0, RankedTensorType::get({}, i32));
      auto reduce = ReduceOp::create(rewriter, loc, ValueRange{widened},
                                     ValueRange{zero}, contractingDims);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        Block &body = reduce.getBody().front();
        rewriter.setInsertionPointToStart(&body);
        Value add = AddOp::create(rewriter, loc, body.getArgument(0),
                                  body.getArgument(1));
        ReturnOp::create(rewriter, loc, ValueRange{add});
      }
      // The kept dimensions, in the operand's order, and where each goes.
      SmallVector<int64_t> mapping;
      int64_t nextFree = first;
      for (int64_t d = 0, e = shape.size(); d < e; ++d) {
        if (llvm::is_contained(contractingDims, d))
          continue;
        const int64_t *batchAt = llvm::find(batchDims, d);
        mapping.push_back(batchAt != batchDims.end()
                              ? batchAt - batchDims.begin()
                              : nextFree++);
      }
      Value sums = reduce->getResult(0);
      auto sumsType = cast<RankedTensorType>(sums.getType());
      // broadcast_in_dim wants increasing dimensions: transpose first (the
      // targets are distinct, so any sort is deterministic).
      SmallVector<int64_t> order(mapping.size());
      std::iota(order.begin(), order.end(), 0);
      llvm::sort(
          order, [&](int64_t x, int64_t y) { return mapping[x] < mapping[y]; });
      SmallVector<int64_t> sortedMapping, sortedShape;
      for (int64_t i : order) {
        sortedMapping.push_back(mapping[i]);
        sortedShape.push_back(sumsType.getDimSize(i));
      }
      if (!llvm::equal(order, llvm::seq<int64_t>(0, order.size())))
        sums = TransposeOp::create(rewriter, loc,
                                   RankedTensorType::get(sortedShape, i32),
                                   sums, b.getDenseI64ArrayAttr(order));
      Value spread = BroadcastInDimOp::create(
          rewriter, loc, shapeI32, sums, b.getDenseI64ArrayAttr(sortedMapping));
      Value scale = splatI32(zeroPoint, shapeI32);
      return MulOp::create(rewriter, loc, spread, scale);
    };
    if (int64_t za = lhsType.getZeroPoint()) {
      Value columnSums =
          correction(rhs, rhsShape, dims.getRhsBatchingDimensions(),
                     dims.getRhsContractingDimensions(), batch + lhsFree, za);
      sum = SubtractOp::create(rewriter, loc, sum, columnSums);
    }
    double productScale = lhsType.getScale() * rhsType.getScale();
    if (resultQuantized &&
        resultQuantized.getStorageTypeIntegralWidth() == 32 &&
        resultQuantized.isSigned() && resultQuantized.getZeroPoint() == 0 &&
        std::abs(resultQuantized.getScale() - productScale) <=
            1e-6 * productScale) {
      rewriter.replaceOp(op, sum);
      return success();
    }
    auto expressed =
        cast<FloatType>(resultQuantized ? resultQuantized.getExpressedType()
                                        : resultType.getElementType());
    auto floatType = resultType.clone(expressed);
    Value real = ConvertOp::create(rewriter, loc, floatType, sum);
    Value scale = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(floatType,
                               FloatAttr::get(expressed, productScale)));
    real = MulOp::create(rewriter, loc, real, scale);
    rewriter.replaceOp(op, resultQuantized
                               ? quantize(rewriter, loc, real, resultQuantized)
                               : real);
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
               BitcastConvertToStorage, QuantizedDotOnIntegers,
               DequantizeOpQuantize>(converter, patterns.getContext());
}
