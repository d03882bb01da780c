//===- RefineShapesTest.cpp - specializing shape-polymorphic functions ----===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/RefineShapes.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

// A callee with a symbolic dimension, as jax.export writes it: the entry
// computes the dimension and passes it on.
const char *kSource = R"mlir(
  func.func @main(%x: tensor<?x2xf32>) -> tensor<?xf32> {
    %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x2xf32>) -> tensor<i32>
    %r = func.call @inner(%n, %x) : (tensor<i32>, tensor<?x2xf32>) -> tensor<?xf32>
    return %r : tensor<?xf32>
  }
  func.func private @inner(%n: tensor<i32>, %x: tensor<?x2xf32>) -> tensor<?xf32> {
    %two = hlo.constant dense<2> : tensor<i32>
    %size = hlo.multiply %n, %two : tensor<i32>
    %shape = hlo.reshape %size : (tensor<i32>) -> tensor<1xi32>
    %flat = hlo.dynamic_reshape %x, %shape : (tensor<?x2xf32>, tensor<1xi32>) -> tensor<?xf32>
    return %flat : tensor<?xf32>
  })mlir";

TEST(RefineShapesTest, SpecializesThroughCallsAndShapeComputations) {
  DialectRegistry registry;
  func::registerInlinerExtension(registry);
  MLIRContext context(registry);
  context.loadDialect<hlo::HloDialect, func::FuncDialect,
                      tensor::TensorDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  auto main = module->lookupSymbol<func::FuncOp>("main");
  Type f32 = Float32Type::get(&context);
  ASSERT_TRUE(succeeded(hlo::specializeFunction(
      main, {RankedTensorType::get({5, 2}, f32)})));
  EXPECT_EQ(main.getFunctionType().getResult(0),
            RankedTensorType::get({10}, f32));
  bool anyDynamic = false;
  main.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(type))
        anyDynamic |= !tensor.hasStaticShape();
  });
  EXPECT_FALSE(anyDynamic);
}

TEST(RefineShapesTest, RejectsTypesThatDoNotRefineTheParameters) {
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect,
                      tensor::TensorDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  auto main = module->lookupSymbol<func::FuncOp>("main");
  Type f32 = Float32Type::get(&context);
  EXPECT_TRUE(failed(hlo::specializeFunction(
      main, {RankedTensorType::get({5, 3}, f32)})));
  EXPECT_NE(message.find("does not refine"), std::string::npos) << message;
  EXPECT_TRUE(failed(hlo::specializeFunction(main, {})));
  EXPECT_NE(message.find("takes 1 arguments, 0 given"), std::string::npos)
      << message;
}

} // namespace
