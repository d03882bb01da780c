//===- CostReport.cpp - the TPU cost model: time per tpu.kernel -----------===//
//
// hlo-tpu-cost-report: for every tpu.kernel the bytes its DMAs move, the
// rows it pushes through the MXUs and the register operations of its VPU
// work, and a roofline estimate of its time on its target with DMAs
// overlapped with compute. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Tpu/Passes.h"

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOTPUCOSTREPORTPASS
#include "HloDialect/Target/Tpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Target cycles every grid step costs besides its DMAs and compute: the
/// scalar core's work of the block pipeline (the next block indices, the
/// DMA starts and semaphore waits, the loop), during which the MXUs and
/// the VPU wait. Calibrated on the one public measurement that isolates
/// it, the Pallas TPU matmul guide's bf16 8192^3 matmul with 128 x 128 x
/// 128 blocks on v5e (docs.jax.dev/en/latest/pallas/tpu/matmul.html):
/// 91.84 ms for 64^3 grid steps whose MXU work is 5.59 ms and whose DMAs
/// (64 KiB a step, 80 ns) overlap it, i.e. 0.33 us a step, 500 cycles of
/// v5e's 1.5 GHz clock. The guide's other block sizes and sizes check it
/// (test/Target/Tpu/cost-report-pallas-matmul.test); for v6e, which no
/// public measurement covers, the same cycles are assumed.
constexpr int64_t kGridStepCycles = 500;

/// What one kernel costs.
struct KernelCost {
  int64_t dmaBytes = 0;
  /// Bytes moved before the first grid point computes and after the last.
  int64_t exposedBytes = 0;
  int64_t mxuPushes = 0;
  /// MXU passes: pushes times the bf16 passes of their operand type.
  int64_t mxuPasses = 0;
  int64_t vpuOps = 0;
  double dmaSeconds = 0, mxuSeconds = 0, vpuSeconds = 0, seconds = 0;
};

/// How many times the body of `kernel` runs `op`: the grid's points times
/// the trip counts of the loops around it, or failure for a loop without
/// constant bounds.
FailureOr<int64_t> getMultiplicity(Operation *op, tpu::KernelOp kernel,
                                   int64_t points) {
  int64_t count = points;
  for (Operation *parent = op->getParentOp(); parent && parent != kernel;
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop)
      continue;
    std::optional<int64_t> trips = loop.getStaticTripCount()
                                       ? std::optional<int64_t>(
                                             loop.getStaticTripCount()
                                                 ->getSExtValue())
                                       : std::nullopt;
    if (!trips)
      return loop.emitError()
             << "hlo-tpu-cost-report needs loops with constant bounds";
    count *= *trips;
  }
  return count;
}

/// The bytes the DMAs of `kernel` move as hlo-tpu-expand-kernels makes
/// them: an operand's block (its part inside the array at the edges) in at
/// the first grid point and wherever its block index changes, out before
/// it changes and at the end. The grid runs in order, its last dimension
/// fastest: a block index that depends on grid dimensions up to L (the
/// innermost one of more than one point it reads) changes with every step
/// of dimensions 0 to L, so the blocks move once per point of those
/// dimensions, and repeat for the dimensions up to L it does not read.
void countDmaBytes(tpu::KernelOp kernel, KernelCost &cost) {
  ArrayRef<int64_t> grid = kernel.getGrid();
  int64_t points = 1;
  for (int64_t bound : grid)
    points *= bound;
  unsigned numInputs = kernel.getInputs().size();
  SmallVector<Value> operands(kernel.getInputs());
  llvm::append_range(operands, kernel.getOutputs());
  for (auto [k, operand] : llvm::enumerate(operands)) {
    auto type = cast<MemRefType>(operand.getType());
    auto spec = cast<tpu::BlockSpecAttr>(kernel.getBlockSpecs()[k]);
    ArrayRef<int64_t> block = spec.getBlockShape();
    AffineMap map = spec.getIndexMap();
    int64_t elementBytes = type.getElementTypeBitWidth() / 8;
    // The block's extent along dimension d at block index i.
    auto extent = [&](unsigned d, int64_t i) {
      return std::max<int64_t>(
          0, std::min(block[d], type.getDimSize(d) - i * block[d]));
    };
    // Per grid point the extents multiply; each grid dimension a map reads
    // sums them, the others repeat the block.
    SmallVector<int64_t> sums(type.getRank(), 1);
    SmallVector<bool> usedGrid(grid.size(), false);
    bool closedForm = true;
    int64_t first = 1, last = 1;
    for (auto [d, expr] : llvm::enumerate(map.getResults())) {
      if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
        sums[d] = extent(d, constant.getValue());
        first *= sums[d];
        last *= sums[d];
        continue;
      }
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || usedGrid[dim.getPosition()]) {
        closedForm = false;
        break;
      }
      unsigned g = dim.getPosition();
      usedGrid[g] = true;
      int64_t sum = 0;
      for (int64_t i = 0; i < grid[g]; ++i)
        sum += extent(d, i);
      sums[d] = sum;
      first *= extent(d, 0);
      last *= extent(d, grid[g] - 1);
    }
    int64_t elements = 0;
    if (closedForm) {
      int64_t innermost = -1;
      for (auto [g, used] : llvm::enumerate(usedGrid))
        if (used && grid[g] > 1)
          innermost = g;
      elements = 1;
      for (int64_t sum : sums)
        elements *= sum;
      for (auto [g, used] : llvm::enumerate(usedGrid))
        if (!used && static_cast<int64_t>(g) <= innermost)
          elements *= grid[g];
    } else {
      // Every grid point in turn (maps hlo-tpu-expand-kernels rejects
      // never reach here with many points).
      SmallVector<int64_t> index(grid.size(), 0);
      SmallVector<int64_t> previousBlock;
      for (int64_t p = 0; p < points; ++p) {
        SmallVector<int64_t> blockIndex = map.compose(index);
        int64_t count = 1;
        for (auto [d, i] : llvm::enumerate(blockIndex))
          count *= extent(d, i);
        if (p == 0 || blockIndex != previousBlock)
          elements += count;
        previousBlock = blockIndex;
        if (p == 0)
          first = count;
        if (p == points - 1)
          last = count;
        for (int64_t g = grid.size() - 1; g >= 0; --g) {
          if (++index[g] < grid[g])
            break;
          index[g] = 0;
        }
      }
    }
    cost.dmaBytes += elements * elementBytes;
    cost.exposedBytes += (k < numInputs ? first : last) * elementBytes;
  }
}

