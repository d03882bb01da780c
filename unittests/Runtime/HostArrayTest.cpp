//===- HostArrayTest.cpp - host arrays and .npy files of hlo-aot-run ------===//

#include "HloDialect/Runtime/HostArray.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace hlo::runtime;

namespace {

TensorType tensorType(const char *text) {
  TensorType type;
  std::string error;
  EXPECT_TRUE(parseTensorType(text, type, error)) << error;
  return type;
}

TEST(HostArrayTest, NpyRoundTripsEveryElementType) {
  for (const char *text :
       {"pred[3]", "i8[2,2]", "i16[5]", "i32[]", "i64[1,2,3]", "ui8[7]",
        "ui16[2]", "ui32[2]", "ui64[2]", "f16[4]", "bf16[3,1]", "f32[0]",
        "f64[2]", "c64[2]", "c128[2]"}) {
    HostArray array(tensorType(text));
    array.fillPseudoRandom(7);
    std::string error;
    std::unique_ptr<HostArray> parsed = parseNpy(serializeNpy(array), error);
    ASSERT_TRUE(parsed) << text << ": " << error;
    EXPECT_EQ(parsed->type(), array.type()) << text;
    EXPECT_EQ(std::memcmp(parsed->data(), array.data(), array.byteSize()), 0)
        << text;
  }
}

TEST(HostArrayTest, WritesNumpysHeaderLayout) {
  HostArray array(tensorType("f32[5]"));
  std::string contents = serializeNpy(array);
  EXPECT_EQ(contents.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  // The data starts at a multiple of 64 bytes, after a '\n'.
  EXPECT_EQ((contents.size() - array.byteSize()) % 64, 0u);
  EXPECT_EQ(contents[contents.size() - array.byteSize() - 1], '\n');
  EXPECT_NE(contents.find("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (5,), }"),
            std::string::npos);
  HostArray scalar(tensorType("i64[]"));
  EXPECT_NE(serializeNpy(scalar).find("'shape': (), }"), std::string::npos);
}

TEST(HostArrayTest, RejectsMalformedFiles) {
  std::string error;
  EXPECT_FALSE(parseNpy("not a numpy file", error));
  EXPECT_EQ(error, "invalid .npy: missing the \\x93NUMPY magic");
  HostArray array(tensorType("f32[4]"));
  std::string contents = serializeNpy(array);
  EXPECT_FALSE(parseNpy(contents.substr(0, contents.size() - 1), error));
  EXPECT_EQ(error, "invalid .npy: expected 16 bytes of data, found 15");
  std::string fortran = contents;
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_FALSE(parseNpy(fortran, error));
  EXPECT_EQ(error, "invalid .npy: Fortran order is not supported");
  std::string bigEndian = contents;
  bigEndian.replace(bigEndian.find("<f4"), 3, ">f4");
  EXPECT_FALSE(parseNpy(bigEndian, error));
  EXPECT_EQ(error, "invalid .npy: unsupported dtype '>f4'");
}

TEST(HostArrayTest, GeneratesValuesInTheDocumentedRanges) {
  HostArray floats(tensorType("f32[1000]"));
  floats.fillPseudoRandom(1);
  HostArray ints(tensorType("i32[1000]"));
  ints.fillPseudoRandom(1);
  HostArray halves(tensorType("bf16[1000]"));
  halves.fillPseudoRandom(2);
  double sum = 0;
  for (int64_t i = 0; i < 1000; ++i) {
    EXPECT_GE(floats.elementAsDouble(i), -1.0);
    EXPECT_LT(floats.elementAsDouble(i), 1.0);
    EXPECT_GE(ints.elementAsDouble(i), 0.0);
    EXPECT_LT(ints.elementAsDouble(i), 64.0);
    EXPECT_LE(std::fabs(halves.elementAsDouble(i)), 1.0);
    sum += floats.elementAsDouble(i);
  }
  EXPECT_LT(std::fabs(sum / 1000), 0.1); // roughly centered
  // The same seed gives the same values.
  HostArray again(tensorType("f32[1000]"));
  again.fillPseudoRandom(1);
  EXPECT_EQ(std::memcmp(again.data(), floats.data(), floats.byteSize()), 0);
  EXPECT_EQ(again.summary(), floats.summary());
}

TEST(HostArrayTest, ConvertsHalfAndBfloat16) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);          // rounds up to infinity
  EXPECT_EQ(floatToHalf(0x1.0p-24f), 0x0001);        // the smallest subnormal
  EXPECT_EQ(floatToHalf(1.0f + 0x1.0p-11f), 0x3c00); // tie to even
  EXPECT_EQ(halfToFloat(0x3555), 0x1.554p-2f);
  EXPECT_EQ(halfToFloat(0x0001), 0x1.0p-24f);
  EXPECT_TRUE(std::isnan(halfToFloat(floatToHalf(NAN))));
  for (uint32_t bits = 0; bits < 0x7c00; bits += 7)
    EXPECT_EQ(floatToHalf(halfToFloat(bits)), bits);

  EXPECT_EQ(floatToBfloat16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBfloat16(-2.0f), 0xc000);
  EXPECT_EQ(floatToBfloat16(1.0f + 0x1.0p-8f), 0x3f80); // tie to even
  EXPECT_EQ(floatToBfloat16(1.0f + 0x1.8p-8f), 0x3f81); // above the tie
  EXPECT_EQ(bfloat16ToFloat(0x3fc0), 1.5f);
  EXPECT_TRUE(std::isnan(bfloat16ToFloat(floatToBfloat16(NAN))));
}

TEST(HostArrayTest, SummarizesValues) {
  HostArray array(tensorType("i32[10]"));
  for (int i = 0; i < 10; ++i)
    std::memcpy(static_cast<int32_t *>(array.data()) + i, &i, sizeof(i));
  std::string summary = array.summary(3);
  EXPECT_EQ(summary.substr(0, summary.find(" fnv1a=")),
            "i32[10] [0, 1, 2, ...] sum=45");
  HostArray complex(tensorType("c64[1]"));
  float parts[] = {1.5f, -2.0f};
  std::memcpy(complex.data(), parts, sizeof(parts));
  EXPECT_EQ(complex.elementString(0), "(1.5,-2)");
}

} // namespace
