//===- ProfilerTest.cpp - KernelProfiler and hlo-runner --profile's API ---===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/Profiler.h"
#include "HloDialect/Runner/Runner.h"
#include "HloDialect/Transforms/ProfileKernels.h"

#include "mlir/IR/Builders.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
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

/// Four functions: one vector loop (and its scalar remainder loop, marked
/// as LLVM's vectorizer marks it); one scalar loop over floats; one loop
/// calling another function (a while loop's dispatch); loop-free scalar code.
constexpr const char *kLoopsIR = R"ll(
define void @vector(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %a = getelementptr <8 x float>, ptr %p, i64 %i
  %v = load <8 x float>, ptr %a
  %w = fadd <8 x float> %v, %v
  store <8 x float> %w, ptr %a
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %tail, label %body
tail:
  %j = phi i64 [ 0, %body ], [ %jnext, %tail ]
  %b = getelementptr float, ptr %p, i64 %j
  %x = load float, ptr %b
  %y = fadd float %x, %x
  store float %y, ptr %b
  %jnext = add i64 %j, 1
  %jdone = icmp eq i64 %jnext, %n
  br i1 %jdone, label %exit, label %tail, !llvm.loop !0
exit:
  ret void
}

define void @scalar(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %a = getelementptr float, ptr %p, i64 %i
  %x = load float, ptr %a
  %y = fmul float %x, %x
  store float %y, ptr %a
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

define void @dispatch(ptr %p, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  call void @scalar(ptr %p, i64 %n)
  %k = trunc i64 %i to i32
  %k2 = add i32 %k, 1
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

define void @rows(ptr %dst, ptr %src, ptr %ids, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %idp = getelementptr i32, ptr %ids, i64 %i
  %id = load i32, ptr %idp
  %row = sext i32 %id to i64
  %from = getelementptr [128 x float], ptr %src, i64 %row
  %to = getelementptr [128 x float], ptr %dst, i64 %i
  call void @llvm.memcpy.p0.p0.i64(ptr %to, ptr %from, i64 512, i1 false)
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define float @straight(float %x) {
  %y = fmul float %x, %x
  ret float %y
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.isvectorized", i32 1}
)ll";

TEST(ProfilerTest, ClassifiesInnermostLoopsAsVectorOrScalar) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(kLoopsIR, error, context);
  ASSERT_TRUE(module) << error.getMessage().str();

  KernelCode vector = classifyKernelCode(*module->getFunction("vector"));
  EXPECT_EQ(vector.vectorLoops, 1u);
  EXPECT_EQ(vector.scalarLoops, 0u); // the remainder loop is not counted
  EXPECT_EQ(vector.summary(), "vector");
  EXPECT_FALSE(vector.hasScalarCode());

  KernelCode scalar = classifyKernelCode(*module->getFunction("scalar"));
  EXPECT_EQ(scalar.vectorLoops, 0u);
  EXPECT_EQ(scalar.scalarLoops, 1u);
  EXPECT_EQ(scalar.summary(), "scalar");
  EXPECT_TRUE(scalar.hasScalarCode());

  // The loop calls a kernel: its own i32 bookkeeping is not the kernel's
  // element work.
  KernelCode dispatch = classifyKernelCode(*module->getFunction("dispatch"));
  EXPECT_EQ(dispatch.vectorLoops + dispatch.scalarLoops, 0u);
  EXPECT_FALSE(dispatch.hasScalarCode());

  // A row gather: an index load and a block copy per row. The copy moves
  // the elements (with vector moves, inline or in libc's memcpy).
  KernelCode rows = classifyKernelCode(*module->getFunction("rows"));
  EXPECT_EQ(rows.vectorLoops, 1u);
  EXPECT_EQ(rows.summary(), "vector");

  KernelCode straight = classifyKernelCode(*module->getFunction("straight"));
  EXPECT_EQ(straight.summary(), "scalar");

  KernelCode mixed;
  mixed.vectorLoops = 2;
  mixed.scalarLoops = 1;
  EXPECT_EQ(mixed.summary(), "2v+1s");
  EXPECT_EQ(KernelCode().summary(), "-");
}

TEST(ProfilerTest, PrintsEachKernelsCodeAndTheScalarShare) {
  KernelProfiler profiler(kernelList({"vector\tloop fusion of add -> tensor<8xf32>",
                                      "scalar\tloop fusion of multiply -> tensor<8xf32>"}));
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(kLoopsIR, error, context);
  ASSERT_TRUE(module) << error.getMessage().str();
  profiler.inspectOptimizedModule(*module);
  profiler.record(0, 60, 60, /*outermost=*/true);
  profiler.record(1, 40, 40, /*outermost=*/true);
  std::string text;
  llvm::raw_string_ostream os(text);
  profiler.print(os, /*runs=*/1, /*wallSeconds=*/100e-9, /*top=*/10);
  EXPECT_NE(text.find("vector    1.0  vector: loop fusion of add"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("scalar    1.0  scalar: loop fusion of multiply"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("scalar loops in 40.0% of the run: scalar (40.0%)"),
            std::string::npos)
      << text;
}

} // namespace
