//===- RunnerTest.cpp - compiling and running through the C++ API ---------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/Runner.h"

#include "mlir/IR/DialectRegistry.h"
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

} // namespace
