//===- HloCollectiveOps.cpp - verifiers of collectives and transfers ------===//
//
// The constraints of the StableHLO spec. Those bounding process ids by
// num_replicas / num_partitions are checked when the enclosing module states
// the grid (`mhlo.num_replicas`, `mhlo.num_partitions`, as JAX writes them);
// the CPU lowering also checks them against its one process. Each diagnostic
// names its constraint (`all_gather_c1`, ...).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// How a collective's groups name processes (the spec's process_groups).
enum class ProcessIds {
  /// Replica ids: cross_replica and cross_replica_and_partition.
  Replicas,
  /// Partition ids: cross_partition.
  Partitions,
  /// Flattened replica x partition ids: flattened_ids.
  Flattened,
};

/// The number of ids of `kind` when the enclosing module states the process
/// grid, else nullopt.
std::optional<int64_t> getProcessCount(Operation *op, ProcessIds kind) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  auto count = [&](StringRef name) -> std::optional<int64_t> {
    if (auto attr = module->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
    return std::nullopt;
  };
  std::optional<int64_t> replicas = count("mhlo.num_replicas");
  std::optional<int64_t> partitions = count("mhlo.num_partitions");
  switch (kind) {
  case ProcessIds::Replicas:
    return replicas;
  case ProcessIds::Partitions:
    return partitions;
  case ProcessIds::Flattened:
    if (replicas && partitions)
      return *replicas * *partitions;
    return std::nullopt;
  }
  return std::nullopt;
}

bool hasPositiveChannel(std::optional<ChannelHandleAttr> channel) {
  return channel && channel->getHandle() > 0;
}

/// all_gather, all_reduce and reduce_scatter: cross_replica without a
/// channel, cross_replica_and_partition with one, flattened_ids with
/// use_global_device_ids.
ProcessIds getReplicaGroupIds(std::optional<ChannelHandleAttr> channel,
                              bool useGlobalDeviceIds) {
  if (hasPositiveChannel(channel) && useGlobalDeviceIds)
    return ProcessIds::Flattened;
  return ProcessIds::Replicas;
}

/// The other collectives: cross_replica without a channel, cross_partition
/// with one.
ProcessIds getReplicaOrPartitionIds(std::optional<ChannelHandleAttr> channel) {
  return hasPositiveChannel(channel) ? ProcessIds::Partitions
                                     : ProcessIds::Replicas;
}

StringRef describe(ProcessIds kind) {
  switch (kind) {
  case ProcessIds::Replicas:
    return "num_replicas";
  case ProcessIds::Partitions:
    return "num_partitions";
  case ProcessIds::Flattened:
    return "num_replicas * num_partitions";
  }
  return "";
}

/// Checks one process id: 0 <= id, and id < the number of processes of
/// `kind` when the module states it.
LogicalResult verifyProcessId(Operation *op, int64_t id, StringRef name,
                              ProcessIds kind, StringRef rangeTag) {
  if (id < 0)
    return op->emitOpError() << name << " must be non-negative process ids ("
                             << rangeTag << "), found " << id;
  std::optional<int64_t> count = getProcessCount(op, kind);
  if (count && id >= *count)
    return op->emitOpError() << name << " must be process ids below "
                             << describe(kind) << " = " << *count << " ("
                             << rangeTag << "), found " << id;
  return success();
}

/// is_unique(groups) and 0 <= groups < the number of processes of `kind`
/// (-1 pads groups of unequal size, as in StableHLO's own verifier).
LogicalResult verifyProcessGroups(Operation *op, DenseIntElementsAttr groups,
                                  StringRef name, StringRef uniqueTag,
                                  StringRef rangeTag, ProcessIds kind) {
  if (groups.getType().getRank() != 2)
    return op->emitOpError() << name << " must be a 2-d array of process ids, "
                                        "found rank "
                             << groups.getType().getRank();
  llvm::DenseSet<int64_t> seen;
  for (APInt id : groups.getValues<APInt>()) {
    int64_t value = id.getSExtValue();
    if (value == -1)
      continue;
    if (failed(verifyProcessId(op, value, name, kind, rangeTag)))
      return failure();
    if (!seen.insert(value).second)
      return op->emitOpError() << name << " must not repeat a process id ("
                               << uniqueTag << "), found " << value
                               << " twice";
  }
  return success();
}

