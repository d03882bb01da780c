//===- peers.cu - hand-written CUDA and cuBLAS peers of compiled kernels --===//
//
// The yardsticks for code the compiler generates for the GPU:
//
//   gpu-peers relu N [REPS]            relu((a + b) * c) on f32[N]: GB/s
//   gpu-peers softmax ROWS COLS [REPS] row softmax of f32[ROWS,COLS]: GB/s
//   gpu-peers gemm-bf16 M N K [REPS]   cuBLAS bf16 x bf16 -> bf16, f32
//                                      accumulation, random data: TFLOP/s
//
// Each prints one line "NAME ... median_ms=... min_ms=... <rate>" after one
// warm-up run; the rate is computed from the median of REPS runs (default
// 20), each timed with CUDA events. Bandwidth counts the bytes a perfect
// implementation moves: relu 3 reads + 1 write per element, softmax 1 read
// + 1 write.
//
// cuBLAS is opened at run time (libcublas.so.13, then libcublas.so; put
// pip's nvidia/cublas/lib on LD_LIBRARY_PATH, as bench/gpu/run.sh does):
// without it gemm-bf16 says so and exits 3, the other subcommands run.
// Exit status 2: no CUDA device.
//
//===----------------------------------------------------------------------===//

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

constexpr int kExitError = 1;
constexpr int kExitNoDevice = 2;
constexpr int kExitNoLibrary = 3;

void check(cudaError_t error, const char *what) {
  if (error == cudaSuccess)
    return;
  std::fprintf(stderr, "gpu-peers: %s: %s\n", what, cudaGetErrorString(error));
  std::exit(kExitError);
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// A hash of the index: uniform in [-1, 1), the same on every run.
__device__ float uniformAt(uint64_t index, uint32_t seed) {
  uint64_t z = index * 0x9E3779B97F4A7C15ull + seed;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(z >> 40) * 0x1.0p-23f - 1.0f;
}

__global__ void fillUniform(float *data, int64_t count, uint32_t seed) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < count;
       i += (int64_t)gridDim.x * blockDim.x)
    data[i] = uniformAt(i, seed);
}

__global__ void fillUniform(__nv_bfloat16 *data, int64_t count, uint32_t seed) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < count;
       i += (int64_t)gridDim.x * blockDim.x)
    data[i] = __float2bfloat16(uniformAt(i, seed));
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

__device__ __forceinline__ float reluOf(float a, float b, float c) {
  return fmaxf((a + b) * c, 0.0f);
}

/// relu((a + b) * c): 16-byte loads and stores, a grid-stride loop over
/// float4s, the tail (n % 4 elements) by the first threads.
__global__ void __launch_bounds__(256)
    reluKernel(const float4 *__restrict__ a, const float4 *__restrict__ b,
               const float4 *__restrict__ c, float4 *__restrict__ out,
               int64_t vectors, const float *__restrict__ aTail,
               const float *__restrict__ bTail, const float *__restrict__ cTail,
               float *__restrict__ outTail, int tail) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < vectors;
       i += stride) {
    float4 x = __ldg(&a[i]), y = __ldg(&b[i]), z = __ldg(&c[i]);
    out[i] = make_float4(reluOf(x.x, y.x, z.x), reluOf(x.y, y.y, z.y),
                         reluOf(x.z, y.z, z.z), reluOf(x.w, y.w, z.w));
  }
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < tail)
    outTail[t] = reluOf(aTail[t], bTail[t], cTail[t]);
}

/// Running (max, sum of exp(x - max)) of a softmax, merged across threads.
struct MaxSum {
  float max;
  float sum;
};

__device__ __forceinline__ MaxSum merge(MaxSum x, MaxSum y) {
  float max = fmaxf(x.max, y.max);
  if (max == -INFINITY)
    return {max, 0.0f};
  return {max, x.sum * __expf(x.max - max) + y.sum * __expf(y.max - max)};
}

