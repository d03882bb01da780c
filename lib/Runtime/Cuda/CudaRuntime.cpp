//===- CudaRuntime.cpp - CUDA runtime of compiled programs ----------------===//
//
// See CudaRuntime.h for the contract. The CUDA driver API is resolved at run
// time (dlopen + dlsym); cuda.h is used for types and prototypes only.
//
// All state lives in one leaked `Runtime` object: the global destructors of
// program objects (which unload their modules) run after the static
// destructors of this library, so the state must outlive them.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/CudaRuntime.h"

#include <cuda.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The driver API, resolved from libcuda with dlsym.
//===----------------------------------------------------------------------===//

// Each function is declared through cuda.h's own prototype, and looked up by
// the name cuda.h maps it to (cuMemAlloc -> cuMemAlloc_v2): the version a
// program linked against this toolkit would call.
#define HLO_REQUIRED_DRIVER_FUNCTIONS(X)                                       \
  X(cuInit)                                                                    \
  X(cuGetErrorName)                                                            \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamWaitEvent)                                                         \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventSynchronize)                                                        \
  X(cuEventRecord)                                                             \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemHostAlloc)                                                            \
  X(cuMemFreeHost)                                                             \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemsetD32Async)                                                          \
  X(cuMemsetD16Async)

// Newer than the oldest drivers we want to run on; each use checks for null.
#define HLO_OPTIONAL_DRIVER_FUNCTIONS(X)                                       \
  X(cuLaunchKernelEx)                                                          \
  X(cuMemAllocAsync)                                                           \
  X(cuMemFreeAsync)                                                            \
  X(cuDeviceGetDefaultMemPool)                                                 \
  X(cuMemPoolSetAttribute)                                                     \
  X(cuEventElapsedTime)

#define HLO_STRINGIFY(x) #x
#define HLO_EXPANDED_NAME(x) HLO_STRINGIFY(x)

struct DriverApi {
#define HLO_DECLARE_DRIVER_FUNCTION(name) decltype(&::name) name = nullptr;
  HLO_REQUIRED_DRIVER_FUNCTIONS(HLO_DECLARE_DRIVER_FUNCTION)
  HLO_OPTIONAL_DRIVER_FUNCTIONS(HLO_DECLARE_DRIVER_FUNCTION)
#undef HLO_DECLARE_DRIVER_FUNCTION

  /// Opens `path` and resolves every function; on failure returns false and
  /// sets `error`.
  bool load(const std::string &path, std::string &error) {
    void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *reason = dlerror();
      error = "CUDA driver not found: " + std::string(reason ? reason : path);
      return false;
    }
    auto lookup = [&](auto &function, const char *name) {
      function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
          dlsym(library, name));
      return function != nullptr;
    };
#define HLO_RESOLVE_REQUIRED(name)                                             \
  if (!lookup(name, HLO_EXPANDED_NAME(name))) {                                \
    error = "CUDA driver " + path + " lacks " HLO_EXPANDED_NAME(name);         \
    return false;                                                              \
  }
    HLO_REQUIRED_DRIVER_FUNCTIONS(HLO_RESOLVE_REQUIRED)
#undef HLO_RESOLVE_REQUIRED
#define HLO_RESOLVE_OPTIONAL(name) lookup(name, HLO_EXPANDED_NAME(name));
    HLO_OPTIONAL_DRIVER_FUNCTIONS(HLO_RESOLVE_OPTIONAL)
#undef HLO_RESOLVE_OPTIONAL
    // CUDA 13's header names cuEventElapsedTime_v2 (driver 12.8 and later);
    // the original has the same prototype.
    if (!cuEventElapsedTime)
      lookup(cuEventElapsedTime, "cuEventElapsedTime");
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Runtime state
//===----------------------------------------------------------------------===//

/// Streams and events are created and destroyed around every call of
/// lowered code; this many idle ones of each kind are kept for reuse.
constexpr size_t kPoolCapacity = 32;

