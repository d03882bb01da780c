//===- DeviceCompiler.cpp - compile an hlo module for a device ------------===//

#include "HloDialect/Runner/DeviceCompiler.h"

#include "HloDialect/Pipelines/GpuPipeline.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runner/Npy.h"
#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::hlo;

bool hlo::isGpuDevice(StringRef device) {
  return lookupGpuBackend(device) != nullptr;
}

namespace {
/// Writes `bytes` to `path` through a temporary file and a rename, so that
/// a failed run never leaves a truncated file behind.
LogicalResult writeFileAtomically(Location loc, StringRef path,
                                  StringRef bytes) {
  SmallString<128> temp(path);
  temp += ".tmp";
  {
    std::error_code error;
    llvm::raw_fd_ostream os(temp, error);
    if (error)
      return emitError(loc) << "cannot write '" << temp
                            << "': " << error.message();
    os << bytes;
    os.close();
    if (os.has_error())
      return emitError(loc) << "cannot write '" << temp
                            << "': " << os.error().message();
  }
  if (std::error_code error = llvm::sys::fs::rename(temp, path))
    return emitError(loc) << "cannot write '" << path
                          << "': " << error.message();
  return success();
}

LogicalResult ensureDirectory(Location loc, StringRef dir) {
  // One level only: a mistyped path should fail, not grow a tree.
  if (std::error_code error = llvm::sys::fs::create_directory(dir))
    return emitError(loc) << "cannot create directory '" << dir
                          << "': " << error.message();
  return success();
}

/// Writes each object of each gpu.binary in `module` whose format is
/// `format` as DIR/<binary><extension>.
LogicalResult writeObjects(ModuleOp module, StringRef dir,
                           gpu::CompilationTarget format,
                           StringRef extension) {
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    for (Attribute attr : binary.getObjectsAttr()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object || object.getFormat() != format)
        continue;
      StringRef bytes = object.getObject().getValue();
      // SPIR-V is written without the argument table our runtime reads
      // before it: spirv-val and spirv-dis take the file as it is.
      if (extension == ".spv") {
        FailureOr<StringRef> spirv = getVulkanObjectSpirv(bytes);
        if (failed(spirv))
          return binary.emitError("malformed Vulkan kernel object");
        bytes = *spirv;
      }
      SmallString<128> path(dir);
      llvm::sys::path::append(path, binary.getName() + extension);
      if (failed(writeFileAtomically(binary.getLoc(), path, bytes)))
        return failure();
    }
  }
  return success();
}

LogicalResult runGpuPipeline(ModuleOp module, const DeviceCompileOptions &options,
                             HloGpuPipelineOptions &pipelineOptions) {
  // gpu-module-to-binary translates the kernels to LLVM IR.
  DialectRegistry registry;
  registerAllToLLVMIRTranslations(registry);
  module.getContext()->appendDialectRegistry(registry);
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  std::string error;
  if (failed(buildHloGpuPipeline(pm, pipelineOptions, &error)))
    return emitError(module.getLoc()) << error;
  if (options.configurePassManager && failed(options.configurePassManager(pm)))
    return failure();
  return runPipeline(pm, module, options.verifyEachPass, "hlo-gpu-pipeline");
}
} // namespace

