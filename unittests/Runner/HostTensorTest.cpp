//===- HostTensorTest.cpp - HostTensor's storage --------------------------===//

#include "HloDialect/Runner/HostTensor.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <utility>

using namespace mlir;
using namespace mlir::hlo;

namespace {

bool isZero(const HostTensor &tensor) {
  for (size_t i = 0; i < tensor.sizeInBytes(); ++i)
    if (tensor.data()[i] != 0)
      return false;
  return true;
}

uintptr_t addressOf(const HostTensor &tensor) {
  return reinterpret_cast<uintptr_t>(tensor.data());
}

TEST(HostTensorTest, StorageIsZeroedAndAlignedForVectorsOrHugePages) {
  MLIRContext context;
  Builder b(&context);
  // Small: 64-byte aligned; from 2 MiB on: aligned to a 2 MiB page (not
  // padded to whole huge pages).
  HostTensor small(RankedTensorType::get({3, 5}, b.getF32Type()));
  HostTensor large(RankedTensorType::get({1024, 1024}, b.getF32Type()));
  EXPECT_EQ(small.sizeInBytes(), 60u);
  EXPECT_EQ(large.sizeInBytes(), size_t(4) << 20);
  EXPECT_EQ(addressOf(small) % 64, 0u);
  EXPECT_EQ(addressOf(large) % (size_t(2) << 20), 0u);
  EXPECT_TRUE(isZero(small));
  EXPECT_TRUE(isZero(large));
  HostTensor empty(RankedTensorType::get({0, 4}, b.getF32Type()));
  EXPECT_EQ(empty.sizeInBytes(), 0u);
  EXPECT_NE(empty.data(), nullptr);
}

TEST(HostTensorTest, CopiesOwnTheirBytesAndMovesTakeThem) {
  MLIRContext context;
  Builder b(&context);
  HostTensor original(RankedTensorType::get({600, 1000}, b.getI32Type()));
  for (size_t i = 0; i < original.sizeInBytes(); ++i)
    original.data()[i] = static_cast<char>(i * 13 + 5);
  HostTensor copy = original;
  ASSERT_EQ(copy.sizeInBytes(), original.sizeInBytes());
  EXPECT_NE(copy.data(), original.data());
  EXPECT_EQ(copy.getType(), original.getType());
  for (size_t i = 0; i < copy.sizeInBytes(); i += 4099)
    EXPECT_EQ(copy.data()[i], static_cast<char>(i * 13 + 5));
  copy.data()[0] = 42;
  EXPECT_EQ(original.data()[0], static_cast<char>(5));

  const char *bytes = original.data();
  HostTensor moved = std::move(original);
  EXPECT_EQ(moved.data(), bytes);
  HostTensor assigned;
  assigned = moved;
  EXPECT_NE(assigned.data(), moved.data());
  EXPECT_EQ(assigned.data()[1], moved.data()[1]);
  assigned = HostTensor(RankedTensorType::get({2}, b.getI8Type()));
  EXPECT_EQ(assigned.sizeInBytes(), 2u);
  EXPECT_TRUE(isZero(assigned));
}

} // namespace