/// Launches with more dynamic shared memory than this must opt in.
constexpr int32_t kDefaultSharedMemoryLimit = 48 * 1024;

enum class AllocationKind { Device, StreamOrdered, PinnedHost };

struct LoadedModule {
  CUmodule module = nullptr;
  int references = 0;
};

struct KernelStats {
  uint64_t launches = 0;
  double totalMs = 0;
};

/// A profiled launch whose events have not been read yet.
struct PendingTiming {
  CUevent start;
  CUevent stop;
  CUfunction function;
};

struct FunctionKey {
  CUmodule module;
  const char *name;
  bool operator==(const FunctionKey &other) const {
    return module == other.module && name == other.name;
  }
};
struct FunctionKeyHash {
  size_t operator()(const FunctionKey &key) const {
    return std::hash<const void *>()(key.module) * 31 ^
           std::hash<const void *>()(key.name);
  }
};

class Runtime {
public:
  Runtime() {
    if (const char *device = std::getenv("HLO_CUDA_DEVICE"))
      deviceOrdinal = std::atoi(device);
    if (const char *profile = std::getenv("HLO_CUDA_PROFILE"))
      profiling = std::strcmp(profile, "0") != 0 && *profile;
  }

  static Runtime &get() {
    static Runtime *runtime = new Runtime();
    return *runtime;
  }

  DriverApi api;
  std::mutex mutex;