LogicalResult verifyGlobalDeviceIds(Operation *op, bool useGlobalDeviceIds,
                                    std::optional<ChannelHandleAttr> channel,
                                    StringRef tag) {
  if (useGlobalDeviceIds && (!channel || channel->getHandle() <= 0))
    return op->emitOpError() << "use_global_device_ids requires a channel "
                                "handle greater than 0 ("
                             << tag << ")";
  return success();
}

/// computation: (tensor<E>, tensor<E>) -> tensor<E>, with every operand's
/// element type promotable to E (the same type, or the same kind of a
/// width no larger).
LogicalResult verifyReductionComputation(Operation *op, Region &computation,
                                         TypeRange operandTypes,
                                         StringRef tag, Type &elementType) {
  Block &block = computation.front();
  auto fail = [&]() {
    return op->emitOpError()
           << "computation must have type (tensor<E>, tensor<E>) -> "
              "tensor<E> ("
           << tag << ")";
  };
  if (block.getNumArguments() != 2)
    return fail();
  auto lhs = dyn_cast<RankedTensorType>(block.getArgument(0).getType());
  auto rhs = dyn_cast<RankedTensorType>(block.getArgument(1).getType());
  if (!lhs || !rhs || lhs != rhs || lhs.getRank() != 0)
    return fail();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret->getNumOperands() != 1 || ret->getOperand(0).getType() != lhs)
    return fail();
  elementType = lhs.getElementType();
  for (Type type : operandTypes) {
    Type operandElement = getElementTypeOrSelf(type);
    auto operandInt = dyn_cast<IntegerType>(operandElement);
    auto computationInt = dyn_cast<IntegerType>(elementType);
    bool sameKind =
        (isa<FloatType>(operandElement) && isa<FloatType>(elementType)) ||
        (operandInt && computationInt &&
         operandInt.getSignedness() == computationInt.getSignedness());
    bool promotable =
        operandElement == elementType ||
        (sameKind && operandElement.isIntOrFloat() &&
         elementType.isIntOrFloat() &&
         operandElement.getIntOrFloatBitWidth() <=
             elementType.getIntOrFloatBitWidth());
    if (!promotable)
      return op->emitOpError()
             << "operand element type " << operandElement
             << " is not promotable to the computation's " << elementType
             << " (" << tag << ")";
  }
  return success();
}

/// With has_dynamic_root: data operands, then a 1-d i32 tensor with one
/// root index per data operand.
LogicalResult verifyDynamicRoots(Operation *op, OperandRange operands,
                                 StringRef tag) {
  if (operands.size() < 2)
    return op->emitOpError() << "with has_dynamic_root needs data operands "
                                "and a last operand of roots ("
                             << tag << ")";
  auto roots = cast<RankedTensorType>(operands.back().getType());
  if (roots.getRank() != 1 || !roots.getElementType().isInteger(32) ||
      roots.getDimSize(0) != static_cast<int64_t>(operands.size()) - 1)
    return op->emitOpError() << "the last operand must be a 1-d i32 tensor "
                                "with one root per data operand ("
                             << tag << "), found " << roots;
  return success();
}

int64_t groupSize(DenseIntElementsAttr groups) {
  return groups.getType().getDimSize(1);
}

