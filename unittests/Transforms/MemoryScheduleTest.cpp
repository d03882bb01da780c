//===- MemoryScheduleTest.cpp - the memory-minimizing scheduler -----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/MemorySchedule.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

// Three 4 KiB values made up front, each reduced to a slice at the end:
// the schedule interleaves them (value, slice, value, slice, ...). The
// call in @fixed has memory effects: nothing crosses it.
const char *kSource = R"mlir(
  func.func @main(%x: tensor<1024xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %a = hlo.add %x, %x : tensor<1024xf32>
    %b = hlo.multiply %x, %x : tensor<1024xf32>
    %c = hlo.subtract %x, %x : tensor<1024xf32>
    %a2 = hlo.slice %a [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    %b2 = hlo.slice %b [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    %c2 = hlo.slice %c [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    return %a2, %b2, %c2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func private @sink()
  func.func @fixed(%x: tensor<1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = hlo.add %x, %x : tensor<1024xf32>
    %b = hlo.multiply %x, %x : tensor<1024xf32>
    func.call @sink() : () -> ()
    %a2 = hlo.slice %a [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    %b2 = hlo.slice %b [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    return %a2, %b2 : tensor<4xf32>, tensor<4xf32>
  })mlir";

SmallVector<std::string> opNames(func::FuncOp func) {
  SmallVector<std::string> names;
  for (Operation &op : func.getBody().front())
    names.push_back(op.getName().getStringRef().str());
  return names;
}

TEST(MemoryScheduleTest, BigValuesDieEarly) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  auto main = module->lookupSymbol<func::FuncOp>("main");
  EXPECT_EQ(hlo::valueBytes(main.getArgument(0)), 4096);
  hlo::MemoryScheduleResult result =
      hlo::scheduleForMemory(main.getBody().front());
  EXPECT_TRUE(result.changed);
  // The argument and three values, then the argument, one value and slices.
  EXPECT_EQ(result.peakBefore, 4 * 4096 + 16);
  EXPECT_EQ(result.peakAfter, 2 * 4096 + 3 * 16);
  EXPECT_EQ(opNames(main),
            (SmallVector<std::string>{"hlo.add", "hlo.slice", "hlo.multiply",
                                      "hlo.slice", "hlo.subtract", "hlo.slice",
                                      "func.return"}));
  // Scheduling again changes nothing.
  EXPECT_FALSE(hlo::scheduleForMemory(main.getBody().front()).changed);
}

TEST(MemoryScheduleTest, OpsWithEffectsAreBarriers) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  auto fixed = module->lookupSymbol<func::FuncOp>("fixed");
  SmallVector<std::string> before = opNames(fixed);
  EXPECT_FALSE(hlo::scheduleForMemory(fixed.getBody().front()).changed);
  EXPECT_EQ(opNames(fixed), before);
}

} // namespace
