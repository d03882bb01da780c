//===- LayoutAssignmentTest.cpp - hlo::assignLayouts ----------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Layout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

// A column-major argument feeding an elementwise chain, a transpose of it
// and a row-major result; a transposed dot operand made from a broadcast.
const char *kSource = R"mlir(
  func.func @main(%a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
                  %x: tensor<8xf32>, %w: tensor<16x4xf32>)
      -> (tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>) {
    %e = hlo.exponential %a : tensor<4x8xf32>
    %t = hlo.transpose %e, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %bx = hlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
    %n = hlo.negate %bx : tensor<16x8xf32>
    %d = hlo.dot_general %n, %w, contracting_dims = [0] x [0]
        : (tensor<16x8xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    return %t, %e, %d : tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>
  })mlir";

/// The minor_to_major of `op`'s hlo.layout, empty for none.
SmallVector<int64_t> minorToMajorOf(Operation *op) {
  auto layout = dyn_cast_or_null<hlo::LayoutAttr>(op->getAttr("hlo.layout"));
  if (!layout)
    return {};
  return llvm::to_vector(layout.getMinorToMajor());
}

template <typename OpT>
OpT first(func::FuncOp func) {
  OpT found;
  func.walk([&](OpT op) {
    if (!found)
      found = op;
  });
  return found;
}

TEST(LayoutAssignmentTest, PropagatesCopiesAndPrefersPerTarget) {
  for (hlo::LayoutTarget target :
       {hlo::LayoutTarget::Cpu, hlo::LayoutTarget::Gpu}) {
    MLIRContext context;
    context.loadDialect<hlo::HloDialect, func::FuncDialect>();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kSource, &context);
    ASSERT_TRUE(module);
    auto main = module->lookupSymbol<func::FuncOp>("main");
    ASSERT_TRUE(succeeded(hlo::assignLayouts(main, target)));
    // The exponential computes column-major, as its argument.
    EXPECT_EQ(minorToMajorOf(first<hlo::ExpOp>(main)),
              (SmallVector<int64_t>{0, 1}));
    // Its transpose is then the row-major 8x4 the result wants: no layout
    // written, no copy; the 4x8 result (row-major) reads it through one copy.
    EXPECT_TRUE(minorToMajorOf(first<hlo::TransposeOp>(main)).empty());
    int copies = 0;
    main.walk([&](hlo::ConvertOp convert) {
      ++copies;
      EXPECT_EQ(convert.getOperand(), first<hlo::ExpOp>(main).getResult());
      EXPECT_TRUE(minorToMajorOf(convert).empty());
    });
    EXPECT_EQ(copies, 1);
    // cpu: the dot's left-hand side with its contracting dimension (0)
    // minor; the gpu has no preference for dots.
    SmallVector<int64_t> negate = minorToMajorOf(first<hlo::NegOp>(main));
    if (target == hlo::LayoutTarget::Cpu)
      EXPECT_EQ(negate, (SmallVector<int64_t>{0, 1}));
    else
      EXPECT_TRUE(negate.empty());
  }
}

TEST(LayoutAssignmentTest, TilesOnlyOnTheTpu) {
  const char *source = R"mlir(
    func.func @f(%a: tensor<8x128xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>})
        -> tensor<8x128xf32> {
      %n = hlo.negate %a : tensor<8x128xf32>
      return %n : tensor<8x128xf32>
    })mlir";
  MLIRContext context;
  context.loadDialect<hlo::HloDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  auto f = module->lookupSymbol<func::FuncOp>("f");
  std::string message;
  {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      message = diagnostic.str();
      return success();
    });
    EXPECT_TRUE(failed(hlo::assignLayouts(f, hlo::LayoutTarget::Cpu)));
  }
  EXPECT_NE(message.find("which the cpu target cannot honor"),
            std::string::npos);
  ASSERT_TRUE(succeeded(hlo::assignLayouts(f, hlo::LayoutTarget::Tpu)));
  auto layout = dyn_cast_or_null<hlo::LayoutAttr>(
      first<hlo::NegOp>(f)->getAttr("hlo.layout"));
  ASSERT_TRUE(layout);
  ASSERT_EQ(layout.getTiles().size(), 1u);
  EXPECT_EQ(layout.getTiles()[0], (ArrayRef<int64_t>{8, 128}));
}

} // namespace
