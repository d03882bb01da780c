//===- RunnerTest.cpp - compiling and running through the C++ API ---------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/Probes.h"
#include "HloDialect/Runner/Runner.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <cstring>

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

/// Parses `source` and compiles it with the default runner options.
FailureOr<CompiledModule> compileSource(const char *source) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &getContext());
  if (!module)
    return failure();
  RunnerOptions options;
  options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
  return CompiledModule::compile(*module, options);
}

TEST(RunnerTest, CompilesAndRunsTwoResults) {
  MLIRContext &context = getContext();
  const char *source = R"mlir(
    func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>)
        -> (tensor<4xf32>, tensor<2x2xf32>) {
      %s = hlo.add %a, %b : tensor<4xf32>
      %m = hlo.multiply %s, %a : tensor<4xf32>
      %r = hlo.reshape %m : (tensor<4xf32>) -> tensor<2x2xf32>
      return %s, %r : tensor<4xf32>, tensor<2x2xf32>
    })mlir";
  FailureOr<CompiledModule> compiled = compileSource(source);
  ASSERT_TRUE(succeeded(compiled));
  ASSERT_EQ(compiled->getInputTypes().size(), 2u);
  ASSERT_EQ(compiled->getResultTypes().size(), 2u);

  HostTensor a(compiled->getInputTypes()[0]), b(compiled->getInputTypes()[1]);
  float av[] = {1, 2, 3, 4}, bv[] = {10, 20, 30, 40};
  std::memcpy(a.data(), av, sizeof(av));
  std::memcpy(b.data(), bv, sizeof(bv));
  auto results = compiled->run({a, b}, UnknownLoc::get(&context));
  ASSERT_TRUE(succeeded(results));
  const float *sum = reinterpret_cast<const float *>((*results)[0].data());
  const float *prod = reinterpret_cast<const float *>((*results)[1].data());
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(sum[i], av[i] + bv[i]);
    EXPECT_EQ(prod[i], (av[i] + bv[i]) * av[i]);
  }
}

// Multi-threaded programs compiled, run and discarded one after another (as
// hlo-runner --compare-fusions does): each runs on the process's thread
// pool. (The MLIR async runtime's destroy hook, which the JIT called when
// it discarded a program, reset that runtime's global state; the next
// program crashed in mlirAsyncRuntimeCreateGroup.)
TEST(RunnerTest, MultiThreadedProgramsOneAfterAnother) {
  MLIRContext &context = getContext();
  const char *source = R"mlir(
    func.func @main(%a: tensor<64x512xf32>) -> tensor<64x512xf32> {
      %s = hlo.multiply %a, %a : tensor<64x512xf32>
      %t = hlo.add %s, %a : tensor<64x512xf32>
      return %t : tensor<64x512xf32>
    })mlir";
  for (int round = 0; round < 3; ++round) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    RunnerOptions options;
    options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
    options.pipelineOptions = "threads=2";
    FailureOr<CompiledModule> compiled =
        CompiledModule::compile(*module, options);
    ASSERT_TRUE(succeeded(compiled));
    HostTensor a(compiled->getInputTypes()[0]);
    float *in = reinterpret_cast<float *>(a.data());
    for (int i = 0; i < 64 * 512; ++i)
      in[i] = static_cast<float>(i % 97 + round);
    for (int call = 0; call < 2; ++call) {
      auto results = compiled->run({a}, UnknownLoc::get(&context));
      ASSERT_TRUE(succeeded(results));
      const float *out = reinterpret_cast<const float *>((*results)[0].data());
      for (int i = 0; i < 64 * 512; ++i)
        ASSERT_EQ(out[i], in[i] * in[i] + in[i]) << "element " << i;
    }
  }
}

TEST(RunnerTest, RejectsWrongInputTypes) {
  MLIRContext &context = getContext();
  const char *source = R"mlir(
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %n = hlo.negate %a : tensor<4xf32>
      return %n : tensor<4xf32>
    })mlir";
  FailureOr<CompiledModule> compiled = compileSource(source);
  ASSERT_TRUE(succeeded(compiled));
  std::string diagnostic;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostic = diag.str();
    return success();
  });
  HostTensor wrong(RankedTensorType::get({3}, Builder(&context).getF32Type()));
  EXPECT_TRUE(failed(compiled->run({wrong}, UnknownLoc::get(&context))));
  EXPECT_NE(diagnostic.find("input #0 of @main must be 'tensor<4xf32>', found 'tensor<3xf32>'"),
            std::string::npos)
      << diagnostic;
}

TEST(RunnerTest, MissingEntryIsAnError) {
  MLIRContext &context = getContext();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      "func.func @other() { return }", &context);
  ASSERT_TRUE(module);
  std::string diagnostic;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostic = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(CompiledModule::compile(*module, RunnerOptions())));
  EXPECT_NE(diagnostic.find("entry function '@main' not found"),
            std::string::npos);
}

