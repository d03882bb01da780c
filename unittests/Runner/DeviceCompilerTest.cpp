//===- DeviceCompilerTest.cpp - compiling for GPU devices -----------------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Pipelines/GpuPipeline.h"
#include "HloDialect/Runner/DeviceCompiler.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::hlo;

namespace {

TEST(DeviceCompilerTest, SignatureNamesDeviceInputsAndResults) {
  MLIRContext context;
  Builder b(&context);
  auto f32 = RankedTensorType::get({4, 8}, b.getF32Type());
  auto scalar = RankedTensorType::get({}, b.getIntegerType(32, false));
  auto complex = RankedTensorType::get({2}, ComplexType::get(b.getF64Type()));
  auto pred = RankedTensorType::get({3}, b.getI1Type());
  auto bf16 = RankedTensorType::get({16}, b.getBF16Type());
  EXPECT_EQ(getAotSignature("cuda", {f32, scalar, bf16}, {complex, pred}),
            "cuda;f32[4,8],ui32[],bf16[16];c128[2],i1[3]");
  EXPECT_EQ(getAotSignature("cuda", {}, {f32}), "cuda;;f32[4,8]");
  EXPECT_EQ(getAotTypeName(ComplexType::get(b.getF32Type())), "c64");
  EXPECT_EQ(getAotTypeName(b.getIntegerType(8)), "i8");
}

TEST(DeviceCompilerTest, BackendsAreLookedUpByName) {
  EXPECT_TRUE(isGpuDevice("cuda"));
  EXPECT_TRUE(isGpuDevice("rocm"));
  EXPECT_FALSE(isGpuDevice("cpu"));
  EXPECT_TRUE(isGpuDevice("vulkan"));
  const GpuBackend *cuda = lookupGpuBackend("cuda");
  ASSERT_NE(cuda, nullptr);
  EXPECT_EQ(cuda->defaultChip, "sm_90");
  MLIRContext context;
  PassManager pm(&context);
  HloGpuPipelineOptions options;
  options.target = "metal";
  std::string error;
  EXPECT_TRUE(failed(buildHloGpuPipeline(pm, options, &error)));
  EXPECT_EQ(error, "unknown GPU target 'metal' (known: cuda rocm vulkan)");
}

TEST(DeviceCompilerTest, LowersToKernelsAndEmitsAnObjectInMemory) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllHloDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"mlir(
        func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
          %y = hlo.add %x, %x : tensor<64xf32>
          return %y : tensor<64xf32>
        })mlir",
      &context);
  ASSERT_TRUE(module);
  auto type = RankedTensorType::get({64}, Float32Type::get(&context));
  DeviceCompileOptions options;
  options.device = "cuda";
  // PTX only: no ptxas needed.
  options.pipelineOptions = "format=isa";
  ASSERT_TRUE(succeeded(lowerForDevice(*module, options)));
  EXPECT_TRUE(module->lookupSymbol("main_kernel"));
  EXPECT_TRUE(succeeded(emitAotObject(*module, "main",
                                      getAotSignature("cuda", {type}, {type}),
                                      {type}, {type}, /*path=*/"")));
}

} // namespace

// Ahead-of-time code takes the vectors of the CPU it is compiled for, not
// of the compiling machine: generic x86-64 has SSE2's 128 bits.
TEST(DeviceCompilerTest, AotVectorBitsFollowTheTargetCpu) {
  auto bitsOf = [](std::string cpu, std::string features = "") {
    AotObjectOptions options;
    options.cpu = std::move(cpu);
    options.features = std::move(features);
    FailureOr<int64_t> bits = getAotVectorBits(options);
    return failed(bits) ? int64_t(-1) : *bits;
  };
  EXPECT_EQ(bitsOf("x86-64"), 128);
  EXPECT_EQ(bitsOf("x86-64", "+avx2,+fma"), 256);
  EXPECT_EQ(bitsOf("haswell"), 256);
  EXPECT_EQ(bitsOf("znver4"), 512);
  EXPECT_EQ(bitsOf("znver4", "-avx512f"), 256);
  EXPECT_EQ(bitsOf("not-a-cpu"), -1);
  int64_t native = bitsOf("native");
  EXPECT_TRUE(native == 128 || native == 256 || native == 512) << native;
}
