//===- BufferAssignmentTest.cpp - the heap simulator ----------------------===//

#include "HloDialect/Transforms/BufferAssignment.h"

#include "gtest/gtest.h"

using namespace mlir::hlo;

namespace {

/// No two buffers live at the same time share a byte.
bool disjoint(const std::vector<HeapBuffer> &buffers, int64_t alignment) {
  for (size_t i = 0; i < buffers.size(); ++i)
    for (size_t j = i + 1; j < buffers.size(); ++j) {
      const HeapBuffer &a = buffers[i], &b = buffers[j];
      if (std::max(a.start, b.start) > std::min(a.end, b.end))
        continue;
      if (a.offset < b.offset + b.bytes && b.offset < a.offset + a.bytes)
        return false;
    }
  for (const HeapBuffer &buffer : buffers)
    if (buffer.offset % alignment != 0)
      return false;
  return true;
}

TEST(BufferAssignmentTest, BuffersWithDisjointLifetimesShareBytes) {
  std::vector<HeapBuffer> buffers = {{1000, 0, 1}, {1000, 2, 3}, {1000, 4, 5}};
  EXPECT_EQ(packBuffers(buffers, 64), 1024);
  EXPECT_EQ(liveBytesLowerBound(buffers), 1000);
  EXPECT_TRUE(disjoint(buffers, 64));
}

TEST(BufferAssignmentTest, OverlappingBuffersAreStacked) {
  std::vector<HeapBuffer> buffers = {{64, 0, 4}, {128, 1, 3}, {256, 2, 2}};
  int64_t peak = -1;
  EXPECT_EQ(liveBytesLowerBound(buffers, &peak), 448);
  EXPECT_EQ(peak, 2);
  EXPECT_EQ(packBuffers(buffers, 64), 448);
  EXPECT_TRUE(disjoint(buffers, 64));
  // Biggest first.
  EXPECT_EQ(buffers[2].offset, 0);
}

TEST(BufferAssignmentTest, BestFitChoosesTheSmallestGap) {
  // Once the short-lived 2048- and 512-byte buffers die, a 448-byte buffer
  // fits in either hole; it takes the smaller (the 512 one's).
  std::vector<HeapBuffer> buffers = {{4096, 0, 10}, {2048, 0, 2},
                                     {1024, 0, 10}, {512, 0, 2},
                                     {448, 0, 10},  {448, 5, 10}};
  int64_t arena = packBuffers(buffers, 64);
  EXPECT_TRUE(disjoint(buffers, 64));
  EXPECT_EQ(arena, liveBytesLowerBound(buffers));
  EXPECT_EQ(buffers[5].offset, buffers[3].offset);
}

TEST(BufferAssignmentTest, AlignmentRoundsSizes) {
  std::vector<HeapBuffer> buffers = {{4, 0, 1}, {4, 0, 1}, {0, 0, 1}};
  EXPECT_EQ(packBuffers(buffers, 64), 128);
  EXPECT_EQ(liveBytesLowerBound(buffers), 8);
  EXPECT_TRUE(disjoint(buffers, 64));
}

TEST(BufferAssignmentTest, BinsHoldOneBufferAtATimeOfTheirKind) {
  // One bin of 1024 bytes, kind 1, free over points [0, 5].
  std::vector<HeapBin> bins = {{1024, 1, 0, 5}};
  std::vector<HeapBuffer> buffers = {
      {1000, 0, 2, -1, 1}, // in the bin
      {1000, 3, 5, -1, 1}, // in the bin after the first
      {1000, 1, 4, -1, 1}, // live with both: the arena
      {1000, 0, 1, -1, 2}, // another kind: the arena
      {2000, 0, 0, -1, 1}, // bigger than the bin: the arena
      {500, 6, 7, -1, 1},  // after the bin is taken back: the arena
  };
  int64_t arena = packBuffers(buffers, 64, bins);
  EXPECT_EQ(buffers[0].bin, 0);
  EXPECT_EQ(buffers[1].bin, 0);
  for (size_t i = 2; i < buffers.size(); ++i)
    EXPECT_EQ(buffers[i].bin, -1) << "buffer " << i;
  // The arena holds the others: at point 0, 2048 + 1024 bytes.
  EXPECT_EQ(arena, 3072);
  std::vector<HeapBuffer> inArena(buffers.begin() + 2, buffers.end());
  EXPECT_TRUE(disjoint(inArena, 64));
}

TEST(BufferAssignmentTest, WithoutBinsNothingIsLent) {
  std::vector<HeapBuffer> buffers = {{1000, 0, 2, -1, 1}, {1000, 3, 5, -1, 1}};
  EXPECT_EQ(packBuffers(buffers, 64), 1024);
  EXPECT_EQ(buffers[0].bin, -1);
  EXPECT_EQ(buffers[1].bin, -1);
}

} // namespace
