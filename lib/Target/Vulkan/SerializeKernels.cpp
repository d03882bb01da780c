//===- SerializeKernels.cpp - spirv.modules to gpu.binary -----------------===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/SPIRV/Serialization.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANSERIALIZEKERNELSPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloVulkanSerializeKernelsPass
    : hlo::impl::HloVulkanSerializeKernelsPassBase<
          HloVulkanSerializeKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringMap<spirv::ModuleOp> spirvModules;
    for (auto spirvModule : module.getOps<spirv::ModuleOp>())
      if (std::optional<StringRef> name = spirvModule.getName())
        spirvModules[*name] = spirvModule;
    for (auto kernels :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
      std::string name = ("__spv__" + kernels.getName()).str();
      spirv::ModuleOp spirvModule = spirvModules.lookup(name);
      if (!spirvModule) {
        kernels.emitError() << "kernel module has no SPIR-V module '" << name
                            << "' (convert-gpu-to-spirv did not run)";
        return signalPassFailure();
      }
      if (!spirvModule.getVceTriple()) {
        spirvModule.emitError()
            << "SPIR-V module has no version, capabilities and extensions "
               "(spirv-update-vce did not run)";
        return signalPassFailure();
      }
      SmallVector<uint32_t> words;
      if (failed(spirv::serialize(spirvModule, words))) {
        spirvModule.emitError() << "SPIR-V serialization failed";
        return signalPassFailure();
      }
      Attribute target = spirv::lookupTargetEnvOrDefault(spirvModule);
      if (ArrayAttr targets = kernels.getTargetsAttr();
          targets && !targets.empty())
        target = targets[0];
      StringRef bytes(reinterpret_cast<const char *>(words.data()),
                      words.size() * sizeof(uint32_t));
      auto object = gpu::ObjectAttr::get(
          &getContext(), target, gpu::CompilationTarget::Binary,
          StringAttr::get(&getContext(), bytes), /*properties=*/nullptr,
          /*kernels=*/nullptr);
      OpBuilder b(kernels);
      SmallVector<Attribute> objects = {object};
      gpu::BinaryOp::create(b, kernels.getLoc(), kernels.getName(),
                            /*offloadingHandler=*/nullptr, objects);
      spirvModule.erase();
      kernels.erase();
    }
  }
};
} // namespace