  /// Makes the runtime usable from the calling thread: initializes it on
  /// first use and makes the context current. Returns false (and records why,
  /// unless an error is already pending) when calls must be no-ops.
  bool enter() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      initializeLocked();
      if (!initError.empty()) {
        recordLocked(initError);
        return false;
      }
      if (!pendingError.empty())
        return false;
    }
    // Each thread needs the context current; most calls come from one.
    thread_local CUcontext currentContext = nullptr;
    if (currentContext != context) {
      if (!check(api.cuCtxSetCurrent(context), "cuCtxSetCurrent"))
        return false;
      currentContext = context;
    }
    return true;
  }

  /// Records `message` as the pending error unless one is already pending.
  void record(const std::string &message) {
    std::lock_guard<std::mutex> lock(mutex);
    recordLocked(message);
  }

  /// Records "call(subject): CUDA_ERROR_..." and returns false when `result`
  /// is not CUDA_SUCCESS.
  bool check(CUresult result, const char *call, const char *subject = nullptr,
             const std::string &detail = {}) {
    if (result == CUDA_SUCCESS)
      return true;
    std::string message = call;
    if (subject)
      message += "(" + std::string(subject) + ")";
    message += ": " + errorName(result);
    if (!detail.empty())
      message += ": " + detail;
    record(message);
    return false;
  }

  std::string errorName(CUresult result) {
    const char *name = nullptr;
    if (api.cuGetErrorName &&
        api.cuGetErrorName(result, &name) == CUDA_SUCCESS && name)
      return name;
    // The toolkit's stub libcuda (for linking only) names no errors.
    if (result == CUDA_ERROR_STUB_LIBRARY)
      return "CUDA_ERROR_STUB_LIBRARY (a stub libcuda, not a driver)";
    return "CUDA error " + std::to_string(static_cast<int>(result));
  }

  /// Initializes on first use; afterwards, reports the outcome.
  bool available(std::string &reason) {
    std::lock_guard<std::mutex> lock(mutex);
    initializeLocked();
    reason = initError;
    return initError.empty();
  }

  std::string takeError() {
    std::lock_guard<std::mutex> lock(mutex);
    return std::exchange(pendingError, std::string());
  }

  void setDefaultDevice(int32_t ordinal) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!initialized) {
      deviceOrdinal = ordinal;
      return;
    }
    if (ordinal != deviceOrdinal)
      recordLocked("mgpuSetDefaultDevice(" + std::to_string(ordinal) +
                   "): the runtime already uses device " +
                   std::to_string(deviceOrdinal));
  }

  //===--------------------------------------------------------------------===//
  // Modules and functions
  //===--------------------------------------------------------------------===//

  /// Returns the module loaded from `data` before, or loads it with `load`.
  template <typename LoadFn>
  CUmodule loadModule(const void *data, LoadFn load) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = modulesByData.find(data);
      if (it != modulesByData.end()) {
        ++it->second.references;
        return it->second.module;
      }
    }
    CUmodule module = load();
    if (!module)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    LoadedModule &loaded = modulesByData[data];
    if (loaded.module) {
      // Another thread loaded the same data meanwhile: keep its module.
      api.cuModuleUnload(module);
    } else {
      loaded.module = module;
      dataByModule[module] = data;
    }
    ++loaded.references;
    return loaded.module;
  }

  void unloadModule(CUmodule module) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto data = dataByModule.find(module);
      if (data != dataByModule.end()) {
        LoadedModule &loaded = modulesByData[data->second];
        if (--loaded.references > 0)
          return;
        modulesByData.erase(data->second);
        dataByModule.erase(data);
      }
      for (auto it = functions.begin(); it != functions.end();) {
        if (it->first.module == module)
          it = functions.erase(it);
        else
          ++it;
      }
    }
    check(api.cuModuleUnload(module), "cuModuleUnload");
  }

  /// Lowered code looks the kernel up before every launch, so the answer is
  /// cached by (module, name pointer); names are the program's constants.
  CUfunction getFunction(CUmodule module, const char *name) {
    FunctionKey key{module, name};
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = functions.find(key);
      if (it != functions.end())
        return it->second;
    }
    CUfunction function = nullptr;
    if (!check(api.cuModuleGetFunction(&function, module, name),
               "cuModuleGetFunction", name))
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    functions[key] = function;
    functionNames[function] = name;
    return function;
  }

  std::string functionName(CUfunction function) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = functionNames.find(function);
    return it == functionNames.end() ? "<unknown kernel>" : it->second;
  }

  //===--------------------------------------------------------------------===//
  // Pools of streams and events
  //===--------------------------------------------------------------------===//

  CUstream acquireStream() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!idleStreams.empty()) {
        CUstream stream = idleStreams.back();
        idleStreams.pop_back();
        return stream;
      }
    }
    CUstream stream = nullptr;
    check(api.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
          "cuStreamCreate");
    return stream;
  }

  void releaseStream(CUstream stream) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (idleStreams.size() < kPoolCapacity) {
        idleStreams.push_back(stream);
        return;
      }
    }
    check(api.cuStreamDestroy(stream), "cuStreamDestroy");
  }

  /// Events for synchronization (no timing: cheaper to record) or for
  /// profiling.
  CUevent acquireEvent(bool timing) {
    std::vector<CUevent> &pool = timing ? idleTimingEvents : idleEvents;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!pool.empty()) {
        CUevent event = pool.back();
        pool.pop_back();
        return event;
      }
    }
    CUevent event = nullptr;
    check(api.cuEventCreate(&event, timing ? CU_EVENT_DEFAULT
                                           : CU_EVENT_DISABLE_TIMING),
          "cuEventCreate");
    return event;
  }

  void releaseEvent(CUevent event, bool timing) {
    std::vector<CUevent> &pool = timing ? idleTimingEvents : idleEvents;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (pool.size() < kPoolCapacity) {
        pool.push_back(event);
        return;
      }
    }
    check(api.cuEventDestroy(event), "cuEventDestroy");
  }

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  void *allocate(uint64_t bytes, CUstream stream, bool hostShared) {
    if (bytes == 0)
      return nullptr;
    AllocationKind kind = AllocationKind::Device;
    void *pointer = nullptr;
    if (hostShared) {
      // Managed memory is not allowed on the target machines; pinned host
      // memory mapped into the device's address space is visible to both
      // sides through the same pointer (unified addressing).
      kind = AllocationKind::PinnedHost;
      if (!check(api.cuMemHostAlloc(&pointer, bytes,
                                    CU_MEMHOSTALLOC_DEVICEMAP |
                                        CU_MEMHOSTALLOC_PORTABLE),
                 "cuMemHostAlloc"))
        return nullptr;
    } else {
      CUdeviceptr device = 0;
      if (stream && useStreamOrderedAllocation) {
        // Stream-ordered allocation draws from a pool that keeps its memory
        // (see initializeLocked): temporaries of lowered code cost no
        // cudaMalloc-style synchronization.
        kind = AllocationKind::StreamOrdered;
        if (!check(api.cuMemAllocAsync(&device, bytes, stream),
                   "cuMemAllocAsync"))
          return nullptr;
      } else if (!check(api.cuMemAlloc(&device, bytes), "cuMemAlloc")) {
        return nullptr;
      }
      pointer = reinterpret_cast<void *>(device);
    }
    std::lock_guard<std::mutex> lock(mutex);
    allocations[pointer] = kind;
    return pointer;
  }

  void deallocate(void *pointer, CUstream stream) {
    if (!pointer)
      return;
    AllocationKind kind = AllocationKind::Device;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = allocations.find(pointer);
      if (it != allocations.end()) {
        kind = it->second;
        allocations.erase(it);
      }
    }
    auto device = reinterpret_cast<CUdeviceptr>(pointer);
    switch (kind) {
    case AllocationKind::PinnedHost:
      check(api.cuMemFreeHost(pointer), "cuMemFreeHost");
      return;
    case AllocationKind::StreamOrdered:
      check(api.cuMemFreeAsync(device, stream), "cuMemFreeAsync");
      return;
    case AllocationKind::Device:
      check(api.cuMemFree(device), "cuMemFree");
      return;
    }
  }

  //===--------------------------------------------------------------------===//
  // Launches and profiling
  //===--------------------------------------------------------------------===//

  bool isProfiling() {
    std::lock_guard<std::mutex> lock(mutex);
    return profiling;
  }

  void setProfiling(bool enabled) {
    std::lock_guard<std::mutex> lock(mutex);
    profiling = enabled;
    if (enabled)
      kernelStats.clear();
  }

  /// Launches through `launch`, bracketed by timing events when profiling.
  template <typename LaunchFn>
  void launch(CUfunction function, int32_t sharedBytes, CUstream stream,
              const char *call, LaunchFn launchFn) {
    if (sharedBytes > kDefaultSharedMemoryLimit &&
        !check(api.cuFuncSetAttribute(
                   function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                   sharedBytes),
               "cuFuncSetAttribute", functionName(function).c_str()))
      return;
    bool timed = isProfiling() && api.cuEventElapsedTime;
    CUevent start = nullptr, stop = nullptr;
    if (timed) {
      start = acquireEvent(/*timing=*/true);
      stop = acquireEvent(/*timing=*/true);
      timed = start && stop;
      if (timed)
        api.cuEventRecord(start, stream);
    }
    CUresult result = launchFn();
    bool manyPending = false;
    if (timed) {
      api.cuEventRecord(stop, stream);
      std::lock_guard<std::mutex> lock(mutex);
      pendingTimings.push_back({start, stop, function});
      manyPending = pendingTimings.size() > 4096;
    }
    if (result != CUDA_SUCCESS)
      check(result, call, functionName(function).c_str());
    // Bound the number of events in flight when nothing synchronizes.
    if (manyPending)
      collectTimings();
  }

  bool hasPendingTimings() {
    std::lock_guard<std::mutex> lock(mutex);
    return !pendingTimings.empty();
  }

  /// Waits for the profiled launches so far and accumulates their times.
  void collectTimings() {
    std::vector<PendingTiming> timings;
    {
      std::lock_guard<std::mutex> lock(mutex);
      timings.swap(pendingTimings);
    }
    for (const PendingTiming &timing : timings) {
      float ms = 0;
      if (check(api.cuEventSynchronize(timing.stop), "cuEventSynchronize") &&
          check(api.cuEventElapsedTime(&ms, timing.start, timing.stop),
                "cuEventElapsedTime")) {
        std::string name = functionName(timing.function);
        std::lock_guard<std::mutex> lock(mutex);
        KernelStats &stats = kernelStats[name];
        ++stats.launches;
        stats.totalMs += ms;
      }
      releaseEvent(timing.start, /*timing=*/true);
      releaseEvent(timing.stop, /*timing=*/true);
    }
  }

  std::vector<std::pair<std::string, KernelStats>> profile() {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<std::pair<std::string, KernelStats>> rows(kernelStats.begin(),
                                                          kernelStats.end());
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
      return a.second.totalMs != b.second.totalMs
                 ? a.second.totalMs > b.second.totalMs
                 : a.first < b.first;
    });
    return rows;
  }

  CUdevice device = 0;
  CUcontext context = nullptr;

