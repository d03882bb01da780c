//===- HloTextTest.cpp - the HLO text parser, importer and exporter -------===//

#include "HloDialect/Export/HloText.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/HloTextParser.h"

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

TEST(HloTextTest, DetectsHloTextByExtensionOrContent) {
  EXPECT_TRUE(looksLikeHloText("anything", "dump.hlo"));
  EXPECT_TRUE(looksLikeHloText("// RUN: x\nHloModule m\nENTRY e {}", "a.txt"));
  EXPECT_TRUE(looksLikeHloText("ENTRY %e {\n}", ""));
  EXPECT_TRUE(looksLikeHloText("fusion {\n p = f32[] parameter(0)\n}", ""));
  EXPECT_TRUE(looksLikeHloText("%c (a: f32[]) -> f32[] {", "x.txt"));
  EXPECT_FALSE(looksLikeHloText("module {\n}", "x.txt"));
  EXPECT_FALSE(looksLikeHloText("func.func @main() {", "x.mlir"));
  EXPECT_FALSE(looksLikeHloText("#map = affine_map<(d0) -> (d0)>", ""));
}

TEST(HloTextTest, ParsesTheSyntaxTree) {
  std::string errors;
  hlotext::ErrorFn onError = [&](llvm::SMLoc, const llvm::Twine &message) {
    errors += message.str();
  };
  hlotext::Module module;
  ASSERT_TRUE(hlotext::parseModule(
      "HloModule m, is_scheduled=true\n"
      "add { a = f32[] parameter(0) b = f32[] parameter(1)\n"
      "      ROOT s = f32[] add(a, b) }\n"
      "ENTRY %e (x: f32[2,<=3]) -> f32[] {\n"
      "  %x = f32[2,<=3]{0,1} parameter(0)\n"
      "  %z = f32[] constant(0)\n"
      "  ROOT %r = f32[] reduce(f32[2,<=3]{0,1} %x, %z), dimensions={0,1}, "
      "to_apply=add\n"
      "}\n",
      onError, module))
      << errors;
  EXPECT_EQ(module.name, "m");
  ASSERT_EQ(module.attributes.size(), 1u);
  EXPECT_EQ(module.attributes[0].value, "true");
  ASSERT_EQ(module.computations.size(), 2u);
  EXPECT_EQ(module.entry, 1);
  const hlotext::Computation &entry = module.computations[1];
  EXPECT_EQ(entry.name, "e");
  ASSERT_EQ(entry.instructions.size(), 3u);
  const hlotext::Shape &shape = entry.instructions[0].shape;
  EXPECT_EQ(shape.elementType, "f32");
  EXPECT_EQ(shape.dims, (llvm::SmallVector<int64_t>{2, 3}));
  EXPECT_FALSE(shape.dynamic[0]);
  EXPECT_TRUE(shape.dynamic[1]);
  EXPECT_EQ(shape.minorToMajor, (llvm::SmallVector<int64_t>{0, 1}));
  const hlotext::Instruction &reduce = entry.instructions[2];
  EXPECT_TRUE(reduce.isRoot);
  EXPECT_EQ(reduce.opcode, "reduce");
  ASSERT_EQ(reduce.operands.size(), 2u);
  EXPECT_TRUE(reduce.operands[0].shape.has_value());
  ASSERT_EQ(reduce.attributes.size(), 2u);
  EXPECT_EQ(reduce.attributes[0].value, "{0,1}");
  EXPECT_EQ(reduce.attributes[1].value, "add");
  // Without ROOT, the last instruction is the root.
  EXPECT_EQ(module.computations[0].root, 2);
}

TEST(HloTextTest, LexesContextSensitiveValues) {
  hlotext::Lexer lexer("b01f_01io->b01f, [3,10]<=[6,5]T(1,0) , 0_1x2_3}",
                       [](llvm::SMLoc, const llvm::Twine &) {});
  llvm::StringRef value;
  ASSERT_TRUE(lexer.lexValue(value));
  EXPECT_EQ(value, "b01f_01io->b01f");
  ASSERT_TRUE(lexer.consumeIf(','));
  ASSERT_TRUE(lexer.lexValue(value));
  EXPECT_EQ(value, "[3,10]<=[6,5]T(1,0)");
  ASSERT_TRUE(lexer.consumeIf(','));
  ASSERT_TRUE(lexer.lexValue(value));
  EXPECT_EQ(value, "0_1x2_3");
}

TEST(HloTextTest, ImportsAndExportsThroughTheApi) {
  MLIRContext context;
  context.loadDialect<HloDialect, chlo::ChloDialect, func::FuncDialect>();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "HloModule m\nENTRY main {\n  p = f32[4] parameter(0)\n"
          "  ROOT n = f32[4] negate(p)\n}\n",
          "m.hlo"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = importHloText(sourceMgr, &context);
  ASSERT_TRUE(module);
  std::string text;
  llvm::raw_string_ostream os(text);
  ASSERT_TRUE(succeeded(exportHloText(*module, os)));
  EXPECT_NE(text.find("HloModule m"), std::string::npos);
  EXPECT_NE(text.find("ROOT %n = f32[4] negate(%p)"), std::string::npos);
}

TEST(HloTextTest, ReportsLocatedErrors) {
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "ENTRY e {\n  ROOT x = f32[4] frobnicate()\n}\n", "bad.hlo"),
      llvm::SMLoc());
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream os(message);
    os << diag.getLocation() << ": " << diag.str();
    return success();
  });
  EXPECT_FALSE(importHloText(sourceMgr, &context));
  EXPECT_EQ(message, "loc(\"bad.hlo\":2:19): unknown opcode 'frobnicate'");
}

} // namespace