LogicalResult hlo::lowerForDevice(ModuleOp module,
                                  const DeviceCompileOptions &options,
                                  StringRef dumpDir) {
  HloGpuPipelineOptions pipelineOptions;
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions)))
    return emitError(module.getLoc())
           << "invalid hlo-gpu-pipeline options '" << options.pipelineOptions
           << "'";
  pipelineOptions.target = options.device;
  if (!isGpuDevice(options.device))
    return emitError(module.getLoc())
           << "unknown device '" << options.device << "'";

  bool cuda = options.device == "cuda";
  bool vulkan = options.device == "vulkan";
  if (!dumpDir.empty() && vulkan) {
    // SPIR-V binaries only (spirv-dis shows them).
    if (failed(ensureDirectory(module.getLoc(), dumpDir)) ||
        failed(runGpuPipeline(module, options, pipelineOptions)))
      return failure();
    return writeObjects(module, dumpDir, gpu::CompilationTarget::Binary,
                        ".spv");
  }
  if (!dumpDir.empty()) {
    if (failed(ensureDirectory(module.getLoc(), dumpDir)))
      return failure();
    // The readable form (PTX, AMDGPU assembly) from a lowering of a copy.
    OwningOpRef<ModuleOp> copy(module.clone());
    HloGpuPipelineOptions isaOptions;
    (void)isaOptions.parseFromString(options.pipelineOptions);
    isaOptions.target = options.device;
    isaOptions.format = "isa";
    DeviceCompileOptions quiet = options;
    quiet.configurePassManager = nullptr;
    if (failed(runGpuPipeline(*copy, quiet, isaOptions)) ||
        failed(writeObjects(*copy, dumpDir, gpu::CompilationTarget::Assembly,
                            cuda ? ".ptx" : ".s")))
      return failure();
  }
  if (failed(runGpuPipeline(module, options, pipelineOptions)))
    return failure();
  if (!dumpDir.empty() && cuda &&
      failed(writeObjects(module, dumpDir, gpu::CompilationTarget::Binary,
                          ".cubin")))
    return failure();
  return success();
}

std::string hlo::getAotTypeName(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() ? "c64" : "c128";
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return "i1";
    return (integer.isUnsigned() ? "ui" : "i") +
           std::to_string(integer.getWidth());
  }
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

std::string hlo::getAotSignature(StringRef device,
                                 ArrayRef<RankedTensorType> inputs,
                                 ArrayRef<RankedTensorType> results) {
  std::string signature = device.str();
  auto appendList = [&](ArrayRef<RankedTensorType> types) {
    signature += ";";
    for (auto [i, type] : llvm::enumerate(types)) {
      if (i)
        signature += ",";
      signature += getAotTypeName(type.getElementType()) + "[";
      for (auto [d, size] : llvm::enumerate(type.getShape()))
        signature += (d ? "," : "") + std::to_string(size);
      signature += "]";
    }
  };
  appendList(inputs);
  appendList(results);
  return signature;
}

namespace {
/// Adds `void hlo_aot_entry(void **buffers)`, which passes each buffer to
/// the lowered entry as a memref descriptor with an identity layout.
LogicalResult addPackedEntry(llvm::Module &module, StringRef entryName,
                             StringRef entrySymbol,
                             ArrayRef<RankedTensorType> inputs,
                             ArrayRef<RankedTensorType> results,
                             Location loc) {
  llvm::Function *entry = module.getFunction(entryName);
  if (!entry)
    return emitError(loc) << "the lowered module has no function '"
                          << entryName << "'";
  llvm::LLVMContext &context = module.getContext();
  auto *ptrType = llvm::PointerType::get(context, 0);
  auto *i64 = llvm::Type::getInt64Ty(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                       {ptrType}, /*isVarArg=*/false);
  auto *wrapper = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, entrySymbol, module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", wrapper));
  SmallVector<llvm::Value *> args;
  unsigned index = 0;
  for (RankedTensorType tensor : llvm::concat<const RankedTensorType>(
           inputs, results)) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptrType, wrapper->getArg(0),
                                             index++);
    llvm::Value *pointer = b.CreateLoad(ptrType, slot);
    args.push_back(pointer); // allocated
    args.push_back(pointer); // aligned
    args.push_back(llvm::ConstantInt::get(i64, 0));
    ArrayRef<int64_t> shape = tensor.getShape();
    for (int64_t size : shape)
      args.push_back(llvm::ConstantInt::get(i64, size));
    int64_t stride = 1;
    SmallVector<int64_t> strides(shape.size());
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      strides[d] = stride;
      stride *= shape[d];
    }
    for (int64_t s : strides)
      args.push_back(llvm::ConstantInt::get(i64, s));
  }
  if (args.size() != entry->arg_size())
    return emitError(loc) << "the lowered '" << entryName << "' takes "
                          << entry->arg_size() << " arguments, "
                          << args.size() << " expected";
  b.CreateCall(entry, args);
  b.CreateRetVoid();
  // Only the entry and the signature are the object's interface: a program
  // function named `main` must not be confused with (or interposed by) the
  // executable's.
  for (llvm::Function &function : module)
    if (!function.isDeclaration() && &function != wrapper)
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalVariable &global : module.globals())
    if (!global.isDeclaration() && !global.getName().starts_with("llvm."))
      global.setLinkage(llvm::GlobalValue::InternalLinkage);
  return success();
}
} // namespace

