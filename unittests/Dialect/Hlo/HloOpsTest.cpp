//===- HloOpsTest.cpp - C++ API of hlo ops --------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloTypeInference.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

class HloOpsTest : public ::testing::Test {
protected:
  HloOpsTest() : builder(&context) {
    context.loadDialect<HloDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToStart(module->getBody());
  }

  Value constant(ArrayRef<int64_t> shape, float value) {
    auto type = RankedTensorType::get(shape, builder.getF32Type());
    return ConstantOp::create(builder, loc(),
                              DenseElementsAttr::get(type, value));
  }

  Location loc() { return builder.getUnknownLoc(); }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(HloOpsTest, ElementwiseResultTypeIsInferred) {
  Value a = constant({2, 3}, 1.0f);
  Value b = constant({2, 3}, 2.0f);
  auto add = AddOp::create(builder, loc(), a, b);
  EXPECT_EQ(add.getType(), a.getType());
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(HloOpsTest, ElementwiseInferencePrefersStaticDimensions) {
  auto dynamic = RankedTensorType::get({ShapedType::kDynamic, 3},
                                       builder.getF32Type());
  auto fixed = RankedTensorType::get({2, 3}, builder.getF32Type());
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(
      inferElementwiseOp(std::nullopt, {dynamic, fixed}, inferred)));
  EXPECT_EQ(inferred.front(), fixed);
}

TEST_F(HloOpsTest, TransposeInferenceRejectsNonPermutation) {
  auto type = RankedTensorType::get({2, 3}, builder.getF32Type());
  SmallVector<Type> inferred;
  EXPECT_TRUE(failed(inferTransposeOp(std::nullopt, type, {0, 0}, inferred)));
  inferred.clear();
  ASSERT_TRUE(succeeded(inferTransposeOp(std::nullopt, type, {1, 0}, inferred)));
  EXPECT_EQ(inferred.front(),
            RankedTensorType::get({3, 2}, builder.getF32Type()));
}

TEST_F(HloOpsTest, SliceInferenceComputesStridedSizes) {
  auto type = RankedTensorType::get({10, 4}, builder.getF32Type());
  SmallVector<Type> inferred;
  ASSERT_TRUE(succeeded(inferSliceOp(std::nullopt, type, {1, 0}, {10, 4},
                                     {3, 1}, inferred)));
  EXPECT_EQ(inferred.front(),
            RankedTensorType::get({3, 4}, builder.getF32Type()));
}

TEST_F(HloOpsTest, DotGeneralVerifierChecksContractingSizes) {
  Value a = constant({4, 8}, 1.0f);
  Value b = constant({7, 16}, 1.0f);
  auto dims = DotDimensionNumbersAttr::get(&context, {}, {}, {1}, {0});
  auto resultType = RankedTensorType::get({4, 16}, builder.getF32Type());
  std::string diagnostic;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostic = diag.str();
    return success();
  });
  DotGeneralOp::create(builder, loc(), resultType, a, b, dims, ArrayAttr());
  EXPECT_TRUE(failed(verify(*module)));
  EXPECT_NE(diagnostic.find("dot_general_c10"), std::string::npos)
      << diagnostic;
}

TEST_F(HloOpsTest, ReduceBuilderCreatesScalarBody) {
  Value x = constant({4, 8}, 1.0f);
  Value zero = constant({}, 0.0f);
  auto reduce = ReduceOp::create(builder, loc(), ValueRange{x},
                                 ValueRange{zero}, ArrayRef<int64_t>{1});
  Block &body = reduce.getBody().front();
  ASSERT_EQ(body.getNumArguments(), 2u);
  OpBuilder bodyBuilder = OpBuilder::atBlockEnd(&body);
  auto sum = AddOp::create(bodyBuilder, loc(), body.getArgument(0),
                           body.getArgument(1));
  ReturnOp::create(bodyBuilder, loc(), sum.getResult());
  EXPECT_EQ(reduce.getResult(0).getType(),
            RankedTensorType::get({4}, builder.getF32Type()));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(HloOpsTest, CompactReducePrintsAndParses) {
  const char *source = R"mlir(
    func.func @f(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
      %r = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1]
             : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir";
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(parsed);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  parsed->print(os);
  EXPECT_NE(printed.find("applies hlo.add across dimensions = [1]"),
            std::string::npos)
      << printed;
}

TEST_F(HloOpsTest, DotDimensionNumbersAttrRoundTrips) {
  auto attr = DotDimensionNumbersAttr::get(&context, {0}, {0}, {2}, {1});
  std::string printed;
  llvm::raw_string_ostream os(printed);
  Attribute(attr).print(os);
  EXPECT_EQ(printed,
            "#hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions "
            "= [0], lhs_contracting_dimensions = [2], "
            "rhs_contracting_dimensions = [1]>");
  EXPECT_EQ(parseAttribute(printed, &context), attr);
}

} // namespace