__device__ __forceinline__ MaxSum warpMerge(MaxSum value) {
  for (int offset = 16; offset > 0; offset /= 2) {
    MaxSum other = {__shfl_xor_sync(0xffffffff, value.max, offset),
                    __shfl_xor_sync(0xffffffff, value.sum, offset)};
    value = merge(value, other);
  }
  return value;
}

constexpr int kSoftmaxThreads = 256;

/// One block per row. One pass computes the row's max and sum of
/// exponentials online (warp shuffles, then shared memory across warps); a
/// second pass, reading the row again from L1/L2, writes the result.
__global__ void __launch_bounds__(kSoftmaxThreads)
    softmaxKernel(const float *__restrict__ input, float *__restrict__ output,
                  int cols) {
  const float *row = input + (int64_t)blockIdx.x * cols;
  float *outRow = output + (int64_t)blockIdx.x * cols;
  MaxSum local = {-INFINITY, 0.0f};
  bool vectorized = cols % 4 == 0;
  if (vectorized) {
    const float4 *row4 = reinterpret_cast<const float4 *>(row);
    for (int i = threadIdx.x; i < cols / 4; i += blockDim.x) {
      float4 v = __ldg(&row4[i]);
      float m = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
      float s =
          __expf(v.x - m) + __expf(v.y - m) + __expf(v.z - m) + __expf(v.w - m);
      local = merge(local, {m, s});
    }
  } else {
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
      local = merge(local, {row[i], 1.0f});
  }

  __shared__ MaxSum warpResults[kSoftmaxThreads / 32];
  __shared__ MaxSum rowResult;
  local = warpMerge(local);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    warpResults[warp] = local;
  __syncthreads();
  if (warp == 0) {
    MaxSum value =
        lane < blockDim.x / 32 ? warpResults[lane] : MaxSum{-INFINITY, 0.0f};
    value = warpMerge(value);
    if (lane == 0)
      rowResult = value;
  }
  __syncthreads();
  float max = rowResult.max, inverse = 1.0f / rowResult.sum;

  if (vectorized) {
    const float4 *row4 = reinterpret_cast<const float4 *>(row);
    float4 *out4 = reinterpret_cast<float4 *>(outRow);
    for (int i = threadIdx.x; i < cols / 4; i += blockDim.x) {
      float4 v = __ldg(&row4[i]);
      out4[i] =
          make_float4(__expf(v.x - max) * inverse, __expf(v.y - max) * inverse,
                      __expf(v.z - max) * inverse, __expf(v.w - max) * inverse);
    }
  } else {
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
      outRow[i] = __expf(row[i] - max) * inverse;
  }
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

struct Timing {
  double medianMs;
  double minMs;
};

/// One warm-up run, then `reps` runs each timed with events.
Timing timeRuns(int reps, const std::function<void()> &run) {
  run();
  check(cudaGetLastError(), "warm-up launch");
  check(cudaDeviceSynchronize(), "warm-up run");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    check(cudaEventRecord(start), "cudaEventRecord");
    run();
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "timed run");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    times.push_back(ms);
  }
  check(cudaGetLastError(), "timed launches");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  size_t middle = times.size() / 2;
  double median = times.size() % 2 ? times[middle]
                                   : (times[middle - 1] + times[middle]) / 2;
  return {median, times.front()};
}

template <typename T> T *deviceArray(int64_t count, uint32_t seed) {
  T *data = nullptr;
  check(cudaMalloc(&data, std::max<int64_t>(count, 1) * sizeof(T)),
        "cudaMalloc");
  fillUniform<<<1024, 256>>>(data, count, seed);
  check(cudaGetLastError(), "fillUniform");
  return data;
}

int multiprocessorCount() {
  int device = 0, count = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device),
        "cudaDeviceGetAttribute");
  return count;
}

//===----------------------------------------------------------------------===//
// Subcommands
//===----------------------------------------------------------------------===//

