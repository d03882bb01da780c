//===- Runner.cpp - compile an hlo module and run it on the host ----------===//
//
// ABI: the CPU pipeline turns results into out-parameters and the entry gets
// a C interface (`_mlir_ciface_<entry>`) taking one pointer to a memref
// descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} per
// input and then per result. The caller owns all buffers. A result aliased
// to an input (hlo.result_alias, buffer donors) has no descriptor of its
// own: the program computes it in that input's buffer.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runner/Runner.h"

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"

#include "HloDialect/Runner/HostJit.h"
#include "HloDialect/Runner/Probes.h"
#include "HloDialect/Runner/Profiler.h"
#include "HloDialect/Pipelines/TpuPipeline.h"
#include "HloDialect/Target/Tpu/Passes.h"
#include "HloDialect/Transforms/ProfileKernels.h"
#include "HloDialect/Transforms/NarrowDots.h"

#include "llvm/Support/Format.h"

#include <unistd.h>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cstring>
#include <limits>
#include <sys/resource.h>
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

/// This compiler's own build: a hash of the running executable (computed
/// once).
std::string getBuildId() {
  static std::string id = [] {
    auto exe = llvm::MemoryBuffer::getFile("/proc/self/exe", /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!exe)
      return std::string("unknown");
    return llvm::utohexstr(llvm::xxh3_64bits(
        llvm::arrayRefFromStringRef((*exe)->getBuffer())));
  }();
  return id;
}

std::string getCacheKey(ModuleOp module, const RunnerOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "hlo-compile-cache-v1\n"
     << "llvm " << LLVM_VERSION_STRING << "\n"
     << "build " << getBuildId() << "\n"
     << "host " << getHostCpuKey() << "\n"
     << "entry " << options.entry << "\n"
     << "device " << options.device << "\n"
     // (threads=0, the default, stands for the cores available.)
     << "cores " << getHostThreadCount() << "\n"
     << "l2 " << getHostL2CacheBytes() << "\n"
     << "pipeline " << options.pipelineOptions << " canonicalize="
     << options.canonicalize << " O" << options.optLevel
     << " unroll=" << options.llvmLoopUnrolling << "\n";
  module->print(os, OpPrintingFlags().printGenericOpForm());
  std::array<uint8_t, 32> hash =
      llvm::SHA256::hash(llvm::arrayRefFromStringRef(text));
  return llvm::toHex(hash, /*LowerCase=*/true);
}

// An entry: the magic line, the key, the number of objects, then per
// object its size, its xxh3 checksum and its bytes, and last the xxh3 of
// everything before it.
constexpr llvm::StringLiteral kCacheMagic = "hlo-compile-cache-v1\n";

void appendWord(std::string &out, uint64_t word) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>((word >> (8 * i)) & 0xff));
}

bool readWord(StringRef &in, uint64_t &word) {
  if (in.size() < 8)
    return false;
  word = 0;
  for (int i = 0; i < 8; ++i)
    word |= static_cast<uint64_t>(static_cast<uint8_t>(in[i])) << (8 * i);
  in = in.drop_front(8);
  return true;
}

/// The objects of the entry at `path`; none and an empty `problem` when
/// there is no entry, none and the reason when it is corrupt or stale.
std::optional<SmallVector<std::string>>
loadFromCache(StringRef path, StringRef key, std::string &problem) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return std::nullopt;
  StringRef data = (*file)->getBuffer();
  problem = "is corrupt";
  if (data.size() < 8)
    return std::nullopt;
  StringRef body = data.drop_back(8), trailer = data.take_back(8);
  uint64_t checksum;
  if (!readWord(trailer, checksum) ||
      checksum != llvm::xxh3_64bits(llvm::arrayRefFromStringRef(body)))
    return std::nullopt;
  if (!body.consume_front(kCacheMagic) || !body.consume_front(key) ||
      !body.consume_front("\n")) {
    problem = "is stale (another format or key)";
    return std::nullopt;
  }
  uint64_t count;
  if (!readWord(body, count) || count > (1u << 20))
    return std::nullopt;
  SmallVector<std::string> objects;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t size, objectChecksum;
    if (!readWord(body, size) || !readWord(body, objectChecksum) ||
        size > body.size())
      return std::nullopt;
    StringRef object = body.take_front(size);
    if (llvm::xxh3_64bits(llvm::arrayRefFromStringRef(object)) !=
        objectChecksum)
      return std::nullopt;
    objects.push_back(object.str());
    body = body.drop_front(size);
  }
  if (!body.empty())
    return std::nullopt;
  problem.clear();
  return objects;
}

