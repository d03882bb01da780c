//===- HloCollectivesToLinalg.cpp - collectives on one process ------------===//
//
// The CPU target runs one process: replica 0 of partition 0. A collective
// whose group holding process 0 has no other member is the identity (a
// reduction, gather, scatter or exchange among one process), and
// replica_id / partition_id are 0. A collective that needs other processes,
// is reported at its location (host transfers, which the runner has no
// queues for, are reported by hlo-legalize-to-linalg before converting).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The members of the group of `groups` that holds process 0 (an empty
/// list of groups is one group of every process), or failure with a
/// diagnostic when that group has other members or there is none.
LogicalResult checkSingleProcessGroup(Operation *op,
                                      DenseIntElementsAttr groups) {
  ShapedType type = groups.getType();
  if (type.getNumElements() == 0)
    return success();
  SmallVector<int64_t> ids;
  for (APInt id : groups.getValues<APInt>())
    ids.push_back(id.getSExtValue());
  int64_t width = type.getDimSize(1);
  for (int64_t row = 0, rows = type.getDimSize(0); row < rows; ++row) {
    ArrayRef<int64_t> group = ArrayRef<int64_t>(ids).slice(row * width, width);
    if (!llvm::is_contained(group, 0))
      continue;
    int64_t members = llvm::count_if(group, [](int64_t id) { return id >= 0; });
    if (members == 1)
      return success();
    return op->emitOpError()
           << "needs a group of " << members
           << " processes, but the CPU target runs one process";
  }
  return op->emitOpError() << "has no group holding process 0, the one "
                              "process the CPU target runs";
}

template <typename OpTy>
struct GroupOfOneToOperands : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkSingleProcessGroup(op, op.getReplicaGroups())))
      return failure();
    // all_reduce may promote its operands to the computation's type.
    SmallVector<Value> results;
    // collective_reduce's last operand may name the roots: with one
    // process, root 0.
    ValueRange data = adaptor.getOperands().take_front(op->getNumResults());
    for (auto [value, type] : llvm::zip(data, op->getResultTypes())) {
      Type converted = this->getTypeConverter()->convertType(type);
      if (value.getType() != converted)
        return rewriter.notifyMatchFailure(op, "the result type differs");
      results.push_back(value);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct CollectivePermuteToSelf : OpConversionPattern<CollectivePermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CollectivePermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<int64_t> ids;
    for (APInt id : op.getSourceTargetPairs().getValues<APInt>())
      ids.push_back(id.getSExtValue());
    for (int64_t id : ids)
      if (id != 0)
        return op.emitOpError() << "pairs process " << id
                                << ", but the CPU target runs one process";
    // Only the pair (0, 0) is left, if any: process 0 sends to itself.
    if (!ids.empty()) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    // No pair targets process 0: it receives zeros.
    auto type = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, rewriter.getZeroAttr(type));
    return success();
  }
};

template <typename OpTy>
struct ProcessIdToZero : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, rewriter.getZeroAttr(type));
    return success();
  }
};

} // namespace

void hlo::detail::populateCollectivePatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<GroupOfOneToOperands<AllReduceOp>,
               GroupOfOneToOperands<CollectiveReduceOp>,
               GroupOfOneToOperands<AllGatherOp>,
               GroupOfOneToOperands<AllToAllOp>,
               GroupOfOneToOperands<CollectiveBroadcastOp>,
               GroupOfOneToOperands<ReduceScatterOp>, CollectivePermuteToSelf,
               ProcessIdToZero<ReplicaIdOp>, ProcessIdToZero<PartitionIdOp>>(
      converter, patterns.getContext());
}
