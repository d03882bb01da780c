//===- Runner.cpp - compile an hlo module and run it on the host ----------===//
//
// ABI: the CPU pipeline turns results into out-parameters and the entry gets
// a C interface (`_mlir_ciface_<entry>`) taking one pointer to a memref
// descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} per
// input and then per result. The caller owns all buffers.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runner/Runner.h"

#include "HloDialect/Runner/Probes.h"

#include "llvm/Support/Format.h"

#include <unistd.h>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <unistd.h>

using namespace mlir;
using namespace mlir::hlo;

CompiledModule::~CompiledModule() = default;
CompiledModule::CompiledModule(CompiledModule &&) noexcept = default;

namespace {
double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

FailureOr<RankedTensorType> getStaticTensorType(Type type, Location loc,
                                                StringRef what, size_t index) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape()) {
    emitError(loc) << "the runner needs statically shaped tensors, but "
                   << what << " #" << index << " has type " << type;
    return failure();
  }
  return tensor;
}

/// A memref descriptor laid out as the LLVM lowering expects: all fields
/// are 8 bytes, so a flat array of words has the struct's layout.
SmallVector<int64_t> makeDescriptor(char *data, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> words;
  auto address = reinterpret_cast<int64_t>(data);
  words.push_back(address); // allocated
  words.push_back(address); // aligned
  words.push_back(0);       // offset
  llvm::append_range(words, shape);
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  llvm::append_range(words, strides);
  return words;
}
} // namespace

FailureOr<CompiledModule> CompiledModule::compile(ModuleOp module,
                                                  const RunnerOptions &options) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  MLIRContext *context = module.getContext();

  auto entry = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!entry || entry.isExternal()) {
    emitError(module.getLoc()) << "entry function '@" << options.entry
                               << "' not found";
    return failure();
  }
  CompiledModule compiled;
  compiled.entry = options.entry;
  for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes())) {
    auto tensor = getStaticTensorType(type, entry.getLoc(), "parameter", i);
    if (failed(tensor))
      return failure();
    compiled.inputTypes.push_back(*tensor);
  }
  for (auto [i, type] : llvm::enumerate(entry.getResultTypes())) {
    auto tensor = getStaticTensorType(type, entry.getLoc(), "result", i);
    if (failed(tensor))
      return failure();
    compiled.resultTypes.push_back(*tensor);
  }
  // The runner allocates every parameter and result: refuse what this
  // machine cannot hold instead of failing the allocation.
  double bytes = 0;
  for (RankedTensorType type :
       llvm::concat<RankedTensorType>(compiled.inputTypes,
                                      compiled.resultTypes))
    bytes += static_cast<double>(type.getNumElements()) *
             HostTensor::getStorageSize(type.getElementType());
  double memory = static_cast<double>(sysconf(_SC_PHYS_PAGES)) *
                  static_cast<double>(sysconf(_SC_PAGE_SIZE));
  if (memory > 0 && bytes > memory) {
    emitError(entry.getLoc())
        << "the parameters and results of @" << options.entry << " take "
        << llvm::formatv("{0:F1}", bytes / (1 << 30)).str()
        << " GiB, more than the "
        << llvm::formatv("{0:F1}", memory / (1 << 30)).str()
        << " GiB of memory of this machine";
    return failure();
  }
  entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                 UnitAttr::get(context));
  compiled.probes = std::make_unique<ProbeRecorder>();
  compiled.probeOutputDir = options.probeOutputDir;
  if (failed(compiled.probes->instrument(module)))
    return failure();

  PassManager pm(context, ModuleOp::getOperationName());
  HloCpuPipelineOptions pipelineOptions;
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions)))
    return emitError(entry.getLoc())
           << "invalid hlo-cpu-pipeline options '" << options.pipelineOptions
           << "'";
  pipelineOptions.canonicalize =
      options.canonicalize && pipelineOptions.canonicalize;
  if (pipelineOptions.threads < 1)
    return emitError(entry.getLoc())
           << "hlo-cpu-pipeline option threads must be at least 1, got "
           << static_cast<int64_t>(pipelineOptions.threads);
  buildHloCpuPipeline(pm, pipelineOptions);
  if (options.configurePassManager &&
      failed(options.configurePassManager(pm)))
    return failure();
  auto pipelineStart = std::chrono::steady_clock::now();
  if (failed(pm.run(module)))
    return failure();
  compiled.timings.pipeline = secondsSince(pipelineStart);
  if (options.printLoweredIR)
    module.print(llvm::errs());

  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  // The optimizer's cost models (vector widths, FMA) are the host's.
  std::unique_ptr<llvm::TargetMachine> hostMachine;
  if (auto builder = llvm::orc::JITTargetMachineBuilder::detectHost()) {
    if (auto machine = builder->createTargetMachine())
      hostMachine = std::move(*machine);
    else
      llvm::consumeError(machine.takeError());
  } else {
    llvm::consumeError(builder.takeError());
  }
  auto optimizer = makeOptimizingTransformer(options.optLevel,
                                             /*sizeLevel=*/0,
                                             hostMachine.get());
  double &optimizeSeconds = compiled.timings.optimize;
  auto transformer = [&](llvm::Module *llvmModule) -> llvm::Error {
    auto start = std::chrono::steady_clock::now();
    llvm::Error error = optimizer(llvmModule);
    optimizeSeconds += secondsSince(start);
    return error;
  };
  SmallVector<StringRef> libs;
  for (const std::string &lib : options.sharedLibs)
    libs.push_back(lib);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  engineOptions.sharedLibPaths = libs;
  auto createStart = std::chrono::steady_clock::now();
  auto engine = ExecutionEngine::create(module, engineOptions);
  compiled.timings.translate =
      secondsSince(createStart) - compiled.timings.optimize;
  if (!engine) {
    emitError(module.getLoc())
        << "JIT compilation failed: " << llvm::toString(engine.takeError());
    return failure();
  }
  compiled.engine = std::move(*engine);
  compiled.probes->registerSymbols(*compiled.engine);
  // Materialize the code now, so that compile and run times are separate.
  auto codegenStart = std::chrono::steady_clock::now();
  auto function = compiled.engine->lookupPacked("_mlir_ciface_" + options.entry);
  compiled.timings.codegen = secondsSince(codegenStart);
  if (!function) {
    emitError(module.getLoc()) << "JIT compilation failed: "
                               << llvm::toString(function.takeError());
    return failure();
  }
  return compiled;
}

