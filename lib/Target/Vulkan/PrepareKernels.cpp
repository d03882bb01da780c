//===- PrepareKernels.cpp - target environment and entry point ABI --------===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANPREPAREKERNELSPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// Whether a kernel argument of `type` can be a push constant: 32- and
/// 64-bit integers and floats, and indices (32 bits on the device). Smaller
/// ones would need the 8/16-bit push constant capabilities, and i1 has no
/// layout in an interface block.
bool isPushConstantScalar(Type type) {
  if (type.isIndex())
    return true;
  if (!type.isIntOrFloat())
    return false;
  unsigned width = type.getIntOrFloatBitWidth();
  return (width == 32 || width == 64) && !isa<ComplexType>(type);
}

/// Whether a kernel argument of `type` is an integer or float scalar
/// narrower than a push constant can hold without the 8/16-bit push
/// constant capabilities.
bool isNarrowScalar(Type type) {
  return (isa<IntegerType>(type) || isa<FloatType>(type)) &&
         type.getIntOrFloatBitWidth() < 32;
}

/// A unit-stride slice of a 1-d vector built from elements: the vector of
/// the sliced elements (what is left of a wide load after unrolling).
struct SliceOfFromElements
    : OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto source = op.getSource().getDefiningOp<vector::FromElementsOp>();
    if (!source || op.getSourceVectorType().getRank() != 1 ||
        op.getSourceVectorType().isScalable())
      return failure();
    int64_t offset = cast<IntegerAttr>(op.getOffsets()[0]).getInt();
    int64_t size = cast<IntegerAttr>(op.getSizes()[0]).getInt();
    int64_t stride = cast<IntegerAttr>(op.getStrides()[0]).getInt();
    if (stride != 1)
      return failure();
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, op.getType(),
        source.getElements().slice(offset, size));
    return success();
  }
};

/// Unrolls the vectors of more than 4 elements in `func` (if any) into
/// SPIR-V's vector sizes; the slices of the wide vectors that loads build
/// element by element (and that stores take apart) fold away. Kernels
/// without wide vectors are left as they are.
LogicalResult unrollWideVectors(gpu::GPUFuncOp func) {
  bool wideVectors = false;
  func.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (auto vector = dyn_cast<VectorType>(type))
        wideVectors |= vector.getNumElements() > 4;
  });
  if (!wideVectors)
    return success();
  if (failed(spirv::unrollVectorsInFuncBodies(func)))
    return failure();
  MLIRContext *context = func.getContext();
  RewritePatternSet folds(context);
  folds.add<SliceOfFromElements>(context);
  for (RegisteredOperationName name : context->getRegisteredOperations())
    if (name.getDialectNamespace() == "vector")
      name.getCanonicalizationPatterns(folds, context);
  (void)applyPatternsGreedily(func, std::move(folds));
  return success();
}

