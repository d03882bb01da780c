//===- hlo-aot-run.cpp - run a program compiled ahead of time -------------===//
//
// Loads a program object (a shared object exporting hlo_aot_entry and
// hlo_aot_signature, see HloDialect/Runtime/ProgramSignature.h), gives it
// inputs from .npy files or generated ones, runs it and writes or summarizes
// its results:
//
//   hlo-aot-run PROG.so [--input a.npy ...] [--generate-inputs]
//               [--output DIR] [--benchmark=N] [--print-timing] [--profile]
//
// It links the CUDA runtime (and the Vulkan runtime, hloVk* functions,
// where vulkan.h was found) statically and exports their symbols (-rdynamic),
// so the program's calls of mgpu* functions bind to it; it uses no MLIR or
// LLVM library. Exit status: 0 on success, 2 when the program needs a CUDA
// device and there is none (or no driver), 1 for every other error.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/CudaRuntime.h"
#ifdef HLO_HAVE_VULKAN_RUNTIME
#include "HloDialect/Runtime/VulkanRuntime.h"
#endif
#include "HloDialect/Runtime/HostArray.h"
#include "HloDialect/Runtime/ProgramSignature.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <dlfcn.h>
#include <sys/stat.h>

using namespace hlo::runtime;

namespace {

constexpr int kExitError = 1;
constexpr int kExitNoDevice = 2;

const char *const kUsage =
    "usage: hlo-aot-run PROG.so [--input FILE.npy ...] [--generate-inputs]\n"
    "                   [--output DIR] [--benchmark=N] [--print-timing]\n"
    "                   [--profile]\n"
    "\n"
    "Runs hlo_aot_entry of PROG.so on the inputs (one --input per input of\n"
    "hlo_aot_signature, or --generate-inputs: deterministic pseudo-random\n"
    "values) and writes DIR/result<N>.npy, or prints a summary of each\n"
    "result. --benchmark=N: one warm-up run, then N timed runs (median, min,\n"
    "max milliseconds). --profile: time every kernel (cuda programs).\n"
    "\n"
    "hlo-aot-run --batch LIST runs many programs in one process (one CUDA\n"
    "context): each line of LIST is a command line as above (PROG.so and\n"
    "its options, --output required); each program's exit status and\n"
    "messages go to OUTPUT/status and OUTPUT/log.\n";

struct Options {
  std::string program;
  std::vector<std::string> inputs;
  bool generateInputs = false;
  std::string outputDir;
  int benchmarkRuns = 0;
  bool printTiming = false;
  bool profile = false;
};

/// An error that ends the run with `status`.
struct Failure {
  int status;
  std::string message;
};

[[noreturn]] void fail(int status, const std::string &message) {
  throw Failure{status, message};
}

Options parseOptions(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    // `--name=value` or `--name value`.
    auto value = [&](const char *name, std::string &out) {
      std::string flag = std::string("--") + name;
      if (argument == flag) {
        if (i + 1 >= argc)
          fail(kExitError, flag + " expects a value");
        out = argv[++i];
        return true;
      }
      if (argument.rfind(flag + "=", 0) == 0) {
        out = argument.substr(flag.size() + 1);
        return true;
      }
      return false;
    };
    std::string text;
    if (argument == "--help" || argument == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if (value("input", text)) {
      options.inputs.push_back(text);
    } else if (value("output", text)) {
      options.outputDir = text;
    } else if (value("benchmark", text)) {
      char *end = nullptr;
      long runs = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end || runs < 1 || runs > 1000000)
        fail(kExitError,
             "--benchmark expects a positive count, found '" + text + "'");
      options.benchmarkRuns = static_cast<int>(runs);
    } else if (argument == "--generate-inputs") {
      options.generateInputs = true;
    } else if (argument == "--print-timing") {
      options.printTiming = true;
    } else if (argument == "--profile") {
      options.profile = true;
    } else if (argument.rfind("-", 0) == 0) {
      fail(kExitError, "unknown option '" + argument + "'\n" + kUsage);
    } else if (options.program.empty()) {
      options.program = argument;
    } else {
      fail(kExitError, "more than one program: '" + options.program +
                           "' and '" + argument + "'");
    }
  }
  if (options.program.empty())
    fail(kExitError, std::string("no program given\n") + kUsage);
  if (options.generateInputs && !options.inputs.empty())
    fail(kExitError, "--input and --generate-inputs exclude each other");
  return options;
}