int runRelu(int64_t n, int reps) {
  float *a = deviceArray<float>(n, 1), *b = deviceArray<float>(n, 2),
        *c = deviceArray<float>(n, 3), *out = deviceArray<float>(n, 4);
  int64_t vectors = n / 4;
  int tail = static_cast<int>(n % 4);
  int64_t done = vectors * 4;
  // Enough resident blocks to fill every SM; each loops over the array.
  int blocksPerSm = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, reluKernel,
                                                      256, 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  int64_t blocks = std::min<int64_t>(
      (int64_t)multiprocessorCount() * blocksPerSm, (vectors + 255) / 256);
  blocks = std::max<int64_t>(blocks, 1);
  Timing timing = timeRuns(reps, [&] {
    reluKernel<<<blocks, 256>>>(reinterpret_cast<const float4 *>(a),
                                reinterpret_cast<const float4 *>(b),
                                reinterpret_cast<const float4 *>(c),
                                reinterpret_cast<float4 *>(out), vectors,
                                a + done, b + done, c + done, out + done, tail);
  });
  double bytes = 16.0 * n;
  std::printf("relu n=%lld median_ms=%.4f min_ms=%.4f GB/s=%.1f\n",
              (long long)n, timing.medianMs, timing.minMs,
              bytes / (timing.medianMs * 1e6));
  for (float *p : {a, b, c, out})
    cudaFree(p);
  return 0;
}

int runSoftmax(int64_t rows, int64_t cols, int reps) {
  float *input = deviceArray<float>(rows * cols, 1);
  float *output = deviceArray<float>(rows * cols, 2);
  Timing timing = timeRuns(reps, [&] {
    softmaxKernel<<<rows, kSoftmaxThreads>>>(input, output,
                                             static_cast<int>(cols));
  });
  double bytes = 8.0 * rows * cols;
  std::printf("softmax rows=%lld cols=%lld median_ms=%.4f min_ms=%.4f "
              "GB/s=%.1f\n",
              (long long)rows, (long long)cols, timing.medianMs, timing.minMs,
              bytes / (timing.medianMs * 1e6));
  cudaFree(input);
  cudaFree(output);
  return 0;
}

/// The few cuBLAS functions used, resolved with dlopen so that the binary
/// runs (and its other subcommands work) where cuBLAS is missing.
struct Cublas {
  using CreateFn = cublasStatus_t (*)(cublasHandle_t *);
  using DestroyFn = cublasStatus_t (*)(cublasHandle_t);
  using GemmExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t,
                                      cublasOperation_t, int, int, int,
                                      const void *, const void *, cudaDataType,
                                      int, const void *, cudaDataType, int,
                                      const void *, void *, cudaDataType, int,
                                      cublasComputeType_t, cublasGemmAlgo_t);
  CreateFn create = nullptr;
  DestroyFn destroy = nullptr;
  GemmExFn gemmEx = nullptr;

  /// Returns an empty string on success, else why cuBLAS is unusable.
  std::string load() {
    std::string reasons;
    for (const char *name : {"libcublas.so.13", "libcublas.so"}) {
      void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (!library) {
        reasons += std::string(reasons.empty() ? "" : "; ") + dlerror();
        continue;
      }
      create = reinterpret_cast<CreateFn>(dlsym(library, "cublasCreate_v2"));
      destroy = reinterpret_cast<DestroyFn>(dlsym(library, "cublasDestroy_v2"));
      gemmEx = reinterpret_cast<GemmExFn>(dlsym(library, "cublasGemmEx"));
      if (create && destroy && gemmEx)
        return "";
      reasons += std::string(reasons.empty() ? "" : "; ") + name +
                 " lacks cublasCreate_v2, cublasDestroy_v2 or cublasGemmEx";
    }
    return reasons;
  }
};