private:
  void recordLocked(const std::string &message) {
    if (!pendingError.empty())
      return;
    pendingError = message;
    // One line: driver logs (JIT errors) may span several.
    std::replace(pendingError.begin(), pendingError.end(), '\n', ' ');
  }

  void initializeLocked() {
    if (initialized)
      return;
    initialized = true;
    const char *driverPath = std::getenv("HLO_CUDA_DRIVER");
    std::string path = driverPath && *driverPath ? driverPath : "libcuda.so.1";
    if (!api.load(path, initError))
      return;
    auto fail = [&](CUresult result, const char *call) {
      initError = std::string(call) + ": " + errorName(result);
    };
    if (CUresult result = api.cuInit(0))
      return fail(result, "cuInit");
    int count = 0;
    if (CUresult result = api.cuDeviceGetCount(&count))
      return fail(result, "cuDeviceGetCount");
    if (deviceOrdinal < 0 || deviceOrdinal >= count) {
      initError = "CUDA device " + std::to_string(deviceOrdinal) +
                  " not found (" + std::to_string(count) + " devices)";
      return;
    }
    if (CUresult result = api.cuDeviceGet(&device, deviceOrdinal))
      return fail(result, "cuDeviceGet");
    if (CUresult result = api.cuDevicePrimaryCtxRetain(&context, device))
      return fail(result, "cuDevicePrimaryCtxRetain");

    int poolsSupported = 0;
    CUmemoryPool pool = nullptr;
    if (api.cuMemAllocAsync && api.cuMemFreeAsync &&
        api.cuDeviceGetDefaultMemPool && api.cuMemPoolSetAttribute &&
        api.cuDeviceGetAttribute(&poolsSupported,
                                 CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
                                 device) == CUDA_SUCCESS &&
        poolsSupported &&
        api.cuDeviceGetDefaultMemPool(&pool, device) == CUDA_SUCCESS) {
      // By default the pool returns its memory to the system at every
      // synchronization; keep it, as a caching allocator would.
      cuuint64_t keepEverything = ~cuuint64_t(0);
      useStreamOrderedAllocation =
          api.cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                    &keepEverything) == CUDA_SUCCESS;
    }
  }

  // Everything below is guarded by `mutex`.
  bool initialized = false;
  std::string initError;
  std::string pendingError;
  int deviceOrdinal = 0;
  bool useStreamOrderedAllocation = false;
  bool profiling = false;

  std::unordered_map<const void *, LoadedModule> modulesByData;
  std::unordered_map<CUmodule, const void *> dataByModule;
  std::unordered_map<FunctionKey, CUfunction, FunctionKeyHash> functions;
  std::unordered_map<CUfunction, std::string> functionNames;
  std::unordered_map<void *, AllocationKind> allocations;
  std::vector<CUstream> idleStreams;
  std::vector<CUevent> idleEvents;
  std::vector<CUevent> idleTimingEvents;
  std::vector<PendingTiming> pendingTimings;
  std::unordered_map<std::string, KernelStats> kernelStats;
};