namespace {
constexpr const char *kAotTriple = "x86_64-unknown-linux-gnu";

/// The CPU name and feature string `options` stand for: `native` is this
/// host's CPU with its features.
std::pair<std::string, std::string>
resolveAotTarget(const AotObjectOptions &options) {
  std::string cpu = options.cpu, features = options.features;
  if (cpu == "native") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures hostFeatures;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      hostFeatures.AddFeature(feature.getKey(), feature.getValue());
    if (!features.empty())
      hostFeatures.AddFeature(features);
    features = hostFeatures.getString();
  }
  return {cpu, features};
}
} // namespace

FailureOr<int64_t> hlo::getAotVectorBits(const AotObjectOptions &options) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    return true;
  }();
  (void)initialized;
  llvm::Triple triple(kAotTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return failure();
  auto [cpu, features] = resolveAotTarget(options);
  // (Checked on a generic subtarget first: LLVM warns on stderr when it
  // creates one for an unknown CPU.)
  std::unique_ptr<llvm::MCSubtargetInfo> generic(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!generic || !generic->isCPUStringValid(cpu))
    return failure();
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, cpu, features));
  if (!subtarget)
    return failure();
  if (subtarget->checkFeatures("+avx512f"))
    return 512;
  if (subtarget->checkFeatures("+avx"))
    return 256;
  return 128;
}

LogicalResult hlo::emitAotObject(ModuleOp module, StringRef entry,
                                 StringRef signature,
                                 ArrayRef<RankedTensorType> inputs,
                                 ArrayRef<RankedTensorType> results,
                                 StringRef path,
                                 const AotObjectOptions &options) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  Location loc = module.getLoc();
  DialectRegistry registry;
  registerAllToLLVMIRTranslations(registry);
  module.getContext()->appendDialectRegistry(registry);

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "hlo_aot_program");
  if (!llvmModule)
    return emitError(loc) << "translation to LLVM IR failed";
  if (failed(addPackedEntry(*llvmModule, entry, options.entrySymbol, inputs,
                            results, loc)))
    return failure();
  // Vulkan programs call our Vulkan runtime's hloVk* functions in place of
  // upstream's mgpu* ones (those are the CUDA runtime's in hlo-aot-run).
  if (signature.starts_with("vulkan;"))
    for (llvm::Function &function : *llvmModule)
      if (function.isDeclaration() && function.getName().starts_with("mgpu"))
        function.setName("hloVk" + function.getName().drop_front(4));
  if (!options.signatureSymbol.empty()) {
    llvm::Constant *text =
        llvm::ConstantDataArray::getString(context, signature);
    new llvm::GlobalVariable(*llvmModule, text->getType(),
                             /*isConstant=*/true,
                             llvm::GlobalValue::ExternalLinkage, text,
                             options.signatureSymbol);
  }

  // The program runs on another x86-64 machine: generic x86-64 unless told
  // otherwise, position independent (it may be linked into a shared
  // object).
  llvm::Triple triple(kAotTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return emitError(loc) << "no x86-64 code generator: " << error;
  llvm::TargetOptions targetOptions;
  // The kernels are loaded by global constructors: .init_array, as every
  // current loader expects.
  targetOptions.UseInitArray = true;
  auto [cpu, features] = resolveAotTarget(options);
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, targetOptions, llvm::Reloc::PIC_));
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  auto optimize = makeOptimizingTransformer(2, 0, machine.get());
  if (llvm::Error err = optimize(llvmModule.get()))
    return emitError(loc) << "optimizing host code failed: "
                          << llvm::toString(std::move(err));

  SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return emitError(loc) << "x86-64 object emission is not supported";
  codegen.run(*llvmModule);
  if (path.empty())
    return success();
  return writeFileAtomically(loc, path, object);
}

