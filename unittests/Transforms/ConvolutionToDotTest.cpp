//===- ConvolutionToDotTest.cpp - convolutions as one dot of patches ------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/ConvolutionToDot.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

const char *kSource = R"mlir(
  func.func @f(%x: tensor<2x5x6x3xf32>, %k: tensor<3x3x3x4xf32>, %xi: tensor<1x5x2xi32>, %ki: tensor<3x2x2xi32>) -> (tensor<2x5x6x4xf32>, tensor<1x3x2xi32>) {
    %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x6x4xf32>
    %1 = hlo.convolution(%xi, %ki) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xi32>, tensor<3x2x2xi32>) -> tensor<1x3x2xi32>
    return %0, %1 : tensor<2x5x6x4xf32>, tensor<1x3x2xi32>
  })mlir";

struct Counts {
  int convolutions = 0, dots = 0, slices = 0;
};

Counts count(ModuleOp module) {
  Counts c;
  module.walk([&](Operation *op) {
    c.convolutions += isa<hlo::ConvolutionOp>(op);
    c.dots += isa<hlo::DotGeneralOp>(op);
    c.slices += isa<hlo::SliceOp>(op);
  });
  return c;
}

SmallVector<hlo::ConvolutionOp> convolutions(ModuleOp module) {
  SmallVector<hlo::ConvolutionOp> ops;
  module.walk([&](hlo::ConvolutionOp op) { ops.push_back(op); });
  return ops;
}

TEST(ConvolutionToDotTest, RewritesFloatConvolutionsOnly) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  SmallVector<hlo::ConvolutionOp> ops = convolutions(*module);
  ASSERT_EQ(ops.size(), 2u);
  IRRewriter rewriter(&context);
  rewriter.setInsertionPoint(ops[0]);
  EXPECT_TRUE(succeeded(hlo::convolutionToDot(rewriter, ops[0])));
  rewriter.setInsertionPoint(ops[1]);
  // Integers keep the direct lowering; nothing changes.
  EXPECT_TRUE(failed(hlo::convolutionToDot(rewriter, ops[1])));
  Counts c = count(*module);
  EXPECT_EQ(c.convolutions, 1);
  EXPECT_EQ(c.dots, 1);
  EXPECT_EQ(c.slices, 9); // one per kernel tap
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST(ConvolutionToDotTest, RespectsTheLimits) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  hlo::ConvolutionOp op = convolutions(*module)[0];
  IRRewriter rewriter(&context);
  rewriter.setInsertionPoint(op);
  hlo::ConvolutionToDotOptions fewSlices;
  fewSlices.maxSlices = 8; // 9 taps, 30 output positions
  EXPECT_TRUE(failed(hlo::convolutionToDot(rewriter, op, fewSlices)));
  hlo::ConvolutionToDotOptions smallPatches;
  smallPatches.maxPatchElements = 60 * 27 - 1; // the patches are 60x27
  EXPECT_TRUE(failed(hlo::convolutionToDot(rewriter, op, smallPatches)));
  EXPECT_EQ(count(*module).convolutions, 2);
  hlo::ConvolutionToDotOptions exact;
  exact.maxSlices = 9;
  exact.maxPatchElements = 60 * 27;
  EXPECT_TRUE(succeeded(hlo::convolutionToDot(rewriter, op, exact)));
  EXPECT_EQ(count(*module).convolutions, 1);
}

} // namespace
