//===- HloToLinalg.cpp - the hlo-legalize-to-linalg pass -------------------===//

#include "HloDialect/Conversion/HloToLinalg/HloToLinalg.h"
#include "HloDialect/Conversion/Passes.h"
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLEGALIZETOLINALGPASS
#include "HloDialect/Conversion/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

RankedTensorType hlo::detail::getSignlessTensorType(RankedTensorType type) {
  return type.clone(getSignlessScalarType(type.getElementType()));
}

Value hlo::detail::createEmptyTensor(OpBuilder &b, Location loc,
                                RankedTensorType type, Value shapeSource) {
  SmallVector<Value> dynamicSizes;
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, shapeSource, i));
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), dynamicSizes);
}

unsigned hlo::detail::getScalarBitWidth(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * complexType.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

Value hlo::detail::bitcastToInteger(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  auto intType = b.getIntegerType(getScalarBitWidth(type));
  if (type == intType)
    return value;
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return arith::BitcastOp::create(b, loc, intType, value);
  unsigned half = complexType.getElementType().getIntOrFloatBitWidth();
  auto part = [&](Value v) -> Value {
    Value bits = arith::BitcastOp::create(b, loc, b.getIntegerType(half), v);
    return arith::ExtUIOp::create(b, loc, intType, bits);
  };
  Value re = part(complex::ReOp::create(b, loc, value));
  Value im = part(complex::ImOp::create(b, loc, value));
  Value shift = arith::ConstantOp::create(b, loc, intType,
                                          b.getIntegerAttr(intType, half));
  return arith::OrIOp::create(b, loc, re,
                              arith::ShLIOp::create(b, loc, im, shift));
}

Value hlo::detail::bitcastFromInteger(OpBuilder &b, Location loc, Value bits,
                                      Type type) {
  if (bits.getType() == type)
    return bits;
  auto complexType = dyn_cast<ComplexType>(type);
  if (!complexType)
    return arith::BitcastOp::create(b, loc, type, bits);
  Type element = complexType.getElementType();
  unsigned half = element.getIntOrFloatBitWidth();
  Type intType = bits.getType();
  auto part = [&](Value v) -> Value {
    Value low = arith::TruncIOp::create(b, loc, b.getIntegerType(half), v);
    return arith::BitcastOp::create(b, loc, element, low);
  };
  Value shift = arith::ConstantOp::create(b, loc, intType,
                                          b.getIntegerAttr(intType, half));
  Value re = part(bits);
  Value im = part(arith::ShRUIOp::create(b, loc, bits, shift));
  return complex::CreateOp::create(b, loc, complexType, re, im);
}

Value hlo::detail::createZero(OpBuilder &b, Location loc, Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    auto zero = b.getFloatAttr(complexType.getElementType(), 0.0);
    return complex::ConstantOp::create(b, loc, complexType,
                                       b.getArrayAttr({zero, zero}));
  }
  return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

Value hlo::detail::createScalarConstant(OpBuilder &b, Location loc,
                                       DenseElementsAttr value) {
  Type elementType = getSignlessScalarType(value.getElementType());
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    std::complex<APFloat> c = value.getSplatValue<std::complex<APFloat>>();
    Type part = complexType.getElementType();
    return complex::ConstantOp::create(
        b, loc, complexType,
        b.getArrayAttr({b.getFloatAttr(part, c.real()),
                        b.getFloatAttr(part, c.imag())}));
  }
  Attribute scalar = value.getSplatValue<Attribute>();
  if (auto intAttr = dyn_cast<IntegerAttr>(scalar))
    scalar = IntegerAttr::get(elementType, intAttr.getValue());
  return arith::ConstantOp::create(b, loc, elementType,
                                   cast<TypedAttr>(scalar));
}

Value hlo::detail::createIotaScalar(OpBuilder &b, Location loc, Value index,
                                    Type elementType) {
  Type i64 = b.getI64Type();
  Value asInt = arith::IndexCastOp::create(b, loc, i64, index);
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    Type part = complexType.getElementType();
    Value re = arith::SIToFPOp::create(b, loc, part, asInt);
    Value zero =
        arith::ConstantOp::create(b, loc, part, b.getFloatAttr(part, 0.0));
    return complex::CreateOp::create(b, loc, complexType, re, zero);
  }
  if (isa<FloatType>(elementType))
    return arith::SIToFPOp::create(b, loc, elementType, asInt);
  if (elementType.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, elementType, asInt);
  return asInt;
}

HloToLinalgTypeConverter::HloToLinalgTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](RankedTensorType type) -> Type {
    return hlo::detail::getSignlessTensorType(type);
  });
  // Values whose type changed only in signedness are reinterpreted in place.
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

