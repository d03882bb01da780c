//===- LegalizeCustomCallsTest.cpp - JAX's custom calls as hlo ops --------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Import/Shardy.h"
#include "HloDialect/Transforms/LegalizeCustomCalls.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

void loadDialects(MLIRContext &context) {
  context.loadDialect<hlo::HloDialect, func::FuncDialect, arith::ArithDialect,
                      complex::ComplexDialect, math::MathDialect,
                      scf::SCFDialect, tensor::TensorDialect>();
}

TEST(LegalizeCustomCallsTest, KnowsJaxTargets) {
  for (const char *target :
       {"lapack_spotrf_ffi", "lapack_ztrsm_ffi", "lapack_dgetrf_ffi",
        "lapack_sgeqrf_ffi", "lapack_sorgqr_ffi", "lapack_cungqr_ffi",
        "lapack_dsyevd_ffi", "lapack_zheevd_ffi", "lapack_sgesdd_ffi", "TopK",
        "xla.topk"})
    EXPECT_TRUE(hlo::isLegalizableCustomCallTarget(target)) << target;
  for (const char *target : {"lapack_xpotrf_ffi", "lapack_spotrf",
                             "my_kernel", "lapack_sgeev_ffi", ""})
    EXPECT_FALSE(hlo::isLegalizableCustomCallTarget(target)) << target;
}

TEST(LegalizeCustomCallsTest, RewritesAndReportsWhyNot) {
  MLIRContext context;
  loadDialects(context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>,
                 %z: tensor<3x3xcomplex<f32>>) -> tensor<4x2xf32> {
      %x = hlo.custom_call @lapack_strsm_ffi(%a, %b) {backend_config = "{diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}"} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
      %q:2 = hlo.custom_call @lapack_cgeqrf_ffi(%z) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>)
      return %x : tensor<4x2xf32>
    })mlir",
                                                              &context);
  ASSERT_TRUE(module);
  SmallVector<hlo::CustomCallOp> calls;
  module->walk([&](hlo::CustomCallOp call) { calls.push_back(call); });
  ASSERT_EQ(calls.size(), 2u);
  IRRewriter rewriter(&context);

  // trsm becomes a triangular solve with the string configuration's options.
  ASSERT_TRUE(succeeded(hlo::legalizeCustomCall(rewriter, calls[0])));
  hlo::TriangularSolveOp solve;
  module->walk([&](hlo::TriangularSolveOp op) { solve = op; });
  ASSERT_TRUE(solve);
  EXPECT_TRUE(solve.getLeftSide());
  EXPECT_FALSE(solve.getLower());
  EXPECT_FALSE(solve.getUnitDiagonal());
  EXPECT_EQ(solve.getTransposeA(), hlo::Transpose::NO_TRANSPOSE);

  // A complex QR is a located error, and the call stays.
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(hlo::legalizeCustomCall(rewriter, calls[1])));
  EXPECT_NE(message.find("real matrices only"), std::string::npos) << message;
  EXPECT_TRUE(calls[1]->getParentOp());
}

TEST(ShardyDialectTest, KeepsAttributesVerbatim) {
  MLIRContext context;
  context.loadDialect<hlo::ShardyDialect, func::FuncDialect>();
  const char *rule = "#sdy.op_sharding_rule<([i, j])->([k, l], []) {i=6, "
                     "j=6, k=6, l=6}, custom>";
  Attribute attr = parseAttribute(rule, &context);
  ASSERT_TRUE(attr);
  auto opaque = dyn_cast<OpaqueAttr>(attr);
  ASSERT_TRUE(opaque);
  EXPECT_EQ(opaque.getDialectNamespace().str(), "sdy");
  std::string printed;
  llvm::raw_string_ostream os(printed);
  attr.print(os);
  EXPECT_EQ(printed, rule);
}

} // namespace
