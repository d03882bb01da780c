//===- NarrowDotsTest.cpp - target features of the narrow-dot kernels -----===//

#include "HloDialect/Runner/HostJit.h"
#include "HloDialect/Transforms/NarrowDots.h"

#include "llvm/TargetParser/Host.h"

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

TEST(NarrowDotsTest, ParsesAvx512Features) {
  NarrowDotFeatures both = NarrowDotFeatures::parse("+avx512bf16,+avx512vnni");
  EXPECT_TRUE(both.avx512Bf16);
  EXPECT_TRUE(both.avx512Vnni);
  EXPECT_TRUE(both.bf16());
  EXPECT_TRUE(both.int8());
  EXPECT_FALSE(both.anyAmx());
  // Later entries win; AMX and AVX-512 features combine.
  NarrowDotFeatures mixed = NarrowDotFeatures::parse(
      "+amx-tile,+amx-bf16,+avx512bf16,+avx512vnni,-avx512bf16");
  EXPECT_TRUE(mixed.amxBf16);
  EXPECT_FALSE(mixed.avx512Bf16);
  EXPECT_TRUE(mixed.avx512Vnni);
  EXPECT_TRUE(mixed.anyAmx());
  EXPECT_FALSE(NarrowDotFeatures::parse("+avx512f,+avx512bw").any());
}

TEST(NarrowDotsTest, FindsMalformedEntries) {
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+amx-tile,-avx512f"), "");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry(""), "");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+amx-tile,amx-bf16"),
            "amx-bf16");
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry("+"), "+");
}

TEST(NarrowDotsTest, HostFeaturesAreWellFormed) {
  // Whatever the host has, the JIT-time features parse, name AMX only when
  // the OS granted the tile state, and name the AVX-512 dot instructions
  // exactly when the host has them.
  std::string features = getHostDotTargetFeatures();
  EXPECT_EQ(NarrowDotFeatures::findMalformedEntry(features), "");
  NarrowDotFeatures parsed = NarrowDotFeatures::parse(features);
  if (parsed.anyAmx())
    EXPECT_TRUE(requestAmxTileState());
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  EXPECT_EQ(parsed.avx512Bf16,
            host.lookup("avx512f") && host.lookup("avx512bf16"));
  EXPECT_EQ(parsed.avx512Vnni,
            host.lookup("avx512bw") && host.lookup("avx512vnni"));
}

} // namespace