void hlo::populateHloToLinalgPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns,
                                      bool rowLoops) {
  hlo::detail::populatePointwisePatterns(typeConverter, patterns);
  hlo::detail::populateShapePatterns(typeConverter, patterns);
  hlo::detail::populateDotPatterns(typeConverter, patterns);
  hlo::detail::populateReducePatterns(typeConverter, patterns);
  hlo::detail::populateScatterPatterns(typeConverter, patterns, rowLoops);
  hlo::detail::populateReduceWindowPatterns(typeConverter, patterns);
  hlo::detail::populateControlFlowPatterns(typeConverter, patterns);
  hlo::detail::populateGatherPatterns(typeConverter, patterns, rowLoops);
  hlo::detail::populateFftPatterns(typeConverter, patterns);
  hlo::detail::populateConvolutionPatterns(typeConverter, patterns);
  hlo::detail::populateSortPatterns(typeConverter, patterns);
  hlo::detail::populateSelectAndScatterPatterns(typeConverter, patterns);
  hlo::detail::populateTriangularSolvePatterns(typeConverter, patterns);
  hlo::detail::populateCholeskyPatterns(typeConverter, patterns);
  hlo::detail::populateFusionPatterns(typeConverter, patterns);
  hlo::detail::populateCollectivePatterns(typeConverter, patterns);
}

namespace {
/// The CPU target runs the program in order on one thread, where a token
/// orders nothing: the tokens a loop carries (checked to feed no host
/// transfer, which has no lowering) are dropped from its state, each use
/// taking a fresh hlo.after_all, and the after_all ops left unused erased.
void dropLoopTokens(Operation *root) {
  SmallVector<WhileOp> loops;
  root->walk([&](WhileOp loop) {
    if (llvm::any_of(loop->getOperandTypes(),
                     [](Type t) { return isa<TokenType>(t); }))
      loops.push_back(loop);
  });
  for (WhileOp loop : loops) {
    Location loc = loop.getLoc();
    MLIRContext *context = loop.getContext();
    auto freshToken = [&](OpBuilder &b) -> Value {
      return AfterAllOp::create(b, loc, TokenType::get(context), ValueRange{});
    };
    llvm::BitVector isToken(loop->getNumOperands());
    SmallVector<Value> kept;
    for (auto [i, v] : llvm::enumerate(loop->getOperands())) {
      isToken[i] = isa<TokenType>(v.getType());
      if (!isToken[i])
        kept.push_back(v);
    }
    OpBuilder b(loop);
    auto newLoop = WhileOp::create(b, loc, ValueRange(kept).getTypes(), kept,
                                   loop->getAttrs());
    for (auto [from, to] : {std::pair<Region *, Region *>{
                                &loop.getCond(), &newLoop.getCond()},
                            {&loop.getBody(), &newLoop.getBody()}}) {
      to->takeBody(*from);
      Block &block = to->front();
      OpBuilder inner = OpBuilder::atBlockBegin(&block);
      for (int i = static_cast<int>(isToken.size()) - 1; i >= 0; --i) {
        if (!isToken[i])
          continue;
        block.getArgument(i).replaceAllUsesWith(freshToken(inner));
        block.eraseArgument(i);
      }
    }
    newLoop.getBody().front().getTerminator()->eraseOperands(isToken);
    unsigned next = 0;
    for (auto [i, result] : llvm::enumerate(loop->getResults()))
      result.replaceAllUsesWith(isToken[i] ? freshToken(b)
                                           : newLoop->getResult(next++));
    loop->erase();
  }
  if (loops.empty())
    return;
  bool erased = true;
  while (erased) {
    erased = false;
    root->walk([&](AfterAllOp op) {
      if (op->use_empty()) {
        op->erase();
        erased = true;
      }
    });
  }
}

struct HloLegalizeToLinalgPass
    : hlo::impl::HloLegalizeToLinalgPassBase<HloLegalizeToLinalgPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Host transfers have no lowering: named here, before the tokens they
    // consume stop the conversion with a less specific error.
    WalkResult transfers = getOperation()->walk([](Operation *op) {
      if (!isa<InfeedOp, OutfeedOp, SendOp, RecvOp>(op))
        return WalkResult::advance();
      op->emitOpError() << "has no lowering for the CPU target, which has no "
                           "host transfer queues and runs one process";
      return WalkResult::interrupt();
    });
    if (transfers.wasInterrupted())
      return signalPassFailure();
    dropLoopTokens(getOperation());
    // A custom call is code this compiler does not have: name its target
    // (hlo-legalize-custom-calls has rewritten the ones it knows).
    WalkResult calls = getOperation()->walk([](CustomCallOp call) {
      call.emitOpError() << "has no lowering: unknown custom call target '"
                         << call.getCallTargetName() << "'";
      return WalkResult::interrupt();
    });
    if (calls.wasInterrupted())
      return signalPassFailure();
    HloToLinalgTypeConverter typeConverter;
    RewritePatternSet patterns(context);
    populateHloToLinalgPatterns(typeConverter, patterns, rowLoops);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);

    ConversionTarget target(*context);
    target.addIllegalDialect<HloDialect, chlo::ChloDialect>();
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           scf::SCFDialect, tensor::TensorDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return typeConverter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