struct HloVulkanPrepareKernelsPass
    : hlo::impl::HloVulkanPrepareKernelsPassBase<HloVulkanPrepareKernelsPass> {
  using Base::Base;

  spirv::TargetEnvAttr buildTargetEnv() {
    MLIRContext *context = &getContext();
    auto has = [&](StringRef feature) {
      return llvm::is_contained(features, feature.str());
    };
    using spirv::Capability;
    SmallVector<Capability> caps = {
        Capability::Shader, Capability::GroupNonUniform,
        Capability::GroupNonUniformArithmetic,
        Capability::GroupNonUniformShuffle, Capability::GroupNonUniformBallot,
        Capability::GroupNonUniformVote};
    SmallVector<spirv::Extension> exts = {
        spirv::Extension::SPV_KHR_storage_buffer_storage_class};
    if (has("f16"))
      caps.push_back(Capability::Float16);
    if (has("f64"))
      caps.push_back(Capability::Float64);
    if (has("i64"))
      caps.push_back(Capability::Int64);
    if (has("i16")) {
      caps.push_back(Capability::Int16);
      caps.push_back(Capability::StorageBuffer16BitAccess);
      exts.push_back(spirv::Extension::SPV_KHR_16bit_storage);
    }
    if (has("i8")) {
      caps.push_back(Capability::Int8);
      caps.push_back(Capability::StorageBuffer8BitAccess);
      exts.push_back(spirv::Extension::SPV_KHR_8bit_storage);
    }
    auto triple =
        spirv::VerCapExtAttr::get(spirv::Version::V_1_3, caps, exts, context);
    Builder b(context);
    auto limits = spirv::ResourceLimitsAttr::get(
        context, static_cast<int>(sharedMemoryBytes),
        /*max_compute_workgroup_invocations=*/1024,
        b.getI32ArrayAttr({1024, 1024, 64}),
        static_cast<int>(subgroupSize), /*min_subgroup_size=*/std::nullopt,
        /*max_subgroup_size=*/std::nullopt,
        /*cooperative_matrix_properties_khr=*/ArrayAttr(),
        /*cooperative_matrix_properties_nv=*/ArrayAttr());
    return spirv::TargetEnvAttr::get(
        triple, limits, spirv::ClientAPI::Vulkan, spirv::Vendor::Unknown,
        spirv::DeviceType::Unknown, spirv::TargetEnvAttr::kUnknownDeviceID);
  }

  /// Passes the i1, i8, i16 and f16 scalar arguments of `kernel` as i32:
  /// the kernel truncates them back on entry (f16: its bits), and every
  /// launch of it zero-extends what it passes.
  void widenNarrowScalarArguments(gpu::GPUModuleOp kernels,
                                  gpu::GPUFuncOp kernel) {
    SmallVector<unsigned> narrow;
    for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (isNarrowScalar(type))
        narrow.push_back(i);
    if (narrow.empty())
      return;
    OpBuilder builder(&getContext());
    Type i32 = builder.getI32Type();
    Block &entry = kernel.getBody().front();
    builder.setInsertionPointToStart(&entry);
    SmallVector<Type> inputs(kernel.getArgumentTypes());
    for (unsigned i : narrow) {
      BlockArgument argument = entry.getArgument(i);
      Type original = argument.getType();
      argument.setType(i32);
      Type bits = builder.getIntegerType(original.getIntOrFloatBitWidth());
      Value truncated =
          arith::TruncIOp::create(builder, kernel.getLoc(), bits, argument);
      Operation *unwrap = truncated.getDefiningOp();
      if (bits != original) {
        truncated = arith::BitcastOp::create(builder, kernel.getLoc(),
                                             original, truncated);
      }
      argument.replaceAllUsesExcept(truncated, unwrap);
      inputs[i] = i32;
    }
    kernel.setFunctionType(
        builder.getFunctionType(inputs, kernel.getFunctionType().getResults()));
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernelModuleName() != SymbolTable::getSymbolName(kernels) ||
          launch.getKernelName() != SymbolTable::getSymbolName(kernel))
        return;
      builder.setInsertionPoint(launch);
      for (unsigned i : narrow) {
        Value operand = launch.getKernelOperands()[i];
        Type bits =
            builder.getIntegerType(operand.getType().getIntOrFloatBitWidth());
        if (bits != operand.getType())
          operand =
              arith::BitcastOp::create(builder, launch.getLoc(), bits, operand);
        auto widened =
            arith::ExtUIOp::create(builder, launch.getLoc(), i32, operand);
        launch.getKernelOperandsMutable()[i].assign(widened);
      }
    });
  }

  /// Gives the memrefs of `kernels` in the GPU dialect's workgroup and
  /// private address spaces SPIR-V's storage classes, and makes each
  /// kernel's attributions allocations at its entry: convert-gpu-to-spirv
  /// drops attributions, and turns a `memref.alloc` in Workgroup storage
  /// into a module variable and a `memref.alloca` in Function storage into
  /// a function variable.
  void allocateAttributions(gpu::GPUModuleOp kernels) {
    MLIRContext *context = &getContext();
    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [&](gpu::AddressSpaceAttr space) -> std::optional<Attribute> {
          switch (space.getValue()) {
          case gpu::AddressSpace::Workgroup:
            return spirv::StorageClassAttr::get(
                context, spirv::StorageClass::Workgroup);
          case gpu::AddressSpace::Private:
            return spirv::StorageClassAttr::get(
                context, spirv::StorageClass::Function);
          default:
            return std::nullopt;
          }
        });
    replacer.recursivelyReplaceElementsIn(kernels, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
    for (auto func : kernels.getOps<gpu::GPUFuncOp>()) {
      unsigned workgroup = func.getNumWorkgroupAttributions();
      unsigned attributions = workgroup + func.getNumPrivateAttributions();
      if (attributions == 0)
        continue;
      Block &entry = func.getBody().front();
      unsigned first = func.getFirstWorkgroupAttributionIndex();
      OpBuilder builder = OpBuilder::atBlockBegin(&entry);
      for (unsigned i = 0; i < attributions; ++i) {
        BlockArgument attribution = entry.getArgument(first + i);
        auto type = cast<MemRefType>(attribution.getType());
        Value buffer;
        if (i < workgroup)
          buffer = memref::AllocOp::create(builder, attribution.getLoc(), type);
        else
          buffer =
              memref::AllocaOp::create(builder, attribution.getLoc(), type);
        attribution.replaceAllUsesWith(buffer);
      }
      entry.eraseArguments(first, attributions);
      func->removeAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName());
      func->removeAttr(func.getWorkgroupAttribAttrsAttrName());
      func->removeAttr(func.getPrivateAttribAttrsAttrName());
    }
  }

  /// Whether a buffer argument of `type` is bound as it is: statically
  /// shaped with the identity layout (a binding of fixed size), or 1-D of
  /// dynamic size (a runtime array).
  static bool isBoundAsIs(MemRefType type) {
    return type.getLayout().isIdentity() &&
           (type.hasStaticShape() || type.getRank() == 1);
  }

  /// Passes each buffer argument of `kernel` that is a view (an offset,
  /// strides, dynamic sizes) as its base buffer, a 1-D runtime array of its
  /// elements, and the view's dynamic offset, strides and sizes as index
  /// scalars after the other arguments (push constants): the kernel's loads
  /// and stores index the base, and every launch passes the base and the
  /// view's metadata. Bare-pointer kernel arguments lose all but the
  /// pointer.
  LogicalResult passViewsByBase(gpu::GPUModuleOp kernels,
                                gpu::GPUFuncOp kernel) {
    struct View {
      unsigned argument;
      MemRefType type;
    };
    SmallVector<View> views;
    Block &entry = kernel.getBody().front();
    unsigned numInputs = kernel.getNumArguments();
    for (unsigned i = 0; i < numInputs; ++i) {
      auto type = dyn_cast<MemRefType>(kernel.getArgumentTypes()[i]);
      // A runtime array has no size to read: memref.dim needs the
      // dynamic size passed.
      if (!type || (isBoundAsIs(type) &&
                    (type.hasStaticShape() ||
                     llvm::none_of(entry.getArgument(i).getUsers(),
                                   llvm::IsaPred<memref::DimOp>))))
        continue;
      if (!type.isStrided())
        return kernel.emitError()
               << "unsupported on this device: kernel argument #" << i
               << " of type " << type << " (no strided layout)";
      for (Operation *user : entry.getArgument(i).getUsers()) {
        auto dim = dyn_cast<memref::DimOp>(user);
        if (isa<memref::LoadOp, memref::StoreOp>(user) ||
            (dim && dim.getConstantIndex()))
          continue;
        return user->emitError()
               << "unsupported on this device: kernel argument #" << i
               << " of type " << type << " used by '" << user->getName()
               << "' (a view is passed as its base buffer, which loads, "
                  "stores and memref.dim read)";
      }
      views.push_back({i, type});
    }
    if (views.empty())
      return success();

    OpBuilder builder(&getContext());
    Type indexType = builder.getIndexType();
    Location loc = kernel.getLoc();
    SmallVector<Type> inputs(kernel.getArgumentTypes());
    for (View &view : views) {
      auto [strides, offset] = view.type.getStridesAndOffset();
      builder.setInsertionPointToStart(&entry);
      // The view's metadata: a constant, or the next new argument.
      auto metadata = [&](int64_t value) -> Value {
        if (!ShapedType::isDynamic(value))
          return arith::ConstantIndexOp::create(builder, loc, value);
        inputs.push_back(indexType);
        return entry.insertArgument(inputs.size() - 1, indexType, loc);
      };
      Value offsetValue = metadata(offset);
      SmallVector<Value> strideValues, sizeValues;
      for (int64_t stride : strides)
        strideValues.push_back(metadata(stride));
      for (int64_t size : view.type.getShape())
        sizeValues.push_back(metadata(size));

      BlockArgument base = entry.getArgument(view.argument);
      auto baseType = MemRefType::get({ShapedType::kDynamic},
                                      view.type.getElementType(),
                                      MemRefLayoutAttrInterface(),
                                      view.type.getMemorySpace());
      base.setType(baseType);
      inputs[view.argument] = baseType;
      auto linearize = [&](OpBuilder &b, Location at, ValueRange indices) {
        Value linear = offsetValue;
        for (auto [index, stride] : llvm::zip(indices, strideValues)) {
          Value scaled = arith::MulIOp::create(b, at, index, stride);
          linear = arith::AddIOp::create(b, at, linear, scaled);
        }
        return linear;
      };
      for (Operation *user : llvm::make_early_inc_range(base.getUsers())) {
        OpBuilder b(user);
        if (auto load = dyn_cast<memref::LoadOp>(user)) {
          Value linear = linearize(b, load.getLoc(), load.getIndices());
          Value value =
              memref::LoadOp::create(b, load.getLoc(), base, linear);
          load.replaceAllUsesWith(value);
        } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
          Value linear = linearize(b, store.getLoc(), store.getIndices());
          memref::StoreOp::create(b, store.getLoc(), store.getValueToStore(),
                                  base, linear);
        } else {
          auto dim = cast<memref::DimOp>(user);
          dim.replaceAllUsesWith(sizeValues[*dim.getConstantIndex()]);
        }
        user->erase();
      }
    }
    kernel.setFunctionType(builder.getFunctionType(
        inputs, kernel.getFunctionType().getResults()));

    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernelModuleName() != SymbolTable::getSymbolName(kernels) ||
          launch.getKernelName() != SymbolTable::getSymbolName(kernel))
        return;
      OpBuilder b(launch);
      Location at = launch.getLoc();
      SmallVector<Value> extra;
      for (View &view : views) {
        Value operand = launch.getKernelOperands()[view.argument];
        auto metadata =
            memref::ExtractStridedMetadataOp::create(b, at, operand);
        auto [strides, offset] = view.type.getStridesAndOffset();
        // The elements the view spans from the base's start.
        Value one = arith::ConstantIndexOp::create(b, at, 1);
        Value extent =
            arith::AddIOp::create(b, at, metadata.getOffset(), one);
        for (auto [size, stride] :
             llvm::zip(metadata.getSizes(), metadata.getStrides())) {
          Value last = arith::SubIOp::create(b, at, size, one);
          Value span = arith::MulIOp::create(b, at, last, stride);
          extent = arith::AddIOp::create(b, at, extent, span);
        }
        Value flat = memref::ReinterpretCastOp::create(
            b, at, cast<MemRefType>(inputs[view.argument]),
            metadata.getBaseBuffer(), OpFoldResult(b.getIndexAttr(0)),
            ArrayRef<OpFoldResult>{extent},
            ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
        launch.getKernelOperandsMutable()[view.argument].assign(flat);
        if (ShapedType::isDynamic(offset))
          extra.push_back(metadata.getOffset());
        for (auto [stride, value] : llvm::zip(strides, metadata.getStrides()))
          if (ShapedType::isDynamic(stride))
            extra.push_back(value);
        for (auto [size, value] :
             llvm::zip(view.type.getShape(), metadata.getSizes()))
          if (ShapedType::isDynamic(size))
            extra.push_back(value);
      }
      launch.getKernelOperandsMutable().append(extra);
    });
    return success();
  }

  void runOnOperation() override {
    if (subgroupSize <= 0) {
      getOperation().emitError() << "subgroup size must be positive";
      return signalPassFailure();
    }
    spirv::TargetEnvAttr env = buildTargetEnv();
    bool failed = false;
    for (auto kernels : getOperation().getOps<gpu::GPUModuleOp>()) {
      kernels.setTargetsAttr(ArrayAttr::get(&getContext(), {env}));
      // What conversions run inside the module (math-to-spirv) look up.
      kernels->setAttr(spirv::getTargetEnvAttrName(), env);
      allocateAttributions(kernels);
      for (auto func : kernels.getOps<gpu::GPUFuncOp>()) {
        if (!func.isKernel())
          continue;
        std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
        if (!block || block->size() != 3) {
          func.emitError() << "kernel has no known_block_size: its "
                              "workgroup size must be fixed for Vulkan";
          failed = true;
          continue;
        }
        func->setAttr(spirv::getEntryPointABIAttrName(),
                      spirv::getEntryPointABIAttr(&getContext(),
                                                  *block));
        if (mlir::failed(passViewsByBase(kernels, func))) {
          failed = true;
          continue;
        }
        widenNarrowScalarArguments(kernels, func);
        // SPIR-V vectors have 2, 3 or 4 elements (8 and 16 need the
        // Vector16 capability, which Vulkan devices lack): wider vector
        // arithmetic (8 lanes of bf16 widened to f32) is unrolled.
        if (mlir::failed(unrollWideVectors(func))) {
          func.emitError() << "cannot unroll vectors to SPIR-V's sizes";
          failed = true;
          continue;
        }
        for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
          auto memref = dyn_cast<MemRefType>(type);
          if (memref && isBoundAsIs(memref))
            continue;
          if (isPushConstantScalar(type))
            continue;
          func.emitError() << "unsupported on this device: kernel argument #"
                           << i << " of type " << type
                           << " (Vulkan kernels take ranked buffers and "
                              "scalars of up to 64 bits only)";
          failed = true;
        }
      }
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