LogicalResult verifySourceTargetPairs(Operation *op,
                                      DenseIntElementsAttr pairs,
                                      StringRef prefix, ProcessIds kind) {
  if (pairs.getType().getRank() != 2 || pairs.getType().getDimSize(1) != 2)
    return op->emitOpError() << "source_target_pairs must have 2 columns ("
                             << prefix << "_c1), found type "
                             << pairs.getType();
  llvm::DenseSet<int64_t> sources, targets;
  SmallVector<int64_t> values;
  for (APInt v : pairs.getValues<APInt>())
    values.push_back(v.getSExtValue());
  std::string rangeTag = (prefix + "_c4").str();
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    if (failed(verifyProcessId(op, values[i], "source_target_pairs", kind,
                               rangeTag)) ||
        failed(verifyProcessId(op, values[i + 1], "source_target_pairs", kind,
                               rangeTag)))
      return failure();
    if (!sources.insert(values[i]).second)
      return op->emitOpError() << "source " << values[i]
                               << " appears twice in source_target_pairs ("
                               << prefix << "_c2)";
    if (!targets.insert(values[i + 1]).second)
      return op->emitOpError() << "target " << values[i + 1]
                               << " appears twice in source_target_pairs ("
                               << prefix << "_c3)";
  }
  return success();
}

/// results: tensors followed by one token. The tags name infeed's
/// constraints (c1: some result, c2: tensors, c3: a token last); recv's
/// results obey the same rule, which its spec section does not number.
LogicalResult verifyTensorsThenToken(Operation *op, TypeRange results,
                                     bool tagged) {
  auto tag = [&](StringRef name) {
    return tagged ? (" (" + name + ")").str() : std::string();
  };
  if (results.empty())
    return op->emitOpError() << "must have at least one result"
                             << tag("infeed_c1");
  if (!isa<TokenType>(results.back()))
    return op->emitOpError() << "last result must be a token"
                             << tag("infeed_c3");
  for (Type type : results.drop_back())
    if (!isa<RankedTensorType>(type))
      return op->emitOpError() << "results before the token must be tensors"
                               << tag("infeed_c2") << ", found " << type;
  return success();
}

LogicalResult verifyHostTransferChannel(Operation *op, bool isHostTransfer,
                                        std::optional<ChannelHandleAttr> channel,
                                        int64_t hostType, StringRef tag) {
  if (!channel)
    return success();
  int64_t expected = isHostTransfer ? hostType : 1;
  if (channel->getType() != 0 && channel->getType() != expected)
    return op->emitOpError() << "channel type must be " << expected
                             << (isHostTransfer ? " for a host transfer"
                                                : " for a device transfer")
                             << " (" << tag << "), found "
                             << channel->getType();
  return success();
}

} // namespace

LogicalResult AllGatherOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups", "all_gather_c2",
          "all_gather_c3, all_gather_c4",
          getReplicaGroupIds(getChannelHandle(), getUseGlobalDeviceIds()))) ||
      failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   getChannelHandle(), "all_gather_c5")))
    return failure();
  if (getOperands().size() != getNumResults())
    return emitOpError() << "must have one result per operand (all_gather_c6)";
  int64_t dim = getAllGatherDim();
  int64_t size = groupSize(getReplicaGroups());
  for (auto [operand, result] :
       llvm::zip(getOperands().getTypes(), getResultTypes())) {
    auto operandType = cast<RankedTensorType>(operand);
    auto resultType = cast<RankedTensorType>(result);
    if (dim < 0 || dim >= operandType.getRank())
      return emitOpError() << "all_gather_dim " << dim
                           << " is out of range for rank "
                           << operandType.getRank() << " (all_gather_c1)";
    SmallVector<int64_t> expected(operandType.getShape());
    if (!ShapedType::isDynamic(expected[dim]))
      expected[dim] *= size;
    if (resultType.getElementType() != operandType.getElementType() ||
        resultType.getShape() != ArrayRef<int64_t>(expected))
      return emitOpError() << "result type " << resultType
                           << " must be the operand's with dimension " << dim
                           << " times the group size " << size
                           << " (all_gather_c6)";
  }
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups", "all_reduce_c1",
          "all_reduce_c2, all_reduce_c3",
          getReplicaGroupIds(getChannelHandle(), getUseGlobalDeviceIds()))) ||
      failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   getChannelHandle(), "all_reduce_c4")))
    return failure();
  Type elementType;
  if (failed(verifyReductionComputation(*this, getComputation(),
                                        getOperands().getTypes(),
                                        "all_reduce_c5", elementType)))
    return failure();
  if (getOperands().size() != getNumResults())
    return emitOpError() << "must have one result per operand (all_reduce_c6)";
  for (auto [operand, result] :
       llvm::zip(getOperands().getTypes(), getResultTypes())) {
    auto operandType = cast<RankedTensorType>(operand);
    auto resultType = cast<RankedTensorType>(result);
    if (operandType.getShape() != resultType.getShape())
      return emitOpError() << "result shape must equal the operand's "
                              "(all_reduce_c6), found "
                           << resultType << " for " << operandType;
    if (resultType.getElementType() != elementType)
      return emitOpError() << "result element type must be the "
                              "computation's "
                           << elementType << " (all_reduce_c7)";
  }
  return success();
}

