//===- HostJit.cpp - parallel LLVM code generation and an object JIT ------===//

#include "HloDialect/Runner/HostJit.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <chrono>
#include <ctime>
#include <mutex>
#if defined(__linux__) && defined(__x86_64__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace mlir;
using namespace mlir::hlo;

namespace {
double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// CPU seconds of the calling thread (what a partition's compilation costs,
/// whatever else runs on the machine).
double threadCpuSeconds() {
#if defined(__linux__)
  timespec now;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return static_cast<double>(now.tv_sec) + 1e-9 * now.tv_nsec;
#endif
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostMachine(unsigned optLevel) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(
      static_cast<llvm::CodeGenOptLevel>(std::min(optLevel, 3u)));
  // Objects are linked anywhere in the address space by the JIT.
  builder->setRelocationModel(llvm::Reloc::PIC_);
  builder->setCodeModel(llvm::CodeModel::Small);
  return builder->createTargetMachine();
}

/// `_mlir_<name>(void **args)`: calls `name` with *args[i] as argument i.
void addPackedWrapper(llvm::Module &module, llvm::Function &function) {
  llvm::LLVMContext &context = module.getContext();
  auto *ptrType = llvm::PointerType::getUnqual(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                       {ptrType}, /*isVarArg=*/false);
  auto *wrapper =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                             "_mlir_" + function.getName(), module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", wrapper));
  SmallVector<llvm::Value *> args;
  for (llvm::Argument &arg : function.args()) {
    llvm::Value *slot = builder.CreateConstGEP1_64(
        ptrType, wrapper->getArg(0), arg.getArgNo());
    llvm::Value *pointer = builder.CreateLoad(ptrType, slot);
    args.push_back(builder.CreateLoad(arg.getType(), pointer));
  }
  llvm::CallInst *call = builder.CreateCall(&function, args);
  if (!function.getReturnType()->isVoidTy()) {
    llvm::Value *slot = builder.CreateConstGEP1_64(
        ptrType, wrapper->getArg(0), function.arg_size());
    llvm::Value *pointer = builder.CreateLoad(ptrType, slot);
    builder.CreateStore(call, pointer);
  }
  builder.CreateRetVoid();
}

/// Every partition becomes an object of its own, which the JIT may load
/// anywhere in the address space, further than a 32-bit offset reaches
/// from another (it did under AddressSanitizer, whose allocations move the
/// JIT's: "relocation ... is out of range of Delta32 fixup" linking a
/// constant's address). A symbol declared in a partition is defined in
/// another: it is reached through the GOT (calls through a PLT stub the
/// JIT makes when the target is far), not by a PC-relative offset that a
/// dso_local or hidden declaration would get.
void reachOtherPartitionsThroughTheGot(llvm::Module &part) {
  for (llvm::GlobalValue &value : part.global_values()) {
    if (!value.isDeclaration())
      continue;
    if (auto *function = llvm::dyn_cast<llvm::Function>(&value))
      if (function->isIntrinsic())
        continue;
    value.setVisibility(llvm::GlobalValue::DefaultVisibility);
    value.setDSOLocal(false);
  }
}

/// Optimizes `module` and emits it as an object file.
llvm::Expected<std::string>
compilePartition(llvm::Module &module, const HostCodegenOptions &options,
                 double &optimizeSeconds, double &codegenSeconds) {
  auto machine = createHostMachine(options.optLevel);
  if (!machine)
    return machine.takeError();
  double start = threadCpuSeconds();
  if (llvm::Error error = optimizeModule(module, **machine, options))
    return std::move(error);
  optimizeSeconds = threadCpuSeconds() - start;
  if (options.inspectOptimized)
    options.inspectOptimized(module);
  start = threadCpuSeconds();
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager passes;
  if ((*machine)->addPassesToEmitFile(passes, os, nullptr,
                                      llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the host target cannot emit objects");
  passes.run(module);
  codegenSeconds = threadCpuSeconds() - start;
  return std::string(buffer.begin(), buffer.end());
}
} // namespace

llvm::Error hlo::optimizeModule(llvm::Module &module,
                                llvm::TargetMachine &machine,
                                const HostCodegenOptions &options) {
  llvm::OptimizationLevel level;
  switch (options.optLevel) {
  case 0:
    level = llvm::OptimizationLevel::O0;
    break;
  case 1:
    level = llvm::OptimizationLevel::O1;
    break;
  case 2:
    level = llvm::OptimizationLevel::O2;
    break;
  default:
    level = llvm::OptimizationLevel::O3;
    break;
  }
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager cgsccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  // As MLIR's makeOptimizingTransformer, but for unrolling.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = options.loopUnrolling;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);
  llvm::ModulePassManager passes =
      level == llvm::OptimizationLevel::O0
          ? builder.buildO0DefaultPipeline(level)
          : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, moduleAnalyses);
  return llvm::Error::success();
}

std::string hlo::getHostCpuKey() {
  std::string key = llvm::sys::getProcessTriple() + ";" +
                    llvm::sys::getHostCPUName().str();
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  SmallVector<std::string> enabled;
  for (auto &feature : features)
    enabled.push_back((feature.second ? "+" : "-") + feature.first().str());
  llvm::sort(enabled);
  for (const std::string &feature : enabled)
    key += ";" + feature;
  return key;
}

bool hlo::requestAmxTileState() {
#if defined(__linux__) && defined(__x86_64__)
  // ARCH_REQ_XCOMP_PERM and XFEATURE_XTILEDATA of <asm/prctl.h>; the
  // permission is for the whole process, its threads included.
  constexpr long archReqXcompPerm = 0x1023, xfeatureXtiledata = 18;
  static const bool granted =
      syscall(SYS_arch_prctl, archReqXcompPerm, xfeatureXtiledata) == 0;
  return granted;
#else
  return false;
#endif
}

std::string hlo::getHostDotTargetFeatures() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](StringRef name) {
    auto it = features.find(name);
    return it != features.end() && it->second;
  };
  std::string result;
  auto add = [&](StringRef feature) {
    if (!result.empty())
      result += ",";
    result += "+";
    result += feature;
  };
  if (has("amx-tile") && requestAmxTileState()) {
    add("amx-tile");
    if (has("amx-bf16"))
      add("amx-bf16");
    if (has("amx-int8"))
      add("amx-int8");
  }
  if (has("avx512f") && has("avx512bf16"))
    add("avx512bf16");
  if (has("avx512bw") && has("avx512vnni"))
    add("avx512vnni");
  return result;
}

