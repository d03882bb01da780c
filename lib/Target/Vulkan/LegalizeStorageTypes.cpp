//===- LegalizeStorageTypes.cpp - storage-buffer accesses Vulkan allows ---===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANLEGALIZESTORAGETYPESPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// The indices of lane `lane` of a 1-D vector access at `indices`.
SmallVector<Value> laneIndices(OpBuilder &b, Location loc, ValueRange indices,
                               int64_t lane) {
  SmallVector<Value> result(indices.begin(), indices.end());
  if (lane == 0 || result.empty())
    return result;
  Value offset = arith::ConstantIndexOp::create(b, loc, lane);
  result.back() = arith::AddIOp::create(b, loc, result.back(), offset);
  return result;
}

LogicalResult scalarize(vector::LoadOp op) {
  VectorType type = op.getVectorType();
  if (type.getRank() != 1 || type.isScalable())
    return op.emitError() << "unsupported on this device: vector load of "
                          << type;
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> lanes;
  for (int64_t lane = 0; lane < type.getNumElements(); ++lane) {
    SmallVector<Value> indices = laneIndices(b, loc, op.getIndices(), lane);
    lanes.push_back(memref::LoadOp::create(b, loc, op.getBase(), indices));
  }
  Value vector = vector::FromElementsOp::create(b, loc, type, lanes);
  op.replaceAllUsesWith(vector);
  op.erase();
  return success();
}

LogicalResult scalarize(vector::StoreOp op) {
  VectorType type = op.getVectorType();
  if (type.getRank() != 1 || type.isScalable())
    return op.emitError() << "unsupported on this device: vector store of "
                          << type;
  OpBuilder b(op);
  Location loc = op.getLoc();
  for (int64_t lane = 0; lane < type.getNumElements(); ++lane) {
    Value element = vector::ExtractOp::create(b, loc, op.getValueToStore(),
                                              ArrayRef<int64_t>{lane});
    SmallVector<Value> indices = laneIndices(b, loc, op.getIndices(), lane);
    memref::StoreOp::create(b, loc, element, op.getBase(), indices);
  }
  op.erase();
  return success();
}

/// Whether `op` is a math function on f64 that GLSL.std.450 (f16/f32 only
/// for transcendental functions) cannot compute and hlo-gpu-expand-math did
/// not expand.
bool isUnexpandedF64Math(Operation *op) {
  if (!isa<math::MathDialect>(op->getDialect()))
    return false;
  // These have f64 forms in GLSL.std.450 or are bit operations.
  if (isa<math::AbsFOp, math::AbsIOp, math::SqrtOp, math::RsqrtOp,
          math::FmaOp, math::FloorOp, math::CeilOp, math::TruncOp,
          math::RoundOp, math::RoundEvenOp, math::CopySignOp, math::IsNaNOp,
          math::IsInfOp, math::IsFiniteOp, math::IsNormalOp, math::CountLeadingZerosOp,
          math::CountTrailingZerosOp, math::CtPopOp, math::IPowIOp>(op))
    return false;
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    return getElementTypeOrSelf(type).isF64();
  });
}

struct HloVulkanLegalizeStorageTypesPass
    : hlo::impl::HloVulkanLegalizeStorageTypesPassBase<
          HloVulkanLegalizeStorageTypesPass> {
  using Base::Base;

  /// Why `type` cannot be a storage buffer's element type, or "".
  std::string unsupported(Type type) {
    auto has = [&](StringRef feature) {
      return llvm::is_contained(features, feature.str());
    };
    if (isa<ComplexType>(type) || type.isBF16())
      return "";
    if (type.isF16() && !has("f16"))
      return "f16";
    if (type.isF64() && !has("f64"))
      return "f64";
    if (type.isInteger(64) && !has("i64"))
      return "i64";
    if (auto floatType = dyn_cast<FloatType>(type);
        floatType && !floatType.isF16() && !floatType.isF32() &&
        !floatType.isF64())
      return "";
    return "-";
  }

  void runOnOperation() override {
    gpu::GPUModuleOp kernels = getOperation();
    // One error per kernel module, naming the first type the device lacks.
    WalkResult typesOk = kernels.walk([&](Operation *op) {
      for (Type type : op->getResultTypes()) {
        Type element = getElementTypeOrSelf(type);
        std::string reason = unsupported(element);
        if (reason == "-")
          continue;
        // Narrow floats are emulated with integer arithmetic, complex
        // numbers as pairs: only their storage is a problem.
        if (reason.empty() && !isa<MemRefType>(type))
          continue;
        op->emitError() << "unsupported on this device: " << element;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (typesOk.wasInterrupted())
      return signalPassFailure();
    WalkResult mathOk = kernels.walk([&](Operation *op) {
      if (!isUnexpandedF64Math(op))
        return WalkResult::advance();
      op->emitError() << "unsupported on this device: '"
                      << op->getName().getStringRef()
                      << "' on f64 (GLSL.std.450 math is f16/f32 only and "
                         "there is no f64 expansion of it)";
      return WalkResult::interrupt();
    });
    if (mathOk.wasInterrupted())
      return signalPassFailure();
    for (auto func : kernels.getOps<gpu::GPUFuncOp>())
      for (Type type : func.getArgumentTypes()) {
        Type element = getElementTypeOrSelf(type);
        if (unsupported(element) != "-") {
          func.emitError() << "unsupported on this device: " << element;
          return signalPassFailure();
        }
      }

    SmallVector<Operation *> accesses;
    kernels.walk([&](Operation *op) {
      if (isa<vector::LoadOp, vector::StoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      LogicalResult result = success();
      if (auto load = dyn_cast<vector::LoadOp>(op))
        result = scalarize(load);
      else
        result = scalarize(cast<vector::StoreOp>(op));
      if (failed(result))
        return signalPassFailure();
    }
  }
};
} // namespace
