//===- CostModel.cpp - flops and memory traffic of hlo ops ----------------===//

#include "HloDialect/Analysis/CostModel.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::hlo;

OpCost &OpCost::operator+=(const OpCost &other) {
  flops += other.flops;
  transcendentals += other.transcendentals;
  bytesRead += other.bytesRead;
  bytesWritten += other.bytesWritten;
  elementsRead += other.elementsRead;
  elementsWritten += other.elementsWritten;
  return *this;
}

bool OpCost::operator==(const OpCost &other) const {
  return flops == other.flops && transcendentals == other.transcendentals &&
         bytesRead == other.bytesRead && bytesWritten == other.bytesWritten &&
         elementsRead == other.elementsRead &&
         elementsWritten == other.elementsWritten;
}

int64_t hlo::getElementByteSize(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * getElementByteSize(complexType.getElementType());
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  return std::max<int64_t>(1, (bits + 7) / 8);
}

namespace {
/// Elements of a tensor-typed value; dynamic dimensions count as 1 (their
/// size is unknown at compile time). Non-tensor values count as nothing.
int64_t getNumElements(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return 0;
  int64_t count = 1;
  for (int64_t size : tensorType.getShape())
    if (!ShapedType::isDynamic(size))
      count *= size;
  return count;
}

int64_t getNumBytes(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return 0;
  return getNumElements(type) * getElementByteSize(tensorType.getElementType());
}

/// A splat constant is an immediate of the code that reads it.
bool isImmediate(Value value) {
  DenseElementsAttr attr;
  return matchPattern(value, m_Constant(&attr)) && attr.isSplat();
}

/// The arithmetic of one application of a scalar region (a reduction body,
/// a comparator): one operation per op, transcendental ones apart.
OpCost getRegionApplicationCost(Region &region) {
  OpCost cost;
  for (Operation &op : region.getOps()) {
    if (op.hasTrait<OpTrait::IsTerminator>() || isa<ConstantOp>(op))
      continue;
    if (isTranscendental(&op))
      ++cost.transcendentals;
    else
      ++cost.flops;
  }
  return cost;
}

OpCost scale(OpCost cost, int64_t factor) {
  cost.flops *= factor;
  cost.transcendentals *= factor;
  return cost;
}

int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

int64_t getDimSize(Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t size = type.getDimSize(dim);
  return ShapedType::isDynamic(size) ? 1 : size;
}

int64_t log2Ceil(int64_t n) {
  return n <= 1 ? 0 : static_cast<int64_t>(std::ceil(std::log2(n)));
}
} // namespace

bool hlo::isTranscendental(Operation *op) {
  if (op->getDialect() && op->getDialect()->getNamespace() == "chlo")
    return true;
  return isa<ExpOp, Expm1Op, LogOp, Log1pOp, LogisticOp, TanhOp, SqrtOp,
             RsqrtOp, CbrtOp, CosineOp, SineOp, TanOp, PowOp, Atan2Op>(op);
}

bool hlo::isExpensiveToRecompute(Operation *op) {
  if (op->getNumRegions() != 0 || isTranscendental(op))
    return true;
  if (isa<DivOp, RemOp>(op))
    return true;
  // Slices are views: recomputing an element is one load.
  return !isElementwiseLike(op) &&
         !isa<ConstantOp, IotaOp, BroadcastInDimOp, ReshapeOp, TransposeOp,
              SliceOp, DynamicSliceOp>(op);
}

