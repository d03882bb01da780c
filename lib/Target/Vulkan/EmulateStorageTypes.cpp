//===- EmulateStorageTypes.cpp - element types SPIR-V lacks, as others ----===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANEMULATESTORAGETYPESPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
bool isSpirvFloat(Type type) {
  return type.isF16() || type.isF32() || type.isF64();
}

/// What a value of `type` is held as in a kernel: bf16 and the 8-bit floats
/// as integers of their width, complex numbers of f16, f32 or f64 as
/// 2-element vectors of their parts (real first, as in memory), and vectors
/// and memrefs of these accordingly; null where `type` stays as it is.
Type getStorageType(Type type) {
  MLIRContext *context = type.getContext();
  if (auto floatType = dyn_cast<FloatType>(type)) {
    unsigned width = floatType.getWidth();
    if (isSpirvFloat(type) || (width != 8 && width != 16))
      return nullptr;
    return IntegerType::get(context, width);
  }
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Type part = complex.getElementType();
    return isSpirvFloat(part) ? VectorType::get({2}, part) : nullptr;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    Type element = getStorageType(vector.getElementType());
    if (!element || !element.isIntOrFloat())
      return nullptr;
    return VectorType::get(vector.getShape(), element,
                           vector.getScalableDims());
  }
  if (auto memref = dyn_cast<MemRefType>(type)) {
    Type element = getStorageType(memref.getElementType());
    if (!element)
      return nullptr;
    return MemRefType::get(memref.getShape(), element, memref.getLayout(),
                           memref.getMemorySpace());
  }
  return nullptr;
}

bool needsStorageType(Type type) { return getStorageType(type) != nullptr; }

/// Whether `op` only moves the bits of its values (loads, stores, views,
/// control flow, selects, constants, the parts of complex numbers), so that
/// it stays valid when they change type as getStorageType says; arithmetic
/// on them must have been emulated before.
bool movesBitsOnly(Operation *op) {
  return isa<
      // Buffers and views.
      memref::LoadOp, memref::StoreOp, memref::SubViewOp, memref::CastOp,
      memref::ReinterpretCastOp, memref::CollapseShapeOp,
      memref::ExpandShapeOp, memref::AllocOp, memref::AllocaOp,
      memref::DeallocOp, memref::CopyOp, memref::GetGlobalOp,
      memref::ExtractStridedMetadataOp, memref::ExtractAlignedPointerAsIndexOp,
      memref::DimOp, memref::TransposeOp, memref::MemorySpaceCastOp,
      // Vectors of narrow floats.
      vector::LoadOp, vector::StoreOp, vector::FromElementsOp,
      vector::ExtractOp, vector::InsertOp, vector::BroadcastOp,
      vector::ShapeCastOp, vector::TransposeOp, vector::ExtractStridedSliceOp,
      vector::InsertStridedSliceOp, vector::TransferReadOp,
      vector::TransferWriteOp, vector::ShuffleOp,
      // Values.
      arith::SelectOp, arith::ConstantOp, arith::BitcastOp, ub::PoisonOp,
      complex::CreateOp, complex::ReOp, complex::ImOp, complex::ConstantOp,
      // Control flow.
      scf::ForOp, scf::IfOp, scf::YieldOp, scf::WhileOp, scf::ConditionOp,
      scf::IndexSwitchOp, scf::ExecuteRegionOp, cf::BranchOp,
      cf::CondBranchOp, gpu::ReturnOp>(op);
}

/// The first type of `op`'s operands, results and region arguments that
/// getStorageType changes, or null.
Type getFirstChangedType(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (needsStorageType(type))
      return type;
  for (Type type : op->getResultTypes())
    if (needsStorageType(type))
      return type;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument argument : block.getArguments())
        if (needsStorageType(argument.getType()))
          return argument.getType();
  return nullptr;
}

/// `attr` (a constant of a type getStorageType changes) as a constant of
/// `type`, its storage type; null where it cannot be.
TypedAttr convertConstant(Attribute attr, Type type) {
  if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    if (auto integer = dyn_cast<IntegerType>(type))
      return IntegerAttr::get(integer, floatAttr.getValue().bitcastToAPInt());
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.getElementType().isInteger() ||
        !isa<FloatType>(dense.getElementType()))
      return nullptr;
    return dense.bitcast(shaped.getElementType());
  }
  return nullptr;
}

