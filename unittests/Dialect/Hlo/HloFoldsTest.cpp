//===- HloFoldsTest.cpp - constant evaluation of hlo ops ------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

class HloFoldsTest : public ::testing::Test {
protected:
  HloFoldsTest() : builder(&context) {
    context.loadDialect<HloDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToStart(module->getBody());
  }

  template <typename T>
  Value constant(Type elementType, ArrayRef<T> values) {
    auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                      elementType);
    return ConstantOp::create(builder, builder.getUnknownLoc(),
                              DenseElementsAttr::get(type, values));
  }

  template <typename T>
  SmallVector<T> foldedValues(Value v) {
    DenseElementsAttr attr;
    EXPECT_TRUE(matchPattern(v, m_Constant(&attr)));
    if (!attr)
      return {};
    return llvm::to_vector(attr.getValues<T>());
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(HloFoldsTest, FloatArithmeticFolds) {
  Value a = constant<float>(builder.getF32Type(), {1.5f, -2.0f});
  Value b = constant<float>(builder.getF32Type(), {2.0f, 0.5f});
  Value r = builder.createOrFold<MulOp>(builder.getUnknownLoc(), a, b);
  EXPECT_EQ(foldedValues<float>(r), (SmallVector<float>{3.0f, -1.0f}));
}

TEST_F(HloFoldsTest, PredAddIsLogicalOr) {
  Value a = constant<bool>(builder.getI1Type(), {true, false});
  Value b = constant<bool>(builder.getI1Type(), {true, true});
  Value r = builder.createOrFold<AddOp>(builder.getUnknownLoc(), a, b);
  EXPECT_EQ(foldedValues<bool>(r), (SmallVector<bool>{true, true}));
}

TEST_F(HloFoldsTest, IntegerDivisionByZeroIsLeftToRunTime) {
  Value a = constant<int32_t>(builder.getI32Type(), {7, 8});
  Value b = constant<int32_t>(builder.getI32Type(), {2, 0});
  Value r = builder.createOrFold<DivOp>(builder.getUnknownLoc(), a, b);
  EXPECT_TRUE(r.getDefiningOp<DivOp>());
}

TEST_F(HloFoldsTest, SignedDivisionTruncates) {
  Value a = constant<int32_t>(builder.getI32Type(), {-7, 7});
  Value b = constant<int32_t>(builder.getI32Type(), {2, -2});
  Value r = builder.createOrFold<DivOp>(builder.getUnknownLoc(), a, b);
  EXPECT_EQ(foldedValues<int32_t>(r), (SmallVector<int32_t>{-3, -3}));
}

TEST_F(HloFoldsTest, MaximumPropagatesNaN) {
  float nan = std::numeric_limits<float>::quiet_NaN();
  Value a = constant<float>(builder.getF32Type(), {nan, 1.0f});
  Value b = constant<float>(builder.getF32Type(), {1.0f, 2.0f});
  Value r = builder.createOrFold<MaxOp>(builder.getUnknownLoc(), a, b);
  SmallVector<float> values = foldedValues<float>(r);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_TRUE(std::isnan(values[0]));
  EXPECT_EQ(values[1], 2.0f);
}

TEST_F(HloFoldsTest, ConvertFloatToIntTruncatesTowardZero) {
  Value a = constant<float>(builder.getF32Type(), {-2.7f, 3.9f});
  auto type = RankedTensorType::get({2}, builder.getI32Type());
  Value r = builder.createOrFold<ConvertOp>(builder.getUnknownLoc(), type, a);
  EXPECT_EQ(foldedValues<int32_t>(r), (SmallVector<int32_t>{-2, 3}));
}

TEST_F(HloFoldsTest, LargeNonSplatConstantsAreNotFolded) {
  SmallVector<float> values(70000);
  for (auto [i, v] : llvm::enumerate(values))
    v = static_cast<float>(i);
  Value a = constant<float>(builder.getF32Type(), values);
  Value r = builder.createOrFold<AddOp>(builder.getUnknownLoc(), a, a);
  EXPECT_TRUE(r.getDefiningOp<AddOp>());
}

TEST_F(HloFoldsTest, IotaFoldsAlongItsDimension) {
  auto type = RankedTensorType::get({2, 3}, builder.getI32Type());
  Value r = builder.createOrFold<IotaOp>(builder.getUnknownLoc(), type,
                                         /*iota_dimension=*/1);
  EXPECT_EQ(foldedValues<int32_t>(r),
            (SmallVector<int32_t>{0, 1, 2, 0, 1, 2}));
}

} // namespace
