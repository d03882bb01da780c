//===- HloMemorySchedule.cpp - the hlo-memory-schedule pass ---------------===//
//
// Reorders each block of a function's body so that big values die early
// (MemorySchedule.cpp); with `report`, a remark per function that changed.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/MemorySchedule.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOMEMORYSCHEDULEPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloMemorySchedulePass
    : public hlo::impl::HloMemorySchedulePassBase<HloMemorySchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    int64_t before = 0, after = 0;
    bool changed = false;
    for (Block &block : func.getBody()) {
      MemoryScheduleResult result = scheduleForMemory(block);
      before = std::max(before, result.peakBefore);
      after = std::max(after, result.peakAfter);
      changed |= result.changed;
    }
    if (report && changed)
      func.emitRemark() << "hlo-memory-schedule: peak of live bytes "
                        << before << " -> " << after;
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