LogicalResult CollectiveReduceOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups", "collective_reduce_c1",
          "collective_reduce_c2",
          getReplicaOrPartitionIds(getChannelHandle()))))
    return failure();
  OperandRange data = getOperands();
  if (getHasDynamicRoot()) {
    if (failed(verifyDynamicRoots(*this, data, "collective_reduce_c3")))
      return failure();
    data = data.drop_back();
  }
  Type elementType;
  if (failed(verifyReductionComputation(*this, getComputation(),
                                        data.getTypes(),
                                        "collective_reduce_c4", elementType)))
    return failure();
  if (data.size() != getNumResults())
    return emitOpError() << "must have one result per data operand "
                            "(collective_reduce_c3)";
  for (auto [operand, result] : llvm::zip(data.getTypes(), getResultTypes()))
    if (cast<RankedTensorType>(operand).getShape() !=
        cast<RankedTensorType>(result).getShape())
      return emitOpError() << "result shape must equal the operand's "
                              "(collective_reduce_c3), found "
                           << result << " for " << operand;
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups", "reduce_scatter_c3",
          "reduce_scatter_c4, reduce_scatter_c5",
          getReplicaGroupIds(getChannelHandle(), getUseGlobalDeviceIds()))) ||
      failed(verifyGlobalDeviceIds(*this, getUseGlobalDeviceIds(),
                                   getChannelHandle(), "reduce_scatter_c6")))
    return failure();
  Type elementType;
  if (failed(verifyReductionComputation(*this, getComputation(),
                                        getOperand().getType(),
                                        "reduce_scatter_c7", elementType)))
    return failure();
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType resultType = getResult().getType();
  int64_t dim = getScatterDimension();
  if (dim < 0 || dim >= operandType.getRank())
    return emitOpError() << "scatter_dimension " << dim
                         << " is out of range for rank "
                         << operandType.getRank() << " (reduce_scatter_c2)";
  int64_t size = groupSize(getReplicaGroups());
  SmallVector<int64_t> expected(operandType.getShape());
  if (!ShapedType::isDynamic(expected[dim])) {
    if (size == 0 || expected[dim] % size != 0)
      return emitOpError() << "dimension " << dim << " of size "
                           << expected[dim]
                           << " is not divisible by the group size " << size
                           << " (reduce_scatter_c1)";
    expected[dim] /= size;
  }
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be the operand's with "
                            "dimension "
                         << dim << " divided by the group size "
                         << "(reduce_scatter_c8), found " << resultType;
  if (resultType.getElementType() != elementType)
    return emitOpError() << "result element type must be the computation's "
                         << elementType << " (reduce_scatter_c9)";
  return success();
}

