//===- NpyTest.cpp - .npy reading and writing -----------------------------===//

#include "HloDialect/Runner/Npy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <cstring>

using namespace mlir;
using namespace mlir::hlo;

namespace {

TEST(NpyTest, RoundTripsEveryNumpyDtype) {
  MLIRContext context;
  Builder b(&context);
  SmallVector<Type> types = {b.getI1Type(),
                             b.getI8Type(),
                             b.getI16Type(),
                             b.getI32Type(),
                             b.getI64Type(),
                             b.getIntegerType(8, false),
                             b.getIntegerType(64, false),
                             b.getF16Type(),
                             b.getF32Type(),
                             b.getF64Type(),
                             ComplexType::get(b.getF32Type()),
                             ComplexType::get(b.getF64Type())};
  for (Type elementType : types) {
    HostTensor tensor(RankedTensorType::get({2, 3}, elementType));
    for (size_t i = 0; i < tensor.sizeInBytes(); ++i)
      tensor.data()[i] = static_cast<char>(i * 7 + 1);
    if (elementType.isInteger(1))
      for (size_t i = 0; i < tensor.sizeInBytes(); ++i)
        tensor.data()[i] = i % 2;
    auto bytes = serializeNpy(tensor);
    ASSERT_TRUE(static_cast<bool>(bytes)) << llvm::toString(bytes.takeError());
    EXPECT_EQ(bytes->size() % 64, tensor.sizeInBytes() % 64);
    auto parsed = parseNpy(*bytes, &context);
    ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(parsed->getType(), tensor.getType());
    EXPECT_EQ(0, std::memcmp(parsed->data(), tensor.data(), tensor.sizeInBytes()));
  }
}

TEST(NpyTest, ScalarAndVectorShapes) {
  MLIRContext context;
  Builder b(&context);
  SmallVector<SmallVector<int64_t>> shapes = {{}, {5}};
  for (ArrayRef<int64_t> shape : shapes) {
    HostTensor tensor(RankedTensorType::get(shape, b.getF32Type()));
    auto bytes = serializeNpy(tensor);
    ASSERT_TRUE(static_cast<bool>(bytes));
    auto parsed = parseNpy(*bytes, &context);
    ASSERT_TRUE(static_cast<bool>(parsed));
    EXPECT_EQ(parsed->getShape(), shape);
  }
}

TEST(NpyTest, RejectsMalformedInput) {
  MLIRContext context;
  auto expectError = [&](StringRef contents, StringRef message) {
    auto parsed = parseNpy(contents, &context);
    ASSERT_FALSE(static_cast<bool>(parsed));
    std::string text = llvm::toString(parsed.takeError());
    EXPECT_NE(text.find(message), std::string::npos) << text;
  };
  expectError("not npy", "magic");
  expectError(StringRef("\x93NUMPY\x01\x00\x10\x00{'descr'", 18), "truncated");
  std::string bigEndian = "\x93NUMPY";
  bigEndian += std::string("\x01\x00", 2);
  std::string header = "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }\n";
  bigEndian += static_cast<char>(header.size());
  bigEndian += '\0';
  bigEndian += header + std::string(4, '\0');
  expectError(bigEndian, "unsupported dtype");
}

TEST(NpyTest, NoDescriptorForTypesNumpyLacks) {
  MLIRContext context;
  Builder b(&context);
  // An 8-bit float has no unambiguous dtype (ml_dtypes saves every 1-byte
  // float as '|V1').
  EXPECT_EQ(getNpyDescriptor(b.getType<Float8E4M3FNType>()), "");
  HostTensor tensor(RankedTensorType::get({2}, b.getType<Float8E4M3FNType>()));
  auto bytes = serializeNpy(tensor);
  EXPECT_FALSE(static_cast<bool>(bytes));
  llvm::consumeError(bytes.takeError());
}

TEST(NpyTest, BFloat16AsMlDtypesSavesIt) {
  MLIRContext context;
  Builder b(&context);
  // numpy has no bfloat16: ml_dtypes (JAX) saves it as 2-byte records.
  EXPECT_EQ(getNpyDescriptor(b.getBF16Type()), "<V2");
  HostTensor tensor(RankedTensorType::get({2}, b.getBF16Type()));
  reinterpret_cast<uint16_t *>(tensor.data())[0] = 0x3f80; // 1.0
  reinterpret_cast<uint16_t *>(tensor.data())[1] = 0xc000; // -2.0
  auto bytes = serializeNpy(tensor);
  ASSERT_TRUE(static_cast<bool>(bytes));
  auto parsed = parseNpy(*bytes, &context);
  ASSERT_TRUE(static_cast<bool>(parsed));
  EXPECT_TRUE(parsed->getElementType().isBF16());
  EXPECT_EQ(reinterpret_cast<const uint16_t *>(parsed->data())[1], 0xc000);
}

} // namespace
