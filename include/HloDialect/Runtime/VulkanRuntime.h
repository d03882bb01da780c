//===- VulkanRuntime.h - Vulkan runtime of compiled programs ----*- C -*-===//
//
// The runtime that programs compiled with hlo-gpu-pipeline="target=vulkan"
// call, over the Vulkan loader (libvulkan.so.1) opened with dlopen: nothing
// needs Vulkan to build or link. One compute queue of one physical device
// (HLO_VULKAN_DEVICE=N, default 0, see hloVulkanListDevices).
//
// Device buffers are host-visible, host-coherent memory mapped for their
// whole life: a "device pointer" is the mapped address, so copies are
// memcpy and a kernel argument is found by the buffer that holds it. Kernel
// modules are SPIR-V binaries; a kernel's memref arguments are storage
// buffers of descriptor set 0, bindings 0..n-1 in argument order. Pipelines
// are created once per kernel; each launch is one dispatch, submitted and
// waited for (the device runs kernels in program order).
//
// The host code calls the `hloVk*` functions, which take the place of
// upstream's `mgpu*` runtime functions (the Vulkan back end renames them,
// so that one host can carry the CUDA and the Vulkan runtime). Errors are
// sticky: the first one is kept until hloVulkanTakeError.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNTIME_VULKANRUNTIME_H
#define HLODIALECT_RUNTIME_VULKANRUNTIME_H

#ifndef __cplusplus
#include <stdbool.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define HLO_VULKAN_EXPORT __attribute__((visibility("default")))
#else
#define HLO_VULKAN_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// What the compiler derives a kernel module's spirv.target_env from.
typedef struct HloVulkanLimits {
  uint32_t subgroupSize;
  uint32_t maxSharedMemoryBytes;
  uint32_t maxWorkgroupInvocations;
  uint32_t maxWorkgroupSize[3];
  int float16, float64, int64, int16, int8;
  int storage16, storage8;
} HloVulkanLimits;

/// Whether a device can be used (1) or not (0, with the reason).
HLO_VULKAN_EXPORT int hloVulkanAvailable(char *message, size_t size);
/// Selects physical device `index` (before the first use; the default is
/// HLO_VULKAN_DEVICE or 0).
HLO_VULKAN_EXPORT void hloVulkanSelectDevice(int index);
/// Prints one line per physical device; returns how many (-1: no loader).
HLO_VULKAN_EXPORT int hloVulkanListDevices(FILE *stream);
/// Limits and features of the selected device; 0 on success.
HLO_VULKAN_EXPORT int hloVulkanQueryLimits(HloVulkanLimits *limits);
HLO_VULKAN_EXPORT int hloVulkanDeviceName(char *name, size_t size);
/// The pending error (null when none), valid until the next call.
HLO_VULKAN_EXPORT const char *hloVulkanTakeError(void);
HLO_VULKAN_EXPORT void hloVulkanSynchronize(void);
HLO_VULKAN_EXPORT void *hloVulkanAlloc(size_t bytes);
HLO_VULKAN_EXPORT void hloVulkanFree(void *devicePointer);
HLO_VULKAN_EXPORT int hloVulkanCopyToDevice(void *deviceDst,
                                            const void *hostSrc, size_t bytes);
HLO_VULKAN_EXPORT int hloVulkanCopyFromDevice(void *hostDst,
                                              const void *deviceSrc,
                                              size_t bytes);
/// Kernel timing with timestamp queries.
HLO_VULKAN_EXPORT void hloVulkanSetProfiling(int enabled);
HLO_VULKAN_EXPORT void hloVulkanPrintProfile(FILE *stream);
HLO_VULKAN_EXPORT double hloVulkanTotalKernelMs(void);

// What upstream's gpu-to-llvm host code calls (as mgpu*).
HLO_VULKAN_EXPORT void *hloVkModuleLoad(void *data, size_t size);
HLO_VULKAN_EXPORT void hloVkModuleUnload(void *module);
HLO_VULKAN_EXPORT void *hloVkModuleGetFunction(void *module, const char *name);
HLO_VULKAN_EXPORT void hloVkLaunchKernel(void *function, intptr_t gridX,
                                         intptr_t gridY, intptr_t gridZ,
                                         intptr_t blockX, intptr_t blockY,
                                         intptr_t blockZ, int32_t sharedBytes,
                                         void *stream, void **params,
                                         void **extra, size_t paramsCount);
HLO_VULKAN_EXPORT void *hloVkStreamCreate(void);
HLO_VULKAN_EXPORT void hloVkStreamDestroy(void *stream);
HLO_VULKAN_EXPORT void hloVkStreamSynchronize(void *stream);
HLO_VULKAN_EXPORT void hloVkStreamWaitEvent(void *stream, void *event);
HLO_VULKAN_EXPORT void *hloVkEventCreate(void);
HLO_VULKAN_EXPORT void hloVkEventDestroy(void *event);
HLO_VULKAN_EXPORT void hloVkEventSynchronize(void *event);
HLO_VULKAN_EXPORT void hloVkEventRecord(void *event, void *stream);
HLO_VULKAN_EXPORT void *hloVkMemAlloc(uint64_t bytes, void *stream,
                                      bool isHostShared);
HLO_VULKAN_EXPORT void hloVkMemFree(void *pointer, void *stream);
HLO_VULKAN_EXPORT void hloVkMemcpy(void *dst, void *src, size_t bytes,
                                   void *stream);
HLO_VULKAN_EXPORT void hloVkMemset32(void *dst, unsigned int value,
                                     size_t count, void *stream);
HLO_VULKAN_EXPORT void hloVkMemset16(void *dst, unsigned short value,
                                     size_t count, void *stream);
HLO_VULKAN_EXPORT void hloVkSetDefaultDevice(int32_t device);

#ifdef __cplusplus
}
#endif

#endif // HLODIALECT_RUNTIME_VULKANRUNTIME_H