LogicalResult CompiledModule::checkInputs(ArrayRef<HostTensor> inputs,
                                          Location loc) const {
  if (inputs.size() != inputTypes.size())
    return emitError(loc) << "@" << entry << " takes " << inputTypes.size()
                          << " inputs, " << inputs.size() << " given";
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(inputs, inputTypes))) {
    auto [input, expected] = pair;
    if (input.getType() != expected)
      return emitError(loc) << "input #" << i << " of @" << entry
                            << " must be " << expected << ", found "
                            << input.getType();
  }
  return success();
}

LogicalResult CompiledModule::invoke(ArrayRef<HostTensor> inputs,
                                     MutableArrayRef<HostTensor> results,
                                     Location loc) const {
  SmallVector<SmallVector<int64_t>> descriptors;
  for (const HostTensor &input : inputs)
    descriptors.push_back(makeDescriptor(const_cast<char *>(input.data()),
                                         input.getShape()));
  for (HostTensor &result : results)
    descriptors.push_back(makeDescriptor(result.data(), result.getShape()));
  SmallVector<void *> descriptorPointers;
  for (auto &d : descriptors)
    descriptorPointers.push_back(d.data());
  SmallVector<void *> args;
  for (void *&p : descriptorPointers)
    args.push_back(&p);

  probes->clear();
  if (llvm::Error error =
          engine->invokePacked("_mlir_ciface_" + entry, args))
    return emitError(loc) << "running @" << entry
                          << " failed: " << llvm::toString(std::move(error));
  if (!probeOutputDir.empty())
    if (llvm::Error error = probes->writeNpyFiles(probeOutputDir))
      return emitError(loc) << "writing probes to '" << probeOutputDir
                            << "': " << llvm::toString(std::move(error));
  return success();
}

FailureOr<SmallVector<HostTensor>>
CompiledModule::run(ArrayRef<HostTensor> inputs, Location loc) const {
  if (failed(checkInputs(inputs, loc)))
    return failure();
  SmallVector<HostTensor> results;
  for (RankedTensorType type : resultTypes)
    results.emplace_back(type);
  if (failed(invoke(inputs, results, loc)))
    return failure();
  return results;
}

FailureOr<SmallVector<double>>
CompiledModule::benchmark(ArrayRef<HostTensor> inputs, unsigned repetitions,
                          Location loc) const {
  if (failed(checkInputs(inputs, loc)))
    return failure();
  SmallVector<HostTensor> results;
  for (RankedTensorType type : resultTypes)
    results.emplace_back(type);
  // The untimed run touches every page of the results.
  if (failed(invoke(inputs, results, loc)))
    return failure();
  SmallVector<double> seconds;
  for (unsigned i = 0; i < repetitions; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (failed(invoke(inputs, results, loc)))
      return failure();
    seconds.push_back(std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count());
  }
  return seconds;
}