int64_t hlo::getHostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](StringRef name) {
    auto it = features.find(name);
    return it != features.end() && it->second;
  };
  if (has("avx512f"))
    return 512;
  if (has("avx2") || has("avx"))
    return 256;
  return 128;
}

int64_t hlo::getHostL2CacheBytes() {
  constexpr int64_t fallback = 256 << 10;
#if defined(_SC_LEVEL2_CACHE_SIZE)
  long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (bytes > 0)
    return bytes;
#endif
  // sysfs: "512K" (index2 is the L2 on x86 and most other CPUs; its level
  // file says so).
  for (int index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    auto level = llvm::MemoryBuffer::getFile(dir + "/level");
    auto size = llvm::MemoryBuffer::getFile(dir + "/size");
    if (!level || !size)
      continue;
    if ((*level)->getBuffer().trim() != "2")
      continue;
    StringRef text = (*size)->getBuffer().trim();
    int64_t scale = 1;
    if (text.consume_back("K"))
      scale = 1 << 10;
    else if (text.consume_back("M"))
      scale = 1 << 20;
    int64_t value = 0;
    if (!text.getAsInteger(10, value) && value > 0)
      return value * scale;
  }
  return fallback;
}

FailureOr<SmallVector<std::string>>
hlo::compileToObjects(ModuleOp module, ArrayRef<std::string> packed,
                      const HostCodegenOptions &options,
                      HostCodegenTimings &timings) {
  auto start = std::chrono::steady_clock::now();
  auto machine = createHostMachine(options.optLevel);
  if (!machine) {
    emitError(module.getLoc()) << "cannot create the host target: "
                               << llvm::toString(machine.takeError());
    return failure();
  }
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule) {
    emitError(module.getLoc()) << "translation to LLVM IR failed";
    return failure();
  }
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  for (const std::string &name : packed) {
    llvm::Function *function = llvmModule->getFunction(name);
    if (!function || function->isDeclaration()) {
      emitError(module.getLoc()) << "no function '" << name << "' to call";
      return failure();
    }
    addPackedWrapper(*llvmModule, *function);
  }
  // Identical functions compiled once: a model's repeated layers give the
  // same fusions (and parallel loop bodies) many times over; a duplicate
  // becomes a call of the function it equals (or is replaced by it). The
  // functions kept are not inlined into those calls: that would copy them
  // again.
  if (options.mergeIdenticalFunctions && !options.inspectOptimized) {
    SmallVector<llvm::Function *> definitions;
    for (llvm::Function &function : *llvmModule)
      if (!function.isDeclaration())
        definitions.push_back(&function);
    llvm::DenseMap<llvm::Function *, llvm::Function *> merged =
        llvm::MergeFunctionsPass::runOnFunctions(definitions);
    llvm::SmallPtrSet<llvm::Function *, 16> kept;
    for (auto [duplicate, replacement] : merged)
      kept.insert(replacement);
    // Only functions still in the module are touched.
    for (llvm::Function &function : *llvmModule)
      if (kept.contains(&function))
        function.addFnAttr(llvm::Attribute::NoInline);
    timings.mergedFunctions = merged.size();
  }

  unsigned threads = options.threads
                         ? options.threads
                         : llvm::hardware_concurrency().compute_thread_count();
  unsigned definitions = 0;
  for (llvm::Function &function : *llvmModule)
    if (!function.isDeclaration())
      ++definitions;
  // A few partitions per thread balance the load (functions differ in size).
  unsigned partitions = std::max(1u, std::min(definitions, 4 * threads));
  timings.threads = std::min(threads, partitions);
  timings.partitions = partitions;

  SmallVector<std::string> objects(partitions);
  SmallVector<double> optimizeSeconds(partitions), codegenSeconds(partitions);
  std::mutex errorMutex;
  std::string errors;
  auto record = [&](llvm::Error error) {
    std::lock_guard<std::mutex> lock(errorMutex);
    errors += llvm::toString(std::move(error)) + "\n";
  };

  if (partitions == 1) {
    timings.translate = secondsSince(start);
    start = std::chrono::steady_clock::now();
    auto object = compilePartition(*llvmModule, options,
                                   optimizeSeconds[0], codegenSeconds[0]);
    if (!object)
      record(object.takeError());
    else
      objects[0] = std::move(*object);
  } else {
    // Each partition goes to its own LLVMContext (as bitcode): contexts are
    // not shared between threads.
    SmallVector<std::string> bitcode;
    llvm::SplitModule(
        *llvmModule, partitions,
        [&](std::unique_ptr<llvm::Module> part) {
          reachOtherPartitionsThroughTheGot(*part);
          std::string text;
          llvm::raw_string_ostream os(text);
          llvm::WriteBitcodeToFile(*part, os);
          bitcode.push_back(std::move(text));
        },
        /*PreserveLocals=*/false, /*RoundRobin=*/true);
    objects.resize(bitcode.size());
    optimizeSeconds.resize(bitcode.size());
    codegenSeconds.resize(bitcode.size());
    timings.partitions = bitcode.size();
    timings.translate = secondsSince(start);
    start = std::chrono::steady_clock::now();
    llvm::StdThreadPool pool(llvm::hardware_concurrency(threads));
    for (size_t i = 0; i < bitcode.size(); ++i)
      pool.async([&, i] {
        llvm::LLVMContext partContext;
        auto part = llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(bitcode[i], "partition"), partContext);
        if (!part)
          return record(part.takeError());
        auto object = compilePartition(**part, options,
                                       optimizeSeconds[i], codegenSeconds[i]);
        if (!object)
          return record(object.takeError());
        objects[i] = std::move(*object);
      });
    pool.wait();
  }
  timings.parallel = secondsSince(start);
  for (size_t i = 0; i < objects.size(); ++i) {
    timings.optimize += optimizeSeconds[i];
    timings.codegen += codegenSeconds[i];
  }
  if (!errors.empty()) {
    emitError(module.getLoc()) << "LLVM code generation failed: " << errors;
    return failure();
  }
  return objects;
}