OpCost hlo::computeArithmeticCost(Operation *op) {
  auto resultElements = [&]() -> int64_t {
    return op->getNumResults() ? getNumElements(op->getResult(0).getType())
                               : 0;
  };
  return llvm::TypeSwitch<Operation *, OpCost>(op)
      .Case([&](DotGeneralOp dot) {
        // Every result element is a sum over the contracting dimensions.
        int64_t contracted = 1;
        for (int64_t dim :
             dot.getDotDimensionNumbers().getLhsContractingDimensions())
          contracted *= getDimSize(dot.getLhs(), dim);
        OpCost cost;
        cost.flops = 2 * resultElements() * contracted;
        return cost;
      })
      .Case([&](ConvolutionOp conv) {
        // Every output element sums over a kernel window and its input
        // features: the kernel's elements per output feature.
        int64_t outputFeatures = getDimSize(
            conv.getRhs(),
            conv.getDimensionNumbers().getKernelOutputFeatureDimension());
        int64_t perOutput = getNumElements(conv.getRhs().getType()) /
                            std::max<int64_t>(1, outputFeatures);
        OpCost cost;
        cost.flops = 2 * resultElements() * perOutput;
        return cost;
      })
      .Case([&](ReduceOp reduce) {
        int64_t applications = getNumElements(reduce.getInputs()[0].getType()) -
                               resultElements();
        return scale(getRegionApplicationCost(reduce.getBody()),
                     std::max<int64_t>(0, applications));
      })
      .Case([&](ReduceWindowOp reduceWindow) {
        int64_t window = product(reduceWindow.getWindowDimensions());
        return scale(getRegionApplicationCost(reduceWindow.getBody()),
                     resultElements() * window);
      })
      .Case([&](ScatterOp scatter) {
        return scale(
            getRegionApplicationCost(scatter.getUpdateComputation()),
            getNumElements(scatter.getUpdates()[0].getType()));
      })
      .Case([&](SortOp sort) {
        // n log n comparisons along the sorted dimension.
        int64_t n = getDimSize(sort.getInputs()[0], sort.getDimension());
        return scale(getRegionApplicationCost(sort.getComparator()),
                     resultElements() * log2Ceil(n));
      })
      .Case([&](FftOp fft) {
        // The radix-2 count, 5 N log2 N per transformed line.
        int64_t n = product(fft.getFftLength());
        OpCost cost;
        cost.flops = 5 * getNumElements(fft.getOperand().getType()) * log2Ceil(n);
        return cost;
      })
      .Case([&](TriangularSolveOp solve) {
        // m^2 multiply-adds per right-hand side column.
        auto aType = cast<RankedTensorType>(solve.getA().getType());
        int64_t m = aType.getRank() ? aType.getShape().back() : 1;
        OpCost cost;
        cost.flops = getNumElements(solve.getB().getType()) * m;
        return cost;
      })
      .Case([&](CholeskyOp cholesky) {
        // n^3 / 6 multiply-adds (n^3 / 3 flops) and n square roots per
        // matrix of the batch (batch * n^2 elements).
        auto type = cast<RankedTensorType>(cholesky.getA().getType());
        int64_t n = type.getRank() ? type.getShape().back() : 1;
        if (ShapedType::isDynamic(n))
          n = 1;
        OpCost cost;
        cost.flops = getNumElements(type) * n / 3;
        cost.transcendentals = n ? getNumElements(type) / n : 0;
        return cost;
      })
      .Case([&](RngBitGeneratorOp rbg) {
        // hlo-expand-rng's integer ops per 32-bit output word: about 64 for
        // Threefry (20 rounds of add/rotate/xor per two words), 40 for
        // Philox (10 rounds of two 32x32->64 multiplies per four words).
        auto type = cast<RankedTensorType>(rbg.getOutput().getType());
        int64_t words = getNumElements(type) *
                        (type.getElementTypeBitWidth() == 64 ? 2 : 1);
        OpCost cost;
        cost.flops = words *
                     (rbg.getRngAlgorithm() == RngAlgorithm::THREE_FRY ? 64 : 40);
        return cost;
      })
      .Case([&](RngOp rng) {
        // Philox words and the distribution's arithmetic; NORMAL's
        // Box-Muller takes a log, a sqrt, a sine and a cosine per pair.
        OpCost cost;
        cost.flops = 48 * resultElements();
        if (rng.getRngDistribution() == RngDistribution::NORMAL)
          cost.transcendentals = 2 * resultElements();
        return cost;
      })
      .Case<BatchNormInferenceOp, BatchNormTrainingOp, BatchNormGradOp>(
          [&](Operation *norm) {
            // What hlo-expand-batch-norm computes, with n operand elements
            // and f features: inference 5 flops and a square root per
            // element; training adds two sums (n - f additions each), the
            // deviations and their squares (2n) and two divisions by the
            // count (2f); grad 13 elementwise flops per element and three
            // sums.
            int64_t n = getNumElements(norm->getOperand(0).getType());
            int64_t f = getNumElements(norm->getOperand(1).getType());
            OpCost cost;
            cost.transcendentals = n;
            cost.flops = isa<BatchNormInferenceOp>(norm) ? 5 * n
                         : isa<BatchNormTrainingOp>(norm)
                             ? 9 * n
                             : 16 * n - 3 * f;
            return cost;
          })
      .Case<FusionOp, WhileOp, IfOp, CaseOp>([&](Operation *regionOp) {
        // The ops of the regions, each once (loop trip counts are unknown).
        OpCost cost;
        for (Region &region : regionOp->getRegions())
          for (Operation &nested : region.getOps())
            cost += computeArithmeticCost(&nested);
        return cost;
      })
      .Default([&](Operation *other) {
        OpCost cost;
        if (!isElementwiseLike(other) ||
            other->getNumResults() == 0)
          return cost;
        if (isTranscendental(other))
          cost.transcendentals = resultElements();
        else
          cost.flops = resultElements();
        return cost;
      });
}

OpCost hlo::computeOpCost(Operation *op) {
  OpCost cost = computeArithmeticCost(op);
  if (isa<ConstantOp>(op))
    return cost;
  for (Value operand : op->getOperands()) {
    if (isImmediate(operand))
      continue;
    cost.elementsRead += getNumElements(operand.getType());
    cost.bytesRead += getNumBytes(operand.getType());
  }
  for (Value result : op->getResults()) {
    cost.elementsWritten += getNumElements(result.getType());
    cost.bytesWritten += getNumBytes(result.getType());
  }
  return cost;
}