namespace {
/// Removes a temporary directory and what is in it when it goes away.
struct TemporaryDirectory {
  SmallString<128> path;
  ~TemporaryDirectory() {
    if (!path.empty())
      (void)llvm::sys::fs::remove_directories(path);
  }
};

/// The first line of `path` that says "error", else its last line.
std::string firstErrorLine(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "";
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines)
    if (line.contains("error"))
      return line.str();
  return lines.empty() ? "" : lines.back().str();
}
} // namespace

FailureOr<SmallVector<HostTensor>>
hlo::runOnDevice(ModuleOp module, StringRef entry, StringRef signature,
                 ArrayRef<HostTensor> inputs,
                 ArrayRef<RankedTensorType> resultTypes,
                 const AotRunOptions &options, llvm::raw_ostream &os) {
  Location loc = module.getLoc();
  std::string runner = options.aotRunner;
  if (runner.empty()) {
    std::string self = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&hlo::runOnDevice));
    SmallString<128> sibling(llvm::sys::path::parent_path(self));
    llvm::sys::path::append(sibling, "hlo-aot-run");
    runner = sibling.str().str();
  }
  if (!llvm::sys::fs::can_execute(runner))
    return emitError(loc) << "running on a device needs hlo-aot-run, not "
                             "found at '"
                          << runner << "'";
  llvm::ErrorOr<std::string> linker = llvm::sys::findProgramByName("cc");
  if (!linker)
    linker = llvm::sys::findProgramByName("clang");
  if (!linker)
    return emitError(loc) << "running on a device needs a C compiler driver "
                             "(cc) to link the program object";

  TemporaryDirectory dir;
  if (std::error_code error =
          llvm::sys::fs::createUniqueDirectory("hlo-device", dir.path))
    return emitError(loc) << "cannot create a temporary directory: "
                          << error.message();
  auto inDir = [&](const Twine &name) {
    SmallString<128> path(dir.path);
    llvm::sys::path::append(path, name);
    return path.str().str();
  };
  std::string object = inDir("program.o"), library = inDir("program.so");
  if (failed(emitAotObject(module, entry, signature,
                           llvm::map_to_vector(inputs,
                                               [](const HostTensor &t) {
                                                 return t.getType();
                                               }),
                           resultTypes, object)))
    return failure();
  std::string linkLog = inDir("link.log");
  std::optional<StringRef> linkRedirects[] = {std::nullopt, linkLog, linkLog};
  SmallVector<StringRef> linkArgs = {*linker, "-shared", object, "-o",
                                     library};
  if (llvm::sys::ExecuteAndWait(*linker, linkArgs, std::nullopt,
                                linkRedirects) != 0)
    return emitError(loc) << "linking the program object failed: "
                          << firstErrorLine(linkLog);

  SmallVector<std::string> args = {runner, library};
  for (auto [i, input] : llvm::enumerate(inputs)) {
    std::string path = inDir("input" + Twine(i) + ".npy");
    if (llvm::Error error = writeNpyFile(path, input))
      return emitError(loc) << llvm::toString(std::move(error));
    args.push_back("--input=" + path);
  }
  std::string outputDir = inDir("out");
  args.push_back("--output=" + outputDir);
  if (options.benchmarkRuns)
    args.push_back("--benchmark=" + std::to_string(options.benchmarkRuns));
  if (options.profile)
    args.push_back("--profile");
  std::string stdoutLog = inDir("stdout.log"), stderrLog = inDir("stderr.log");
  std::optional<StringRef> redirects[] = {std::nullopt, stdoutLog, stderrLog};
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  int status = llvm::sys::ExecuteAndWait(runner, argRefs, std::nullopt,
                                         redirects);
  if (auto out = llvm::MemoryBuffer::getFile(stdoutLog))
    os << (*out)->getBuffer();
  if (status != 0)
    return emitError(loc) << "running on the device failed: "
                          << firstErrorLine(stderrLog);
  SmallVector<HostTensor> results;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    std::string path = outputDir + "/result" + std::to_string(i) + ".npy";
    auto tensor = readNpyFile(path, module.getContext());
    if (!tensor)
      return emitError(loc) << llvm::toString(tensor.takeError());
    if (tensor->getType() != type)
      return emitError(loc) << "the device returned " << tensor->getType()
                            << " for result #" << i << " of type " << type;
    results.push_back(std::move(*tensor));
  }
  return results;
}