LogicalResult AllToAllOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups", "all_to_all_c5",
          "all_to_all_c6, all_to_all_c7",
          getReplicaOrPartitionIds(getChannelHandle()))))
    return failure();
  int64_t split = getSplitDimension(), concat = getConcatDimension();
  int64_t count = getSplitCount();
  if (count <= 0)
    return emitOpError() << "split_count must be positive (all_to_all_c4)";
  if (groupSize(getReplicaGroups()) != count)
    return emitOpError() << "the group size "
                         << groupSize(getReplicaGroups())
                         << " must equal split_count " << count
                         << " (all_to_all_c8)";
  if (getOperands().size() != getNumResults())
    return emitOpError() << "must have one result per operand (all_to_all_c9)";
  for (auto [operand, result] :
       llvm::zip(getOperands().getTypes(), getResultTypes())) {
    auto operandType = cast<RankedTensorType>(operand);
    auto resultType = cast<RankedTensorType>(result);
    int64_t rank = operandType.getRank();
    if (split < 0 || split >= rank)
      return emitOpError() << "split_dimension " << split
                           << " is out of range for rank " << rank
                           << " (all_to_all_c1)";
    if (concat < 0 || concat >= rank)
      return emitOpError() << "concat_dimension " << concat
                           << " is out of range for rank " << rank
                           << " (all_to_all_c3)";
    SmallVector<int64_t> expected(operandType.getShape());
    if (!ShapedType::isDynamic(expected[split]) &&
        expected[split] % count != 0)
      return emitOpError() << "dimension " << split << " of size "
                           << expected[split]
                           << " is not divisible by split_count " << count
                           << " (all_to_all_c2)";
    if (split != concat) {
      if (!ShapedType::isDynamic(expected[split]))
        expected[split] /= count;
      if (!ShapedType::isDynamic(expected[concat]))
        expected[concat] *= count;
    }
    if (resultType.getElementType() != operandType.getElementType() ||
        resultType.getShape() != ArrayRef<int64_t>(expected))
      return emitOpError() << "result type " << resultType
                           << " does not match the operand's split and "
                              "concatenated parts (all_to_all_c9)";
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  if (failed(verifySourceTargetPairs(
          *this, getSourceTargetPairs(), "collective_permute",
          getReplicaOrPartitionIds(getChannelHandle()))))
    return failure();
  if (getOperand().getType() != getResult().getType())
    return emitOpError() << "result type must equal the operand's "
                            "(collective_permute_c5)";
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  if (failed(verifyProcessGroups(
          *this, getReplicaGroups(), "replica_groups",
          "collective_broadcast_c1", "collective_broadcast_c2",
          getReplicaOrPartitionIds(getChannelHandle()))))
    return failure();
  OperandRange data = getOperands();
  if (getHasDynamicRoot()) {
    if (failed(verifyDynamicRoots(*this, data, "collective_broadcast_c4")))
      return failure();
    // collective_broadcast_c6, where the roots are constants.
    DenseIntElementsAttr rootValues;
    if (matchPattern(data.back(), m_Constant(&rootValues))) {
      int64_t groupWidth = groupSize(getReplicaGroups());
      for (APInt root : rootValues.getValues<APInt>())
        if (root.getSExtValue() < 0 || root.getSExtValue() >= groupWidth)
          return emitOpError() << "root " << root.getSExtValue()
                               << " must index a group member in [0, "
                               << groupWidth << ") (collective_broadcast_c6)";
    }
    data = data.drop_back();
  } else if (data.empty()) {
    return emitOpError() << "needs at least one operand "
                            "(collective_broadcast_c3)";
  }
  // collective_broadcast_c5
  if (data.size() != getNumResults())
    return emitOpError() << "must have one result per data operand "
                            "(collective_broadcast_c5), found "
                         << getNumResults() << " for " << data.size();
  // collective_broadcast_c3, collective_broadcast_c4
  for (auto [operand, result] : llvm::zip(data.getTypes(), getResultTypes()))
    if (operand != result)
      return emitOpError() << "result type " << result
                           << " must equal the operand's " << operand
                           << (getHasDynamicRoot()
                                   ? " (collective_broadcast_c4)"
                                   : " (collective_broadcast_c3)");
  return success();
}