/// The runtime of a device kind: CUDA, or Vulkan (where built).
struct DeviceApi {
  const char *label;
  int (*available)(char *, size_t);
  const char *(*takeError)();
  void (*synchronize)();
  void *(*alloc)(size_t);
  void (*free)(void *);
  int (*copyToDevice)(void *, const void *, size_t);
  int (*copyFromDevice)(void *, const void *, size_t);
  int (*deviceName)(char *, size_t);
  void (*setProfiling)(int);
  void (*printProfile)(FILE *);
};

const DeviceApi kCudaApi = {
    "CUDA",          hloCudaAvailable,      hloCudaTakeError,
    hloCudaSynchronize, hloCudaAlloc,       hloCudaFree,
    hloCudaCopyToDevice, hloCudaCopyFromDevice, hloCudaDeviceName,
    hloCudaSetProfiling, hloCudaPrintProfile};

#ifdef HLO_HAVE_VULKAN_RUNTIME
const DeviceApi kVulkanApi = {
    "Vulkan",          hloVulkanAvailable,      hloVulkanTakeError,
    hloVulkanSynchronize, hloVulkanAlloc,       hloVulkanFree,
    hloVulkanCopyToDevice, hloVulkanCopyFromDevice, hloVulkanDeviceName,
    hloVulkanSetProfiling, hloVulkanPrintProfile};
#endif

/// The runtime the program's device needs; null for the CPU.
const DeviceApi *deviceApi = nullptr;

/// The pending device runtime error, as a failure.
void checkCuda(const char *when) {
  if (const char *error = deviceApi->takeError())
    fail(kExitError, std::string(when) + ": " + error);
}

/// The memory the program runs on: the host arrays themselves for "cpu",
/// device copies of them for "cuda".
class ProgramBuffers {
public:
  ProgramBuffers(bool onDevice, std::vector<HostArray> &inputs,
                 std::vector<HostArray> &results)
      : onDevice(onDevice), inputs(inputs), results(results) {
    for (HostArray &input : inputs)
      pointers.push_back(place(input, /*copyIn=*/true));
    for (HostArray &result : results)
      pointers.push_back(place(result, /*copyIn=*/false));
    if (onDevice)
      checkCuda("copying the inputs to the device");
  }

  ~ProgramBuffers() {
    if (onDevice)
      for (void *pointer : pointers)
        deviceApi->free(pointer);
  }

  void **data() { return pointers.data(); }

  void copyResultsToHost() {
    if (!onDevice)
      return;
    for (size_t i = 0; i < results.size(); ++i)
      deviceApi->copyFromDevice(results[i].data(), pointers[inputs.size() + i],
                            results[i].byteSize());
    checkCuda("copying the results from the device");
  }

private:
  void *place(HostArray &array, bool copyIn) {
    if (!onDevice)
      return array.data();
    void *pointer = deviceApi->alloc(array.byteSize());
    if (copyIn)
      deviceApi->copyToDevice(pointer, array.data(), array.byteSize());
    return pointer;
  }

  bool onDevice;
  std::vector<HostArray> &inputs;
  std::vector<HostArray> &results;
  std::vector<void *> pointers;
};

