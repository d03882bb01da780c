//===- AotRuntimeTest.cpp - libhlo_aot_runtime ----------------------------===//

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

template <int Rank> struct MemRefDescriptor {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};
} // namespace

extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRef *source,
                           UnrankedMemRef *target);
// The runtime returns bfloat16 in the low 16 bits of xmm0, as the x86-64
// ABI says for __bf16; GCC 12 has no __bf16 there, but its _Float16 is
// returned in the same place (the runtime carries the bits in one too).
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 13)
using Bf16 = __bf16;
#define HLO_TEST_BF16 1
#elif defined(__x86_64__) && defined(__FLT16_MAX__)
using Bf16 = _Float16;
#define HLO_TEST_BF16 1
#endif
#if defined(HLO_TEST_BF16)
extern "C" Bf16 __truncsfbf2(float value);
extern "C" Bf16 __truncdfbf2(double value);
#endif

namespace {
#if defined(HLO_TEST_BF16)
uint16_t bits(Bf16 value) {
  uint16_t result;
  std::memcpy(&result, &value, sizeof result);
  return result;
}
#endif

TEST(AotRuntimeTest, CopiesStridedViews) {
  // A 3x4 row-major matrix; copy its transpose view (strides 1, 4) with an
  // offset of one column into a dense 3x3 buffer.
  std::vector<float> matrix(12);
  for (int i = 0; i < 12; ++i)
    matrix[i] = static_cast<float>(i);
  std::vector<float> out(9, -1.0f);
  MemRefDescriptor<2> src{matrix.data(), matrix.data(), 1, {3, 3}, {1, 4}};
  MemRefDescriptor<2> dst{out.data(), out.data(), 0, {3, 3}, {3, 1}};
  UnrankedMemRef source{2, &src}, target{2, &dst};
  memrefCopy(sizeof(float), &source, &target);
  // out[i][j] = matrix[offset 1 + i + 4j].
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(out[i * 3 + j], static_cast<float>(1 + i + 4 * j))
          << i << "," << j;
}

TEST(AotRuntimeTest, CopiesContiguousRowsAndScalars) {
  std::vector<float> a = {1, 2, 3, 4, 5, 6}, b(6, 0);
  MemRefDescriptor<2> src{a.data(), a.data(), 0, {2, 3}, {3, 1}};
  MemRefDescriptor<2> dst{b.data(), b.data(), 0, {2, 3}, {3, 1}};
  UnrankedMemRef source{2, &src}, target{2, &dst};
  memrefCopy(sizeof(float), &source, &target);
  EXPECT_EQ(a, b);

  float x = 7, y = 0;
  struct {
    float *allocated, *aligned;
    int64_t offset;
  } scalarSrc{&x, &x, 0}, scalarDst{&y, &y, 0};
  UnrankedMemRef s{0, &scalarSrc}, t{0, &scalarDst};
  memrefCopy(sizeof(float), &s, &t);
  EXPECT_EQ(y, 7);

  // An empty view copies nothing.
  MemRefDescriptor<2> empty{a.data(), a.data(), 0, {0, 3}, {3, 1}};
  MemRefDescriptor<2> untouched{b.data(), b.data(), 0, {0, 3}, {3, 1}};
  b.assign(6, -1);
  UnrankedMemRef e{2, &empty}, u{2, &untouched};
  memrefCopy(sizeof(float), &e, &u);
  EXPECT_EQ(b[0], -1);
}

#if defined(HLO_TEST_BF16)
TEST(AotRuntimeTest, RoundsFloatToBfloat16ToNearestEven) {
  EXPECT_EQ(bits(__truncsfbf2(1.0f)), 0x3f80);
  // Halfway between 1.0 (0x3f80) and 1.0078125 (0x3f81): to even.
  EXPECT_EQ(bits(__truncsfbf2(1.00390625f)), 0x3f80);
  // Halfway between 0x3f81 and 0x3f82: to even, up.
  EXPECT_EQ(bits(__truncsfbf2(1.01171875f)), 0x3f82);
  EXPECT_EQ(bits(__truncsfbf2(-2.0f)), 0xc000);
  EXPECT_EQ(bits(__truncsfbf2(std::numeric_limits<float>::infinity())),
            0x7f80);
  // Above the largest bfloat16: infinity.
  EXPECT_EQ(bits(__truncsfbf2(std::numeric_limits<float>::max())), 0x7f80);
  uint16_t nan = bits(__truncsfbf2(std::nanf("")));
  EXPECT_EQ(nan & 0x7f80, 0x7f80);
  EXPECT_NE(nan & 0x007f, 0);
  // A denormal float is kept (no flush to zero in this conversion).
  EXPECT_EQ(bits(__truncsfbf2(1e-39f)), 0x000b);
}

TEST(AotRuntimeTest, RoundsDoubleToBfloat16Once) {
  // 1 + 2^-8 + 2^-30 is just above the halfway point between 0x3f80 and
  // 0x3f81: one rounding gives 0x3f81; rounding to float first would land
  // exactly on the halfway point and then round to even, 0x3f80.
  EXPECT_EQ(bits(__truncdfbf2(1.0 + 0x1p-8 + 0x1p-30)), 0x3f81);
  EXPECT_EQ(bits(__truncdfbf2(1.00390625)), 0x3f80);
  EXPECT_EQ(bits(__truncdfbf2(-3.0)), 0xc040);
  EXPECT_EQ(bits(__truncdfbf2(1e300)), 0x7f80);
}
#endif // defined(HLO_TEST_BF16)
} // namespace