HostJit::~HostJit() {
  // The code is freed once no thread runs it: the pool's workers may still
  // be returning through a task of the last call (the thread pool itself
  // stays for the next program), and the libraries' own threads are
  // stopped by their destroy functions.
  waitForHostTasks();
  for (void (*destroy)() : destroyFunctions)
    destroy();
  jit.reset();
}

llvm::Expected<std::unique_ptr<HostJit>>
HostJit::create(ArrayRef<std::string> objects,
                ArrayRef<std::string> sharedLibs,
                const llvm::StringMap<void *> &symbols) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*builder))
                 .create();
  if (!jit)
    return jit.takeError();
  std::unique_ptr<HostJit> result(new HostJit());
  result->jit = std::move(*jit);
  llvm::orc::LLJIT &lljit = *result->jit;
  llvm::orc::JITDylib &dylib = lljit.getMainJITDylib();
  char prefix = lljit.getDataLayout().getGlobalPrefix();

  // malloc, free, memcpy, ... from the process.
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));

  llvm::orc::SymbolMap absolute;
  auto define = [&](StringRef name, void *address) {
    absolute[lljit.mangleAndIntern(name)] = {
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported};
  };
  for (const std::string &path : sharedLibs) {
    std::string error;
    auto library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
    if (!library.isValid())
      return llvm::createStringError("cannot load '" + path + "': " + error);
    void *init =
        library.getAddressOfSymbol(ExecutionEngine::kLibraryInitFnName);
    void *destroy =
        library.getAddressOfSymbol(ExecutionEngine::kLibraryDestroyFnName);
    if (!init || !destroy) {
      auto generator =
          llvm::orc::DynamicLibrarySearchGenerator::Load(path.c_str(), prefix);
      if (!generator)
        return generator.takeError();
      dylib.addGenerator(std::move(*generator));
      continue;
    }
    llvm::StringMap<void *> exported;
    reinterpret_cast<ExecutionEngine::LibraryInitFn>(init)(exported);
    for (auto &symbol : exported)
      define(symbol.first(), symbol.second);
    result->destroyFunctions.push_back(
        reinterpret_cast<ExecutionEngine::LibraryDestroyFn>(destroy));
  }
  for (auto &symbol : symbols)
    define(symbol.first(), symbol.second);
  if (!absolute.empty())
    if (llvm::Error error =
            dylib.define(llvm::orc::absoluteSymbols(std::move(absolute))))
      return std::move(error);

  for (auto [i, object] : llvm::enumerate(objects))
    if (llvm::Error error = lljit.addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
            object, "partition" + std::to_string(i) + ".o")))
      return std::move(error);
  return result;
}

llvm::Expected<void (*)(void **)> HostJit::lookupPacked(StringRef name) {
  auto address = jit->lookup(("_mlir_" + name).str());
  if (!address)
    return address.takeError();
  return address->toPtr<void (*)(void **)>();
}
