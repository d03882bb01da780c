//===- TpuTargetTest.cpp - tpu::getTargetPreset and target lookup ---------===//

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {

class TpuTargetTest : public ::testing::Test {
protected:
  TpuTargetTest() {
    context.loadDialect<TpuDialect, hlo::HloDialect, func::FuncDialect>();
  }
  MLIRContext context;
};

TEST_F(TpuTargetTest, V5ePreset) {
  TargetAttr v5e = getTargetPreset(&context, "v5e");
  ASSERT_TRUE(v5e);
  EXPECT_EQ(v5e.getChip(), "v5e");
  EXPECT_EQ(v5e.getGeneration(), 5);
  EXPECT_EQ(v5e.getLanes(), 128);
  EXPECT_EQ(v5e.getSublanes(), 8);
  EXPECT_EQ(v5e.getMxuRows(), 128);
  EXPECT_EQ(v5e.getMxuCols(), 128);
  EXPECT_EQ(v5e.getMxuCount(), 4);
  EXPECT_EQ(v5e.getVmemBytes(), 128 * 1024 * 1024);
  EXPECT_EQ(v5e.getSmemBytes(), 1024 * 1024);
  EXPECT_EQ(v5e.getHbmBytesPerSecond(), 819'000'000'000);
  EXPECT_EQ(v5e.getPeakBf16Flops(), 197'000'000'000'000);
  EXPECT_EQ(v5e.getClockMhz(), 1500);
}

TEST_F(TpuTargetTest, V6ePreset) {
  TargetAttr v6e = getTargetPreset(&context, "v6e");
  ASSERT_TRUE(v6e);
  EXPECT_EQ(v6e.getGeneration(), 6);
  EXPECT_EQ(v6e.getMxuRows(), 256);
  EXPECT_EQ(v6e.getMxuCols(), 256);
  EXPECT_EQ(v6e.getHbmBytesPerSecond(), 1'640'000'000'000);
  EXPECT_EQ(v6e.getPeakBf16Flops(), 918'000'000'000'000);
  EXPECT_EQ(v6e.getVmemBytes(), 128 * 1024 * 1024);
}

// The clock is derived from the peak: each MXU cell does one multiply-add
// (2 flops) per cycle. The presets must agree with that within 1%.
TEST_F(TpuTargetTest, PeakMatchesMxusTimesClock) {
  for (StringRef name : getTargetPresetNames()) {
    TargetAttr target = getTargetPreset(&context, name);
    ASSERT_TRUE(target) << name.str();
    double peak = 2.0 * target.getMxuRows() * target.getMxuCols() *
                  target.getMxuCount() * target.getClockMhz() * 1e6;
    EXPECT_NEAR(peak / target.getPeakBf16Flops(), 1.0, 0.01) << name.str();
  }
}

TEST_F(TpuTargetTest, UnknownChip) {
  EXPECT_FALSE(getTargetPreset(&context, "v4"));
  EXPECT_FALSE(getTargetPreset(&context, ""));
  EXPECT_FALSE(getTargetPreset(&context, "V5E"));
}

TEST_F(TpuTargetTest, PresetIsUniqued) {
  EXPECT_EQ(getTargetPreset(&context, "v5e"), getTargetPreset(&context, "v5e"));
  EXPECT_NE(getTargetPreset(&context, "v5e"), getTargetPreset(&context, "v6e"));
}

TEST_F(TpuTargetTest, SublaneTiles) {
  TargetAttr v5e = getTargetPreset(&context, "v5e");
  EXPECT_EQ(v5e.getSublaneTile(32), 8);
  EXPECT_EQ(v5e.getSublaneTile(16), 16);
  EXPECT_EQ(v5e.getSublaneTile(8), 32);
  EXPECT_EQ(v5e.getSublaneTile(64), 0);
  EXPECT_EQ(getNativeSublaneTile(Float32Type::get(&context)), 8);
  EXPECT_EQ(getNativeSublaneTile(BFloat16Type::get(&context)), 16);
  EXPECT_EQ(getNativeSublaneTile(Float64Type::get(&context)), 0);
}

TEST_F(TpuTargetTest, PaddedVmemBytes) {
  auto vmem = MemorySpaceAttr::get(&context, MemorySpace::vmem);
  auto f32 = Float32Type::get(&context);
  auto bf16 = BFloat16Type::get(&context);
  // 1x100 f32 takes one 8x128 tile; 10x200 bf16 one 16x256 pair of tiles.
  EXPECT_EQ(getPaddedVmemBytes(MemRefType::get({1, 100}, f32, MemRefLayoutAttrInterface(), vmem)),
            8 * 128 * 4);
  EXPECT_EQ(getPaddedVmemBytes(MemRefType::get({10, 200}, bf16, MemRefLayoutAttrInterface(), vmem)),
            16 * 256 * 2);
  EXPECT_EQ(getPaddedVmemBytes(MemRefType::get({3, 8, 128}, f32, MemRefLayoutAttrInterface(), vmem)),
            3 * 8 * 128 * 4);
}

// The target of an op: its kernel's own, else the innermost tpu.target.
TEST_F(TpuTargetTest, LookupTarget) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    module attributes {tpu.target = #tpu.target<v5e>} {
      func.func @inherits() { return }
      func.func @overrides() attributes {tpu.target = #tpu.target<v6e>} {
        return
      }
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  auto inherits = module->lookupSymbol<func::FuncOp>("inherits");
  auto overrides = module->lookupSymbol<func::FuncOp>("overrides");
  Operation *inheritsRet = &inherits.getBody().front().back();
  Operation *overridesRet = &overrides.getBody().front().back();
  EXPECT_EQ(lookupTarget(inheritsRet), getTargetPreset(&context, "v5e"));
  EXPECT_EQ(lookupTarget(overridesRet), getTargetPreset(&context, "v6e"));
  OwningOpRef<ModuleOp> bare = parseSourceString<ModuleOp>(
      "func.func @f() { return }", &context);
  ASSERT_TRUE(bare);
  auto f = bare->lookupSymbol<func::FuncOp>("f");
  EXPECT_FALSE(lookupTarget(&f.getBody().front().back()));
}

} // namespace