/// Breaks the module the CPU pipeline produced: an `arith.constant` whose
/// value does not have its result's type, at the top of the first function.
struct BreakModulePass
    : public PassWrapper<BreakModulePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BreakModulePass)
  void runOnOperation() override {
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (function.isExternal())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&function.getBody().front());
      OperationState state(function.getLoc(), "arith.constant");
      state.addAttribute("value", b.getI32IntegerAttr(1));
      state.addTypes(b.getF32Type());
      b.create(state);
      return;
    }
  }
};

// Each pass's result is verified only with verifyEachPass; without, the
// module is verified once after the pipeline: an invalid one is an error
// either way, never compiled.
TEST(RunnerTest, InvalidPipelineResultIsAnError) {
  for (bool verifyEachPass : {false, true}) {
    MLIRContext &context = getContext();
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
      func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
        %s = hlo.add %a, %a : tensor<4xf32>
        return %s : tensor<4xf32>
      })mlir", &context);
    ASSERT_TRUE(module);
    std::string diagnostic;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostic += diag.str() + "\n";
      return success();
    });
    RunnerOptions options;
    options.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
    options.verifyEachPass = verifyEachPass;
    options.configurePassManager = [](PassManager &pm) {
      pm.addPass(std::make_unique<BreakModulePass>());
      return success();
    };
    EXPECT_TRUE(failed(CompiledModule::compile(*module, options)));
    EXPECT_NE(diagnostic.find("failed to verify that all of {value, result} have same type"),
              std::string::npos)
        << diagnostic;
    if (!verifyEachPass)
      EXPECT_NE(diagnostic.find("produced an invalid module"),
                std::string::npos)
          << diagnostic;
  }
}

TEST(RunnerTest, ProbesRecordEveryExecutionOfEveryRun) {
  // The transposed value is probed inside a loop that runs twice, and the
  // loop-carried value changes: each record is the value of its iteration.
  const char *source = R"mlir(
    func.func @main(%a: tensor<2x3xi32>) -> tensor<3x2xi32> {
      %t = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
      %zero = hlo.constant dense<0> : tensor<i32>
      %one = hlo.constant dense<1> : tensor<i32>
      %two = hlo.constant dense<2> : tensor<i32>
      %i, %x = hlo.while(%arg0 = %zero, %arg1 = %t) : tensor<i32>, tensor<3x2xi32>
      cond {
        %c = hlo.compare LT, %arg0, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
        hlo.return %c : tensor<i1>
      } do {
        %p = check.probe %arg1, probe_id = "x" : tensor<3x2xi32>
        %next = hlo.add %p, %p : tensor<3x2xi32>
        %j = hlo.add %arg0, %one : tensor<i32>
        hlo.return %j, %next : tensor<i32>, tensor<3x2xi32>
      }
      return %x : tensor<3x2xi32>
    })mlir";
  FailureOr<CompiledModule> compiled = compileSource(source);
  ASSERT_TRUE(succeeded(compiled));
  HostTensor a(compiled->getInputTypes()[0]);
  int32_t values[] = {1, 2, 3, 4, 5, 6};
  std::memcpy(a.data(), values, sizeof(values));
  for (int run = 0; run < 2; ++run) {
    FailureOr<SmallVector<HostTensor>> results =
        compiled->run({a}, UnknownLoc::get(&getContext()));
    ASSERT_TRUE(succeeded(results));
    ArrayRef<HostTensor> records = compiled->getProbes().getRecords("x");
    // Each run starts afresh: two records, not four.
    ASSERT_EQ(records.size(), 2u);
    int32_t first[6], second[6];
    std::memcpy(first, records[0].data(), sizeof(first));
    std::memcpy(second, records[1].data(), sizeof(second));
    int32_t transposed[] = {1, 4, 2, 5, 3, 6};
    for (int k = 0; k < 6; ++k) {
      EXPECT_EQ(first[k], transposed[k]) << "element " << k;
      EXPECT_EQ(second[k], 2 * transposed[k]) << "element " << k;
    }
    EXPECT_TRUE(compiled->getProbes().getRecords("y").empty());
  }
}

TEST(RunnerTest, ProbeOfDynamicShapeIsAnError) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
      %p = check.probe %a, probe_id = "x" : tensor<?xf32>
      return %p : tensor<?xf32>
    })mlir";
  std::string message;
  ScopedDiagnosticHandler handler(&getContext(), [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, &getContext());
  ASSERT_TRUE(module);
  ProbeRecorder recorder;
  EXPECT_TRUE(failed(recorder.instrument(*module)));
  EXPECT_NE(message.find("needs a statically shaped operand"),
            std::string::npos)
      << message;
}

} // namespace
