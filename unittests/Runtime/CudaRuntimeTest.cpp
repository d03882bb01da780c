//===- CudaRuntimeTest.cpp - the CUDA runtime without a driver ------------===//
//
// The runtime initializes once per process; every test here forces the same
// missing driver first, so the order of the tests does not matter and they
// pass on machines with a GPU too.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/CudaRuntime.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>

namespace {

class CudaRuntimeWithoutDriverTest : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("HLO_CUDA_DRIVER", "/nonexistent/libcuda.so.1", /*overwrite=*/1);
    // Earlier tests may have left an error behind.
    hloCudaTakeError();
  }
  static constexpr const char *kMissingDriver =
      "CUDA driver not found: /nonexistent/libcuda.so.1: cannot open shared "
      "object file: No such file or directory";
};

TEST_F(CudaRuntimeWithoutDriverTest, ProbeSaysWhyAndRecordsNothing) {
  char message[256] = "unchanged";
  EXPECT_EQ(hloCudaAvailable(message, sizeof(message)), 0);
  EXPECT_STREQ(message, kMissingDriver);
  EXPECT_EQ(hloCudaTakeError(), nullptr);
  // A short buffer gets a truncated, terminated message.
  char shortMessage[6];
  EXPECT_EQ(hloCudaAvailable(shortMessage, sizeof(shortMessage)), 0);
  EXPECT_STREQ(shortMessage, "CUDA ");
  EXPECT_EQ(hloCudaAvailable(nullptr, 0), 0);
}

TEST_F(CudaRuntimeWithoutDriverTest, CallsAreNoOpsThatRecordTheFirstError) {
  // What a lowered program does, in order: nothing crashes, every handle is
  // null.
  int blob = 0;
  void *module = mgpuModuleLoad(&blob, sizeof(blob));
  EXPECT_EQ(module, nullptr);
  EXPECT_EQ(mgpuModuleLoadJIT(&blob, 2), nullptr);
  EXPECT_EQ(mgpuModuleGetFunction(module, "fusion_0"), nullptr);
  void *stream = mgpuStreamCreate();
  EXPECT_EQ(stream, nullptr);
  void *buffer = mgpuMemAlloc(1024, stream, false);
  EXPECT_EQ(buffer, nullptr);
  EXPECT_EQ(mgpuMemAlloc(1024, nullptr, true), nullptr);
  mgpuMemset32(buffer, 0, 256, stream);
  mgpuMemset16(buffer, 0, 512, stream);
  mgpuMemcpy(buffer, &blob, sizeof(blob), stream);
  mgpuLaunchKernel(nullptr, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
  mgpuLaunchClusterKernel(nullptr, 2, 1, 1, 2, 1, 1, 32, 1, 1, 0, stream,
                          nullptr, nullptr);
  void *event = mgpuEventCreate();
  EXPECT_EQ(event, nullptr);
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuMemFree(buffer, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
  mgpuSetDefaultDevice(0);

  const char *error = hloCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_STREQ(error, kMissingDriver);
  // Taken: cleared until the next call fails again.
  EXPECT_EQ(hloCudaTakeError(), nullptr);
  EXPECT_EQ(mgpuStreamCreate(), nullptr);
  EXPECT_STREQ(hloCudaTakeError(), kMissingDriver);
}

TEST_F(CudaRuntimeWithoutDriverTest, HostApiFailsCleanly) {
  EXPECT_EQ(hloCudaAlloc(64), nullptr);
  char host[16] = {};
  EXPECT_NE(hloCudaCopyToDevice(nullptr, host, sizeof(host)), 0);
  EXPECT_NE(hloCudaCopyFromDevice(host, nullptr, sizeof(host)), 0);
  char name[64] = "unchanged";
  EXPECT_NE(hloCudaDeviceName(name, sizeof(name)), 0);
  EXPECT_STREQ(name, "unchanged");
  hloCudaFree(nullptr);
  hloCudaSynchronize();
  EXPECT_STREQ(hloCudaTakeError(), kMissingDriver);
}

TEST_F(CudaRuntimeWithoutDriverTest, ProfileIsEmpty) {
  hloCudaSetProfiling(1);
  EXPECT_EQ(hloCudaTotalKernelMs(), 0.0);
  char *text = nullptr;
  size_t size = 0;
  FILE *stream = open_memstream(&text, &size);
  hloCudaPrintProfile(stream);
  std::fclose(stream);
  std::string table(text, size);
  std::free(text);
  EXPECT_EQ(table.find("kernel"), 0u);
  EXPECT_NE(table.find("total"), std::string::npos);
  hloCudaSetProfiling(0);
  hloCudaTakeError();
}

} // namespace