/// Writes the entry (to a temporary file renamed over `path`, so that a
/// reader never sees half an entry); failures only cost the next compile.
void storeInCache(StringRef path, StringRef key,
                  ArrayRef<std::string> objects) {
  std::string data = kCacheMagic.str() + key.str() + "\n";
  appendWord(data, objects.size());
  for (const std::string &object : objects) {
    appendWord(data, object.size());
    appendWord(data, llvm::xxh3_64bits(llvm::arrayRefFromStringRef(object)));
    data += object;
  }
  appendWord(data, llvm::xxh3_64bits(llvm::arrayRefFromStringRef(data)));
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return;
  std::string temporary =
      (path + ".tmp" + llvm::Twine(static_cast<int64_t>(getpid()))).str();
  {
    std::error_code error;
    llvm::raw_fd_ostream os(temporary, error);
    if (error)
      return;
    os << data;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return;
    }
  }
  if (llvm::sys::fs::rename(temporary, path))
    llvm::sys::fs::remove(temporary);
}
} // namespace

uint64_t hlo::getDefaultMaxMemory() {
  double memory = static_cast<double>(sysconf(_SC_PHYS_PAGES)) *
                  static_cast<double>(sysconf(_SC_PAGE_SIZE));
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      (memory <= 0 || static_cast<double>(limit.rlim_cur) < memory))
    memory = static_cast<double>(limit.rlim_cur);
  if (memory <= 0)
    return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(memory * 0.75);
}

std::optional<uint64_t> hlo::parseMemorySize(StringRef text) {
  StringRef rest = text.trim();
  uint64_t value;
  if (rest.consumeInteger(10, value))
    return std::nullopt;
  rest = rest.trim();
  unsigned shift = 0;
  if (!rest.empty()) {
    switch (llvm::toLower(rest.front())) {
    case 'k': shift = 10; break;
    case 'm': shift = 20; break;
    case 'g': shift = 30; break;
    case 't': shift = 40; break;
    case 'b': break;
    default: return std::nullopt;
    }
    if (shift)
      rest = rest.drop_front();
    if (!rest.empty() && !rest.equals_insensitive("b") &&
        !rest.equals_insensitive("ib"))
      return std::nullopt;
  }
  if (shift && value > (std::numeric_limits<uint64_t>::max() >> shift))
    return std::nullopt;
  return value << shift;
}

namespace {
std::string formatGiB(double bytes) {
  return llvm::formatv("{0:F1} GiB", bytes / (1 << 30)).str();
}

double bytesOf(RankedTensorType type) {
  double bytes = HostTensor::getStorageSize(type.getElementType());
  for (int64_t dim : type.getShape())
    bytes *= static_cast<double>(dim);
  return bytes;
}
} // namespace

