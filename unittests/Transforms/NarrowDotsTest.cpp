//===- NarrowDotsTest.cpp - target features of the narrow-dot kernels -----===//

#include "HloDialect/Runner/HostJit.h"
#include "HloDialect/Transforms/NarrowDots.h"

#include "gtest/gtest.h"

using namespace mlir::hlo;

namespace {

TEST(NarrowDotsTest, ParsesAmxFeatures) {
  NarrowDotFeatures all =
      NarrowDotFeatures::parse("+avx512f,+amx-tile,+amx-bf16,+amx-int8");
  EXPECT_TRUE(all.amxBf16);
  EXPECT_TRUE(all.amxInt8);
  // Kernels need the tile unit itself; later entries win.
  EXPECT_FALSE(NarrowDotFeatures::parse("+amx-bf16,+amx-int8").any());
  NarrowDotFeatures bf16Only =
      NarrowDotFeatures::parse("+amx-tile, +amx-bf16,+amx-int8,-amx-int8");
  EXPECT_TRUE(bf16Only.amxBf16);
  EXPECT_FALSE(bf16Only.amxInt8);
  EXPECT_FALSE(NarrowDotFeatures::parse("").any());
}

TEST(NarrowDotsTest, FindsMalformedEntries) {
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+amx-tile,-avx512f"), "");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry(""), "");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+amx-tile,amx-bf16"),
            "amx-bf16");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+"), "+");
}

TEST(NarrowDotsTest, HostFeaturesAreWellFormed) {
  // Whatever the host has, the JIT-time features parse, and name AMX only
  // when the OS granted the tile state.
  std::string features = getHostDotTargetFeatures();
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry(features), "");
  if (NarrowDotFeatures::parse(features).any())
    EXPECT_TRUE(requestAmxTileState());
}

} // namespace