std::vector<HostArray> prepareInputs(const Options &options,
                                     const ProgramSignature &signature) {
  std::vector<HostArray> inputs;
  if (options.generateInputs) {
    for (size_t i = 0; i < signature.inputs.size(); ++i) {
      inputs.emplace_back(signature.inputs[i]);
      inputs.back().fillPseudoRandom(/*seed=*/i + 1);
    }
    return inputs;
  }
  if (options.inputs.size() != signature.inputs.size())
    fail(kExitError,
         "the program takes " + std::to_string(signature.inputs.size()) +
             " inputs (" + signature.str() + "), " +
             std::to_string(options.inputs.size()) +
             " given: pass one --input per input, or --generate-inputs");
  for (size_t i = 0; i < options.inputs.size(); ++i) {
    std::string error;
    std::unique_ptr<HostArray> array = readNpyFile(options.inputs[i], error);
    if (!array)
      fail(kExitError, "input " + std::to_string(i) + ": " + error);
    // NumPy has no bfloat16: without ml_dtypes, bf16 inputs come as raw
    // 16-bit patterns.
    const TensorType &expected = signature.inputs[i];
    if (expected.elementType == lookupElementType("bf16") &&
        array->type().elementType == lookupElementType("ui16") &&
        array->type().shape == expected.shape)
      array->reinterpretAs(expected.elementType);
    if (array->type() != expected)
      fail(kExitError, "input " + std::to_string(i) + " (" + options.inputs[i] +
                           "): expected " + signature.inputs[i].str() +
                           ", found " + array->type().str());
    inputs.push_back(std::move(*array));
  }
  return inputs;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

int run(const Options &options) {
  // A name without a slash would be searched for in the library path.
  std::string path = options.program;
  if (path.find('/') == std::string::npos)
    path = "./" + path;
  // RTLD_NOW: an unresolved symbol is reported here, not at the first call.
  void *program = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!program)
    fail(kExitError, std::string("cannot load the program: ") + dlerror());
  // Unloaded (its kernels too) when the run ends: a batch runs many.
  std::unique_ptr<void, int (*)(void *)> unload(program, dlclose);
  auto *signatureText =
      static_cast<const char *>(dlsym(program, "hlo_aot_signature"));
  using EntryFn = void (*)(void **);
  auto entry = reinterpret_cast<EntryFn>(dlsym(program, "hlo_aot_entry"));
  if (!signatureText || !entry)
    fail(kExitError, options.program +
                         " is not an ahead-of-time program: it lacks "
                         "hlo_aot_signature or hlo_aot_entry");
  ProgramSignature signature;
  std::string error;
  if (!parseProgramSignature(signatureText, signature, error))
    fail(kExitError, "invalid hlo_aot_signature: " + error);

  if (signature.device == "cuda")
    deviceApi = &kCudaApi;
#ifdef HLO_HAVE_VULKAN_RUNTIME
  else if (signature.device == "vulkan")
    deviceApi = &kVulkanApi;
#else
  else if (signature.device == "vulkan")
    fail(kExitNoDevice, "no Vulkan device: this hlo-aot-run was built "
                        "without the Vulkan runtime");
#endif
  bool onDevice = deviceApi != nullptr;
  if (onDevice) {
    char reason[512];
    if (!deviceApi->available(reason, sizeof(reason)))
      fail(kExitNoDevice, std::string("no ") + deviceApi->label +
                              " device: " + reason);
    // The program's global constructors loaded its kernels.
    checkCuda("loading the program's kernels");
    if (options.benchmarkRuns || options.printTiming || options.profile) {
      char name[256];
      if (deviceApi->deviceName(name, sizeof(name)) == 0)
        std::fprintf(stderr, "hlo-aot-run: device: %s\n", name);
    }
  }

  std::vector<HostArray> inputs = prepareInputs(options, signature);
  std::vector<HostArray> results;
  for (const TensorType &type : signature.results)
    results.emplace_back(type);
  ProgramBuffers buffers(onDevice, inputs, results);

  bool profile = options.profile && onDevice;
  if (options.profile && !onDevice)
    std::fprintf(stderr, "hlo-aot-run: note: --profile times GPU kernels; "
                         "this is a cpu program\n");
  if (profile)
    deviceApi->setProfiling(1);

  auto runOnce = [&] {
    auto start = std::chrono::steady_clock::now();
    entry(buffers.data());
    if (onDevice) {
      deviceApi->synchronize();
      checkCuda("running the program");
    }
    return millisecondsSince(start);
  };

  double firstMs = runOnce();
  if (options.benchmarkRuns > 0) {
    if (profile)
      deviceApi->setProfiling(1); // forget the warm-up run
    std::vector<double> times;
    for (int i = 0; i < options.benchmarkRuns; ++i)
      times.push_back(runOnce());
    std::sort(times.begin(), times.end());
    size_t middle = times.size() / 2;
    double median = times.size() % 2 ? times[middle]
                                     : (times[middle - 1] + times[middle]) / 2;
    std::printf("median_ms=%.4f min_ms=%.4f max_ms=%.4f\n", median,
                times.front(), times.back());
  } else if (options.printTiming) {
    std::printf("time_ms=%.4f\n", firstMs);
  }
  if (profile) {
    deviceApi->printProfile(stdout);
    checkCuda("profiling");
  }

  buffers.copyResultsToHost();
  if (options.outputDir.empty()) {
    for (size_t i = 0; i < results.size(); ++i)
      std::printf("result%zu: %s\n", i, results[i].summary().c_str());
    return 0;
  }
  if (mkdir(options.outputDir.c_str(), 0777) != 0 && errno != EEXIST)
    fail(kExitError,
         "cannot create " + options.outputDir + ": " + std::strerror(errno));
  for (size_t i = 0; i < results.size(); ++i) {
    std::string path =
        options.outputDir + "/result" + std::to_string(i) + ".npy";
    if (!writeNpyFile(path, results[i], error))
      fail(kExitError, error);
  }
  return 0;
}