LogicalResult hlo::checkMemoryLimit(ModuleOp module, func::FuncOp entry,
                                    ArrayRef<RankedTensorType> types,
                                    uint64_t maxMemory) {
  double limit = static_cast<double>(maxMemory);
  double total = 0;
  for (RankedTensorType type : types)
    total += bytesOf(type);
  if (total > limit)
    return emitError(entry.getLoc())
           << "the parameters and results of @" << entry.getSymName()
           << " take " << formatGiB(total) << ", more than the memory limit "
           << "of " << formatGiB(limit) << " (--max-memory=" << maxMemory
           << ")";
  // Each value on its own (a bound that holds however the program is
  // fused and scheduled: a value that does not fit alone never fits).
  WalkResult walk = module.walk([&](Operation *op) {
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape() ||
          (!type.getElementType().isIntOrFloat() &&
           !isa<ComplexType>(type.getElementType())))
        continue;
      double bytes = bytesOf(type);
      if (bytes > limit) {
        op->emitError() << "this value of type " << type << " takes "
                        << formatGiB(bytes) << ", more than the memory limit "
                        << "of " << formatGiB(limit)
                        << " (--max-memory=" << maxMemory << ")";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

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
  // Input/output aliasing, as hlo-write-aliased-results will resolve it
  // (buffer donors matched to results the same way).
  auto entryInterface = cast<FunctionOpInterface>(entry.getOperation());
  if (failed(verifyAliasing(entryInterface)))
    return failure();
  assignBufferDonors(entryInterface);
  compiled.aliasedInputs.assign(entry.getNumResults(), -1);
  // The runner allocates every parameter and result, the program its
  // values: refuse what the limit does not hold instead of failing the
  // allocation.
  SmallVector<RankedTensorType> boundary(compiled.inputTypes);
  llvm::append_range(boundary, compiled.resultTypes);
  if (failed(checkMemoryLimit(module, entry, boundary,
                              options.maxMemory ? options.maxMemory
                                                : getDefaultMaxMemory())))
    return failure();
  entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                 UnitAttr::get(context));
  compiled.probes = std::make_unique<ProbeRecorder>();
  compiled.probeOutputDir = options.probeOutputDir;
  if (failed(compiled.probes->instrument(module)))
    return failure();

  // The compile cache: the module as it is about to be lowered (entry,
  // shapes and probes included) and everything else the code depends on.
  std::string cacheKey;
  std::optional<SmallVector<std::string>> cached;
  // (Not when the lowered IR is asked for: only a compile prints it.)
  // (Nor when profiling: the kernel list comes from the lowered module.)
  if (!options.cacheDir.empty() && !options.printLoweredIR &&
      !options.profile) {
    cacheKey = getCacheKey(module, options);
    compiled.timings.cachePath =
        (llvm::Twine(options.cacheDir) + "/" + cacheKey + ".o.pack").str();
    std::string problem;
    cached = loadFromCache(compiled.timings.cachePath, cacheKey, problem);
    if (cached) {
      compiled.timings.cache = "hit";
    } else if (!problem.empty()) {
      emitWarning(module.getLoc())
          << "compile cache entry '" << compiled.timings.cachePath << "' "
          << problem << ": compiling again";
      compiled.timings.cache = "rebuilt";
    } else {
      compiled.timings.cache = "miss";
    }
  }
  if (cached) {
    // The lowered module is not needed: only the objects.
    registerBuiltinDialectTranslation(*context);
  }

  PassManager pm(context, ModuleOp::getOperationName());
  HloCpuPipelineOptions pipelineOptions;
  bool tpuSim = options.device == "tpu-sim";
  if (tpuSim) {
    compiled.tpuSim = true;
    HloTpuPipelineOptions tpuOptions;
    if (failed(tpuOptions.parseFromString(options.pipelineOptions)))
      return emitError(entry.getLoc())
             << "invalid hlo-tpu-sim-pipeline options '"
             << options.pipelineOptions << "'";
    if (options.profile)
      return emitError(entry.getLoc())
             << "profiling is not supported on --device=tpu-sim";
    if (options.tpuCostReport) {
      tpuOptions.costReport = true;
      compiled.tpuSimCounters = true;
    }
    buildHloTpuSimPipeline(pm, tpuOptions);
  } else if (options.device != "cpu") {
    return emitError(entry.getLoc())
           << "the host runs --device=cpu or tpu-sim, not '" << options.device
           << "'";
  } else if (failed(pipelineOptions.parseFromString(options.pipelineOptions)))
    return emitError(entry.getLoc())
           << "invalid hlo-cpu-pipeline options '" << options.pipelineOptions
           << "'";
  pipelineOptions.canonicalize =
      options.canonicalize && pipelineOptions.canonicalize;
  // The CPU pipeline computes aliased results in their inputs' buffers
  // unless told not to; the simulator's ignores aliasing.
  if (!tpuSim && pipelineOptions.aliasing) {
    compiled.aliasedInputs = getAliasedArguments(entryInterface);
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      if (isBufferDonor(entryInterface, i))
        compiled.donorInputs.push_back(i);
  }
  if (options.profile)
    pipelineOptions.profile = true;
  if (pipelineOptions.threads < 0)
    return emitError(entry.getLoc())
           << "hlo-cpu-pipeline option threads must be at least 1 (or 0: "
              "the cores available), got "
           << static_cast<int64_t>(pipelineOptions.threads);
  // Vectors and register tiles of the host's width unless vector-bits is
  // given (AVX-512's 8 x 32 tiles of f32 accumulators spill on AVX2).
  if (!pipelineOptions.vectorBits.hasValue())
    pipelineOptions.vectorBits = getHostVectorBits();
  // Contraction blocks sized for the host's L2 cache unless l2-cache-bytes
  // is given (contraction-depth, when set, wins over both).
  if (!pipelineOptions.l2CacheBytes.hasValue())
    pipelineOptions.l2CacheBytes = getHostL2CacheBytes();
  // Narrow dots on the host's AMX unit, or its AVX-512 BF16 / VNNI
  // instructions, unless target-features is given.
  if (!pipelineOptions.targetFeatures.hasValue())
    pipelineOptions.targetFeatures = getHostDotTargetFeatures();
  if (NarrowDotFeatures::parse(pipelineOptions.targetFeatures).anyAmx() &&
      !requestAmxTileState())
    return emitError(entry.getLoc())
           << "target-features '"
           << static_cast<std::string>(pipelineOptions.targetFeatures)
           << "' name AMX, which this process may not use (the OS does not "
              "grant the AMX tile state)";
  if (!tpuSim)
    buildHloCpuPipeline(pm, pipelineOptions);
  if (options.configurePassManager &&
      failed(options.configurePassManager(pm)))
    return failure();
  if (!cached) {
    auto pipelineStart = std::chrono::steady_clock::now();
    if (failed(runPipeline(pm, module, options.verifyEachPass,
                           tpuSim ? "hlo-tpu-sim-pipeline"
                                  : "hlo-cpu-pipeline")))
      return failure();
    // (The pipeline has replaced `entry`.)
    compiled.timings.pipeline = secondsSince(pipelineStart);
    if (options.printLoweredIR)
      module.print(llvm::errs());
  }
  if (pipelineOptions.profile)
    compiled.profiler = std::make_unique<KernelProfiler>(
        module->getAttrOfType<ArrayAttr>(kProfileKernelsAttrName));

  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  std::string packedName = "_mlir_ciface_" + options.entry;
  SmallVector<std::string> objects;
  if (cached) {
    objects = std::move(*cached);
  } else {
    HostCodegenOptions codegen;
    codegen.optLevel = options.optLevel;
    codegen.threads = options.codegenThreads;
    codegen.loopUnrolling = options.llvmLoopUnrolling;
    if (KernelProfiler *profiler = compiled.profiler.get())
      codegen.inspectOptimized = [profiler](llvm::Module &partition) {
        profiler->inspectOptimizedModule(partition);
      };
    HostCodegenTimings llvmTimings;
    FailureOr<SmallVector<std::string>> compiledObjects =
        compileToObjects(module, {packedName}, codegen, llvmTimings);
    if (failed(compiledObjects))
      return failure();
    objects = std::move(*compiledObjects);
    compiled.timings.translate = llvmTimings.translate;
    compiled.timings.optimize = llvmTimings.optimize;
    compiled.timings.codegen = llvmTimings.codegen;
    compiled.timings.parallel = llvmTimings.parallel;
    compiled.timings.partitions = llvmTimings.partitions;
    compiled.timings.threads = llvmTimings.threads;
    compiled.timings.mergedFunctions = llvmTimings.mergedFunctions;
    if (!cacheKey.empty())
      storeInCache(compiled.timings.cachePath, cacheKey, objects);
  }

  auto linkStart = std::chrono::steady_clock::now();
  llvm::StringMap<void *> runtimeSymbols = compiled.probes->getSymbols();
  // Multi-threaded code's tasks run on the process's one thread pool
  // (HloDialect/Runtime/AsyncRuntime.h).
  for (auto &symbol : getHostAsyncRuntimeSymbols())
    runtimeSymbols[symbol.first()] = symbol.second;
  if (compiled.profiler)
    for (auto &symbol : compiled.profiler->getSymbols())
      runtimeSymbols[symbol.first()] = symbol.second;
  if (tpuSim)
    for (auto &symbol : getTpuSimRuntimeSymbols())
      runtimeSymbols[symbol.first()] = symbol.second;
  auto jit = HostJit::create(objects, options.sharedLibs, runtimeSymbols);
  if (!jit) {
    emitError(module.getLoc())
        << "JIT linking failed: " << llvm::toString(jit.takeError());
    return failure();
  }
  compiled.jit = std::move(*jit);
  // Resolve (and link) the code now, so that compile and run times are
  // separate.
  auto function = compiled.jit->lookupPacked(packedName);
  if (!function) {
    emitError(module.getLoc()) << "JIT linking failed: "
                               << llvm::toString(function.takeError());
    return failure();
  }
  compiled.entryFunction = *function;
  compiled.timings.link = secondsSince(linkStart);
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
                                     MutableArrayRef<HostTensor> donorCopies,
                                     Location loc) const {
  SmallVector<SmallVector<int64_t>> descriptors;
  SmallVector<char *> inputBuffers;
  for (const HostTensor &input : inputs)
    inputBuffers.push_back(const_cast<char *>(input.data()));
  // An input donated without a result: its copy (the program may write it).
  for (auto [i, copy] : llvm::zip_equal(donorInputs, donorCopies))
    inputBuffers[i] = copy.data();
  // A donated input is its result's buffer (makeResults copied it there).
  for (auto [j, i] : llvm::enumerate(aliasedInputs))
    if (i >= 0)
      inputBuffers[i] = results[j].data();
  for (auto [input, buffer] : llvm::zip_equal(inputs, inputBuffers))
    descriptors.push_back(makeDescriptor(buffer, input.getShape()));
  for (auto [j, result] : llvm::enumerate(results))
    if (aliasedInputs[j] < 0)
      descriptors.push_back(makeDescriptor(result.data(), result.getShape()));
  SmallVector<void *> descriptorPointers;
  for (auto &d : descriptors)
    descriptorPointers.push_back(d.data());
  SmallVector<void *> args;
  for (void *&p : descriptorPointers)
    args.push_back(&p);

  probes->clear();
  if (tpuSim)
    resetTpuSim();
  entryFunction(args.data());
  if (tpuSim) {
    std::string error = takeTpuSimError();
    if (!error.empty())
      return emitError(loc) << "tpu-sim: " << error;
    if (tpuSimCounters) {
      TpuSimCounters counters = getTpuSimCounters();
      llvm::errs() << "tpu-sim counted: dma_bytes=" << counters.dmaBytes
                   << " mxu_pushes=" << counters.mxuPushes << "\n";
    }
  }
  if (!probeOutputDir.empty())
    if (llvm::Error error = probes->writeNpyFiles(probeOutputDir))
      return emitError(loc) << "writing probes to '" << probeOutputDir
                            << "': " << llvm::toString(std::move(error));
  return success();
}

SmallVector<HostTensor>
CompiledModule::makeResults(ArrayRef<HostTensor> inputs) const {
  SmallVector<HostTensor> results;
  for (RankedTensorType type : resultTypes)
    results.emplace_back(type);
  for (auto [j, i] : llvm::enumerate(aliasedInputs))
    if (i >= 0)
      std::memcpy(results[j].data(), inputs[i].data(),
                  results[j].sizeInBytes());
  return results;
}

SmallVector<HostTensor>
CompiledModule::makeDonorCopies(ArrayRef<HostTensor> inputs) const {
  SmallVector<HostTensor> copies;
  for (unsigned i : donorInputs) {
    copies.emplace_back(inputs[i].getType());
    std::memcpy(copies.back().data(), inputs[i].data(),
                copies.back().sizeInBytes());
  }
  return copies;
}

FailureOr<SmallVector<HostTensor>>
CompiledModule::run(ArrayRef<HostTensor> inputs, Location loc) const {
  if (failed(checkInputs(inputs, loc)))
    return failure();
  SmallVector<HostTensor> results = makeResults(inputs);
  SmallVector<HostTensor> donorCopies = makeDonorCopies(inputs);
  if (failed(invoke(inputs, results, donorCopies, loc)))
    return failure();
  return results;
}

FailureOr<SmallVector<double>>
CompiledModule::benchmark(ArrayRef<HostTensor> inputs, unsigned repetitions,
                          Location loc) const {
  if (failed(checkInputs(inputs, loc)))
    return failure();
  SmallVector<HostTensor> results = makeResults(inputs);
  SmallVector<HostTensor> donorCopies = makeDonorCopies(inputs);
  // The untimed run touches every page of the results.
  if (failed(invoke(inputs, results, donorCopies, loc)))
    return failure();
  if (profiler)
    profiler->reset();
  SmallVector<double> seconds;
  for (unsigned i = 0; i < repetitions; ++i) {
    // A donor's content as the caller would donate it again.
    for (auto [k, copy] : llvm::zip_equal(donorInputs, donorCopies))
      std::memcpy(copy.data(), inputs[k].data(), copy.sizeInBytes());
    auto start = std::chrono::steady_clock::now();
    if (failed(invoke(inputs, results, donorCopies, loc)))
      return failure();
    seconds.push_back(std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count());
  }
  return seconds;
}
