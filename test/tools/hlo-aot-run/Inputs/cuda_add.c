// A hand-written cuda program object making the runtime calls that MLIR's
// gpu-to-llvm lowering and gpu.binary embedding make: a global constructor
// JIT-loads the PTX module, the entry runs c = a + b (f32[1000]) on a stream
// of its own after copying `a` into a temporary ordered by an event.
//
// For the fake driver's error paths: -DKERNEL_NAME=... launches another
// kernel, -DBROKEN_PTX prefixes the module with text that fails to load.
#include "HloDialect/Runtime/CudaRuntime.h"

#include <stddef.h>

#ifndef KERNEL_NAME
#define KERNEL_NAME "add_f32"
#endif

static const char kKernelsPtx[] =
#ifdef BROKEN_PTX
    "FAIL\n"
#endif
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry add_f32(.param .u64 a, .param .u64 b, .param .u64 c,\n"
    "                        .param .u64 n) {\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .f32 %f<4>;\n"
    "  .reg .b32 %r<4>;\n"
    "  .reg .b64 %rd<12>;\n"
    "  ld.param.u64 %rd1, [a];\n"
    "  ld.param.u64 %rd2, [b];\n"
    "  ld.param.u64 %rd3, [c];\n"
    "  ld.param.u64 %rd4, [n];\n"
    "  mov.u32 %r1, %ctaid.x;\n"
    "  mov.u32 %r2, %ntid.x;\n"
    "  mov.u32 %r3, %tid.x;\n"
    "  mul.wide.u32 %rd5, %r1, %r2;\n"
    "  cvt.u64.u32 %rd6, %r3;\n"
    "  add.s64 %rd5, %rd5, %rd6;\n"
    "  setp.ge.s64 %p1, %rd5, %rd4;\n"
    "  @%p1 bra DONE;\n"
    "  shl.b64 %rd6, %rd5, 2;\n"
    "  cvta.to.global.u64 %rd7, %rd1;\n"
    "  add.s64 %rd7, %rd7, %rd6;\n"
    "  cvta.to.global.u64 %rd8, %rd2;\n"
    "  add.s64 %rd8, %rd8, %rd6;\n"
    "  cvta.to.global.u64 %rd9, %rd3;\n"
    "  add.s64 %rd9, %rd9, %rd6;\n"
    "  ld.global.f32 %f1, [%rd7];\n"
    "  ld.global.f32 %f2, [%rd8];\n"
    "  add.f32 %f3, %f1, %f2;\n"
    "  st.global.f32 [%rd9], %f3;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";

static void *kernelsModule;

__attribute__((constructor)) static void loadKernels(void) {
  kernelsModule = mgpuModuleLoadJIT((void *)kKernelsPtx, /*optLevel=*/2);
}

__attribute__((destructor)) static void unloadKernels(void) {
  mgpuModuleUnload(kernelsModule);
}

const char hlo_aot_signature[] = "cuda;f32[1000],f32[1000];f32[1000]";

void hlo_aot_entry(void **buffers) {
  long long n = 1000;
  size_t bytes = n * sizeof(float);
  void *copyStream = mgpuStreamCreate();
  void *temporary = mgpuMemAlloc(bytes, copyStream, false);
  mgpuMemset32(temporary, 0, n, copyStream);
  mgpuMemcpy(temporary, buffers[0], bytes, copyStream);
  void *copied = mgpuEventCreate();
  mgpuEventRecord(copied, copyStream);

  void *stream = mgpuStreamCreate();
  mgpuStreamWaitEvent(stream, copied);
  mgpuEventDestroy(copied);
  void *function = mgpuModuleGetFunction(kernelsModule, KERNEL_NAME);
  void *params[] = {&temporary, &buffers[1], &buffers[2], &n};
  mgpuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream,
                   params, NULL, 4);
  mgpuMemFree(temporary, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamSynchronize(copyStream);
  mgpuStreamDestroy(stream);
  mgpuStreamDestroy(copyStream);
}