/// Runs one line of a batch; returns its exit status.
int runBatchLine(const std::string &line) {
  std::vector<std::string> words;
  std::istringstream stream(line);
  for (std::string word; stream >> word;)
    words.push_back(word);
  if (words.empty())
    return 0;
  std::vector<char *> argv = {const_cast<char *>("hlo-aot-run")};
  for (std::string &word : words)
    argv.push_back(word.data());
  std::string outputDir;
  int status = 0;
  std::string message;
  try {
    Options options = parseOptions(static_cast<int>(argv.size()), argv.data());
    outputDir = options.outputDir;
    if (outputDir.empty())
      fail(kExitError, "a batch line needs --output");
    if (mkdir(outputDir.c_str(), 0777) != 0 && errno != EEXIST)
      fail(kExitError,
           "cannot create " + outputDir + ": " + std::strerror(errno));
    status = run(options);
  } catch (const Failure &failure) {
    status = failure.status;
    message = failure.message;
  } catch (const std::bad_alloc &) {
    status = kExitError;
    message = "out of host memory";
  }
  if (outputDir.empty()) {
    std::fprintf(stderr, "hlo-aot-run: error: %s: %s\n", line.c_str(),
                 message.c_str());
    return status;
  }
  std::ofstream(outputDir + "/log")
      << (message.empty() ? "" : "hlo-aot-run: error: " + message + "\n");
  std::ofstream(outputDir + "/status") << status << "\n";
  return status;
}

int runBatch(const std::string &listPath) {
  std::ifstream list(listPath);
  if (!list)
    fail(kExitError, "cannot read " + listPath);
  int worst = 0;
  for (std::string line; std::getline(list, line);)
    worst = std::max(worst, runBatchLine(line));
  return worst;
}

} // namespace

int main(int argc, char **argv) {
  ::hlo::runtime::keepLargeAllocationsInHeap();
  try {
    if (argc == 3 && std::string(argv[1]) == "--batch")
      return runBatch(argv[2]);
    return run(parseOptions(argc, argv));
  } catch (const Failure &failure) {
    std::fprintf(stderr, "hlo-aot-run: error: %s\n", failure.message.c_str());
    return failure.status;
  } catch (const std::bad_alloc &) {
    std::fprintf(stderr, "hlo-aot-run: error: out of host memory\n");
    return kExitError;
  }
}
