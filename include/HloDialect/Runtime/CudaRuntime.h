//===- CudaRuntime.h - CUDA runtime of compiled programs ----------*- C -*-===//
//
// The run-time library that GPU code compiled by the hlo compiler calls: the
// `mgpu*` entry points that MLIR 22's `gpu-to-llvm` lowering and the
// `gpu.binary` embedding (global constructors loading each module) emit calls
// to, plus a small C API for the programs that host compiled code
// (`hlo-aot-run`, tests, Python through ctypes).
//
// The library links nothing from CUDA: the driver (`libcuda.so.1`, or the
// file named by HLO_CUDA_DRIVER) is opened with dlopen on first use, so
// everything builds and runs on machines without a GPU or a driver.
//
// Errors never abort. The first one is kept as a one-line message; until a
// host takes it (hloCudaTakeError), every call is a no-op that returns a null
// or benign value, so that a failed launch does not cascade into a crash.
//
// Environment:
//   HLO_CUDA_DRIVER   path of the driver library (default libcuda.so.1)
//   HLO_CUDA_DEVICE   device ordinal (default 0; mgpuSetDefaultDevice
//                     before first use overrides it)
//   HLO_CUDA_PROFILE  1: time every kernel launch (see hloCudaSetProfiling)
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNTIME_CUDARUNTIME_H
#define HLODIALECT_RUNTIME_CUDARUNTIME_H

#ifndef __cplusplus
#include <stdbool.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define HLO_CUDA_EXPORT __attribute__((visibility("default")))
#else
#define HLO_CUDA_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Host API
//===----------------------------------------------------------------------===//

/// Initializes the runtime if needed and returns 1 when a CUDA device can be
/// used. Otherwise returns 0 and writes the reason (one line, truncated to
/// `size` bytes including the terminator) to `message` when it is not null.
/// Unlike the other calls, a failure here is not recorded as an error.
HLO_CUDA_EXPORT int hloCudaAvailable(char *message, size_t size);

/// Returns the first error recorded since the last call and clears it, or
/// null when there was none. The string stays valid until the next call.
HLO_CUDA_EXPORT const char *hloCudaTakeError(void);

/// Waits for all work on the device (cuCtxSynchronize).
HLO_CUDA_EXPORT void hloCudaSynchronize(void);

/// Device memory for host-owned buffers (cuMemAlloc / cuMemFree). Returns
/// null on error and for `bytes` == 0.
HLO_CUDA_EXPORT void *hloCudaAlloc(size_t bytes);
HLO_CUDA_EXPORT void hloCudaFree(void *devicePointer);

/// Synchronous copies between host and device memory; return 0 on success.
HLO_CUDA_EXPORT int hloCudaCopyToDevice(void *deviceDst, const void *hostSrc,
                                        size_t bytes);
HLO_CUDA_EXPORT int hloCudaCopyFromDevice(void *hostDst, const void *deviceSrc,
                                          size_t bytes);

/// Writes the name of the device in use ("NVIDIA H200"); returns 0 on
/// success.
HLO_CUDA_EXPORT int hloCudaDeviceName(char *name, size_t size);

/// Kernel profiling: while enabled, every launch is bracketed by CUDA events
/// and its elapsed time accumulated under the kernel's name. Enabling it
/// also clears what was accumulated.
HLO_CUDA_EXPORT void hloCudaSetProfiling(int enabled);
/// Prints one line per kernel (launches, total, mean milliseconds), by total
/// time, longest first.
HLO_CUDA_EXPORT void hloCudaPrintProfile(FILE *stream);
/// The sum of all timed kernel executions, in milliseconds.
HLO_CUDA_EXPORT double hloCudaTotalKernelMs(void);

//===----------------------------------------------------------------------===//
// Entry points of MLIR's lowering (the ABI of MLIR 22's gpu-to-llvm and
// gpu.binary embedding). Handles are CUDA driver handles (CUmodule,
// CUfunction, CUstream, CUevent) passed as opaque pointers.
//===----------------------------------------------------------------------===//

/// Loads a cubin or fatbin of `size` bytes (the result is cached by `data`).
HLO_CUDA_EXPORT void *mgpuModuleLoad(void *data, size_t size);
/// JIT-compiles NUL-terminated PTX at optimization level `optLevel`.
HLO_CUDA_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel);
HLO_CUDA_EXPORT void mgpuModuleUnload(void *module);
HLO_CUDA_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);

HLO_CUDA_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                      intptr_t gridY, intptr_t gridZ,
                                      intptr_t blockX, intptr_t blockY,
                                      intptr_t blockZ, int32_t sharedBytes,
                                      void *stream, void **params, void **extra,
                                      size_t paramsCount);
HLO_CUDA_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t sharedBytes, void *stream,
                        void **params, void **extra);

HLO_CUDA_EXPORT void *mgpuStreamCreate(void);
HLO_CUDA_EXPORT void mgpuStreamDestroy(void *stream);
HLO_CUDA_EXPORT void mgpuStreamSynchronize(void *stream);
HLO_CUDA_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);

HLO_CUDA_EXPORT void *mgpuEventCreate(void);
HLO_CUDA_EXPORT void mgpuEventDestroy(void *event);
HLO_CUDA_EXPORT void mgpuEventSynchronize(void *event);
HLO_CUDA_EXPORT void mgpuEventRecord(void *event, void *stream);

/// Device memory, stream-ordered where the device supports it. `isHostShared`
/// (gpu.alloc host_shared) gives pinned, device-mapped host memory instead of
/// managed memory, which the target machines do not allow.
HLO_CUDA_EXPORT void *mgpuMemAlloc(uint64_t bytes, void *stream,
                                   bool isHostShared);
HLO_CUDA_EXPORT void mgpuMemFree(void *pointer, void *stream);
HLO_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t bytes,
                                void *stream);
HLO_CUDA_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                  void *stream);
HLO_CUDA_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                                  void *stream);
HLO_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // HLODIALECT_RUNTIME_CUDARUNTIME_H