Runtime &runtime() { return Runtime::get(); }

/// Launch dimensions arrive as MLIR `index` values; CUDA takes unsigned.
bool fitsLaunchDimensions(std::initializer_list<intptr_t> dimensions) {
  for (intptr_t dimension : dimensions)
    if (dimension < 1 || dimension > UINT32_MAX)
      return false;
  return true;
}

/// Copies `text` into `buffer` of `size` bytes, truncating.
void copyOut(const std::string &text, char *buffer, size_t size) {
  if (!buffer || size == 0)
    return;
  size_t length = std::min(text.size(), size - 1);
  std::memcpy(buffer, text.data(), length);
  buffer[length] = '\0';
}

} // namespace

//===----------------------------------------------------------------------===//
// Host API
//===----------------------------------------------------------------------===//

extern "C" int hloCudaAvailable(char *message, size_t size) {
  std::string reason;
  bool available = runtime().available(reason);
  copyOut(reason, message, size);
  return available;
}

extern "C" const char *hloCudaTakeError(void) {
  // Valid until the next call, as documented.
  static thread_local std::string taken;
  taken = runtime().takeError();
  return taken.empty() ? nullptr : taken.c_str();
}

extern "C" void hloCudaSynchronize(void) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return;
  rt.check(rt.api.cuCtxSynchronize(), "cuCtxSynchronize");
  rt.collectTimings();
}

