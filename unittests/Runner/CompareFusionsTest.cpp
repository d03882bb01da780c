//===- CompareFusionsTest.cpp - the wrong-result localizer ----------------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Runner/CompareFusions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {
// An input fusion whose fused row sum adds in another order than the
// unfused reference: equal within a tolerance, not bit for bit. (Rows of
// 1001: the fused row sum is vectorized with a tail, the unfused reduce,
// whose length has no power-of-two divisor, adds element by element.)
const char *kRowSum = R"mlir(
  func.func @main(%a: tensor<4x1001xf32>, %b: tensor<4x1001xf32>) -> tensor<4xf32> {
    %m = hlo.multiply %a, %b : tensor<4x1001xf32>
    %e = hlo.exponential %m : tensor<4x1001xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [1] : (tensor<4x1001xf32>, tensor<f32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  })mlir";

class CompareFusionsTest : public ::testing::Test {
protected:
  CompareFusionsTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registerAllHloDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  FailureOr<std::optional<unsigned>> compare(double rtol, double atol,
                                             std::string &printed) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kRowSum, &context);
    if (!module)
      return failure();
    SmallVector<HostTensor> inputs;
    for (auto [i, type] : llvm::enumerate(
             module->lookupSymbol<func::FuncOp>("main").getArgumentTypes()))
      inputs.push_back(
          HostTensor::makeDeterministic(cast<RankedTensorType>(type), i + 1));
    CompareFusionsOptions options;
    options.runner.sharedLibs.push_back(HLO_MLIR_C_RUNNER_UTILS);
    SmallString<128> dir;
    if (llvm::sys::fs::createUniqueDirectory("compare-fusions", dir))
      return failure();
    options.reproducerDir = (dir + "/repro").str();
    options.rtol = rtol;
    options.atol = atol;
    llvm::raw_string_ostream os(printed);
    auto result = compareFusions(*module, inputs, options, os);
    llvm::sys::fs::remove_directories(dir);
    return result;
  }

  MLIRContext context;
};

TEST_F(CompareFusionsTest, AgreesWithinTolerance) {
  std::string printed;
  FailureOr<std::optional<unsigned>> result = compare(1e-5, 1e-6, printed);
  ASSERT_TRUE(succeeded(result)) << printed;
  EXPECT_FALSE(result->has_value()) << printed;
  EXPECT_NE(printed.find("fusion #0 (input, 4 ops)"), std::string::npos)
      << printed;
}

TEST_F(CompareFusionsTest, ReportsTheFirstDifference) {
  std::string printed;
  FailureOr<std::optional<unsigned>> result = compare(0, 0, printed);
  ASSERT_TRUE(succeeded(result)) << printed;
  ASSERT_TRUE(result->has_value()) << printed;
  EXPECT_EQ(**result, 0u);
  EXPECT_NE(printed.find("DIFFERS: result #0 element ["), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("reproducer: "), std::string::npos) << printed;
}
} // namespace
