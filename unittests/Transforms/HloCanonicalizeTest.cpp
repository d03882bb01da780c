//===- HloCanonicalizeTest.cpp - the hlo-canonicalize pass from C++ -------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

TEST(HloCanonicalizeTest, PatternsAreExposedForReuse) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect>();
  RewritePatternSet patterns(&context);
  hlo::populateHloCanonicalizationPatterns(patterns);
  EXPECT_GE(patterns.getNativePatterns().size(), 3u);
}

TEST(HloCanonicalizeTest, PassRemovesTransposePairAndFoldsConstants) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  const char *source = R"mlir(
    func.func @f(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>) {
      %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
      %u = hlo.transpose %t, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
      %a = hlo.constant dense<2.0> : tensor<4xf32>
      %b = hlo.constant dense<3.0> : tensor<4xf32>
      %c = hlo.multiply %a, %b : tensor<4xf32>
      return %u, %c : tensor<2x3xf32>, tensor<4xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(hlo::createHloCanonicalizePass());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  auto func = cast<func::FuncOp>(module->getBody()->front());
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  EXPECT_EQ(ret.getOperand(0), func.getArgument(0));
  auto constant = ret.getOperand(1).getDefiningOp<hlo::ConstantOp>();
  ASSERT_TRUE(constant);
  EXPECT_EQ(cast<DenseElementsAttr>(constant.getValue()).getSplatValue<float>(),
            6.0f);
  int numOps = 0;
  func.walk([&](Operation *op) { numOps += isa<hlo::HloDialect>(op->getDialect()); });
  EXPECT_EQ(numOps, 1);
}

} // namespace