extern "C" void *hloCudaAlloc(size_t bytes) {
  Runtime &rt = runtime();
  if (!rt.enter() || bytes == 0)
    return nullptr;
  CUdeviceptr pointer = 0;
  if (!rt.check(rt.api.cuMemAlloc(&pointer, bytes), "cuMemAlloc"))
    return nullptr;
  return reinterpret_cast<void *>(pointer);
}

extern "C" void hloCudaFree(void *devicePointer) {
  Runtime &rt = runtime();
  if (!devicePointer || !rt.enter())
    return;
  rt.check(rt.api.cuMemFree(reinterpret_cast<CUdeviceptr>(devicePointer)),
           "cuMemFree");
}

extern "C" int hloCudaCopyToDevice(void *deviceDst, const void *hostSrc,
                                   size_t bytes) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return -1;
  if (bytes == 0)
    return 0;
  return rt.check(rt.api.cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(deviceDst),
                                      hostSrc, bytes),
                  "cuMemcpyHtoD")
             ? 0
             : -1;
}

extern "C" int hloCudaCopyFromDevice(void *hostDst, const void *deviceSrc,
                                     size_t bytes) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return -1;
  if (bytes == 0)
    return 0;
  return rt.check(rt.api.cuMemcpyDtoH(
                      hostDst, reinterpret_cast<CUdeviceptr>(deviceSrc), bytes),
                  "cuMemcpyDtoH")
             ? 0
             : -1;
}

extern "C" int hloCudaDeviceName(char *name, size_t size) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return -1;
  char buffer[256] = {};
  if (!rt.check(rt.api.cuDeviceGetName(buffer, sizeof(buffer), rt.device),
                "cuDeviceGetName"))
    return -1;
  copyOut(buffer, name, size);
  return 0;
}

/// Accumulates the launches timed so far; touches the driver (and so
/// initializes the runtime) only when there are some.
static void collectPendingTimings(Runtime &rt) {
  if (rt.hasPendingTimings() && rt.enter())
    rt.collectTimings();
}

extern "C" void hloCudaSetProfiling(int enabled) {
  Runtime &rt = runtime();
  // Launches timed so far belong to the previous setting.
  collectPendingTimings(rt);
  rt.setProfiling(enabled != 0);
}

extern "C" void hloCudaPrintProfile(FILE *stream) {
  Runtime &rt = runtime();
  collectPendingTimings(rt);
  auto rows = rt.profile();
  double total = 0;
  for (const auto &row : rows)
    total += row.second.totalMs;
  std::fprintf(stream, "%-40s %9s %12s %12s %7s\n", "kernel", "launches",
               "total_ms", "mean_ms", "share");
  for (const auto &[name, stats] : rows)
    std::fprintf(stream, "%-40s %9llu %12.4f %12.4f %6.1f%%\n", name.c_str(),
                 static_cast<unsigned long long>(stats.launches), stats.totalMs,
                 stats.totalMs / stats.launches,
                 total > 0 ? 100 * stats.totalMs / total : 0.0);
  std::fprintf(stream, "%-40s %9s %12.4f\n", "total", "", total);
}

