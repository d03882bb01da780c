//===- CostModelTest.cpp - the flops/bytes cost model from C++ ------------===//

#include "HloDialect/Analysis/CostModel.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

class CostModelTest : public ::testing::Test {
protected:
  CostModelTest() { context.loadDialect<HloDialect, func::FuncDialect>(); }

  /// The ops of the body of the first function of `source`, terminator
  /// excluded.
  SmallVector<Operation *> parseOps(const char *source) {
    module = parseSourceString<ModuleOp>(source, &context);
    SmallVector<Operation *> ops;
    if (!module)
      return ops;
    auto func = cast<func::FuncOp>(module->getBody()->front());
    for (Operation &op : func.getBody().front().without_terminator())
      ops.push_back(&op);
    return ops;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(CostModelTest, ElementSizes) {
  Builder b(&context);
  EXPECT_EQ(getElementByteSize(b.getF32Type()), 4);
  EXPECT_EQ(getElementByteSize(b.getI1Type()), 1);
  EXPECT_EQ(getElementByteSize(b.getIntegerType(4)), 1);
  EXPECT_EQ(getElementByteSize(b.getBF16Type()), 2);
  EXPECT_EQ(getElementByteSize(ComplexType::get(b.getF64Type())), 16);
}

TEST_F(CostModelTest, ElementwiseOpReadsOperandsWritesResult) {
  SmallVector<Operation *> ops = parseOps(R"mlir(
    func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
      %z = hlo.constant dense<0.0> : tensor<8xf32>
      %0 = hlo.add %a, %b : tensor<8xf32>
      %1 = hlo.maximum %0, %z : tensor<8xf32>
      %2 = hlo.exponential %1 : tensor<8xf32>
      return %2 : tensor<8xf32>
    })mlir");
  ASSERT_EQ(ops.size(), 4u);
  OpCost constant = computeOpCost(ops[0]);
  EXPECT_EQ(constant, OpCost());
  OpCost add = computeOpCost(ops[1]);
  EXPECT_EQ(add.flops, 8);
  EXPECT_EQ(add.bytesRead, 64);
  EXPECT_EQ(add.bytesWritten, 32);
  // The splat zero is an immediate: only %0 is read.
  OpCost max = computeOpCost(ops[2]);
  EXPECT_EQ(max.elementsRead, 8);
  OpCost exp = computeOpCost(ops[3]);
  EXPECT_EQ(exp.flops, 0);
  EXPECT_EQ(exp.transcendentals, 8);
  EXPECT_TRUE(isTranscendental(ops[3]));
  EXPECT_TRUE(isExpensiveToRecompute(ops[3]));
  EXPECT_FALSE(isExpensiveToRecompute(ops[1]));
}

TEST_F(CostModelTest, ContractionAndReduction) {
  SmallVector<Operation *> ops = parseOps(R"mlir(
    func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4xf32> {
      %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
      %z = hlo.constant dense<0.0> : tensor<f32>
      %r = hlo.reduce(%d init: %z) applies hlo.add across dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir");
  ASSERT_EQ(ops.size(), 3u);
  EXPECT_EQ(computeOpCost(ops[0]).flops, 2 * 4 * 16 * 8);
  // 64 elements reduced to 4: 60 additions.
  EXPECT_EQ(computeOpCost(ops[2]).flops, 60);
  EXPECT_TRUE(isExpensiveToRecompute(ops[0]));
  EXPECT_TRUE(isExpensiveToRecompute(ops[2]));
}

TEST_F(CostModelTest, FusionMovesOnlyItsInputsAndResults) {
  SmallVector<Operation *> ops = parseOps(R"mlir(
    func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
      %0 = hlo.fusion kind = loop (%x = %a, %y = %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
        %s = hlo.add %x, %y : tensor<8xf32>
        %m = hlo.multiply %s, %s : tensor<8xf32>
        %e = hlo.exponential %m : tensor<8xf32>
        hlo.return %e : tensor<8xf32>
      }
      return %0 : tensor<8xf32>
    })mlir");
  ASSERT_EQ(ops.size(), 1u);
  OpCost cost = computeOpCost(ops[0]);
  EXPECT_EQ(cost.flops, 16);
  EXPECT_EQ(cost.transcendentals, 8);
  EXPECT_EQ(cost.bytesRead, 64);
  EXPECT_EQ(cost.bytesWritten, 32);
  OpCost total;
  total += cost;
  total += cost;
  EXPECT_EQ(total.bytesAccessed(), 2 * 96);
}

} // namespace