/// Register operations: 32-bit words of a result over one register's
/// (8 x 128 words).
int64_t registerOps(Type type, tpu::TargetAttr target) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector)
    return 0;
  int64_t bits = vector.getNumElements() *
                 std::max<int64_t>(vector.getElementTypeBitWidth(), 1);
  return ceilDiv(ceilDiv(bits, 32), target.getSublanes() * target.getLanes());
}

LogicalResult countCompute(tpu::KernelOp kernel, tpu::TargetAttr target,
                           KernelCost &cost) {
  int64_t points = 1;
  for (int64_t bound : kernel.getGrid())
    points *= bound;
  WalkResult result = kernel.getBody().walk([&](Operation *op) {
    bool isMatmul = isa<tpu::MatmulOp>(op);
    bool isVpu = isa<tpu::ReduceLanesOp, tpu::ReduceSublanesOp,
                     tpu::BroadcastLanesOp, tpu::BroadcastSublanesOp>(op) ||
                 (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
                  !isa<arith::ConstantOp>(op) && op->getNumResults() == 1 &&
                  isa<VectorType>(op->getResult(0).getType()));
    if (!isMatmul && !isVpu)
      return WalkResult::advance();
    FailureOr<int64_t> times = getMultiplicity(op, kernel, points);
    if (failed(times))
      return WalkResult::interrupt();
    if (auto matmul = dyn_cast<tpu::MatmulOp>(op)) {
      cost.mxuPushes += *times * tpu::getMxuPushes(matmul, target);
      cost.mxuPasses += *times * tpu::getMxuPushes(matmul, target) *
                        tpu::getMxuPasses(matmul);
      return WalkResult::advance();
    }
    cost.vpuOps += *times * registerOps(op->getResult(0).getType(), target);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct HloTpuCostReportPass
    : public hlo::impl::HloTpuCostReportPassBase<HloTpuCostReportPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    struct Row {
      std::string name;
      KernelCost cost;
      tpu::TargetAttr target;
    };
    SmallVector<Row> rows;
    // Data movement outside kernels (hlo-tpu-form-kernels' copies through
    // VMEM): the DMAs between two kernels are one row, one after the
    // other, with nothing to overlap them with.
    int64_t copyRow = -1;
    auto countCopy = [&](tpu::DmaStartOp start) -> LogicalResult {
      tpu::TargetAttr target = tpu::lookupTarget(start);
      if (!target)
        target = tpu::getTargetPreset(&getContext(), "v5e");
      if (copyRow < 0) {
        copyRow = rows.size();
        Row &row = rows.emplace_back();
        auto func = start->getParentOfType<func::FuncOp>();
        row.name = (func ? func.getSymName().str() : std::string("?")) + "#" +
                   std::to_string(rows.size() - 1) + "(copies)";
        row.target = target;
      }
      KernelCost &cost = rows[copyRow].cost;
      auto type = cast<MemRefType>(start.getTarget().getType());
      // A DMA in loops (a reduce_window's window offsets) moves its bytes
      // once per trip.
      FailureOr<int64_t> trips =
          getMultiplicity(start, tpu::KernelOp(), /*points=*/1);
      if (failed(trips))
        return failure();
      cost.dmaBytes += *trips * type.getNumElements() *
                       std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      cost.dmaSeconds =
          cost.dmaBytes / static_cast<double>(target.getHbmBytesPerSecond());
      cost.seconds = cost.dmaSeconds;
      return success();
    };
    WalkResult walked = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto start = dyn_cast<tpu::DmaStartOp>(op)) {
        if (failed(countCopy(start)))
          return WalkResult::interrupt();
        return WalkResult::advance();
      }
      if (isa<func::FuncOp>(op))
        copyRow = -1;
      auto kernel = dyn_cast<tpu::KernelOp>(op);
      if (!kernel)
        return WalkResult::advance();
      copyRow = -1;
      tpu::TargetAttr target = tpu::lookupTarget(kernel);
      if (!target)
        target = tpu::getTargetPreset(&getContext(), "v5e");
      Row &row = rows.emplace_back();
      auto func = kernel->getParentOfType<func::FuncOp>();
      row.name = (func ? func.getSymName().str() : std::string("?")) + "#" +
                 std::to_string(rows.size() - 1);
      row.target = target;
      KernelCost &cost = row.cost;
      countDmaBytes(kernel, cost);
      if (failed(countCompute(kernel, target, cost)))
        return WalkResult::interrupt();
      double bandwidth = static_cast<double>(target.getHbmBytesPerSecond());
      double clock = target.getClockMhz() * 1e6;
      cost.dmaSeconds = cost.dmaBytes / bandwidth;
      cost.mxuSeconds = cost.mxuPasses / (target.getMxuCount() * clock);
      cost.vpuSeconds = cost.vpuOps / clock;
      int64_t points = 1;
      for (int64_t bound : kernel.getGrid())
        points *= bound;
      double stepSeconds = points * kGridStepCycles / clock;
      // The block pipeline overlaps the DMAs of one grid point with the
      // compute of another, but not the steps' own work with the compute
      // (the scalar core runs both in turn): the longer of the DMAs and
      // compute plus steps, plus the first inputs and last outputs, which
      // nothing overlaps.
      cost.seconds = std::max(cost.dmaSeconds, cost.mxuSeconds +
                                                   cost.vpuSeconds +
                                                   stepSeconds) +
                     cost.exposedBytes / bandwidth;
      return WalkResult::skip();
    });
    if (walked.wasInterrupted())
      return signalPassFailure();

    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (output != "-") {
      file = openOutputFile(output, &error);
      if (!file) {
        module.emitError("hlo-tpu-cost-report: ") << error;
        return signalPassFailure();
      }
    }
    raw_ostream &os = file ? file->os() : llvm::errs();
    KernelCost total;
    double mxuBusy = 0;
    for (const Row &row : rows) {
      const KernelCost &cost = row.cost;
      double utilization =
          cost.seconds > 0 ? cost.mxuSeconds / cost.seconds : 0.0;
      os << llvm::formatv(
          "tpu-cost kernel {0} ({1}): dma_bytes={2} mxu_pushes={3} "
          "vpu_ops={4} dma_us={5:F3} mxu_us={6:F3} vpu_us={7:F3} "
          "estimated_us={8:F3} mxu_utilization={9:F3}\n",
          row.name, row.target.getChip(), cost.dmaBytes, cost.mxuPushes,
          cost.vpuOps, cost.dmaSeconds * 1e6, cost.mxuSeconds * 1e6,
          cost.vpuSeconds * 1e6, cost.seconds * 1e6, utilization);
      total.dmaBytes += cost.dmaBytes;
      total.mxuPushes += cost.mxuPushes;
      total.vpuOps += cost.vpuOps;
      total.seconds += cost.seconds;
      mxuBusy += cost.mxuSeconds;
    }
    os << llvm::formatv("tpu-cost total: kernels={0} dma_bytes={1} "
                        "mxu_pushes={2} vpu_ops={3} estimated_us={4:F3} "
                        "mxu_utilization={5:F3}\n",
                        rows.size(), total.dmaBytes, total.mxuPushes,
                        total.vpuOps, total.seconds * 1e6,
                        total.seconds > 0 ? mxuBusy / total.seconds : 0.0);
    if (file)
      file->keep();
    markAllAnalysesPreserved();
  }
};

} // namespace
