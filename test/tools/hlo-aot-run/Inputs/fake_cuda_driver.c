// A fake CUDA driver for testing the runtime on machines without a GPU:
// the driver functions the runtime resolves, under the names cuda.h maps
// them to, with host memory as "device" memory. Kernels are looked up by
// name: add_f32 (a, b, c, n) computes c = a + b on the host; a kernel whose
// name starts with "fail_" fails to launch; other names are not found. A
// module whose data starts with "FAIL" fails to load with a two-line log.
// Every timed kernel takes 0.25 ms. With FAKE_CUDA_TRACE=1 each call that
// creates something is traced to stderr ("fake-cuda: cuStreamCreate").
#include <cuda.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void trace(const char *call) {
  const char *enabled = getenv("FAKE_CUDA_TRACE");
  if (enabled && *enabled == '1')
    fprintf(stderr, "fake-cuda: %s\n", call);
}

static uintptr_t nextHandle = 0x1000;
static void *newHandle(void) { return (void *)(nextHandle += 0x10); }

struct CUfunc_st {
  char name[128];
};

CUresult cuInit(unsigned int flags) { return CUDA_SUCCESS; }

CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case CUDA_ERROR_INVALID_PTX:
    *name = "CUDA_ERROR_INVALID_PTX";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_FOUND:
    *name = "CUDA_ERROR_NOT_FOUND";
    return CUDA_SUCCESS;
  case CUDA_ERROR_LAUNCH_FAILED:
    *name = "CUDA_ERROR_LAUNCH_FAILED";
    return CUDA_SUCCESS;
  default:
    *name = NULL;
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult cuDeviceGetCount(int *count) {
  *count = 2;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  snprintf(name, length, "Fake CUDA Device %d", device);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice device) {
  *value = attribute == CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  trace("cuDevicePrimaryCtxRetain");
  *context = newHandle();
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext context) { return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

static CUresult loadModule(CUmodule *module, const void *image, char *log,
                           size_t logSize) {
  if (strncmp(image, "FAIL", 4) == 0) {
    if (log)
      snprintf(log, logSize, "ptxas fatal : fake error\nsecond line");
    return CUDA_ERROR_INVALID_PTX;
  }
  *module = newHandle();
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  trace("cuModuleLoadData");
  return loadModule(module, image, NULL, 0);
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                            unsigned int count, CUjit_option *options,
                            void **values) {
  trace("cuModuleLoadDataEx");
  char *log = NULL;
  size_t logSize = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      log = values[i];
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      logSize = (size_t)(uintptr_t)values[i];
  }
  return loadModule(module, image, log, logSize);
}

CUresult cuModuleUnload(CUmodule module) {
  trace("cuModuleUnload");
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  trace("cuModuleGetFunction");
  if (strcmp(name, "add_f32") != 0 && strncmp(name, "fail_", 5) != 0)
    return CUDA_ERROR_NOT_FOUND;
  *function = calloc(1, sizeof(struct CUfunc_st));
  snprintf((*function)->name, sizeof((*function)->name), "%s", name);
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute,
                            int value) {
  return CUDA_SUCCESS;
}

static CUresult run(CUfunction function, void **params) {
  if (strncmp(function->name, "fail_", 5) == 0)
    return CUDA_ERROR_LAUNCH_FAILED;
  const float *a = *(float **)params[0], *b = *(float **)params[1];
  float *c = *(float **)params[2];
  long long n = *(long long *)params[3];
  for (long long i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned sharedBytes, CUstream stream,
                        void **params, void **extra) {
  return run(function, params);
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function,
                          void **params, void **extra) {
  return run(function, params);
}

CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  trace("cuStreamCreate");
  *stream = newHandle();
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy(CUstream stream) { return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream stream) { return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags) {
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  trace("cuEventCreate");
  *event = newHandle();
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent event) { return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent event) { return CUDA_SUCCESS; }
CUresult cuEventRecord(CUevent event, CUstream stream) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end) {
  *ms = 0.25f;
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  trace("cuMemAlloc");
  *pointer = (CUdeviceptr)malloc(bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemFree(CUdeviceptr pointer) {
  free((void *)pointer);
  return CUDA_SUCCESS;
}

CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t bytes, CUstream stream) {
  trace("cuMemAllocAsync");
  *pointer = (CUdeviceptr)malloc(bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemFreeAsync(CUdeviceptr pointer, CUstream stream) {
  free((void *)pointer);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool, CUdevice device) {
  *pool = newHandle();
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attribute,
                               void *value) {
  return CUDA_SUCCESS;
}

CUresult cuMemHostAlloc(void **pointer, size_t bytes, unsigned int flags) {
  trace("cuMemHostAlloc");
  *pointer = malloc(bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemFreeHost(void *pointer) {
  free(pointer);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream stream) {
  memcpy((void *)dst, (const void *)src, bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  memcpy((void *)dst, src, bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)src, bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                          CUstream stream) {
  for (size_t i = 0; i < count; ++i)
    ((uint32_t *)dst)[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream stream) {
  for (size_t i = 0; i < count; ++i)
    ((uint16_t *)dst)[i] = value;
  return CUDA_SUCCESS;
}