extern "C" double hloCudaTotalKernelMs(void) {
  Runtime &rt = runtime();
  collectPendingTimings(rt);
  double total = 0;
  for (const auto &row : rt.profile())
    total += row.second.totalMs;
  return total;
}

//===----------------------------------------------------------------------===//
// MLIR's entry points
//===----------------------------------------------------------------------===//

extern "C" void *mgpuModuleLoad(void *data, size_t size) {
  Runtime &rt = runtime();
  if (!data || !rt.enter())
    return nullptr;
  (void)size; // cubins and fatbins carry their own size
  return rt.loadModule(data, [&]() -> CUmodule {
    CUmodule module = nullptr;
    rt.check(rt.api.cuModuleLoadData(&module, data), "cuModuleLoadData");
    return module;
  });
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  Runtime &rt = runtime();
  if (!data || !rt.enter())
    return nullptr;
  return rt.loadModule(data, [&]() -> CUmodule {
    char log[4096] = {};
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                              CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                              CU_JIT_OPTIMIZATION_LEVEL};
    void *values[] = {
        log, reinterpret_cast<void *>(sizeof(log)),
        reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
    CUmodule module = nullptr;
    // The call first: `log` becomes check's std::string argument, which a
    // compiler may build before evaluating the call's (GCC does: the log
    // was lost).
    CUresult result =
        rt.api.cuModuleLoadDataEx(&module, data, 3, options, values);
    rt.check(result, "cuModuleLoadDataEx", "PTX", log);
    return module;
  });
}

extern "C" void mgpuModuleUnload(void *module) {
  Runtime &rt = runtime();
  if (module && rt.enter())
    rt.unloadModule(static_cast<CUmodule>(module));
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  Runtime &rt = runtime();
  if (!module || !name || !rt.enter())
    return nullptr;
  return rt.getFunction(static_cast<CUmodule>(module), name);
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ,
                                 int32_t sharedBytes, void *stream,
                                 void **params, void **extra,
                                 size_t /*paramsCount*/) {
  Runtime &rt = runtime();
  if (!function || !rt.enter())
    return;
  auto kernel = static_cast<CUfunction>(function);
  if (!fitsLaunchDimensions({gridX, gridY, gridZ, blockX, blockY, blockZ})) {
    rt.record("cuLaunchKernel(" + rt.functionName(kernel) +
              "): launch dimensions out of range");
    return;
  }
  rt.launch(kernel, sharedBytes, static_cast<CUstream>(stream),
            "cuLaunchKernel", [&] {
              return rt.api.cuLaunchKernel(
                  kernel, gridX, gridY, gridZ, blockX, blockY, blockZ,
                  sharedBytes, static_cast<CUstream>(stream), params, extra);
            });
}