LogicalResult InfeedOp::verify() {
  return verifyTensorsThenToken(*this, getResultTypes(), /*tagged=*/true);
}

LogicalResult SendOp::verify() {
  if (auto pairs = getSourceTargetPairs())
    if (failed(verifySourceTargetPairs(
            *this, *pairs, "send",
            getReplicaOrPartitionIds(getChannelHandle()))))
      return failure();
  return verifyHostTransferChannel(*this, getIsHostTransfer(),
                                   getChannelHandle(), /*hostType=*/2,
                                   "send_c5");
}

LogicalResult RecvOp::verify() {
  if (auto pairs = getSourceTargetPairs())
    if (failed(verifySourceTargetPairs(
            *this, *pairs, "recv",
            getReplicaOrPartitionIds(getChannelHandle()))))
      return failure();
  if (failed(verifyTensorsThenToken(*this, getResultTypes(), /*tagged=*/false)))
    return failure();
  return verifyHostTransferChannel(*this, getIsHostTransfer(),
                                   getChannelHandle(), /*hostType=*/3,
                                   "recv_c5");
}

//===----------------------------------------------------------------------===//
// Asynchronous operations
//===----------------------------------------------------------------------===//

LogicalResult
FutureType::verify(function_ref<InFlightDiagnostic()> emitError,
                   ArrayRef<Type> types) {
  if (types.empty())
    return emitError() << "a future must hold at least one tensor type";
  for (Type type : types)
    if (!isa<RankedTensorType>(type))
      return emitError() << "a future holds ranked tensor types, found "
                         << type;
  return success();
}

Operation *AsyncStartOp::getAsyncOp() {
  Block &block = getBody().front();
  if (block.empty() || &block.front() == &block.back())
    return nullptr;
  return &block.front();
}

LogicalResult AsyncStartOp::verifyRegions() {
  Block &block = getBody().front();
  // async_start_c1
  if (block.getNumArguments() != 0)
    return emitOpError() << "body must take no arguments (async_start_c1), "
                            "found "
                         << block.getNumArguments();
  if (block.getOperations().size() != 2 || !isa<ReturnOp>(block.back()))
    return emitOpError() << "body must contain a single operation and a "
                            "return (async_start_c1), found "
                         << block.getOperations().size() << " operations";
  Operation *inner = &block.front();
  // async_start_c2
  if (!isa<AllReduceOp, AllGatherOp, AllToAllOp, CollectivePermuteOp,
           ReduceScatterOp, CollectiveBroadcastOp, SliceOp, DynamicSliceOp,
           DynamicUpdateSliceOp>(inner))
    return emitOpError() << "body operation must be a collective (all_reduce, "
                            "all_gather, all_to_all, collective_permute, "
                            "reduce_scatter, collective_broadcast) or a slice "
                            "(slice, dynamic_slice, dynamic_update_slice) "
                            "(async_start_c2), found '"
                         << inner->getName() << "'";
  // async_start_c3
  if (!llvm::equal(inner->getOperands(), getOperands()))
    return emitOpError() << "operands must be the operands of the body "
                            "operation, in order (async_start_c3)";
  // async_start_c4
  if (!llvm::equal(block.back().getOperands(), inner->getResults()))
    return emitOpError() << "body must return the results of its operation "
                            "(async_start_c4)";
  TypeRange futureTypes = getResult().getType().getTypes();
  if (!llvm::equal(futureTypes, inner->getResultTypes()))
    return emitOpError() << "result must be a future of the body operation's "
                            "result types "
                         << inner->getResultTypes() << " (async_start_c4), "
                         << "found " << getResult().getType();
  return success();
}

LogicalResult AsyncDoneOp::verify() {
  // async_done_c1
  TypeRange futureTypes = getOperand().getType().getTypes();
  if (!llvm::equal(futureTypes, getResultTypes()))
    return emitOpError() << "results must have the types of the future, "
                         << futureTypes << " (async_done_c1), found "
                         << getResultTypes();
  return success();
}
