//===- DiagnosticsTest.cpp - errors in the words of the input -------------===//

#include "HloDialect/Import/Diagnostics.h"
#include "HloDialect/Import/StableHLO.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {
TEST(DiagnosticsTest, StableHloNamesAreRespelled) {
  EXPECT_EQ(hlo::respellDiagnosticAsStableHlo(
                "'hlo.add' op operands differ; see \"hlo.add\"(%a) and "
                "#hlo.dot<lhs> !hlo.token"),
            "'stablehlo.add' op operands differ; see \"stablehlo.add\"(%a) "
            "and #stablehlo.dot<lhs> !stablehlo.token");
  // Not other dialects, not file names, not words ending in hlo.
  EXPECT_EQ(hlo::respellDiagnosticAsStableHlo(
                "'chlo.erf' in dir/hlo.mlir: stablehlo.add"),
            "'chlo.erf' in dir/hlo.mlir: stablehlo.add");
}

TEST(DiagnosticsTest, DetectsInputForms) {
  EXPECT_EQ(hlo::detectInputForm("HloModule m\nENTRY %main {\n}\n", "m.hlo"),
            hlo::InputForm::HloText);
  EXPECT_EQ(hlo::detectInputForm("func.func @f() { stablehlo.add }"),
            hlo::InputForm::StableHlo);
  EXPECT_EQ(hlo::detectInputForm("func.func @f() { hlo.add }"),
            hlo::InputForm::Hlo);
}

TEST(DiagnosticsTest, HloTextErrorsNameTheInstruction) {
  MLIRContext context;
  std::string printed;
  ScopedDiagnosticHandler printer(&context, [&](Diagnostic &diag) {
    printed = diag.str();
    return success();
  });
  hlo::UserWordsDiagnosticHandler words(&context, hlo::InputForm::HloText);
  Location file = FileLineColLoc::get(&context, "m.hlo", 6, 8);
  Location named = NameLoc::get(StringAttr::get(&context, "add.3"), file);
  emitError(named) << "'hlo.add' op all operands must have the same shape";
  EXPECT_EQ(printed, "instruction %add.3: all operands must have the same "
                     "shape");
  // Not at an instruction: unchanged.
  emitError(file) << "'hlo.add' op something";
  EXPECT_EQ(printed, "'hlo.add' op something");
}
} // namespace