extern "C" void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t sharedBytes, void *stream,
                                        void **params, void **extra) {
  Runtime &rt = runtime();
  if (!function || !rt.enter())
    return;
  auto kernel = static_cast<CUfunction>(function);
  std::string name = rt.functionName(kernel);
  if (!rt.api.cuLaunchKernelEx) {
    rt.record("cuLaunchKernelEx(" + name + "): not in this CUDA driver");
    return;
  }
  if (!fitsLaunchDimensions({clusterX, clusterY, clusterZ, gridX, gridY, gridZ,
                             blockX, blockY, blockZ})) {
    rt.record("cuLaunchKernelEx(" + name + "): launch dimensions out of range");
    return;
  }
  // Clusters of more than 8 blocks are a non-portable (sm_90) extension the
  // kernel must opt in to.
  if (clusterX * clusterY * clusterZ > 8 &&
      !rt.check(
          rt.api.cuFuncSetAttribute(
              kernel, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
          "cuFuncSetAttribute", name.c_str()))
    return;
  CUlaunchAttribute cluster = {};
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = static_cast<unsigned>(clusterX);
  cluster.value.clusterDim.y = static_cast<unsigned>(clusterY);
  cluster.value.clusterDim.z = static_cast<unsigned>(clusterZ);
  CUlaunchConfig config = {};
  config.gridDimX = static_cast<unsigned>(gridX);
  config.gridDimY = static_cast<unsigned>(gridY);
  config.gridDimZ = static_cast<unsigned>(gridZ);
  config.blockDimX = static_cast<unsigned>(blockX);
  config.blockDimY = static_cast<unsigned>(blockY);
  config.blockDimZ = static_cast<unsigned>(blockZ);
  config.sharedMemBytes = static_cast<unsigned>(sharedBytes);
  config.hStream = static_cast<CUstream>(stream);
  config.attrs = &cluster;
  config.numAttrs = 1;
  rt.launch(kernel, sharedBytes, config.hStream, "cuLaunchKernelEx", [&] {
    return rt.api.cuLaunchKernelEx(&config, kernel, params, extra);
  });
}

extern "C" void *mgpuStreamCreate(void) {
  Runtime &rt = runtime();
  return rt.enter() ? rt.acquireStream() : nullptr;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  Runtime &rt = runtime();
  if (stream && rt.enter())
    rt.releaseStream(static_cast<CUstream>(stream));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return;
  rt.check(rt.api.cuStreamSynchronize(static_cast<CUstream>(stream)),
           "cuStreamSynchronize");
  rt.collectTimings();
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  Runtime &rt = runtime();
  if (!event || !rt.enter())
    return;
  rt.check(rt.api.cuStreamWaitEvent(static_cast<CUstream>(stream),
                                    static_cast<CUevent>(event), 0),
           "cuStreamWaitEvent");
}

extern "C" void *mgpuEventCreate(void) {
  Runtime &rt = runtime();
  return rt.enter() ? rt.acquireEvent(/*timing=*/false) : nullptr;
}

extern "C" void mgpuEventDestroy(void *event) {
  Runtime &rt = runtime();
  if (event && rt.enter())
    rt.releaseEvent(static_cast<CUevent>(event), /*timing=*/false);
}

extern "C" void mgpuEventSynchronize(void *event) {
  Runtime &rt = runtime();
  if (!event || !rt.enter())
    return;
  rt.check(rt.api.cuEventSynchronize(static_cast<CUevent>(event)),
           "cuEventSynchronize");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  Runtime &rt = runtime();
  if (!event || !rt.enter())
    return;
  rt.check(rt.api.cuEventRecord(static_cast<CUevent>(event),
                                static_cast<CUstream>(stream)),
           "cuEventRecord");
}

extern "C" void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared) {
  Runtime &rt = runtime();
  if (!rt.enter())
    return nullptr;
  return rt.allocate(bytes, static_cast<CUstream>(stream), isHostShared);
}

extern "C" void mgpuMemFree(void *pointer, void *stream) {
  Runtime &rt = runtime();
  if (pointer && rt.enter())
    rt.deallocate(pointer, static_cast<CUstream>(stream));
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  Runtime &rt = runtime();
  if (bytes == 0 || !rt.enter())
    return;
  // Unified addressing: the driver tells host from device pointers.
  rt.check(rt.api.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                reinterpret_cast<CUdeviceptr>(src), bytes,
                                static_cast<CUstream>(stream)),
           "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  Runtime &rt = runtime();
  if (count == 0 || !rt.enter())
    return;
  rt.check(rt.api.cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                   count, static_cast<CUstream>(stream)),
           "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  Runtime &rt = runtime();
  if (count == 0 || !rt.enter())
    return;
  rt.check(rt.api.cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                   count, static_cast<CUstream>(stream)),
           "cuMemsetD16Async");
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  runtime().setDefaultDevice(device);
}
