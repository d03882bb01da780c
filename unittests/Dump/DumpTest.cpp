//===- DumpTest.cpp - graphs, buffer reports, HLO_FLAGS -------------------===//

#include "HloDialect/Dump/Dump.h"
#include "HloDialect/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <cstdlib>

using namespace mlir;

namespace {
class DumpTest : public ::testing::Test {
protected:
  DumpTest() {
    DialectRegistry registry;
    hlo::registerAllHloDialects(registry);
    registry.insert<func::FuncDialect, memref::MemRefDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }
  MLIRContext context;
};

TEST_F(DumpTest, GraphHasFusionClustersAndLabeledEdges) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %0 = hlo.fusion kind = loop (%x = %a, %y = %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
        %s = hlo.add %x, %y : tensor<4xf32>
        hlo.return %s : tensor<4xf32>
      }
      %1 = hlo.negate %0 : tensor<4xf32>
      return %1 : tensor<4xf32>
    })mlir");
  ASSERT_TRUE(module);
  std::string dot;
  llvm::raw_string_ostream os(dot);
  hlo::writeModuleGraph(*module, os);
  EXPECT_NE(dot.find("label=\"@main\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("label=\"fusion (loop)"), std::string::npos) << dot;
  EXPECT_NE(dot.find("fillcolor=\"#cfe2f3\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("label=\"add\\nf32[4]\""), std::string::npos) << dot;
  // parameter -> add inside the fusion, add -> negate out of it, with the
  // value's shape and bytes.
  EXPECT_NE(dot.find("n0 -> n2 [label=\"f32[4]\\n16 B\"]"), std::string::npos)
      << dot;
  EXPECT_NE(dot.find("n2 -> n3 [label=\"f32[4]\\n16 B\"]"), std::string::npos)
      << dot;
  EXPECT_NE(dot.find("label=\"ROOT\""), std::string::npos) << dot;
}

TEST_F(DumpTest, BufferReportListsAllocationsWithSizes) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f() {
      %0 = memref.alloc() : memref<16x16xf32>
      %1 = memref.alloca() : memref<8xf64>
      memref.dealloc %0 : memref<16x16xf32>
      return
    })mlir");
  ASSERT_TRUE(module);
  std::string report;
  llvm::raw_string_ostream os(report);
  hlo::writeBufferReport(*module, os);
  EXPECT_NE(report.find("@f"), std::string::npos) << report;
  EXPECT_NE(report.find("1024  heap   memref<16x16xf32>"), std::string::npos)
      << report;
  EXPECT_NE(report.find("64  stack  memref<8xf64>"), std::string::npos)
      << report;
  EXPECT_NE(report.find("module: 2 buffers, 1.0 KiB on the heap, 64 B on "
                        "the stack"),
            std::string::npos)
      << report;
}

TEST(DumpFlagsTest, HloFlagsComeAfterTheProgramName) {
  setenv("HLO_FLAGS", "--hlo-dump-to=/tmp/x '--hlo-dump-passes=a b'", 1);
  llvm::BumpPtrAllocator storage;
  llvm::StringSaver saver(storage);
  char program[] = "tool", file[] = "f.mlir";
  char *argv[] = {program, file};
  SmallVector<const char *> args = hlo::argvWithHloFlags(2, argv, saver);
  unsetenv("HLO_FLAGS");
  ASSERT_EQ(args.size(), 4u);
  EXPECT_STREQ(args[0], "tool");
  EXPECT_STREQ(args[1], "--hlo-dump-to=/tmp/x");
  EXPECT_STREQ(args[2], "--hlo-dump-passes=a b");
  EXPECT_STREQ(args[3], "f.mlir");
}
} // namespace