struct HloVulkanEmulateStorageTypesPass
    : hlo::impl::HloVulkanEmulateStorageTypesPassBase<
          HloVulkanEmulateStorageTypesPass> {
  using Base::Base;

  /// Checks that `kernels` can hold its values as getStorageType says.
  LogicalResult check(gpu::GPUModuleOp kernels) {
    WalkResult result = kernels.walk([&](Operation *op) {
      if (auto global = dyn_cast<memref::GlobalOp>(op)) {
        Type element = global.getType().getElementType();
        if (isa<ComplexType>(element) && needsStorageType(element)) {
          op->emitError() << "unsupported on this device: " << element
                          << " constant buffer";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
        for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
          if (isa<ComplexType>(type) && needsStorageType(type)) {
            func.emitError() << "unsupported on this device: kernel argument #"
                             << i << " of type " << type;
            return WalkResult::interrupt();
          }
        return WalkResult::advance();
      }
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::advance();
      Type changed = getFirstChangedType(op);
      if (!changed || movesBitsOnly(op))
        return WalkResult::advance();
      op->emitError() << "unsupported on this device: " << changed << " in '"
                      << op->getName() << "'";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  /// Gives the values of `kernels` their storage types, in place, and
  /// rewrites the ops whose attributes or semantics depend on the types.
  /// Returns the changed argument types of each kernel.
  LogicalResult rewrite(gpu::GPUModuleOp kernels,
                        DenseMap<StringAttr, SmallVector<Type>> &kernelTypes) {
    kernels.walk([&](Operation *op) {
      for (OpResult result : op->getResults())
        if (Type type = getStorageType(result.getType()))
          result.setType(type);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            if (Type type = getStorageType(argument.getType()))
              argument.setType(type);
    });
    for (auto func : kernels.getOps<gpu::GPUFuncOp>()) {
      FunctionType type = func.getFunctionType();
      SmallVector<Type> inputs;
      for (Type input : type.getInputs())
        inputs.push_back(getStorageTypeOrSelf(input));
      if (inputs == type.getInputs())
        continue;
      func.setFunctionType(
          FunctionType::get(&getContext(), inputs, type.getResults()));
      kernelTypes[SymbolTable::getSymbolName(func)] = inputs;
    }

    SmallVector<Operation *> ops;
    kernels.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto global = dyn_cast<memref::GlobalOp>(op)) {
        Type type = getStorageType(global.getType());
        if (!type)
          continue;
        auto memref = cast<MemRefType>(type);
        global.setType(memref);
        if (std::optional<Attribute> initial = global.getInitialValue()) {
          TypedAttr value = convertConstant(
              *initial, RankedTensorType::get(memref.getShape(),
                                              memref.getElementType()));
          if (!value)
            return global.emitError()
                   << "unsupported on this device: the initial value of "
                      "a buffer of "
                   << cast<ShapedType>(cast<TypedAttr>(*initial).getType())
                          .getElementType();
          global.setInitialValueAttr(value);
        }
      } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        if (constant.getValue().getType() == constant.getType())
          continue;
        TypedAttr value = convertConstant(constant.getValue(),
                                          constant.getType());
        if (!value)
          return constant.emitError()
                 << "unsupported on this device: a constant of "
                 << constant.getValue().getType();
        constant.setValueAttr(value);
      } else if (auto constant = dyn_cast<complex::ConstantOp>(op)) {
        auto type = cast<VectorType>(constant.getType());
        SmallVector<Attribute> parts(constant.getValue().begin(),
                                     constant.getValue().end());
        Value vector = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(type, parts));
        constant.getResult().replaceAllUsesWith(vector);
        constant.erase();
      } else if (auto create = dyn_cast<complex::CreateOp>(op)) {
        Value vector = vector::FromElementsOp::create(
            b, loc, create.getType(),
            ValueRange{create.getReal(), create.getImaginary()});
        create.getResult().replaceAllUsesWith(vector);
        create.erase();
      } else if (isa<complex::ReOp, complex::ImOp>(op)) {
        int64_t part = isa<complex::ReOp>(op) ? 0 : 1;
        Value value = vector::ExtractOp::create(b, loc, op->getOperand(0),
                                                ArrayRef<int64_t>{part});
        op->getResult(0).replaceAllUsesWith(value);
        op->erase();
      } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
        // SPIR-V before 1.4 selects vectors by a vector of conditions.
        auto type = dyn_cast<VectorType>(select.getType());
        if (!type || isa<VectorType>(select.getCondition().getType()))
          continue;
        Value condition = vector::BroadcastOp::create(
            b, loc, type.clone(b.getI1Type()), select.getCondition());
        select.getConditionMutable().assign(condition);
      } else if (auto bitcast = dyn_cast<arith::BitcastOp>(op)) {
        if (bitcast.getIn().getType() != bitcast.getType())
          continue;
        bitcast.getResult().replaceAllUsesWith(bitcast.getIn());
        bitcast.erase();
      }
    }
    return success();
  }

  /// Replaces each complex scalar argument of the kernels of `kernels` by
  /// two arguments, its real and imaginary parts (scalars a push constant
  /// holds), and has the launches pass the parts.
  void splitComplexScalarArguments(ModuleOp module,
                                   gpu::GPUModuleOp kernels) {
    DenseMap<StringAttr, SmallVector<unsigned>> splitArguments;
    for (auto func : kernels.getOps<gpu::GPUFuncOp>()) {
      SmallVector<unsigned> indices;
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<ComplexType>(type) && needsStorageType(type))
          indices.push_back(i);
      if (indices.empty())
        continue;
      Block &entry = func.getBody().front();
      // From the last, so that the indices before stay valid.
      for (unsigned i : llvm::reverse(indices)) {
        BlockArgument argument = func.getArgument(i);
        auto complex = cast<ComplexType>(argument.getType());
        Type part = complex.getElementType();
        Location loc = argument.getLoc();
        func.insertArgument(i + 1, part, DictionaryAttr(), loc);
        func.insertArgument(i + 2, part, DictionaryAttr(), loc);
        OpBuilder b = OpBuilder::atBlockBegin(&entry);
        Value value = complex::CreateOp::create(
            b, loc, complex, func.getArgument(i + 1), func.getArgument(i + 2));
        argument.replaceAllUsesWith(value);
        (void)func.eraseArgument(i);
      }
      splitArguments[SymbolTable::getSymbolName(func)] = indices;
    }
    if (splitArguments.empty())
      return;
    StringAttr moduleName = SymbolTable::getSymbolName(kernels);
    module.walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernelModuleName() != moduleName)
        return;
      auto it = splitArguments.find(launch.getKernelName());
      if (it == splitArguments.end())
        return;
      OpBuilder b(launch);
      SmallVector<Value> operands;
      for (auto [i, operand] : llvm::enumerate(launch.getKernelOperands())) {
        if (!llvm::is_contained(it->second, i)) {
          operands.push_back(operand);
          continue;
        }
        operands.push_back(complex::ReOp::create(b, launch.getLoc(), operand));
        operands.push_back(complex::ImOp::create(b, launch.getLoc(), operand));
      }
      launch.getKernelOperandsMutable().assign(operands);
    });
  }

  static Type getStorageTypeOrSelf(Type type) {
    Type storage = getStorageType(type);
    return storage ? storage : type;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failed = false;
    for (auto kernels : module.getOps<gpu::GPUModuleOp>()) {
      splitComplexScalarArguments(module, kernels);
      if (mlir::failed(check(kernels))) {
        failed = true;
        continue;
      }
      DenseMap<StringAttr, SmallVector<Type>> kernelTypes;
      if (mlir::failed(rewrite(kernels, kernelTypes))) {
        failed = true;
        continue;
      }
      if (kernelTypes.empty())
        continue;
      // Launches pass their operands as the kernel now takes them: buffers
      // are the same memory (the same descriptor once lowered), scalars
      // the same bits.
      StringAttr moduleName = SymbolTable::getSymbolName(kernels);
      module.walk([&](gpu::LaunchFuncOp launch) {
        if (launch.getKernelModuleName() != moduleName)
          return;
        auto it = kernelTypes.find(launch.getKernelName());
        if (it == kernelTypes.end())
          return;
        OpBuilder b(launch);
        for (auto [i, type] : llvm::enumerate(it->second)) {
          Value operand = launch.getKernelOperands()[i];
          if (operand.getType() == type)
            continue;
          Value converted;
          if (isa<MemRefType>(type))
            converted = UnrealizedConversionCastOp::create(b, launch.getLoc(),
                                                           type, operand)
                            .getResult(0);
          else
            converted =
                arith::BitcastOp::create(b, launch.getLoc(), type, operand);
          launch.getKernelOperandsMutable()[i].assign(converted);
        }
      });
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
