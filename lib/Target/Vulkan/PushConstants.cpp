//===- PushConstants.cpp - scalar kernel arguments as push constants ------===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANPUSHCONSTANTSPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// The scalar that `variable` holds when it is a kernel argument
/// `spirv-lower-abi-attrs` wrapped in a storage buffer of its own (a bound
/// StorageBuffer pointer to a struct of one scalar); null otherwise.
Type getWrappedScalar(spirv::GlobalVariableOp variable) {
  auto pointer = dyn_cast<spirv::PointerType>(variable.getType());
  if (!pointer || !variable.getBinding() ||
      pointer.getStorageClass() != spirv::StorageClass::StorageBuffer)
    return nullptr;
  auto wrapper = dyn_cast<spirv::StructType>(pointer.getPointeeType());
  if (!wrapper || wrapper.getNumElements() != 1)
    return nullptr;
  Type element = wrapper.getElementType(0);
  return element.isIntOrFloat() ? element : nullptr;
}

struct HloVulkanPushConstantsPass
    : hlo::impl::HloVulkanPushConstantsPassBase<HloVulkanPushConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<spirv::GlobalVariableOp> replaced;
    for (auto entry : module.getOps<spirv::EntryPointOp>()) {
      auto function =
          symbols.lookup<spirv::FuncOp>(entry.getFn());
      if (!function)
        continue;
      if (failed(moveScalarsToPushConstants(function, symbols, replaced)))
        return signalPassFailure();
    }
    // The wrapped scalars' buffers, once no entry point reads them.
    for (spirv::GlobalVariableOp variable : replaced)
      if (SymbolTable::symbolKnownUseEmpty(variable, module))
        variable.erase();
  }

  LogicalResult
  moveScalarsToPushConstants(spirv::FuncOp function, SymbolTable &symbols,
                             SmallVectorImpl<spirv::GlobalVariableOp> &replaced) {
    // The scalars the function reads, by argument (binding) number.
    std::map<uint32_t, spirv::GlobalVariableOp> scalars;
    SmallVector<spirv::AddressOfOp> addresses;
    function.walk([&](spirv::AddressOfOp address) {
      auto variable =
          symbols.lookup<spirv::GlobalVariableOp>(address.getVariable());
      if (!variable || !getWrappedScalar(variable))
        return;
      scalars[*variable.getBinding()] = variable;
      addresses.push_back(address);
    });
    if (scalars.empty())
      return success();

    // One struct of the scalars in argument order, each aligned to its size.
    MLIRContext *context = &getContext();
    SmallVector<Type> members;
    SmallVector<spirv::StructType::OffsetInfo> offsets;
    SmallVector<int32_t> layout;
    llvm::DenseMap<uint32_t, unsigned> memberOf;
    uint64_t size = 0;
    for (auto &[binding, variable] : scalars) {
      Type scalar = getWrappedScalar(variable);
      uint64_t bytes = scalar.getIntOrFloatBitWidth() / 8;
      if (bytes != 4 && bytes != 8)
        return variable.emitError()
               << "hlo-vulkan-push-constants: kernel argument #" << binding
               << " of type " << scalar
               << " cannot be a push constant (32- and 64-bit scalars only)";
      uint64_t offset = llvm::alignTo(size, bytes);
      memberOf[binding] = members.size();
      members.push_back(scalar);
      offsets.push_back(static_cast<uint32_t>(offset));
      layout.append({static_cast<int32_t>(binding),
                     static_cast<int32_t>(offset), static_cast<int32_t>(bytes)});
      size = offset + bytes;
    }
    if (static_cast<int64_t>(size) > maxBytes)
      return function.emitError()
             << "hlo-vulkan-push-constants: the scalar arguments of kernel '"
             << function.getSymName() << "' take " << size
             << " bytes of push constants, more than the device's "
             << static_cast<int64_t>(maxBytes);
    auto block = spirv::StructType::get(members, offsets);
    auto pointer =
        spirv::PointerType::get(block, spirv::StorageClass::PushConstant);
    OpBuilder builder(function);
    auto pushConstants = spirv::GlobalVariableOp::create(
        builder, function.getLoc(), TypeAttr::get(pointer),
        builder.getStringAttr(function.getSymName() + "_push_constants"),
        /*initializer=*/nullptr);
    symbols.insert(pushConstants);
    function->setAttr("hlo.vulkan.push_constants",
                      DenseI32ArrayAttr::get(context, layout));

    // Each read `addressof @arg; access_chain [0]` becomes one of the
    // block's member.
    Type i32 = builder.getI32Type();
    for (spirv::AddressOfOp address : addresses) {
      auto variable =
          symbols.lookup<spirv::GlobalVariableOp>(address.getVariable());
      unsigned member = memberOf.lookup(*variable.getBinding());
      for (Operation *user : llvm::make_early_inc_range(address->getUsers())) {
        auto chain = dyn_cast<spirv::AccessChainOp>(user);
        if (!chain || chain.getIndices().size() != 1)
          return user->emitError()
                 << "hlo-vulkan-push-constants: a scalar kernel argument is "
                    "used other than read";
        builder.setInsertionPoint(chain);
        auto blockAddress = spirv::AddressOfOp::create(
            builder, chain.getLoc(), pointer,
            FlatSymbolRefAttr::get(pushConstants.getSymNameAttr()));
        auto index = spirv::ConstantOp::create(
            builder, chain.getLoc(), i32, builder.getI32IntegerAttr(member));
        Value indices[] = {index};
        auto memberAddress = spirv::AccessChainOp::create(
            builder, chain.getLoc(), blockAddress, indices);
        chain.replaceAllUsesWith(memberAddress.getResult());
        chain.erase();
      }
      address.erase();
      if (!llvm::is_contained(replaced, variable))
        replaced.push_back(variable);
    }
    return success();
  }
};
} // namespace
