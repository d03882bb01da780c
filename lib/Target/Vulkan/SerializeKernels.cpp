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
constexpr StringLiteral kPushConstantsAttr = "hlo.vulkan.push_constants";
constexpr StringLiteral kArgumentTableMagic = "HLOVKSP1";

void appendWord(std::string &out, uint32_t word) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>((word >> (8 * i)) & 0xff));
}

struct HloVulkanSerializeKernelsPass
    : hlo::impl::HloVulkanSerializeKernelsPassBase<
          HloVulkanSerializeKernelsPass> {
  /// The push-constant layouts of the module being serialized, by kernel.
  llvm::StringMap<SmallVector<int32_t>> pushConstantLayouts;

  /// The header before the SPIR-V words (see the pass description): how
  /// the runtime passes each kernel's arguments.
  std::string writeArgumentTable(gpu::GPUModuleOp kernels,
                                 spirv::ModuleOp spirvModule) {
    std::string out = kArgumentTableMagic.str();
    SmallVector<gpu::GPUFuncOp> functions;
    for (auto function : kernels.getOps<gpu::GPUFuncOp>())
      if (function.isKernel())
        functions.push_back(function);
    appendWord(out, functions.size());
    for (gpu::GPUFuncOp function : functions) {
      StringRef name = function.getName();
      appendWord(out, name.size());
      out += name.str();
      while (out.size() % 4)
        out.push_back('\0');
      appendWord(out, function.getNumArguments());
      ArrayRef<int32_t> layout;
      if (auto it = pushConstantLayouts.find(name);
          it != pushConstantLayouts.end())
        layout = it->second;
      appendWord(out, layout.size() / 3);
      for (int32_t value : layout)
        appendWord(out, static_cast<uint32_t>(value));
    }
    return out;
  }

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
      // Read the push-constant layouts before serializing (the serializer
      // takes unknown function attributes for decorations).
      llvm::StringMap<SmallVector<int32_t>> layouts;
      for (auto function : spirvModule.getOps<spirv::FuncOp>())
        if (auto layout = function->getAttrOfType<DenseI32ArrayAttr>(
                kPushConstantsAttr)) {
          layouts[function.getSymName()] = llvm::to_vector(layout.asArrayRef());
          function->removeAttr(kPushConstantsAttr);
        }
      pushConstantLayouts = std::move(layouts);
      if (failed(spirv::serialize(spirvModule, words))) {
        spirvModule.emitError() << "SPIR-V serialization failed";
        return signalPassFailure();
      }
      Attribute target = spirv::lookupTargetEnvOrDefault(spirvModule);
      if (ArrayAttr targets = kernels.getTargetsAttr();
          targets && !targets.empty())
        target = targets[0];
      std::string bytes = writeArgumentTable(kernels, spirvModule);
      bytes.append(reinterpret_cast<const char *>(words.data()),
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

FailureOr<StringRef> hlo::getVulkanObjectSpirv(StringRef object) {
  if (!object.consume_front(kArgumentTableMagic))
    return object;
  auto word = [&](uint32_t &value) {
    if (object.size() < 4)
      return false;
    value = 0;
    for (int i = 0; i < 4; ++i)
      value |= static_cast<uint32_t>(static_cast<uint8_t>(object[i]))
               << (8 * i);
    object = object.drop_front(4);
    return true;
  };
  uint32_t kernels = 0;
  if (!word(kernels))
    return failure();
  for (uint32_t k = 0; k < kernels; ++k) {
    uint32_t length = 0, arguments = 0, constants = 0;
    if (!word(length) || object.size() < (length + 3) / 4 * 4)
      return failure();
    object = object.drop_front((length + 3) / 4 * 4);
    if (!word(arguments) || !word(constants) ||
        object.size() / 12 < constants)
      return failure();
    object = object.drop_front(12 * constants);
  }
  return object;
}
