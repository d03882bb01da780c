//===- HostJitTest.cpp - LLVM optimization and code generation for the host ===//

#include "HloDialect/Runner/HostJit.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::hlo;

namespace {

// A loop of four iterations, each calling an opaque function (nothing to
// vectorize or fold): unrolled, four calls remain and no loop.
constexpr const char *kLoop = R"(
declare void @opaque(i64)
define void @four() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @opaque(i64 %i)
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)";

/// The number of calls in @four after optimizing with `options`.
unsigned countCallsAfterOptimizing(const HostCodegenOptions &options) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(kLoop, diagnostic, context);
  EXPECT_TRUE(module);
  if (!module)
    return 0;
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  EXPECT_TRUE(static_cast<bool>(builder));
  if (!builder)
    return 0;
  auto machine = builder->createTargetMachine();
  EXPECT_TRUE(static_cast<bool>(machine));
  if (!machine)
    return 0;
  module->setDataLayout((*machine)->createDataLayout());
  EXPECT_FALSE(static_cast<bool>(optimizeModule(*module, **machine, options)));
  unsigned calls = 0;
  for (llvm::BasicBlock &block : *module->getFunction("four"))
    for (llvm::Instruction &instruction : block)
      calls += llvm::isa<llvm::CallInst>(instruction);
  return calls;
}

TEST(HostJitTest, LoopUnrollingIsOffByDefault) {
  HostCodegenOptions options;
  EXPECT_FALSE(options.loopUnrolling);
  EXPECT_EQ(countCallsAfterOptimizing(options), 1u);
}

TEST(HostJitTest, LoopUnrollingUnrollsConstantTripCounts) {
  HostCodegenOptions options;
  options.loopUnrolling = true;
  EXPECT_EQ(countCallsAfterOptimizing(options), 4u);
}

TEST(HostJitTest, OptimizationLevelZeroKeepsTheLoop) {
  HostCodegenOptions options;
  options.optLevel = 0;
  options.loopUnrolling = true;
  EXPECT_EQ(countCallsAfterOptimizing(options), 1u);
}

} // namespace

// The host's vector width, as the CPU reports it through cpuid (the
// compiler's builtin, independent of LLVM's feature query): vectors and
// contraction tiles must not be wider than the registers that hold them.
TEST(HostJitTest, HostVectorBitsMatchTheCpu) {
  int64_t bits = getHostVectorBits();
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    EXPECT_EQ(bits, 512);
  else if (__builtin_cpu_supports("avx"))
    EXPECT_EQ(bits, 256);
  else
    EXPECT_EQ(bits, 128);
#else
  EXPECT_EQ(bits, 128);
#endif
}
