//===- ProgramSignatureTest.cpp - signatures of ahead-of-time programs ----===//

#include "HloDialect/Runtime/ProgramSignature.h"

#include "gtest/gtest.h"

using namespace hlo::runtime;

namespace {

TEST(ProgramSignatureTest, ParsesDeviceInputsAndResults) {
  ProgramSignature signature;
  std::string error;
  ASSERT_TRUE(parseProgramSignature(
      "cuda;f32[4,8],bf16[16],i1[],i32[2,2];f32[4,8]", signature, error))
      << error;
  EXPECT_EQ(signature.device, "cuda");
  ASSERT_EQ(signature.inputs.size(), 4u);
  ASSERT_EQ(signature.results.size(), 1u);
  EXPECT_EQ(signature.inputs[0].str(), "f32[4,8]");
  EXPECT_EQ(signature.inputs[0].byteSize(), 4u * 8 * 4);
  EXPECT_EQ(signature.inputs[1].elementType, lookupElementType("bf16"));
  // i1 is an alias of pred; rank 0 has one element.
  EXPECT_EQ(signature.inputs[2].str(), "pred[]");
  EXPECT_EQ(signature.inputs[2].numElements(), 1);
  EXPECT_EQ(signature.inputs[3].shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(signature.str(), "cuda;f32[4,8],bf16[16],pred[],i32[2,2];f32[4,8]");
}

TEST(ProgramSignatureTest, AcceptsEmptyListsAndZeroSizes) {
  ProgramSignature signature;
  std::string error;
  ASSERT_TRUE(parseProgramSignature("cpu;;", signature, error)) << error;
  EXPECT_TRUE(signature.inputs.empty());
  EXPECT_TRUE(signature.results.empty());
  ASSERT_TRUE(parseProgramSignature("cpu;;c64[0,3]", signature, error))
      << error;
  EXPECT_EQ(signature.results[0].numElements(), 0);
  EXPECT_EQ(signature.results[0].byteSize(), 0u);
}

TEST(ProgramSignatureTest, KnowsEveryElementType) {
  struct Expected {
    const char *name;
    unsigned byteSize;
    const char *npyDescr;
  };
  for (Expected expected : {Expected{"pred", 1, "|b1"},
                            {"i8", 1, "|i1"},
                            {"i16", 2, "<i2"},
                            {"i32", 4, "<i4"},
                            {"i64", 8, "<i8"},
                            {"ui8", 1, "|u1"},
                            {"ui16", 2, "<u2"},
                            {"ui32", 4, "<u4"},
                            {"ui64", 8, "<u8"},
                            {"f16", 2, "<f2"},
                            {"bf16", 2, "<V2"},
                            {"f32", 4, "<f4"},
                            {"f64", 8, "<f8"},
                            {"c64", 8, "<c8"},
                            {"c128", 16, "<c16"}}) {
    const ElementType *type = lookupElementType(expected.name);
    ASSERT_NE(type, nullptr) << expected.name;
    EXPECT_EQ(type->byteSize, expected.byteSize) << expected.name;
    EXPECT_STREQ(type->npyDescr, expected.npyDescr) << expected.name;
    EXPECT_EQ(lookupNpyElementType(expected.npyDescr), type) << expected.name;
  }
  EXPECT_EQ(lookupElementType("complex64"), lookupElementType("c64"));
  EXPECT_EQ(lookupElementType("complex128"), lookupElementType("c128"));
  EXPECT_EQ(lookupNpyElementType("<b1"), lookupElementType("pred"));
  EXPECT_EQ(lookupNpyElementType(">f4"), nullptr);
  EXPECT_EQ(lookupElementType("f8E4M3"), nullptr);
}

TEST(ProgramSignatureTest, ReportsWhatIsWrong) {
  ProgramSignature signature;
  std::string error;
  auto failure = [&](const char *text) {
    EXPECT_FALSE(parseProgramSignature(text, signature, error)) << text;
    return error;
  };
  EXPECT_EQ(failure("cuda;f32[4]"),
            "expected 'DEVICE;INPUTS;RESULTS', found 'cuda;f32[4]'");
  EXPECT_EQ(failure("cuda;;;"),
            "expected 'DEVICE;INPUTS;RESULTS', found 'cuda;;;'");
  EXPECT_EQ(failure("gpu;;"), "unknown device 'gpu' (expected cuda, vulkan or cpu)");
  EXPECT_EQ(failure("cpu;f32[4],q8[2];"), "input 1: unknown element type 'q8'");
  EXPECT_EQ(failure("cpu;;f32[-1]"),
            "result 0: expected a dimension size in 'f32[-1]', found '-1'");
  EXPECT_EQ(failure("cpu;f32;"),
            "input 0: expected a type like f32[4,8], found 'f32'");
  EXPECT_EQ(failure("cpu;f32[4,];"),
            "input 0: expected a dimension size in 'f32[4,]', found ''");
  // Sizes whose product overflows are rejected, not wrapped around.
  EXPECT_EQ(failure("cpu;f32[4294967296,4294967296];"),
            "input 0: expected a dimension size in "
            "'f32[4294967296,4294967296]', found '4294967296'");
}

} // namespace
