//===- ProfilerTest.cpp - KernelProfiler and hlo-runner --profile's API ---===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/Profiler.h"
#include "HloDialect/Runner/Runner.h"
#include "HloDialect/Transforms/ProfileKernels.h"

#include "mlir/IR/Builders.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registerAllHloDialects(registry);
    auto *ctx = new MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    return ctx;
  }();
  return *context;
}

ArrayAttr kernelList(ArrayRef<StringRef> entries) {
  Builder builder(&getContext());
  SmallVector<Attribute> attrs;
  for (StringRef entry : entries)
    attrs.push_back(builder.getStringAttr(entry));
  return builder.getArrayAttr(attrs);
}

using Hook = void (*)(int64_t);

TEST(ProfilerTest, NestedCallsSplitOwnAndTotalTime) {
  KernelProfiler profiler(
      kernelList({"f_op0\twhile tensor<4xf32> -> tensor<4xf32>",
                  "f_fusion0\tloop fusion of add -> tensor<4xf32>"}));
  ASSERT_EQ(profiler.getNumKernels(), 2u);
  // What the hooks record, with known durations: a while (kernel 0) that
  // took 100 ns calling a fusion (kernel 1) twice, 30 ns each.
  profiler.record(1, 30, 30, /*outermost=*/false);
  profiler.record(1, 30, 30, /*outermost=*/false);
  profiler.record(0, 100, 40, /*outermost=*/true);
  std::string text;
  llvm::raw_string_ostream os(text);
  profiler.print(os, /*runs=*/1, /*wallSeconds=*/200e-9, /*top=*/10);
  // 100 of 200 ns in kernels; the fusion's own 60 ns first, then the
  // while's own 40 ns.
  EXPECT_NE(text.find("0.000 ms in 2 kernels"), std::string::npos) << text;
  size_t fusion = text.find("f_fusion0: loop fusion of add");
  size_t loop = text.find("f_op0: while");
  ASSERT_NE(fusion, std::string::npos) << text;
  ASSERT_NE(loop, std::string::npos) << text;
  EXPECT_LT(fusion, loop) << text;
  EXPECT_NE(text.find(" 30.0%"), std::string::npos) << text;
  EXPECT_NE(text.find(" 20.0%"), std::string::npos) << text;
  EXPECT_NE(text.find("   2.0  f_fusion0"), std::string::npos) << text;
}

TEST(ProfilerTest, HooksIgnoreUnknownIdsAndUnbalancedExits) {
  KernelProfiler profiler(kernelList({"k\tdot_general -> tensor<2xf32>"}));
  llvm::StringMap<void *> symbols = profiler.getSymbols();
  auto enter = reinterpret_cast<Hook>(symbols.lookup(kProfileEnterHook));
  auto exit = reinterpret_cast<Hook>(symbols.lookup(kProfileExitHook));
  ASSERT_NE(enter, nullptr);
  ASSERT_NE(exit, nullptr);
  exit(0); // no open call
  enter(7);
  exit(7); // an id outside the list
  enter(0);
  exit(0);
  std::string text;
  llvm::raw_string_ostream os(text);
  profiler.print(os, 1, 1e-3, 10);
  EXPECT_NE(text.find("   1.0  k: dot_general"), std::string::npos) << text;
  profiler.reset();
  text.clear();
  profiler.print(os, 1, 1e-3, 10);
  EXPECT_EQ(text.find("k: dot_general"), std::string::npos) << text;
}

TEST(ProfilerTest, ProfiledModuleCountsEveryKernelCall) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
      %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
      %e = hlo.exponential %d : tensor<8x8xf32>
      %t = hlo.transpose %e, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %s = hlo.add %t, %a : tensor<8x8xf32>
      return %s : tensor<8x8xf32>
    })mlir";
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, &getContext());
  ASSERT_TRUE(module);
  RunnerOptions options;
  options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
  options.profile = true;
  FailureOr<CompiledModule> compiled = CompiledModule::compile(*module, options);
  ASSERT_TRUE(succeeded(compiled));
  KernelProfiler *profiler = compiled->getProfiler();
  ASSERT_NE(profiler, nullptr);
  ASSERT_GE(profiler->getNumKernels(), 1u);
  HostTensor a(compiled->getInputTypes()[0]), b(compiled->getInputTypes()[1]);
  auto seconds =
      compiled->benchmark({a, b}, 3, UnknownLoc::get(&getContext()));
  ASSERT_TRUE(succeeded(seconds));
  std::string text;
  llvm::raw_string_ostream os(text);
  profiler->print(os, 3, 1e-3, 10);
  // Every kernel ran once per run (the warm-up run is not counted).
  EXPECT_NE(text.find("   1.0  main_"), std::string::npos) << text;
  EXPECT_EQ(text.find("   2.0  main_"), std::string::npos) << text;
  EXPECT_EQ(text.find("   0.3  main_"), std::string::npos) << text;
}

} // namespace
