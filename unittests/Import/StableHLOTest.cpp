//===- StableHLOTest.cpp - respelling StableHLO text ----------------------===//

#include "HloDialect/Import/StableHLO.h"

#include "gtest/gtest.h"

using namespace mlir::hlo;

namespace {

TEST(StableHLOImportTest, RespellingKeepsEveryTokensColumn) {
  std::string input = "%0 = stablehlo.add %a, %b : tensor<4xf32>\n"
                      "%1 = \"stablehlo.dot_general\"(%a, %b) <{d = "
                      "#stablehlo.dot<lhs_contracting_dimensions = [1]>}>\n"
                      "%2 = stablehlo.compare LT, %a, %b, #stablehlo<comparison_type FLOAT>\n";
  std::string output = respellStableHlo(input);
  ASSERT_EQ(output.size(), input.size());
  // Line starts and the positions of the operands are unchanged.
  EXPECT_EQ(output.find("%a, %b : tensor"), input.find("%a, %b : tensor"));
  EXPECT_EQ(output.find("hlo.add"), input.find("stablehlo.add"));
  EXPECT_NE(output.find("\"hlo.dot_general\""), std::string::npos);
  EXPECT_NE(output.find("#hlo.dot<lhs_contracting_dimensions"), std::string::npos);
  EXPECT_NE(output.find("#hlo<comparison_type FLOAT>"), std::string::npos);
  EXPECT_EQ(output.find("stablehlo"), std::string::npos);
}

TEST(StableHLOImportTest, StringsAndCommentsAreLeftAlone) {
  std::string input = "// stablehlo.add in a comment\n"
                      "%0 = stablehlo.custom_call @t(%a) {note = \"stablehlo.add x\"}\n";
  std::string output = respellStableHlo(input);
  EXPECT_NE(output.find("// stablehlo.add in a comment"), std::string::npos);
  EXPECT_NE(output.find("\"stablehlo.add x\""), std::string::npos);
  EXPECT_NE(output.find("hlo.custom_call"), std::string::npos);
  EXPECT_FALSE(containsStableHloSpelling("// only stablehlo.add in a comment\n"));
  EXPECT_TRUE(containsStableHloSpelling("%0 = \"stablehlo.add\"(%a, %b)"));
}

TEST(StableHLOImportTest, BooleanHexIsRepackedIntoBits) {
  // Eight booleans, one byte each (StableHLO), become one bit-packed byte
  // (MLIR 22): true at elements 0, 2 and 7 -> 0b10000101 = 0x85.
  std::string input =
      "%c = stablehlo.constant dense<\"0x0100010000000001\"> : tensor<8xi1>\n";
  std::string output = respellStableHlo(input);
  ASSERT_EQ(output.size(), input.size());
  EXPECT_NE(output.find("dense<\"0x85\""), std::string::npos) << output;
  EXPECT_EQ(output.find(": tensor<8xi1>"), input.find(": tensor<8xi1>"));
  // Other element types are not touched.
  std::string ints =
      "%c = stablehlo.constant dense<\"0x0100010000000001\"> : tensor<8xi8>\n";
  EXPECT_NE(respellStableHlo(ints).find("0x0100010000000001"), std::string::npos);
}

} // namespace