int runGemmBf16(int m, int n, int k, int reps) {
  Cublas cublas;
  std::string missing = cublas.load();
  if (!missing.empty()) {
    std::fprintf(stderr,
                 "gpu-peers: cuBLAS not found (%s): gemm-bf16 unavailable\n",
                 missing.c_str());
    return kExitNoLibrary;
  }
  cublasHandle_t handle;
  if (cublas.create(&handle) != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "gpu-peers: cublasCreate failed\n");
    return kExitError;
  }
  // Column-major C[m,n] = A[m,k] * B[k,n].
  auto *a = deviceArray<__nv_bfloat16>((int64_t)m * k, 1);
  auto *b = deviceArray<__nv_bfloat16>((int64_t)k * n, 2);
  auto *c = deviceArray<__nv_bfloat16>((int64_t)m * n, 3);
  float alpha = 1.0f, beta = 0.0f;
  cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
  Timing timing = timeRuns(reps, [&] {
    cublasStatus_t s =
        cublas.gemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, a,
                      CUDA_R_16BF, m, b, CUDA_R_16BF, k, &beta, c, CUDA_R_16BF,
                      m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    if (s != CUBLAS_STATUS_SUCCESS)
      status = s;
  });
  if (status != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "gpu-peers: cublasGemmEx failed with status %d\n",
                 static_cast<int>(status));
    return kExitError;
  }
  double flops = 2.0 * m * n * k;
  std::printf("gemm-bf16 m=%d n=%d k=%d median_ms=%.4f min_ms=%.4f "
              "TFLOP/s=%.1f\n",
              m, n, k, timing.medianMs, timing.minMs,
              flops / (timing.medianMs * 1e9));
  cublas.destroy(handle);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}

const char *const kUsage = "usage: gpu-peers relu N [REPS]\n"
                           "       gpu-peers softmax ROWS COLS [REPS]\n"
                           "       gpu-peers gemm-bf16 M N K [REPS]\n";

/// Parses a positive count, or exits with the usage.
int64_t parseCount(const char *text) {
  char *end = nullptr;
  long long value = std::strtoll(text, &end, 10);
  if (!*text || *end || value < 1) {
    std::fprintf(stderr, "gpu-peers: expected a positive count, found '%s'\n%s",
                 text, kUsage);
    std::exit(kExitError);
  }
  return value;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return kExitError;
  }
  std::string command = argv[1];
  int operands = command == "relu"        ? 1
                 : command == "softmax"   ? 2
                 : command == "gemm-bf16" ? 3
                                          : -1;
  if (operands < 0 || argc < 2 + operands || argc > 3 + operands) {
    std::fputs(kUsage, stderr);
    return kExitError;
  }
  std::vector<int64_t> sizes;
  for (int i = 0; i < operands; ++i)
    sizes.push_back(parseCount(argv[2 + i]));
  int reps =
      argc == 3 + operands ? static_cast<int>(parseCount(argv[argc - 1])) : 20;

  int devices = 0;
  cudaError_t error = cudaGetDeviceCount(&devices);
  if (error != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "gpu-peers: no CUDA device: %s\n",
                 error != cudaSuccess ? cudaGetErrorString(error)
                                      : "none found");
    return kExitNoDevice;
  }
  cudaDeviceProp properties;
  check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
  std::fprintf(stderr, "gpu-peers: %s, %d SMs\n", properties.name,
               properties.multiProcessorCount);

  if (command == "relu")
    return runRelu(sizes[0], reps);
  if (command == "softmax")
    return runSoftmax(sizes[0], sizes[1], reps);
  if (sizes[0] > INT32_MAX || sizes[1] > INT32_MAX || sizes[2] > INT32_MAX) {
    std::fprintf(stderr, "gpu-peers: gemm sizes must fit in 32 bits\n");
    return kExitError;
  }
  return runGemmBf16(static_cast<int>(sizes[0]), static_cast<int>(sizes[1]),
                     static_cast<int>(sizes[2]), reps);
}
