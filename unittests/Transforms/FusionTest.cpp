//===- FusionTest.cpp - the fusion planner and builder from C++ -----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Fusion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

class FusionTest : public ::testing::Test {
protected:
  FusionTest() { context.loadDialect<HloDialect, func::FuncDialect>(); }

  Block *parseBody(const char *source) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return nullptr;
    return &cast<func::FuncOp>(module->getBody()->front()).getBody().front();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

const char *kSoftmaxAndSort = R"mlir(
  func.func @f(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<24xf32>) {
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %max = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %sub = hlo.subtract %x, %maxb : tensor<4x8xf32>
    %exp = hlo.exponential %sub : tensor<4x8xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %sum = hlo.reduce(%exp init: %zero) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %div = hlo.divide %exp, %sumb : tensor<4x8xf32>
    %row = hlo.slice %div [0:3, 0:8] : (tensor<4x8xf32>) -> tensor<3x8xf32>
    %flat = hlo.reshape %row : (tensor<3x8xf32>) -> tensor<24xf32>
    %s = "hlo.sort"(%flat) <{dimension = 0 : i64}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
    }) : (tensor<24xf32>) -> tensor<24xf32>
    return %div, %s : tensor<4x8xf32>, tensor<24xf32>
  })mlir";

TEST_F(FusionTest, PlansOneInputFusionAndExplainsRejections) {
  Block *body = parseBody(kSoftmaxAndSort);
  ASSERT_TRUE(body);
  SmallVector<std::string> reasons;
  SmallVector<FusionGroup> plan = planFusions(
      *body, FusionOptions(),
      [&](Operation *producer, Operation *, const Twine &reason) {
        reasons.push_back(producer->getName().getStringRef().str() + ": " +
                          reason.str());
      });
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].kind, FusionKind::input);
  EXPECT_TRUE(isa<ReduceOp>(plan[0].hero));
  EXPECT_TRUE(isa<DivOp>(plan[0].root));
  // Both reductions, both broadcasts, subtract, exp and divide are moved;
  // the two init constants are copied in.
  EXPECT_EQ(plan[0].ops.size(), 7u);
  EXPECT_EQ(plan[0].duplicated.size(), 2u);
  // The slice (of more than a few elements) is not fusible: the reshape's
  // group reports it.
  EXPECT_TRUE(llvm::any_of(reasons, [](const std::string &r) {
    return r.find("hlo.slice: 'hlo.slice' is not fusible") == 0;
  }));
}

TEST_F(FusionTest, FuseBlockFormsVerifiableFusions) {
  Block *body = parseBody(kSoftmaxAndSort);
  ASSERT_TRUE(body);
  IRRewriter rewriter(&context);
  SmallVector<FusionOp> fusions = fuseBlock(rewriter, *body, FusionOptions());
  ASSERT_EQ(fusions.size(), 1u);
  EXPECT_EQ(fusions[0].getKind(), FusionKind::input);
  EXPECT_EQ(fusions[0].getInputs().size(), 1u);
  EXPECT_EQ(fusions[0]->getNumResults(), 1u);
  EXPECT_TRUE(succeeded(verify(*module)));
  // Nothing of the softmax is left outside the fusion.
  int outside = 0;
  for (Operation &op : *body)
    outside += isa<ReduceOp, ExpOp, DivOp, BroadcastInDimOp>(op);
  EXPECT_EQ(outside, 0);
}

TEST_F(FusionTest, CreateFusionOfAChosenGroup) {
  Block *body = parseBody(R"mlir(
    func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %0 = hlo.add %a, %b : tensor<4xf32>
      %1 = hlo.multiply %0, %0 : tensor<4xf32>
      %2 = hlo.negate %1 : tensor<4xf32>
      return %2 : tensor<4xf32>
    })mlir");
  ASSERT_TRUE(body);
  FusionGroup group;
  Operation *add = &body->front();
  Operation *mul = add->getNextNode();
  group.root = mul;
  group.ops.insert(add);
  group.ops.insert(mul);
  IRRewriter rewriter(&context);
  FailureOr<FusionOp> fusion = createFusion(rewriter, group);
  ASSERT_TRUE(succeeded(fusion));
  EXPECT_EQ(fusion->getInputs().size(), 2u);
  EXPECT_EQ(fusion->getBody().front().getOperations().size(), 3u);
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_TRUE(isa<NegOp>(fusion->getOperation()->getNextNode()));
}

// Two rounds of threefry (x' = x + y, y' = rotl(y, r) ^ x', r read from a
// table): every value has users in both chains, so the planner's first
// groups each stop at another's result; merging producers into the
// consumers that read them elementwise leaves one fusion that returns both
// chains.
const char *kInterleavedChains = R"mlir(
  func.func @f(%x: tensor<64xui32>, %y: tensor<64xui32>, %rot: tensor<4xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
    %c32 = hlo.constant dense<32> : tensor<ui32>
    %s0 = hlo.slice %rot [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %r0 = hlo.reshape %s0 : (tensor<1xui32>) -> tensor<ui32>
    %x1 = hlo.add %x, %y : tensor<64xui32>
    %bl0 = hlo.broadcast_in_dim %r0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %shl0 = hlo.shift_left %y, %bl0 : tensor<64xui32>
    %rr0 = hlo.subtract %c32, %r0 : tensor<ui32>
    %br0 = hlo.broadcast_in_dim %rr0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %shr0 = hlo.shift_right_logical %y, %br0 : tensor<64xui32>
    %rot0 = hlo.or %shl0, %shr0 : tensor<64xui32>
    %y1 = hlo.xor %x1, %rot0 : tensor<64xui32>
    %s1 = hlo.slice %rot [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %r1 = hlo.reshape %s1 : (tensor<1xui32>) -> tensor<ui32>
    %x2 = hlo.add %x1, %y1 : tensor<64xui32>
    %bl1 = hlo.broadcast_in_dim %r1, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %shl1 = hlo.shift_left %y1, %bl1 : tensor<64xui32>
    %rr1 = hlo.subtract %c32, %r1 : tensor<ui32>
    %br1 = hlo.broadcast_in_dim %rr1, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %shr1 = hlo.shift_right_logical %y1, %br1 : tensor<64xui32>
    %rot1 = hlo.or %shl1, %shr1 : tensor<64xui32>
    %y2 = hlo.xor %x2, %rot1 : tensor<64xui32>
    return %x2, %y2 : tensor<64xui32>, tensor<64xui32>
  })mlir";

TEST_F(FusionTest, MergesProducerFusionsIntoOneMultiOutputFusion) {
  Block *body = parseBody(kInterleavedChains);
  ASSERT_TRUE(body);
  FusionOptions noMerge;
  noMerge.producerMerge = false;
  EXPECT_GT(planFusions(*body, noMerge).size(), 1u);

  SmallVector<FusionGroup> plan = planFusions(*body, FusionOptions());
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].kind, FusionKind::loop);

  IRRewriter rewriter(&context);
  SmallVector<FusionOp> fusions = fuseBlock(rewriter, *body, FusionOptions());
  ASSERT_EQ(fusions.size(), 1u);
  // Only the two values the function returns are results.
  EXPECT_EQ(fusions[0]->getNumResults(), 2u);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
