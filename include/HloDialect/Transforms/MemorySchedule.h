//===- MemorySchedule.h - a memory-minimizing op order ----------*- C++ -*-===//
//
// The order of a block's ops decides which values are live at once. A list
// scheduler like XLA's ListMemoryScheduler reorders independent ops so that
// big values die early (`hlo-memory-schedule`, before buffer assignment).
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_MEMORYSCHEDULE_H
#define HLODIALECT_TRANSFORMS_MEMORYSCHEDULE_H

#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace mlir {
class Block;
class Value;

namespace hlo {

/// Bytes of a statically shaped tensor or memref value (0 for others).
int64_t valueBytes(Value value);

struct MemoryScheduleResult {
  /// The most bytes of the block's values live at once (values defined
  /// before the block and read in it included) in the original order and
  /// in the order kept.
  int64_t peakBefore = 0;
  int64_t peakAfter = 0;
  /// Whether the ops were moved.
  bool changed = false;
};

/// Reorders the ops of `block` (its terminator stays last) to lower the
/// peak of live bytes: ops with memory effects keep their places and no op
/// moves across one; between them, a greedy list schedule runs, among the
/// ops whose operands are ready, the one that frees the most bytes net of
/// the bytes it defines (ties: the earlier op). The new order is kept only
/// when its peak is lower.
MemoryScheduleResult scheduleForMemory(Block &block);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_MEMORYSCHEDULE_H
