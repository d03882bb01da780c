//===- FormKernels.cpp - elementwise fusions to tpu.kernel grids ----------===//
//
// hlo-tpu-form-kernels: functions on tensors after the graph stage become
// functions on HBM memrefs (results as out-parameters), and every loop fusion
// (or lone elementwise op) one tpu.kernel whose body computes on vector
// registers loaded from and stored to its VMEM blocks. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Tpu/Passes.h"

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

#include "KernelScope.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOTPUFORMKERNELSPASS
#include "HloDialect/Target/Tpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {

constexpr int64_t kLanes = 128;
constexpr int64_t kMaxBlockRows = 256;
constexpr int64_t kMaxBlockLanes = 1024;
constexpr int64_t kMaxDotBlockM = 1024;
constexpr int64_t kMaxDotBlockK = 512;
constexpr int64_t kMaxDotBlockN = 1024;

/// Element types a TPU computes on and stores: f32, bf16, f16, 8- to 32-bit
/// integers (signed, unsigned, signless) and i1.
bool isTpuElementType(Type type) {
  if (type.isF32() || type.isBF16() || type.isF16())
    return true;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    return width == 1 || width == 8 || width == 16 || width == 32;
  }
  return false;
}

/// The type elements of `type` have in TPU memory: predicates are bytes,
/// integers signless.
Type getStorageType(Type type) {
  if (type.isInteger(1))
    return IntegerType::get(type.getContext(), 8);
  return getSignlessScalarType(type);
}

/// Whether `type`'s elements are integers other than predicates.
bool isIntegerTensor(Type type) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return integer && integer.getWidth() != 1;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t roundUp(int64_t a, int64_t b) { return ceilDiv(a, b) * b; }

/// How a kernel operand relates to the kernel's [rows, columns] view.
enum class OperandKind { Full, Row, Column, Scalar };

/// What a unit reads: an input of the fusion (a value outside it) and how
/// the fusion reads it.
struct UnitInput {
  Value outer;
  OperandKind kind;
};

/// A loop fusion or a lone elementwise op, and what it reads and returns.
struct Unit {
  Operation *op = nullptr;
  /// The fusion's block arguments (or the op's operands) by input position.
  SmallVector<Value> inner;
  SmallVector<Value> outer;
  /// Per input: its kind, when the unit reads it.
  SmallVector<std::optional<OperandKind>> kinds;
  SmallVector<Operation *> body;
  SmallVector<Value> results;
  ArrayRef<int64_t> shape;
  /// The [rows, columns] view.
  int64_t rows = 1, columns = 1;
  /// A reduction's combiner (the one op of its body) or null.
  Operation *combiner = nullptr;
};

std::string opName(Operation *op) {
  return op->getName().getStringRef().str();
}

LogicalResult notSupported(Operation *op, StringRef what = "") {
  InFlightDiagnostic diag = op->emitError()
                            << "not yet supported on tpu-sim: " << opName(op);
  if (!what.empty())
    diag << " (" << what << ")";
  return diag;
}

/// The kind of input a broadcast_in_dim to `shape` makes of its operand,
/// when it is one a kernel reads.
std::optional<OperandKind> classifyBroadcast(BroadcastInDimOp op,
                                             ArrayRef<int64_t> shape) {
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  ArrayRef<int64_t> operandShape = op.getOperand().getType().getShape();
  int64_t rank = shape.size();
  if (!llvm::is_sorted(dims))
    return std::nullopt;
  SmallVector<bool> covered(rank, false);
  for (auto [k, d] : llvm::enumerate(dims))
    covered[d] = operandShape[k] == shape[d];
  auto coveredOrUnit = [&](int64_t d) { return covered[d] || shape[d] == 1; };
  auto absentOrUnit = [&](int64_t d) { return !covered[d] || shape[d] == 1; };
  bool leadCovered = true, leadAbsent = true;
  for (int64_t d = 0; d + 1 < rank; ++d) {
    leadCovered &= coveredOrUnit(d);
    leadAbsent &= absentOrUnit(d);
  }
  bool lastCovered = rank == 0 || coveredOrUnit(rank - 1);
  bool lastAbsent = rank == 0 || absentOrUnit(rank - 1);
  if (leadCovered && lastCovered)
    return OperandKind::Full;
  if (lastCovered && leadAbsent)
    return OperandKind::Row;
  if (leadCovered && lastAbsent)
    return OperandKind::Column;
  if (leadAbsent && lastAbsent)
    return OperandKind::Scalar;
  return std::nullopt;
}

bool isSplatConstant(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return false;
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  return elements && elements.isSplat();
}

/// A broadcast_in_dim of static shapes whose operand a kernel cannot read
/// as whole blocks, rows, columns or a scalar (a dimension expanded in the
/// middle, or the operand's dimensions permuted): a DMA copies it.
bool isBroadcastCopy(Operation *op) {
  auto broadcast = dyn_cast<BroadcastInDimOp>(op);
  return broadcast && broadcast.getType().hasStaticShape() &&
         broadcast.getOperand().getType().hasStaticShape() &&
         broadcast.getType().getNumElements() != 0 &&
         !classifyBroadcast(broadcast, broadcast.getType().getShape());
}

/// Data movement that DMAs do: a slice, transpose, reverse or
/// concatenation copies windows of its operands (strided, permuted or
/// reversed views of HBM) through VMEM, and a broadcast a view of its
/// operand with zero strides along the broadcast dimensions.
bool isCopy(Operation *op) {
  return isa<SliceOp, TransposeOp, ReverseOp, ConcatenateOp>(op) ||
         isBroadcastCopy(op);
}

/// Checks that `unit` is elementwise over one index space and classifies its
/// inputs; emits a located error otherwise.
LogicalResult analyzeUnit(Unit &unit) {
  auto resultType = dyn_cast<RankedTensorType>(unit.results.front().getType());
  if (!resultType || !resultType.hasStaticShape())
    return notSupported(unit.op, "dynamic shapes");
  unit.shape = resultType.getShape();
  // Values of the unit's element count are all read and written in the same
  // (row-major) order: a reshape between them moves nothing.
  int64_t count = resultType.getNumElements();
  auto hasCount = [&](Value v) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    return type && type.hasStaticShape() && type.getNumElements() == count;
  };
  for (Value result : unit.results)
    if (!hasCount(result))
      return notSupported(unit.op, "results of different sizes");
  unit.kinds.assign(unit.inner.size(), std::nullopt);
  DenseMap<Value, unsigned> inputIndex;
  for (auto [i, value] : llvm::enumerate(unit.inner))
    inputIndex[value] = i;
  auto setKind = [&](Value value, OperandKind kind, Operation *user) {
    auto it = inputIndex.find(value);
    if (it == inputIndex.end())
      return notSupported(user, "an operand computed inside the fusion "
                                "before a broadcast");
    std::optional<OperandKind> &slot = unit.kinds[it->second];
    if (slot && *slot != kind)
      return notSupported(user, "an operand read both whole and broadcast");
    slot = kind;
    return success();
  };
  // Scalars computed in the fusion from scalar inputs and splat constants.
  DenseSet<Value> uniform;
  for (Operation *op : unit.body) {
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      if (!isSplatConstant(constant))
        return notSupported(op, "a constant that is not a splat");
      uniform.insert(constant.getResult());
      continue;
    }
    if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
      if (!hasCount(broadcast.getResult()))
        return notSupported(op, "a broadcast to another size");
      if (isSplatConstant(broadcast.getOperand()) ||
          uniform.contains(broadcast.getOperand()))
        continue;
      std::optional<OperandKind> kind =
          classifyBroadcast(broadcast, broadcast.getType().getShape());
      // Rows and columns are those of the unit's [rows, columns] view: a
      // broadcast to another shape of the same size (reshaped after it)
      // has them when its last dimension is the unit's.
      ArrayRef<int64_t> broadcastShape = broadcast.getType().getShape();
      bool sameView = !broadcastShape.empty() && !unit.shape.empty() &&
                      broadcastShape.back() == unit.shape.back();
      if (kind && broadcastShape != unit.shape && !sameView &&
          *kind != OperandKind::Full && *kind != OperandKind::Scalar)
        kind = std::nullopt;
      if (!kind)
        return notSupported(op, "a broadcast other than of rows, columns or "
                                "scalars");
      if (failed(setKind(broadcast.getOperand(), *kind, op)))
        return failure();
      continue;
    }
    if (auto iota = dyn_cast<IotaOp>(op)) {
      // Computed from the element's index in the kernel's view (32-bit).
      auto type = cast<RankedTensorType>(iota.getType());
      if (!hasCount(iota.getResult()) || count > INT32_MAX ||
          !isa<IntegerType, FloatType>(type.getElementType()) ||
          type.getElementType().isInteger(1))
        return notSupported(op, "an iota of another size than the fusion's, "
                                "or of predicates");
      continue;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      if (!hasCount(reshape.getOperand()))
        return notSupported(op, "a reshape of another size than the "
                                "fusion's");
      if (inputIndex.count(reshape.getOperand()) &&
          failed(setKind(reshape.getOperand(), OperandKind::Full, op)))
        return failure();
      continue;
    }
    if (!isScalarizableHloOp(op))
      return notSupported(op);
    if (failed(checkScalarizable(op)))
      return failure();
    // Scalar operands (an op on scalars, a select's scalar predicate, a
    // clamp's scalar bounds) are the same in every element: registers
    // splatted with them.
    auto isScalar = [&](Value v) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      return type && type.getRank() == 0 &&
             (inputIndex.count(v) || uniform.contains(v));
    };
    bool onScalars =
        llvm::all_of(op->getOperands(), isScalar) &&
        llvm::all_of(op->getResults(), [](Value v) {
          return cast<RankedTensorType>(v.getType()).getRank() == 0;
        });
    for (Value v : op->getResults())
      if (!onScalars && !hasCount(v))
        return notSupported(op, "an elementwise op on another size than the "
                                "fusion's");
    for (Value operand : op->getOperands()) {
      bool scalar = isScalar(operand);
      if (!scalar && !hasCount(operand))
        return notSupported(op, "an elementwise op on another size than the "
                                "fusion's");
      if (inputIndex.count(operand) &&
          failed(setKind(operand,
                         scalar && !hasCount(operand) ? OperandKind::Scalar
                                                      : OperandKind::Full,
                         op)))
        return failure();
    }
    if (onScalars && !hasCount(op->getResult(0)))
      uniform.insert(op->getResult(0));
  }
  // A result that is an input is read whole.
  for (Value result : unit.results)
    if (inputIndex.count(result) &&
        failed(setKind(result, OperandKind::Full, unit.op)))
      return failure();

  // The view: [leading, last], or lane-dense [count / 128, 128].
  int64_t rank = unit.shape.size();
  unit.columns = rank == 0 ? 1 : unit.shape.back();
  unit.rows = unit.columns == 0 ? 0 : count / std::max<int64_t>(unit.columns, 1);
  bool onlyFullOrScalar = llvm::all_of(unit.kinds, [](auto kind) {
    return !kind || *kind == OperandKind::Full || *kind == OperandKind::Scalar;
  });
  if (unit.columns % kLanes != 0 && count % kLanes == 0 && onlyFullOrScalar) {
    unit.rows = count / kLanes;
    unit.columns = kLanes;
  }
  if (count == 0)
    return notSupported(unit.op, "empty arrays");
  return success();
}

/// The combiners a reduction kernel handles: the one op of the body.
bool isSupportedCombiner(Operation *op) {
  return isa<AddOp, MulOp, MaxOp, MinOp, AndOp, OrOp, XorOp>(op);
}

/// The one op of a reduction body of two arguments that combines them and
/// is returned, when it is a combiner the kernels handle; else null.
Operation *getSingleCombiner(Block &body) {
  if (body.getNumArguments() != 2 || body.empty() ||
      std::next(body.begin()) == body.end() ||
      std::next(body.begin(), 2) != body.end())
    return nullptr;
  Operation &first = body.front();
  Operation *terminator = body.getTerminator();
  bool readsArguments =
      first.getNumOperands() == 2 &&
      llvm::is_contained(first.getOperands(), body.getArgument(0)) &&
      llvm::is_contained(first.getOperands(), body.getArgument(1));
  if (isSupportedCombiner(&first) && readsArguments &&
      terminator->getNumOperands() == 1 &&
      terminator->getOperand(0) == first.getResult(0))
    return &first;
  return nullptr;
}

/// Checks that every op of the reduction body `region` of `owner` is one
/// registers compute: splat constants and elementwise hlo ops of one
/// result, reading values from outside the body only when they are splat
/// constants (canonicalization hoists a body's constants).
LogicalResult checkElementwiseBody(Operation *owner, Region &region) {
  Block &block = region.front();
  auto readable = [&](Value v) {
    return region.isAncestor(v.getParentRegion()) || isSplatConstant(v);
  };
  for (Operation &op : block) {
    for (Value operand : op.getOperands())
      if (!readable(operand))
        return notSupported(owner, "a body reading a value from outside it "
                                   "that is not a splat constant");
    if (&op == block.getTerminator())
      continue;
    if (isa<ConstantOp>(op)) {
      if (!isSplatConstant(op.getResult(0)))
        return notSupported(owner, "a body constant that is not a splat");
      continue;
    }
    if (!isScalarizableHloOp(&op) || op.getNumResults() != 1)
      return notSupported(owner, "a body computing " + opName(&op));
    if (failed(checkScalarizable(&op)))
      return failure();
  }
  return success();
}

/// Checks that the reduction `unit.op` is one a kernel computes: arrays of
/// static shape, adjacent reduced dimensions, a body of one associative
/// combiner (one array) or of elementwise ops (any number of arrays: the
/// (value, index) pairs of an argmax).
LogicalResult analyzeReduce(Unit &unit) {
  auto reduce = cast<ReduceOp>(unit.op);
  auto type = cast<RankedTensorType>(reduce.getInputs().front().getType());
  for (Value v : llvm::concat<Value>(reduce.getInputs(), reduce.getResults()))
    if (!cast<RankedTensorType>(v.getType()).hasStaticShape())
      return notSupported(unit.op, "dynamic shapes");
  if (type.getNumElements() == 0)
    return notSupported(unit.op, "empty arrays");
  if (reduce.getInputs().size() == 1)
    unit.combiner = getSingleCombiner(reduce.getBody().front());
  if (!unit.combiner &&
      failed(checkElementwiseBody(unit.op, reduce.getBody())))
    return failure();
  ArrayRef<int64_t> dims = reduce.getDimensions();
  for (size_t k = 1; k < dims.size(); ++k)
    if (dims[k] != dims[k - 1] + 1)
      return notSupported(unit.op,
                          "a reduction over dimensions that are not adjacent");
  unit.shape = type.getShape();
  return success();
}

/// Checks that the reduce_window `unit.op` is one the VPU computes: one
/// array of static shape, a body of one combiner, no base dilation.
LogicalResult analyzeReduceWindow(Unit &unit) {
  auto window = cast<ReduceWindowOp>(unit.op);
  auto type = cast<RankedTensorType>(window.getInputs().front().getType());
  auto resultType = cast<RankedTensorType>(window.getResult(0).getType());
  if (!type.hasStaticShape() || !resultType.hasStaticShape())
    return notSupported(unit.op, "dynamic shapes");
  if (type.getRank() == 0 || type.getNumElements() == 0 ||
      resultType.getNumElements() == 0)
    return notSupported(unit.op, "empty or scalar arrays");
  Operation *combiner = getSingleCombiner(window.getBody().front());
  if (!combiner && failed(checkElementwiseBody(unit.op, window.getBody())))
    return failure();
  if (llvm::any_of(window.getBaseDilationsOrDefault(),
                   [](int64_t d) { return d != 1; }))
    return notSupported(unit.op, "a reduce_window with base dilations");
  unit.combiner = combiner;
  unit.shape = type.getShape();
  return success();
}

/// The dimensions of `rank` that are neither in `batch` nor in `contracting`,
/// in order.
SmallVector<int64_t> freeDimensions(int64_t rank, ArrayRef<int64_t> batch,
                                    ArrayRef<int64_t> contracting) {
  SmallVector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(batch, d) && !llvm::is_contained(contracting, d))
      free.push_back(d);
  return free;
}

/// Whether `dims` are `from`, `from + 1`, ... in order.
bool isRun(ArrayRef<int64_t> dims, int64_t from) {
  for (auto [k, d] : llvm::enumerate(dims))
    if (d != from + static_cast<int64_t>(k))
      return false;
  return true;
}

/// How a dot_general's operands are laid out as [B, M, K] x [B, K, N] (or
/// [B, N, K], a transposed right-hand side) matrices.
struct DotLayout {
  int64_t batch = 1, m = 1, k = 1, n = 1;
  bool transposeRhs = false;
};

/// The [B, M, K] x [B, K|N, N|K] layout of `dot`, or a located error: batch
/// dimensions lead both operands, the left-hand side's contracted ones
/// follow its free ones, and the right-hand side's are adjacent, in the
/// order of the left-hand side's.
FailureOr<DotLayout> analyzeDot(DotGeneralOp dot) {
  auto lhsType = cast<RankedTensorType>(dot.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(dot.getRhs().getType());
  auto resultType = cast<RankedTensorType>(dot.getType());
  if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
      !resultType.hasStaticShape())
    return notSupported(dot, "dynamic shapes");
  Type lhsElement = lhsType.getElementType();
  Type rhsElement = rhsType.getElementType();
  Type resultElement = resultType.getElementType();
  if (llvm::any_of(ArrayRef<Type>{lhsElement, rhsElement, resultElement},
                   [](Type t) { return t.isInteger(1); }))
    return notSupported(dot, "a dot of predicates");
  bool floats = isa<FloatType>(lhsElement) && isa<FloatType>(rhsElement) &&
                isa<FloatType>(resultElement);
  bool integers = isa<IntegerType>(lhsElement) &&
                  isa<IntegerType>(rhsElement) &&
                  isa<IntegerType>(resultElement);
  if (!floats && !integers)
    return notSupported(dot, "a dot mixing integer and float types");
  if (resultType.getNumElements() == 0 || lhsType.getNumElements() == 0 ||
      rhsType.getNumElements() == 0)
    return notSupported(dot, "empty arrays");
  auto numbers = dot.getDotDimensionNumbers();
  ArrayRef<int64_t> lb = numbers.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = numbers.getRhsBatchingDimensions();
  ArrayRef<int64_t> lc = numbers.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = numbers.getRhsContractingDimensions();
  SmallVector<int64_t> lf = freeDimensions(lhsType.getRank(), lb, lc);
  SmallVector<int64_t> rf = freeDimensions(rhsType.getRank(), rb, rc);
  int64_t nb = lb.size();
  DotLayout layout;
  bool ok = isRun(lb, 0) && isRun(rb, 0) && isRun(lf, nb) &&
            isRun(lc, nb + lf.size());
  if (ok && isRun(rc, nb) && isRun(rf, nb + rc.size()))
    layout.transposeRhs = false;
  else if (ok && isRun(rf, nb) && isRun(rc, nb + rf.size()))
    layout.transposeRhs = true;
  else
    return notSupported(dot, "a dot_general whose operands need a transpose "
                             "to [batch, rows, contracted] x [batch, "
                             "contracted, columns]");
  for (int64_t d : lb)
    layout.batch *= lhsType.getDimSize(d);
  for (int64_t d : lf)
    layout.m *= lhsType.getDimSize(d);
  for (int64_t d : lc)
    layout.k *= lhsType.getDimSize(d);
  for (int64_t d : rf)
    layout.n *= rhsType.getDimSize(d);
  return layout;
}

/// A view of the HBM memref `value` as [rows, columns] (its elements in
/// row-major order).
Value view2d(OpBuilder &b, Location loc, Value value, int64_t rows,
             int64_t columns) {
  auto type = cast<MemRefType>(value.getType());
  if (type.getShape() == ArrayRef<int64_t>{rows, columns})
    return value;
  Attribute space = type.getMemorySpace();
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  if (rank > 1) {
    SmallVector<ReassociationIndices> all(1);
    for (int64_t d = 0; d < rank; ++d)
      all.front().push_back(d);
    value = memref::CollapseShapeOp::create(b, loc, value, all);
  }
  SmallVector<ReassociationIndices> split;
  if (rank != 0)
    split.push_back({0, 1});
  auto target = MemRefType::get({rows, columns}, element,
                                MemRefLayoutAttrInterface(), space);
  return memref::ExpandShapeOp::create(b, loc, target, value, split);
}

/// The largest blocks of dot kernels the pass's options ask for (0: the
/// defaults).
struct DotBlockLimits {
  int64_t m = 0, k = 0, n = 0;
};

/// Builds kernels and the converted function.
class KernelBuilder {
public:
  KernelBuilder(tpu::TargetAttr target, DotBlockLimits dotBlocks)
      : target(target), dotBlocks(dotBlocks) {}

  LogicalResult emitKernel(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                           ArrayRef<Value> outputs);
  LogicalResult emitReduceKernel(OpBuilder &b, Unit &unit,
                                 ArrayRef<Value> inputs,
                                 ArrayRef<Value> outputs);
  LogicalResult emitCopy(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                         ArrayRef<Value> outputs);
  LogicalResult emitDynamicSlice(OpBuilder &b, Unit &unit,
                                 ArrayRef<Value> inputs,
                                 ArrayRef<Value> outputs);
  LogicalResult emitSort(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                         ArrayRef<Value> outputs);
  LogicalResult emitSelectAndScatter(OpBuilder &b, Unit &unit,
                                     ArrayRef<Value> inputs,
                                     ArrayRef<Value> outputs);
  /// The VMEM bytes of one of the two buffers copies stream through:
  /// chunks of a few MiB, as Pallas blocks are, leave VMEM to the kernels
  /// around them.
  int64_t getCopyChunkBytes() const { return target.getVmemBytes() / 32; }
  LogicalResult emitReduceWindow(OpBuilder &b, Unit &unit,
                                 ArrayRef<Value> inputs,
                                 ArrayRef<Value> outputs);
  LogicalResult emitPad(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                        ArrayRef<Value> outputs);
  LogicalResult emitDotKernel(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                              ArrayRef<Value> outputs);
  LogicalResult emitIntegerDotKernel(OpBuilder &b, Unit &unit,
                                     ArrayRef<Value> inputs,
                                     ArrayRef<Value> outputs);

private:
  tpu::TargetAttr target;
  DotBlockLimits dotBlocks;
  int64_t rowStep = 8;
};

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The elements of a dimension of `extent` that its block at `blockIndex`
/// (blocks of `blockSize` elements) covers: the whole block, or what is
/// left of the dimension in a partial last block.
Value remainingExtent(OpBuilder &b, Location loc, Value blockIndex,
                      int64_t extent, int64_t blockSize) {
  Value total = indexConstant(b, loc, extent);
  Value size = indexConstant(b, loc, blockSize);
  Value start = arith::MulIOp::create(b, loc, blockIndex, size);
  Value left = arith::SubIOp::create(b, loc, total, start);
  return arith::MinSIOp::create(b, loc, left, size);
}

/// A loop from 0 over `extent` elements of a block rounded up to whole
/// steps of `step` (the block as VMEM holds it, padded), carrying
/// `iterArgs`.
scf::ForOp createPaddedLoop(OpBuilder &b, Location loc, int64_t extent,
                            int64_t step, ValueRange iterArgs = {}) {
  Value lower = indexConstant(b, loc, 0);
  Value upper = indexConstant(b, loc, roundUp(extent, step));
  Value stepSize = indexConstant(b, loc, step);
  return scf::ForOp::create(b, loc, lower, upper, stepSize, iterArgs);
}

/// The register-shaped vector of `element` for a kernel whose row step is
/// `rows`.
VectorType registerType(Type element, int64_t rows) {
  return VectorType::get({rows, kLanes}, element);
}

/// A splat of `attr`'s value as a vector of `type`.
Value splatConstant(OpBuilder &b, Location loc, DenseElementsAttr attr,
                    VectorType type) {
  Type element = type.getElementType();
  Attribute value;
  if (isa<FloatType>(element))
    value = FloatAttr::get(element, attr.getSplatValue<APFloat>());
  else
    value = IntegerAttr::get(element, attr.getSplatValue<APInt>());
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, value));
}

/// Emits the elementwise `op` on registers: its scalar computation (the CPU
/// lowering's table) is built in a scratch block, then every op of it is
/// applied to whole vectors.
FailureOr<Value> emitElementwise(OpBuilder &b, Operation *op,
                                 ArrayRef<Value> operands, int64_t rows) {
  Location loc = op->getLoc();
  // A detached module holds the scratch block (ops look up their context
  // through their parents).
  OwningOpRef<ModuleOp> holder = ModuleOp::create(loc);
  Block &scratch = *holder->getBody();
  SmallVector<Type> operandElementTypes;
  for (Value operand : op->getOperands()) {
    Type element = getElementTypeOrSelf(operand.getType());
    operandElementTypes.push_back(element);
    scratch.addArgument(getSignlessScalarType(element), loc);
  }
  Type resultElement = getElementTypeOrSelf(op->getResult(0).getType());
  OpBuilder sb = OpBuilder::atBlockBegin(&scratch);
  FailureOr<Value> scalar = mapHloOpToScalarOp(
      op, operandElementTypes, resultElement, scratch.getArguments(), sb);
  auto cleanup = [&] {
    scratch.dropAllDefinedValueUses();
    while (!scratch.empty())
      scratch.back().erase();
  };
  if (failed(scalar)) {
    cleanup();
    return failure();
  }
  IRMapping map;
  for (auto [arg, vector] : llvm::zip(scratch.getArguments(), operands))
    map.map(arg, vector);
  for (Operation &s : scratch) {
    if (auto constant = dyn_cast<arith::ConstantOp>(s)) {
      Type type = constant.getType();
      if (!type.isIntOrIndexOrFloat() || type.isIndex()) {
        cleanup();
        std::string what;
        llvm::raw_string_ostream os(what);
        os << "its element computation needs a constant of type " << type;
        return notSupported(op, what);
      }
      auto vectorType = registerType(type, rows);
      Value splat = arith::ConstantOp::create(
          b, loc, vectorType,
          DenseElementsAttr::get(vectorType, constant.getValue()));
      map.map(constant.getResult(), splat);
      continue;
    }
    bool scalarOnly = llvm::all_of(
        llvm::concat<Value>(s.getOperands(), s.getResults()), [](Value v) {
          return v.getType().isIntOrFloat();
        });
    if (!s.hasTrait<OpTrait::Elementwise>() || s.getNumRegions() != 0 ||
        !scalarOnly) {
      std::string what = "its element computation needs " + opName(&s);
      cleanup();
      return notSupported(op, what);
    }
    Operation *clone = b.clone(s, map);
    for (Value result : clone->getResults())
      result.setType(registerType(result.getType(), rows));
  }
  Value result = map.lookupOrDefault(*scalar);
  cleanup();
  return result;
}

/// The registers of an iota of `type` whose elements have the row-major
/// indices `flat` (i32): along dimension d, (flat / inner) mod size, where
/// inner is the product of the dimensions after d; converted to the iota's
/// element type.
Value emitIota(OpBuilder &b, Location loc, RankedTensorType type, Value flat,
               int64_t dimension) {
  ArrayRef<int64_t> shape = type.getShape();
  int64_t inner = 1;
  for (int64_t d = dimension + 1; d < static_cast<int64_t>(shape.size()); ++d)
    inner *= shape[d];
  auto vectorType = cast<VectorType>(flat.getType());
  auto splat = [&](int64_t value) {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorType, static_cast<int32_t>(value)));
  };
  Value value = flat;
  if (inner != 1)
    value = arith::DivUIOp::create(b, loc, value, splat(inner));
  value = arith::RemUIOp::create(b, loc, value, splat(shape[dimension]));
  Type element = getSignlessScalarType(type.getElementType());
  auto result = VectorType::get(vectorType.getShape(), element);
  if (isa<FloatType>(element))
    return arith::UIToFPOp::create(b, loc, result, value);
  unsigned width = element.getIntOrFloatBitWidth();
  if (width < 32)
    return arith::TruncIOp::create(b, loc, result, value);
  if (width > 32)
    return arith::ExtUIOp::create(b, loc, result, value);
  return value;
}

LogicalResult KernelBuilder::emitKernel(OpBuilder &b, Unit &unit,
                                        ArrayRef<Value> inputs,
                                        ArrayRef<Value> outputs) {
  if (isa<ReduceOp>(unit.op))
    return emitReduceKernel(b, unit, inputs, outputs);
  if (isa<ReduceWindowOp>(unit.op))
    return emitReduceWindow(b, unit, inputs, outputs);
  if (isa<PadOp>(unit.op))
    return emitPad(b, unit, inputs, outputs);
  if (isa<DotGeneralOp>(unit.op)) {
    if (isIntegerTensor(unit.op->getResult(0).getType()))
      return emitIntegerDotKernel(b, unit, inputs, outputs);
    return emitDotKernel(b, unit, inputs, outputs);
  }
  if (isCopy(unit.op))
    return emitCopy(b, unit, inputs, outputs);
  if (isa<DynamicSliceOp, DynamicUpdateSliceOp>(unit.op))
    return emitDynamicSlice(b, unit, inputs, outputs);
  if (isa<SortOp>(unit.op))
    return emitSort(b, unit, inputs, outputs);
  if (isa<SelectAndScatterOp>(unit.op))
    return emitSelectAndScatter(b, unit, inputs, outputs);
  MLIRContext *context = b.getContext();
  Location loc = unit.op->getLoc();
  int64_t rows = unit.rows, columns = unit.columns;

  // Operands read and written, their kinds and storage element types.
  struct Operand {
    Value view;
    OperandKind kind;
    Type storage;
    Type element;
    int64_t tile;
    SmallVector<int64_t, 2> block;
  };
  SmallVector<Operand> ins, outs;
  SmallVector<Value> innerOfIns;
  for (auto [i, kind] : llvm::enumerate(unit.kinds)) {
    if (!kind)
      continue;
    Value outer = inputs[i];
    int64_t r = 1, c = 1;
    if (*kind == OperandKind::Full)
      r = rows, c = columns;
    else if (*kind == OperandKind::Row)
      c = columns;
    else if (*kind == OperandKind::Column)
      r = rows;
    Type element = getElementTypeOrSelf(unit.inner[i].getType());
    Type storage = cast<MemRefType>(outer.getType()).getElementType();
    ins.push_back({view2d(b, loc, outer, r, c), *kind, storage, element,
                   tpu::getNativeSublaneTile(storage), {}});
    innerOfIns.push_back(unit.inner[i]);
  }
  for (auto [i, outer] : llvm::enumerate(outputs)) {
    Type element = getElementTypeOrSelf(unit.results[i].getType());
    Type storage = cast<MemRefType>(outer.getType()).getElementType();
    outs.push_back({view2d(b, loc, outer, rows, columns), OperandKind::Full,
                    storage, element, tpu::getNativeSublaneTile(storage), {}});
  }

  // The row step: the largest sublane tile of the kernel's element types.
  rowStep = 1;
  for (const Operand &operand : llvm::concat<const Operand>(ins, outs))
    rowStep = std::max(rowStep, operand.tile);

  // Blocks: (rowStep k x 128 m), whole dimensions below one tile, shrunk
  // until double-buffered they fit half of VMEM.
  int64_t blockColumns =
      columns < kLanes ? columns
                       : std::min(columns / kLanes * kLanes, kMaxBlockLanes);
  int64_t blockRows =
      rows < rowStep ? rows : std::min(rows / rowStep * rowStep, kMaxBlockRows);
  auto setBlocks = [&] {
    int64_t bytes = 0;
    for (Operand &operand : llvm::concat<Operand>(ins, outs)) {
      int64_t r = 1, c = 1;
      if (operand.kind == OperandKind::Full ||
          operand.kind == OperandKind::Column)
        r = blockRows;
      if (operand.kind == OperandKind::Full || operand.kind == OperandKind::Row)
        c = blockColumns;
      operand.block = {r, c};
      bytes += tpu::getPaddedVmemBytes(
          MemRefType::get(operand.block, operand.storage));
    }
    return 2 * bytes;
  };
  while (setBlocks() > target.getVmemBytes() / 2 && blockRows > rowStep)
    blockRows = std::max(rowStep, blockRows / 2 / rowStep * rowStep);
  if (setBlocks() > target.getVmemBytes())
    return unit.op->emitError()
           << "the blocks of this fusion's " << ins.size() + outs.size()
           << " operands do not fit the VMEM of " << target.getChip();

  int64_t gridRows = ceilDiv(rows, blockRows);
  int64_t gridColumns = ceilDiv(columns, blockColumns);
  bool twoD = gridColumns > 1;
  SmallVector<int64_t> grid = twoD ? SmallVector<int64_t>{gridRows, gridColumns}
                                   : SmallVector<int64_t>{gridRows};
  int64_t gridRank = grid.size();
  AffineExpr i = getAffineDimExpr(0, context);
  AffineExpr j = twoD ? getAffineDimExpr(1, context)
                      : getAffineConstantExpr(0, context);
  AffineExpr zero = getAffineConstantExpr(0, context);
  SmallVector<Attribute> specs;
  for (const Operand &operand : llvm::concat<const Operand>(ins, outs)) {
    bool useRows = operand.kind == OperandKind::Full ||
                   operand.kind == OperandKind::Column;
    bool useColumns =
        operand.kind == OperandKind::Full || operand.kind == OperandKind::Row;
    auto map = AffineMap::get(gridRank, 0,
                              {useRows ? i : zero, useColumns ? j : zero},
                              context);
    specs.push_back(tpu::BlockSpecAttr::get(context, operand.block, map));
  }
  SmallVector<Attribute> semantics(
      gridRank, tpu::DimensionSemanticsAttr::get(
                    context, tpu::DimensionSemantics::parallel));
  SmallVector<Value> inViews, outViews;
  for (const Operand &operand : ins)
    inViews.push_back(operand.view);
  for (const Operand &operand : outs)
    outViews.push_back(operand.view);
  auto kernel = tpu::KernelOp::create(
      b, loc, inViews, outViews, grid, b.getArrayAttr(semantics),
      b.getArrayAttr(specs), tpu::TargetAttr());

  // The body: grid indices, then one VMEM block per operand.
  Block *body = new Block();
  kernel.getBody().push_back(body);
  for (int64_t d = 0; d < gridRank; ++d)
    body->addArgument(b.getIndexType(), loc);
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  SmallVector<Value> blocks;
  for (const Operand &operand : llvm::concat<const Operand>(ins, outs))
    blocks.push_back(body->addArgument(
        MemRefType::get(operand.block, operand.storage,
                        MemRefLayoutAttrInterface(), vmem),
        loc));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  Value c0 = indexConstant(b, loc, 0);
  auto rowLoop = createPaddedLoop(b, loc, blockRows, rowStep);
  b.setInsertionPoint(rowLoop.getBody()->getTerminator());
  auto columnLoop = createPaddedLoop(b, loc, blockColumns, kLanes);
  b.setInsertionPoint(columnLoop.getBody()->getTerminator());
  Value r = rowLoop.getInductionVar();
  Value c = columnLoop.getInductionVar();

  // How many native registers of `operand` one row step covers: all of
  // them, or, when the block is shorter than one step (a small whole
  // dimension), those inside its padded block.
  auto registersPerStep = [&](const Operand &operand) {
    int64_t perStep = rowStep / operand.tile;
    if (blockRows >= rowStep)
      return perStep;
    return std::min(perStep,
                    ceilDiv(roundUp(operand.block[0], operand.tile),
                            operand.tile));
  };
  auto loadRegisters = [&](const Operand &operand, Value blockRef,
                           Value row, Value column) -> Value {
    auto native = registerType(operand.storage, operand.tile);
    auto wide = registerType(operand.storage, rowStep);
    int64_t count = operand.kind == OperandKind::Full ||
                            operand.kind == OperandKind::Column
                        ? registersPerStep(operand)
                        : 1;
    if (count == 1 && rowStep == operand.tile)
      return tpu::LoadOp::create(b, loc, native, blockRef,
                                 ValueRange{row, column}, Value(), nullptr);
    Value result = arith::ConstantOp::create(b, loc, wide, b.getZeroAttr(wide));
    for (int64_t q = 0; q < count; ++q) {
      Value offset = arith::AddIOp::create(
          b, loc, row,
          arith::ConstantIndexOp::create(b, loc, q * operand.tile));
      Value reg = tpu::LoadOp::create(b, loc, native, blockRef,
                                      ValueRange{offset, column}, Value(),
                                      nullptr);
      result = vector::InsertStridedSliceOp::create(
          b, loc, reg, result, ArrayRef<int64_t>{q * operand.tile, 0},
          ArrayRef<int64_t>{1, 1});
    }
    return result;
  };
  auto toLogical = [&](const Operand &operand, Value v) -> Value {
    if (!operand.element.isInteger(1))
      return v;
    Value zeros = arith::ConstantOp::create(
        b, loc, v.getType(), b.getZeroAttr(v.getType()));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zeros);
  };

  IRMapping map;
  for (auto [k, operand] : llvm::enumerate(ins)) {
    Value blockRef = blocks[k];
    Value reg;
    switch (operand.kind) {
    case OperandKind::Full:
      reg = loadRegisters(operand, blockRef, r, c);
      break;
    case OperandKind::Column: {
      Value wide = loadRegisters(operand, blockRef, r, c0);
      Value column = vector::ExtractStridedSliceOp::create(
          b, loc, wide, ArrayRef<int64_t>{0, 0},
          ArrayRef<int64_t>{rowStep, 1}, ArrayRef<int64_t>{1, 1});
      reg = tpu::BroadcastLanesOp::create(
          b, loc, registerType(operand.storage, rowStep), column);
      break;
    }
    case OperandKind::Row: {
      Value native = loadRegisters(operand, blockRef, c0, c);
      Value row = vector::ExtractStridedSliceOp::create(
          b, loc, native, ArrayRef<int64_t>{0, 0}, ArrayRef<int64_t>{1, kLanes},
          ArrayRef<int64_t>{1, 1});
      reg = tpu::BroadcastSublanesOp::create(
          b, loc, registerType(operand.storage, rowStep), row);
      break;
    }
    case OperandKind::Scalar: {
      Value native = loadRegisters(operand, blockRef, c0, c0);
      Value scalar = vector::ExtractOp::create(b, loc, native,
                                               ArrayRef<int64_t>{0, 0});
      reg = vector::BroadcastOp::create(
          b, loc, registerType(operand.storage, rowStep), scalar);
      break;
    }
    }
    map.map(innerOfIns[k], toLogical(operand, reg));
  }

  // The row-major index of every element of the registers in the unit's
  // shape (its [rows, columns] view flattened), as i32: the block's first
  // element plus the register's row and column, plus each element's
  // sublane and lane (constant registers, as the VPU's iota makes them).
  Value flatIndex;
  auto linearIndex = [&]() -> Value {
    if (flatIndex)
      return flatIndex;
    auto i32 = b.getI32Type();
    auto type = VectorType::get({rowStep, kLanes}, i32);
    auto toVector = [&](Value index) {
      Value scalar = arith::IndexCastOp::create(b, loc, i32, index);
      return vector::BroadcastOp::create(b, loc, type, scalar).getResult();
    };
    auto scaled = [&](Value gridIndex, int64_t blockSize, Value offset) {
      Value first = arith::MulIOp::create(b, loc, gridIndex,
                                          indexConstant(b, loc, blockSize));
      return toVector(arith::AddIOp::create(b, loc, first, offset));
    };
    SmallVector<int32_t> sublanes, lanes;
    for (int64_t x = 0; x < rowStep; ++x)
      for (int64_t y = 0; y < kLanes; ++y) {
        sublanes.push_back(x);
        lanes.push_back(y);
      }
    Value sublaneIota = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(sublanes)));
    Value laneIota = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(lanes)));
    Value row = arith::AddIOp::create(
        b, loc, scaled(body->getArgument(0), blockRows, r), sublaneIota);
    Value gridColumn = twoD ? body->getArgument(1) : c0;
    Value column = arith::AddIOp::create(
        b, loc, scaled(gridColumn, blockColumns, c), laneIota);
    Value width = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, static_cast<int32_t>(columns)));
    Value rowStart = arith::MulIOp::create(b, loc, row, width);
    flatIndex = arith::AddIOp::create(b, loc, rowStart, column);
    return flatIndex;
  };
  for (Operation *op : unit.body) {
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto attr = cast<DenseElementsAttr>(constant.getValue());
      Type element = getSignlessScalarType(attr.getElementType());
      map.map(constant.getResult(),
              splatConstant(b, op->getLoc(), attr,
                            registerType(element, rowStep)));
      continue;
    }
    if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
      Value source = broadcast.getOperand();
      if (isSplatConstant(source) && !map.contains(source)) {
        auto attr = cast<DenseElementsAttr>(
            source.getDefiningOp<ConstantOp>().getValue());
        Type element = getSignlessScalarType(attr.getElementType());
        map.map(broadcast.getResult(),
                splatConstant(b, op->getLoc(), attr,
                              registerType(element, rowStep)));
        continue;
      }
      map.map(broadcast.getResult(), map.lookup(source));
      continue;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      map.map(reshape.getResult(), map.lookup(reshape.getOperand()));
      continue;
    }
    if (auto iota = dyn_cast<IotaOp>(op)) {
      map.map(iota.getResult(),
              emitIota(b, iota.getLoc(), cast<RankedTensorType>(iota.getType()),
                       linearIndex(), iota.getIotaDimension()));
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(map.lookup(operand));
    FailureOr<Value> result = emitElementwise(b, op, operands, rowStep);
    if (failed(result))
      return failure();
    map.map(op->getResult(0), *result);
  }

  for (auto [k, operand] : llvm::enumerate(outs)) {
    Value v = map.lookup(unit.results[k]);
    if (operand.element.isInteger(1))
      v = arith::ExtUIOp::create(b, loc, registerType(operand.storage, rowStep),
                                 v);
    Value blockRef = blocks[ins.size() + k];
    int64_t count = registersPerStep(operand);
    for (int64_t q = 0; q < count; ++q) {
      Value reg = v;
      if (rowStep != operand.tile)
        reg = vector::ExtractStridedSliceOp::create(
            b, loc, v, ArrayRef<int64_t>{q * operand.tile, 0},
            ArrayRef<int64_t>{operand.tile, kLanes}, ArrayRef<int64_t>{1, 1});
      Value offset = arith::AddIOp::create(
          b, loc, r, arith::ConstantIndexOp::create(b, loc, q * operand.tile));
      tpu::StoreOp::create(b, loc, reg, blockRef, ValueRange{offset, c},
                           Value(), nullptr);
    }
  }
  return success();
}

/// A view of the HBM memref `value` as `shape` (its elements in row-major
/// order).
Value viewAs(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape) {
  auto type = cast<MemRefType>(value.getType());
  if (type.getShape() == shape)
    return value;
  int64_t rank = type.getRank();
  auto target = MemRefType::get(shape, type.getElementType(),
                                MemRefLayoutAttrInterface(),
                                type.getMemorySpace());
  // A leading unit dimension added to an array.
  if (rank >= 1 && static_cast<int64_t>(shape.size()) == rank + 1 &&
      shape.front() == 1 && shape.drop_front() == type.getShape()) {
    SmallVector<ReassociationIndices> groups = {{0, 1}};
    for (int64_t d = 1; d < rank; ++d)
      groups.push_back({d + 1});
    return memref::ExpandShapeOp::create(b, loc, target, value, groups);
  }
  if (rank > 1) {
    SmallVector<ReassociationIndices> all(1);
    for (int64_t d = 0; d < rank; ++d)
      all.front().push_back(d);
    value = memref::CollapseShapeOp::create(b, loc, value, all);
    if (shape.size() == 1)
      return value;
  }
  SmallVector<ReassociationIndices> split;
  if (rank != 0) {
    split.emplace_back();
    for (int64_t d = 0, e = shape.size(); d < e; ++d)
      split.front().push_back(d);
  }
  return memref::ExpandShapeOp::create(b, loc, target, value, split);
}

/// An operand of a reduction or dot kernel: its view, element type in
/// memory, block and block-index map.
struct KernelOperand {
  Value view;
  Type storage;
  SmallVector<int64_t, 3> block;
  AffineMap map;
};

/// Twice (double-buffered) the VMEM bytes of the blocks of `operands`.
int64_t doubleBufferedBytes(ArrayRef<KernelOperand> operands) {
  int64_t bytes = 0;
  for (const KernelOperand &operand : operands)
    bytes += tpu::getPaddedVmemBytes(
        MemRefType::get(operand.block, operand.storage));
  return 2 * bytes;
}

/// Creates a kernel over `operands` (`numInputs` inputs, then outputs) and
/// its body block (grid indices, then one VMEM block per operand), and
/// moves `b` into the body.
Block *createKernel(OpBuilder &b, Location loc,
                    ArrayRef<KernelOperand> operands, unsigned numInputs,
                    ArrayRef<int64_t> grid,
                    ArrayRef<tpu::DimensionSemantics> semantics) {
  MLIRContext *context = b.getContext();
  SmallVector<Value> ins, outs;
  SmallVector<Attribute> specs, semanticAttrs;
  for (auto [k, operand] : llvm::enumerate(operands)) {
    (k < numInputs ? ins : outs).push_back(operand.view);
    specs.push_back(
        tpu::BlockSpecAttr::get(context, operand.block, operand.map));
  }
  for (tpu::DimensionSemantics s : semantics)
    semanticAttrs.push_back(tpu::DimensionSemanticsAttr::get(context, s));
  auto kernel = tpu::KernelOp::create(b, loc, ins, outs, grid,
                                      b.getArrayAttr(semanticAttrs),
                                      b.getArrayAttr(specs), tpu::TargetAttr());
  Block *body = new Block();
  kernel.getBody().push_back(body);
  for (size_t d = 0; d < grid.size(); ++d)
    body->addArgument(b.getIndexType(), loc);
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  for (const KernelOperand &operand : operands)
    body->addArgument(MemRefType::get(operand.block, operand.storage,
                                      MemRefLayoutAttrInterface(), vmem),
                      loc);
  b.setInsertionPointToStart(body);
  return body;
}

/// One native register of `storage` loaded from `ref` at `indices`.
Value loadRegister(OpBuilder &b, Location loc, Value ref, ValueRange indices,
                   Type storage) {
  auto type = registerType(storage, tpu::getNativeSublaneTile(storage));
  return tpu::LoadOp::create(b, loc, type, ref, indices, Value(), nullptr);
}

/// Predicates are bytes in memory and i1 in registers.
Value toLogical(OpBuilder &b, Location loc, Value v, Type logical) {
  if (!logical.isInteger(1))
    return v;
  Value zeros = arith::ConstantOp::create(b, loc, v.getType(),
                                          b.getZeroAttr(v.getType()));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zeros);
}

Value toStorage(OpBuilder &b, Location loc, Value v, Type storage) {
  auto type = cast<VectorType>(v.getType());
  if (type.getElementType() == storage)
    return v;
  return arith::ExtUIOp::create(b, loc, type.clone(storage), v);
}

/// The identity of the reduction `combiner` on elements of hlo type
/// `element` (the value masked padding takes).
TypedAttr getIdentity(OpBuilder &b, Operation *combiner, Type element) {
  Type scalar = getSignlessScalarType(element);
  if (auto floatType = dyn_cast<FloatType>(scalar)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    if (isa<MaxOp, MinOp>(combiner))
      return b.getFloatAttr(
          scalar, llvm::APFloat::getInf(semantics, isa<MaxOp>(combiner)));
    return b.getFloatAttr(scalar, isa<MulOp>(combiner) ? 1.0 : 0.0);
  }
  unsigned width = scalar.getIntOrFloatBitWidth();
  bool isUnsigned = element.isUnsignedInteger() || width == 1;
  llvm::APInt value(width, 0);
  if (isa<MulOp>(combiner))
    value = llvm::APInt(width, 1);
  else if (isa<AndOp>(combiner))
    value = llvm::APInt::getAllOnes(width);
  else if (isa<MaxOp>(combiner))
    value = isUnsigned ? llvm::APInt::getMinValue(width)
                       : llvm::APInt::getSignedMinValue(width);
  else if (isa<MinOp>(combiner))
    value = isUnsigned ? llvm::APInt::getMaxValue(width)
                       : llvm::APInt::getSignedMaxValue(width);
  return b.getIntegerAttr(scalar, value);
}

/// The tpu reduction kind that computes `combiner` on 32-bit `element`s
/// within a register, if any (other combiners and types reduce by
/// rotations).
std::optional<tpu::ReductionKind> getReductionKind(Operation *combiner,
                                                   Type element) {
  if (element.getIntOrFloatBitWidth() != 32)
    return std::nullopt;
  if (isa<AddOp>(combiner))
    return tpu::ReductionKind::sum;
  if (element.isUnsignedInteger())
    return std::nullopt;
  if (isa<MaxOp>(combiner))
    return tpu::ReductionKind::max;
  if (isa<MinOp>(combiner))
    return tpu::ReductionKind::min;
  return std::nullopt;
}

/// `v` rotated by `shift` along dimension `dim` (element x takes element
/// x + shift): a lane or sublane rotation of the XLU.
Value rotate(OpBuilder &b, Location loc, Value v, int64_t shift, int64_t dim) {
  auto type = cast<VectorType>(v.getType());
  int64_t size = type.getDimSize(dim);
  SmallVector<int64_t> offsets(2, 0), sizes(type.getShape()), ones(2, 1);
  offsets[dim] = shift;
  sizes[dim] = size - shift;
  Value high = vector::ExtractStridedSliceOp::create(b, loc, v, offsets, sizes,
                                                     ones);
  offsets[dim] = 0;
  sizes[dim] = shift;
  Value low = vector::ExtractStridedSliceOp::create(b, loc, v, offsets, sizes,
                                                    ones);
  SmallVector<int64_t> at(2, 0);
  Value result =
      vector::InsertStridedSliceOp::create(b, loc, high, v, at, ones);
  at[dim] = size - shift;
  return vector::InsertStridedSliceOp::create(b, loc, low, result, at, ones);
}

/// The body of the reduction `region` applied to registers of `rows` rows:
/// `arguments` stand for its block arguments, every op is applied to whole
/// vectors (emitElementwise) and splat constants become splat registers.
/// Returns the registers it returns.
FailureOr<SmallVector<Value>> emitBodyOnRegisters(OpBuilder &b, Location loc,
                                                  Region &region,
                                                  ValueRange arguments,
                                                  int64_t rows) {
  Block &block = region.front();
  IRMapping map;
  map.map(block.getArguments(), arguments);
  auto lookup = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    // A splat constant, in the body or outside it (checkElementwiseBody).
    auto attr =
        cast<DenseElementsAttr>(v.getDefiningOp<ConstantOp>().getValue());
    Value splat = splatConstant(
        b, loc, attr,
        registerType(getSignlessScalarType(attr.getElementType()), rows));
    map.map(v, splat);
    return splat;
  };
  for (Operation &op : block.without_terminator()) {
    if (isa<ConstantOp>(op))
      continue;
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(lookup(operand));
    FailureOr<Value> result = emitElementwise(b, &op, operands, rows);
    if (failed(result))
      return failure();
    map.map(op.getResult(0), *result);
  }
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(lookup(v));
  return results;
}

LogicalResult KernelBuilder::emitReduceKernel(OpBuilder &b, Unit &unit,
                                              ArrayRef<Value> inputs,
                                              ArrayRef<Value> outputs) {
  auto reduce = cast<ReduceOp>(unit.op);
  Location loc = reduce.getLoc();
  MLIRContext *context = b.getContext();
  ArrayRef<int64_t> shape = unit.shape;
  ArrayRef<int64_t> dims = reduce.getDimensions();
  int64_t rank = shape.size();
  unsigned n = reduce.getInputs().size();
  // The input as [A, R, C]: the dimensions before, in and after the
  // reduced ones.
  int64_t first = dims.empty() ? rank : dims.front();
  int64_t last = dims.empty() ? rank - 1 : dims.back();
  int64_t a = 1, r = 1, c = 1;
  for (int64_t d = 0; d < rank; ++d)
    (d < first ? a : d <= last ? r : c) *= shape[d];
  // Per array: its element type, as registers hold it, as memory does,
  // and its native sublane tile. Registers of all arrays have the rows of
  // the largest tile (`tile`): the body computes on them together.
  struct Array {
    Type element, logical, storage;
    int64_t tile;
  };
  SmallVector<Array> arrays;
  int64_t tile = 1;
  for (unsigned k = 0; k < n; ++k) {
    Type element =
        cast<RankedTensorType>(reduce.getInputs()[k].getType()).getElementType();
    Type storage = cast<MemRefType>(inputs[k].getType()).getElementType();
    arrays.push_back({element, getSignlessScalarType(element), storage,
                      tpu::getNativeSublaneTile(storage)});
    tile = std::max(tile, arrays.back().tile);
  }
  bool lanes = c == 1;

  AffineExpr d0 = getAffineDimExpr(0, context), d1 = getAffineDimExpr(1, context),
             d2 = getAffineDimExpr(2, context);
  AffineExpr zero = getAffineConstantExpr(0, context);
  SmallVector<KernelOperand> operands;
  SmallVector<int64_t> grid;
  SmallVector<tpu::DimensionSemantics> semantics;
  int64_t blockRows, blockColumns, blockReduced;
  if (lanes) {
    // Rows of [A, R] reduced across the lanes: grid (row blocks, R blocks).
    blockRows = a < tile ? a : std::min(a / tile * tile, kMaxBlockRows);
    blockReduced = r < kLanes ? r : std::min(r / kLanes * kLanes, kMaxBlockLanes);
    blockColumns = 1;
  } else {
    // Columns of [A, R, C] reduced across the sublanes: grid (A, column
    // blocks, R blocks).
    blockRows = 1;
    blockReduced = r < tile ? r : std::min(r / tile * tile, kMaxBlockRows);
    blockColumns = c < kLanes ? c : std::min(c / kLanes * kLanes, kMaxBlockLanes);
  }
  // The arrays' blocks, then their init values', then the results'.
  auto setOperands = [&] {
    operands.clear();
    for (unsigned k = 0; k < n; ++k) {
      Type storage = arrays[k].storage;
      if (lanes)
        operands.push_back({viewAs(b, loc, inputs[k], {a, r}), storage,
                            {blockRows, blockReduced},
                            AffineMap::get(2, 0, {d0, d1}, context)});
      else
        operands.push_back({viewAs(b, loc, inputs[k], {a, r, c}), storage,
                            {1, blockReduced, blockColumns},
                            AffineMap::get(3, 0, {d0, d2, d1}, context)});
    }
    for (unsigned k = 0; k < n; ++k)
      operands.push_back(
          {viewAs(b, loc, inputs[n + k], {1, 1}), arrays[k].storage, {1, 1},
           AffineMap::get(lanes ? 2 : 3, 0, {zero, zero}, context)});
    for (unsigned k = 0; k < n; ++k) {
      Type storage = arrays[k].storage;
      if (lanes)
        operands.push_back({viewAs(b, loc, outputs[k], {a, 1}), storage,
                            {blockRows, 1},
                            AffineMap::get(2, 0, {d0, zero}, context)});
      else
        operands.push_back({viewAs(b, loc, outputs[k], {a, 1, c}), storage,
                            {1, 1, blockColumns},
                            AffineMap::get(3, 0, {d0, zero, d1}, context)});
    }
  };
  setOperands();
  while (doubleBufferedBytes(operands) > target.getVmemBytes() / 2 &&
         blockReduced > kLanes && lanes) {
    blockReduced = std::max(kLanes, blockReduced / 2 / kLanes * kLanes);
    setOperands();
  }
  if (doubleBufferedBytes(operands) > target.getVmemBytes())
    return reduce.emitError() << "the blocks of this reduction do not fit the "
                                 "VMEM of "
                              << target.getChip();
  if (lanes) {
    grid = {ceilDiv(a, blockRows), ceilDiv(r, blockReduced)};
    semantics = {tpu::DimensionSemantics::parallel,
                 tpu::DimensionSemantics::arbitrary};
  } else {
    grid = {a, ceilDiv(c, blockColumns), ceilDiv(r, blockReduced)};
    semantics = {tpu::DimensionSemantics::parallel,
                 tpu::DimensionSemantics::parallel,
                 tpu::DimensionSemantics::arbitrary};
  }

  OpBuilder::InsertionGuard guard(b);
  Block *body = createKernel(b, loc, operands, 2 * n, grid, semantics);
  unsigned gridRank = grid.size();
  Value kIndex = body->getArgument(gridRank - 1);
  auto inBlock = [&](unsigned k) { return body->getArgument(gridRank + k); };
  auto initBlock = [&](unsigned k) {
    return body->getArgument(gridRank + n + k);
  };
  auto outBlock = [&](unsigned k) {
    return body->getArgument(gridRank + 2 * n + k);
  };
  Value c0 = indexConstant(b, loc, 0);
  // Elements of the reduced dimension in this block (fewer in the last).
  Value valid = remainingExtent(b, loc, kIndex, r, blockReduced);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kIndex, c0);
  auto regType = [&](unsigned k) {
    return registerType(arrays[k].logical, tile);
  };

  // `tile` rows of array k at `indices` (the second-minor one the first
  // row) of a block whose padded rows end after `extent`: its native
  // registers stacked, those past the padded block zeros.
  auto loadRows = [&](unsigned k, Value ref, SmallVector<Value> indices,
                      int64_t extent) -> Value {
    const Array &array = arrays[k];
    if (array.tile == tile)
      return toLogical(b, loc,
                       loadRegister(b, loc, ref, indices, array.storage),
                       array.logical);
    int64_t count = std::min(tile / array.tile, ceilDiv(extent, array.tile));
    VectorType wide = registerType(array.storage, tile);
    Value result = arith::ConstantOp::create(b, loc, wide, b.getZeroAttr(wide));
    Value row = indices[indices.size() - 2];
    for (int64_t q = 0; q < count; ++q) {
      indices[indices.size() - 2] = arith::AddIOp::create(
          b, loc, row, indexConstant(b, loc, q * array.tile));
      Value reg = loadRegister(b, loc, ref, indices, array.storage);
      result = vector::InsertStridedSliceOp::create(
          b, loc, reg, result, ArrayRef<int64_t>{q * array.tile, 0},
          ArrayRef<int64_t>{1, 1});
    }
    return toLogical(b, loc, result, array.logical);
  };
  auto storeRows = [&](unsigned k, Value v, Value ref,
                       SmallVector<Value> indices, int64_t extent) {
    const Array &array = arrays[k];
    v = toStorage(b, loc, v, array.storage);
    if (array.tile == tile) {
      tpu::StoreOp::create(b, loc, v, ref, indices, Value(), nullptr);
      return;
    }
    int64_t count = std::min(tile / array.tile, ceilDiv(extent, array.tile));
    Value row = indices[indices.size() - 2];
    for (int64_t q = 0; q < count; ++q) {
      Value reg = vector::ExtractStridedSliceOp::create(
          b, loc, v, ArrayRef<int64_t>{q * array.tile, 0},
          ArrayRef<int64_t>{array.tile, kLanes}, ArrayRef<int64_t>{1, 1});
      indices[indices.size() - 2] = arith::AddIOp::create(
          b, loc, row, indexConstant(b, loc, q * array.tile));
      tpu::StoreOp::create(b, loc, reg, ref, indices, Value(), nullptr);
    }
  };
  // The body applied to (x, y): the one combiner, or the whole body.
  auto combine = [&](ValueRange x, ValueRange y) -> FailureOr<SmallVector<Value>> {
    if (unit.combiner) {
      FailureOr<Value> result =
          emitElementwise(b, unit.combiner, {x.front(), y.front()}, tile);
      if (failed(result))
        return failure();
      return SmallVector<Value>{*result};
    }
    SmallVector<Value> arguments(x.begin(), x.end());
    llvm::append_range(arguments, y);
    return emitBodyOnRegisters(b, loc, reduce.getBody(), arguments, tile);
  };
  // A body of one combiner reduces padding as the combiner's identity. Any
  // other body has no known identity: elements are combined only where
  // both sides hold some (`have`, per element), which is exact for any
  // body, at the price of a select per array and step.
  bool generic = !unit.combiner;
  VectorType maskType = VectorType::get({tile, kLanes}, b.getI1Type());
  // Where `haveY`: x combined with y (or y alone where not `haveX`); else x.
  auto merge = [&](ValueRange x, Value haveX, ValueRange y,
                   Value haveY) -> FailureOr<SmallVector<Value>> {
    FailureOr<SmallVector<Value>> combined = combine(x, y);
    if (failed(combined))
      return failure();
    Value both = arith::AndIOp::create(b, loc, haveX, haveY);
    SmallVector<Value> result;
    for (unsigned k = 0; k < n; ++k) {
      Value yOrX = arith::SelectOp::create(b, loc, haveY, y[k], x[k]);
      result.push_back(
          arith::SelectOp::create(b, loc, both, (*combined)[k], yOrX));
    }
    return result;
  };

  // The accumulators' start: the identity, or nothing held yet.
  SmallVector<Value> start;
  Value identity;
  if (generic) {
    for (unsigned k = 0; k < n; ++k)
      start.push_back(arith::ConstantOp::create(
          b, loc, regType(k), b.getZeroAttr(regType(k))));
    start.push_back(arith::ConstantOp::create(b, loc, maskType,
                                              b.getZeroAttr(maskType)));
  } else {
    identity = arith::ConstantOp::create(
        b, loc, regType(0),
        DenseElementsAttr::get(
            regType(0), getIdentity(b, unit.combiner, arrays[0].element)));
    start.push_back(identity);
  }
  // The outer loop over registers of the kept dimension, the inner one
  // over the reduced dimension.
  int64_t keptStep = lanes ? tile : kLanes;
  int64_t reducedStep = lanes ? kLanes : tile;
  auto outer = createPaddedLoop(b, loc, lanes ? blockRows : blockColumns,
                                keptStep);
  b.setInsertionPoint(outer.getBody()->getTerminator());
  Value kept = outer.getInductionVar();
  auto inner = createPaddedLoop(b, loc, blockReduced, reducedStep, start);
  {
    OpBuilder::InsertionGuard innerGuard(b);
    b.setInsertionPointToStart(inner.getBody());
    Value at = inner.getInductionVar();
    ValueRange acc = inner.getRegionIterArgs().take_front(n);
    SmallVector<Value> indices =
        lanes ? SmallVector<Value>{kept, at} : SmallVector<Value>{c0, at, kept};
    SmallVector<Value> x;
    for (unsigned k = 0; k < n; ++k)
      x.push_back(loadRows(k, inBlock(k), indices,
                           lanes ? blockRows : blockReduced));
    // Padding past the reduced dimension's end takes the identity (or is
    // left out).
    Value inside = arith::SubIOp::create(b, loc, valid, at);
    Value mask =
        lanes ? vector::CreateMaskOp::create(
                    b, loc, maskType,
                    ValueRange{indexConstant(b, loc, tile), inside})
              : vector::CreateMaskOp::create(
                    b, loc, maskType,
                    ValueRange{inside, indexConstant(b, loc, kLanes)});
    SmallVector<Value> next;
    if (generic) {
      Value have = inner.getRegionIterArgs().back();
      FailureOr<SmallVector<Value>> merged = merge(acc, have, x, mask);
      if (failed(merged))
        return failure();
      next = std::move(*merged);
      next.push_back(arith::OrIOp::create(b, loc, have, mask));
    } else {
      x.front() = arith::SelectOp::create(b, loc, mask, x.front(), identity);
      FailureOr<SmallVector<Value>> combined = combine(acc, x);
      if (failed(combined))
        return failure();
      next = std::move(*combined);
    }
    scf::YieldOp::create(b, loc, next);
  }
  // Across the register: the tpu reduction and broadcast, or rotations.
  SmallVector<Value> reduced(inner.getResults().begin(),
                             inner.getResults().begin() + n);
  std::optional<tpu::ReductionKind> kind;
  if (!generic)
    kind = getReductionKind(unit.combiner, arrays[0].element);
  if (kind && lanes) {
    Value column = tpu::ReduceLanesOp::create(
        b, loc, VectorType::get({tile, 1}, arrays[0].logical),
        tpu::ReductionKindAttr::get(context, *kind), reduced.front());
    reduced.front() = tpu::BroadcastLanesOp::create(b, loc, regType(0), column);
  } else if (kind) {
    Value row = tpu::ReduceSublanesOp::create(
        b, loc, VectorType::get({1, kLanes}, arrays[0].logical),
        tpu::ReductionKindAttr::get(context, *kind), reduced.front());
    reduced.front() =
        tpu::BroadcastSublanesOp::create(b, loc, regType(0), row);
  } else {
    int64_t size = lanes ? kLanes : tile;
    int64_t dim = lanes ? 1 : 0;
    Value have = generic ? inner.getResults().back() : Value();
    for (int64_t shift = size / 2; shift >= 1; shift /= 2) {
      SmallVector<Value> rotated;
      for (Value v : reduced)
        rotated.push_back(rotate(b, loc, v, shift, dim));
      Value haveRotated =
          generic ? rotate(b, loc, have, shift, dim) : Value();
      FailureOr<SmallVector<Value>> next =
          generic ? merge(reduced, have, rotated, haveRotated)
                  : combine(reduced, rotated);
      if (failed(next))
        return failure();
      reduced = std::move(*next);
      if (generic)
        have = arith::OrIOp::create(b, loc, have, haveRotated);
    }
  }
  // The first block starts from the init values, later ones from what the
  // earlier blocks left in the (resident) output blocks.
  SmallVector<Type> types;
  for (unsigned k = 0; k < n; ++k)
    types.push_back(regType(k));
  auto ifOp = scf::IfOp::create(b, loc, types, isFirst, /*withElse=*/true);
  SmallVector<Value> outIndices =
      lanes ? SmallVector<Value>{kept, c0} : SmallVector<Value>{c0, c0, kept};
  int64_t outExtent = lanes ? blockRows : 1;
  {
    OpBuilder::InsertionGuard ifGuard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> inits;
    for (unsigned k = 0; k < n; ++k) {
      Value init = toLogical(b, loc,
                             loadRegister(b, loc, initBlock(k),
                                          ValueRange{c0, c0}, arrays[k].storage),
                             arrays[k].logical);
      Value scalar =
          vector::ExtractOp::create(b, loc, init, ArrayRef<int64_t>{0, 0});
      inits.push_back(vector::BroadcastOp::create(b, loc, regType(k), scalar));
    }
    scf::YieldOp::create(b, loc, inits);
    b.setInsertionPointToStart(ifOp.elseBlock());
    SmallVector<Value> earlier;
    for (unsigned k = 0; k < n; ++k)
      earlier.push_back(loadRows(k, outBlock(k), outIndices, outExtent));
    scf::YieldOp::create(b, loc, earlier);
  }
  FailureOr<SmallVector<Value>> result = combine(ifOp.getResults(), reduced);
  if (failed(result))
    return failure();
  for (unsigned k = 0; k < n; ++k)
    storeRows(k, (*result)[k], outBlock(k), outIndices, outExtent);
  return success();
}

/// The block of a dot dimension of `extent` elements: the whole dimension
/// when it is at most one `granule`, or whole granules of at most
/// `maxBlock`; else a multiple of `granule` smaller than the dimension (the
/// body's loops step through whole granules of the padded block): among
/// the block counts from the fewest blocks of at most `maxBlock` to twice
/// as many, the blocks of equal size covering the dimension with the least
/// padding (then the fewest blocks).
int64_t chooseBlock(int64_t extent, int64_t granule, int64_t maxBlock) {
  if (extent <= granule || (extent % granule == 0 && extent <= maxBlock))
    return extent;
  int64_t fewest = ceilDiv(extent, maxBlock);
  int64_t best = std::min(extent / granule * granule, maxBlock);
  int64_t bestPadded = ceilDiv(extent, best) * best;
  for (int64_t count = fewest; count <= 2 * fewest; ++count) {
    int64_t block = roundUp(ceilDiv(extent, count), granule);
    int64_t padded = ceilDiv(extent, block) * block;
    if (block < extent && padded < bestPadded) {
      best = block;
      bestPadded = padded;
    }
  }
  return best;
}

/// The block of a dot dimension (chooseBlock) of at most `limit` elements,
/// the pass's `option` (dot-block-m/k/n), or `defaultLimit` when it is 0.
/// A limit must be whole `granule`s: the body's loops step through whole
/// tiles of a block.
FailureOr<int64_t> chooseDotBlock(Operation *dot, StringRef option,
                                  int64_t extent, int64_t granule,
                                  int64_t limit, int64_t defaultLimit) {
  if (limit == 0)
    return chooseBlock(extent, granule, defaultLimit);
  if (limit % granule != 0)
    return dot->emitError()
           << option << "=" << limit << " is not a multiple of the "
           << granule << "-element tiles of this dot's dimension";
  return chooseBlock(extent, granule, limit);
}

/// A loop from `from` to `to` by `step`.
scf::ForOp createLoop(OpBuilder &b, Location loc, int64_t from, int64_t to,
                      int64_t step) {
  Value lower = indexConstant(b, loc, from);
  Value upper = indexConstant(b, loc, to);
  Value stepSize = indexConstant(b, loc, step);
  return scf::ForOp::create(b, loc, lower, upper, stepSize);
}

/// Stores zeros into the columns (`alongColumns`) or the rows from `from`
/// on of the VMEM block `ref` ([1, rows, columns], held padded to whole
/// tiles of `storage`).
void zeroFrom(OpBuilder &b, Location loc, Value ref, Type storage,
              int64_t rows, int64_t columns, int64_t from, bool alongColumns) {
  OpBuilder::InsertionGuard guard(b);
  int64_t tile = tpu::getNativeSublaneTile(storage);
  auto type = registerType(storage, tile);
  auto maskType = VectorType::get({tile, kLanes}, b.getI1Type());
  // The loop over the zeroed dimension starts at the tile holding `from`.
  int64_t step = alongColumns ? kLanes : tile;
  int64_t extent = alongColumns ? columns : rows;
  auto edgeLoop =
      createLoop(b, loc, from / step * step, roundUp(extent, step), step);
  b.setInsertionPoint(edgeLoop.getBody()->getTerminator());
  Value edge = edgeLoop.getInductionVar();
  // Lanes (sublanes) at or past `from`: not the ones before it.
  Value fromValue = indexConstant(b, loc, from);
  Value before = arith::SubIOp::create(b, loc, fromValue, edge);
  Value whole = indexConstant(b, loc, alongColumns ? tile : kLanes);
  SmallVector<Value> keepSizes = alongColumns ? SmallVector<Value>{whole, before}
                                              : SmallVector<Value>{before, whole};
  Value keep = vector::CreateMaskOp::create(b, loc, maskType, keepSizes);
  Value ones = arith::ConstantOp::create(
      b, loc, maskType, DenseElementsAttr::get(maskType, b.getBoolAttr(true)));
  Value mask = arith::XOrIOp::create(b, loc, keep, ones);
  Value zeros = arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
  auto crossLoop = alongColumns ? createPaddedLoop(b, loc, rows, tile)
                                : createPaddedLoop(b, loc, columns, kLanes);
  b.setInsertionPoint(crossLoop.getBody()->getTerminator());
  Value c0 = indexConstant(b, loc, 0);
  Value cross = crossLoop.getInductionVar();
  SmallVector<Value> indices = alongColumns ? SmallVector<Value>{c0, cross, edge}
                                            : SmallVector<Value>{c0, edge, cross};
  tpu::StoreOp::create(b, loc, zeros, ref, indices, mask, nullptr);
}

void copyPieces(OpBuilder &b, Location loc,
                ArrayRef<std::pair<Value, Value>> pieces, Value semaphores,
                int64_t chunkBytes);
void copyAndWait(OpBuilder &b, Location loc, Value source, Value target,
                 Value semaphores);

LogicalResult KernelBuilder::emitCopy(OpBuilder &b, Unit &unit,
                                      ArrayRef<Value> inputs,
                                      ArrayRef<Value> outputs) {
  Operation *op = unit.op;
  Location loc = op->getLoc();
  MLIRContext *context = b.getContext();
  Value output = outputs.front();
  auto outputType = cast<MemRefType>(output.getType());
  int64_t rank = outputType.getRank();
  auto ones = [&](int64_t count) {
    return SmallVector<OpFoldResult>(count, b.getIndexAttr(1));
  };
  auto attrs = [&](ArrayRef<int64_t> values) {
    SmallVector<OpFoldResult> result;
    for (int64_t value : values)
      result.push_back(b.getIndexAttr(value));
    return result;
  };
  // The pieces: an HBM view of an operand and the window of the output it
  // goes to.
  SmallVector<std::pair<Value, Value>> pieces;
  if (auto slice = dyn_cast<SliceOp>(op)) {
    Value source = memref::SubViewOp::create(
        b, loc, inputs[0], attrs(slice.getStartIndices()),
        attrs(outputType.getShape()), attrs(slice.getStrides()));
    pieces.push_back({source, output});
  } else if (auto transpose = dyn_cast<TransposeOp>(op)) {
    SmallVector<unsigned> permutation;
    for (int64_t d : transpose.getPermutation())
      permutation.push_back(d);
    AffineMap map = AffineMap::getPermutationMap(permutation, context);
    Value source = memref::TransposeOp::create(b, loc, inputs[0],
                                               AffineMapAttr::get(map));
    pieces.push_back({source, output});
  } else if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
    // The operand seen in the result's shape: its strides along the
    // dimensions it maps to (where their sizes agree), zero elsewhere.
    auto type = cast<MemRefType>(inputs[0].getType());
    SmallVector<int64_t> operandStrides = computeStrides(type.getShape());
    SmallVector<int64_t> strides(rank, 0);
    for (auto [k, d] : llvm::enumerate(broadcast.getBroadcastDimensions()))
      if (type.getDimSize(k) == outputType.getDimSize(d))
        strides[d] = operandStrides[k];
    auto viewType = MemRefType::get(
        outputType.getShape(), type.getElementType(),
        StridedLayoutAttr::get(context, 0, strides), type.getMemorySpace());
    Value source = memref::ReinterpretCastOp::create(
        b, loc, viewType, inputs[0], 0, outputType.getShape(), strides);
    pieces.push_back({source, output});
  } else if (auto reverse = dyn_cast<ReverseOp>(op)) {
    // The operand read backwards along the reversed dimensions: negative
    // strides from the last element.
    auto type = cast<MemRefType>(inputs[0].getType());
    SmallVector<int64_t> strides = computeStrides(type.getShape());
    int64_t offset = 0;
    for (int64_t d : reverse.getDimensions()) {
      offset += (type.getDimSize(d) - 1) * strides[d];
      strides[d] = -strides[d];
    }
    auto viewType = MemRefType::get(
        type.getShape(), type.getElementType(),
        StridedLayoutAttr::get(context, offset, strides),
        type.getMemorySpace());
    Value source = memref::ReinterpretCastOp::create(
        b, loc, viewType, inputs[0], offset, type.getShape(), strides);
    pieces.push_back({source, output});
  } else {
    auto concatenate = cast<ConcatenateOp>(op);
    int64_t dimension = concatenate.getDimension();
    int64_t at = 0;
    for (Value input : inputs) {
      auto type = cast<MemRefType>(input.getType());
      if (type.getDimSize(dimension) == 0)
        continue;
      SmallVector<int64_t> offsets(rank, 0);
      offsets[dimension] = at;
      Value window = memref::SubViewOp::create(
          b, loc, output, attrs(offsets), attrs(type.getShape()), ones(rank));
      pieces.push_back({input, window});
      at += type.getDimSize(dimension);
    }
  }
  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  auto semaphoreType = tpu::getSemaphoresType(context, 1);
  Value semaphores = tpu::SemAllocOp::create(b, loc, semaphoreType);
  copyPieces(b, loc, pieces, semaphores, getCopyChunkBytes());
  return success();
}

/// The dimensions of a copy of `shape` that its VMEM buffer keeps: all but
/// those of one element, and at least the last two (or all of a smaller
/// rank). A unit dimension among the last two would be padded to a whole
/// tile (a [.., 1, 3] window of f32 takes 8 x 128 words a row); views of
/// HBM and VMEM drop it alike.
SmallVector<int64_t> getKeptDimensions(ArrayRef<int64_t> shape) {
  int64_t rank = shape.size();
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (shape[d] != 1)
      kept.push_back(d);
  for (int64_t d = rank - 1;
       d >= 0 && static_cast<int64_t>(kept.size()) < std::min<int64_t>(2, rank);
       --d)
    if (!llvm::is_contained(kept, d))
      kept.push_back(d);
  llvm::sort(kept);
  return kept;
}

/// The window of `ref` at `offsets` of `sizes` (unit strides), as a memref
/// of `shape`: the sizes without the dimensions a copy drops (a
/// rank-reducing subview).
Value getChunkView(OpBuilder &b, Location loc, Value ref,
                   ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes,
                   ArrayRef<int64_t> shape) {
  auto type = cast<MemRefType>(ref.getType());
  SmallVector<OpFoldResult> sizeAttrs, strides;
  for (int64_t size : sizes) {
    sizeAttrs.push_back(b.getIndexAttr(size));
    strides.push_back(b.getIndexAttr(1));
  }
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      shape, type, offsets, sizeAttrs, strides);
  return memref::SubViewOp::create(b, loc, viewType, ref, offsets, sizeAttrs,
                                   strides);
}

/// Copies each piece (an HBM view, the HBM window it goes to) through VMEM
/// in chunks whose buffers, padded to whole tiles, take at most
/// `chunkBytes`: a piece that fits is one chunk, waited for in and out; a
/// larger one is cut along its outermost dimension whose inner dimensions
/// fit (whole tiles of it when it is one of the last two) and its chunks
/// stream through two VMEM buffers, a grid of one `parallel` dimension as
/// a Pallas kernel with the identity body would: the DMA out of one buffer
/// is in flight while the next chunk comes into the other, and is waited
/// for before that buffer is filled again. The DMAs in and those of a
/// piece of one chunk use the first of `semaphores`; the DMAs out of the
/// two buffers two semaphores of their own.
void copyPieces(OpBuilder &b, Location loc,
                ArrayRef<std::pair<Value, Value>> pieces, Value semaphores,
                int64_t chunkBytes) {
  MLIRContext *context = b.getContext();
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  for (const auto &piece : pieces) {
    Value source = piece.first, window = piece.second;
    // Each piece's buffers only live while it is copied (a concatenation
    // of many pieces would otherwise hold them all).
    OpBuilder::InsertionGuard pieceGuard(b);
    if (pieces.size() > 1)
      tpu_kernels::enterAllocaScope(b, loc);
    auto windowType = cast<MemRefType>(window.getType());
    Type element = windowType.getElementType();
    ArrayRef<int64_t> shape = windowType.getShape();
    int64_t rank = shape.size();
    SmallVector<int64_t> kept = getKeptDimensions(shape);
    SmallVector<int64_t> reduced;
    for (int64_t d : kept)
      reduced.push_back(shape[d]);
    int64_t keptRank = reduced.size();
    SmallVector<int64_t> padded = tpu::getPaddedVmemShape(reduced, element);
    int64_t elementBytes = tpu::getPaddedVmemBytes(MemRefType::get({}, element));
    // suffix[d]: the padded bytes of dimensions d and after.
    SmallVector<int64_t> suffix(keptRank + 1, elementBytes);
    for (int64_t d = keptRank - 1; d >= 0; --d)
      suffix[d] = suffix[d + 1] * padded[d];

    // The dimension cut (of the kept ones), its chunk and its remainder.
    int64_t cut = -1, chunk = 0;
    for (int64_t d = 0; d < keptRank; ++d)
      if (suffix[d] > chunkBytes)
        cut = d;
    if (cut >= 0) {
      int64_t granule = cut == keptRank - 1   ? kLanes
                        : cut == keptRank - 2 ? tpu::getNativeSublaneTile(element)
                                              : 1;
      chunk = std::max(granule, chunkBytes / suffix[cut + 1] / granule * granule);
      chunk = std::min(chunk, reduced[cut]);
    }

    // One phase: `count` chunks of `size` elements along the cut from
    // `base` on, for every index of the kept dimensions before it.
    auto copyChunks = [&](int64_t size, int64_t count, int64_t base) {
      // The chunk in the piece's dimensions and in the buffer's.
      SmallVector<int64_t> sizes(shape), chunkShape(reduced);
      int64_t outer = 1;
      if (cut >= 0) {
        for (int64_t d = 0; d < cut; ++d) {
          sizes[kept[d]] = 1;
          chunkShape[d] = 1;
          outer *= reduced[d];
        }
        sizes[kept[cut]] = size;
        chunkShape[cut] = size;
      }
      int64_t total = outer * count;
      SmallVector<int64_t> chunkPadded =
          tpu::getPaddedVmemShape(chunkShape, element);
      if (total == 1) {
        // One buffer, one chunk: in, waited for, out, waited for.
        Value buffer = memref::AllocaOp::create(
            b, loc,
            MemRefType::get(chunkPadded, element, MemRefLayoutAttrInterface(),
                            vmem));
        Value into = buffer;
        if (chunkPadded != chunkShape)
          into = getChunkView(
              b, loc, buffer,
              SmallVector<OpFoldResult>(keptRank, b.getIndexAttr(0)),
              chunkShape, chunkShape);
        Value from = source, to = window;
        if (sizes != shape || keptRank != rank) {
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          if (cut >= 0)
            offsets[kept[cut]] = b.getIndexAttr(base);
          from = getChunkView(b, loc, source, offsets, sizes, chunkShape);
          to = getChunkView(b, loc, window, offsets, sizes, chunkShape);
        }
        copyAndWait(b, loc, from, into, semaphores);
        copyAndWait(b, loc, into, to, semaphores);
        return;
      }
      SmallVector<int64_t> bufferShape = {2};
      llvm::append_range(bufferShape, chunkPadded);
      Value buffer = memref::AllocaOp::create(
          b, loc,
          MemRefType::get(bufferShape, element, MemRefLayoutAttrInterface(),
                          vmem));
      Value outSemaphores =
          tpu::SemAllocOp::create(b, loc, tpu::getSemaphoresType(context, 2));
      // The chunk's place in buffer `slot`.
      auto local = [&](OpFoldResult slot) {
        SmallVector<OpFoldResult> offsets(keptRank + 1, b.getIndexAttr(0));
        offsets[0] = slot;
        SmallVector<int64_t> localSizes = {1};
        llvm::append_range(localSizes, chunkShape);
        return getChunkView(b, loc, buffer, offsets, localSizes, chunkShape);
      };
      // The chunk's offsets in the piece at chunk number `j`.
      auto pieceOffsets = [&](Value j) {
        SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
        if (cut < 0)
          return offsets;
        Value countValue = indexConstant(b, loc, count);
        Value outerIndex = arith::DivUIOp::create(b, loc, j, countValue);
        Value chunkIndex = arith::RemUIOp::create(b, loc, j, countValue);
        Value first = arith::MulIOp::create(b, loc, chunkIndex,
                                            indexConstant(b, loc, size));
        Value baseValue = indexConstant(b, loc, base);
        offsets[kept[cut]] =
            arith::AddIOp::create(b, loc, baseValue, first).getResult();
        for (int64_t d = cut - 1; d >= 0; --d) {
          Value extent = indexConstant(b, loc, reduced[d]);
          offsets[kept[d]] =
              arith::RemUIOp::create(b, loc, outerIndex, extent).getResult();
          outerIndex = arith::DivUIOp::create(b, loc, outerIndex, extent);
        }
        return offsets;
      };
      Value c2 = indexConstant(b, loc, 2);
      auto loop = createLoop(b, loc, 0, total, 1);
      {
        OpBuilder::InsertionGuard loopGuard(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        Value j = loop.getInductionVar();
        Value slot = arith::RemUIOp::create(b, loc, j, c2);
        // The buffer's previous chunk (two back) must be out first.
        Value reused = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                             j, c2);
        auto ifOp = scf::IfOp::create(b, loc, reused, /*withElse=*/false);
        {
          OpBuilder::InsertionGuard ifGuard(b);
          b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
          tpu::DmaWaitOp::create(b, loc, outSemaphores, ValueRange{slot},
                                 local(slot));
        }
        SmallVector<OpFoldResult> offsets = pieceOffsets(j);
        Value from = getChunkView(b, loc, source, offsets, sizes, chunkShape);
        Value to = getChunkView(b, loc, window, offsets, sizes, chunkShape);
        Value into = local(slot);
        copyAndWait(b, loc, from, into, semaphores);
        tpu::DmaStartOp::create(b, loc, into, to, outSemaphores,
                                ValueRange{slot});
      }
      // The last two chunks' DMAs out.
      for (int64_t slot : {(total - 2) % 2, (total - 1) % 2}) {
        Value slotIndex = indexConstant(b, loc, slot);
        Value previous = local(b.getIndexAttr(slot));
        tpu::DmaWaitOp::create(b, loc, outSemaphores, ValueRange{slotIndex},
                               previous);
      }
    };
    if (cut < 0) {
      copyChunks(0, 1, 0);
      continue;
    }
    int64_t full = reduced[cut] / chunk, rest = reduced[cut] % chunk;
    copyChunks(chunk, full, 0);
    if (rest != 0)
      copyChunks(rest, 1, full * chunk);
  }
}

/// A dynamic_slice or dynamic_update_slice: the scalar core reads the start
/// indices (each DMA'd from HBM into SMEM and loaded), clamps them so that
/// the window lies inside the operand (StableHLO's semantics), and DMAs
/// move the window through VMEM: the operand's window to the result, or
/// the operand to the result and then the update into its window.
LogicalResult KernelBuilder::emitDynamicSlice(OpBuilder &b, Unit &unit,
                                              ArrayRef<Value> inputs,
                                              ArrayRef<Value> outputs) {
  Operation *op = unit.op;
  Location loc = op->getLoc();
  MLIRContext *context = b.getContext();
  auto update = dyn_cast<DynamicUpdateSliceOp>(op);
  Value operand = inputs[0];
  Value output = outputs.front();
  auto operandType = cast<MemRefType>(operand.getType());
  int64_t rank = operandType.getRank();
  unsigned firstIndex = update ? 2 : 1;
  // The window's sizes: the slice's, or the update's shape.
  SmallVector<int64_t> sizes(
      update ? cast<MemRefType>(inputs[1].getType()).getShape()
             : cast<DynamicSliceOp>(op).getSliceSizes());
  auto attrs = [&](ArrayRef<int64_t> values) {
    SmallVector<OpFoldResult> result;
    for (int64_t value : values)
      result.push_back(b.getIndexAttr(value));
    return result;
  };
  SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));

  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  auto semaphoreType = tpu::getSemaphoresType(context, 1);
  Value semaphores = tpu::SemAllocOp::create(b, loc, semaphoreType);
  Value c0 = indexConstant(b, loc, 0);
  auto smem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::smem);
  SmallVector<OpFoldResult> offsets;
  for (int64_t d = 0; d < rank; ++d) {
    Value index = inputs[firstIndex + d];
    auto indexType = cast<MemRefType>(index.getType());
    Type element =
        getElementTypeOrSelf(op->getOperand(firstIndex + d).getType());
    auto scalarType = MemRefType::get({}, indexType.getElementType(),
                                      MemRefLayoutAttrInterface(), smem);
    Value scalar = memref::AllocaOp::create(b, loc, scalarType);
    tpu::DmaStartOp::create(b, loc, index, scalar, semaphores, ValueRange{c0});
    tpu::DmaWaitOp::create(b, loc, semaphores, ValueRange{c0}, scalar);
    Value value = memref::LoadOp::create(b, loc, scalar, ValueRange{});
    // Indices of at most 32 bits fit an index: zero- or sign-extended as
    // their type says.
    Value start;
    if (element.isUnsignedInteger())
      start = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
    else
      start = arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
    Value highest =
        indexConstant(b, loc, operandType.getDimSize(d) - sizes[d]);
    start = arith::MaxSIOp::create(b, loc, start, c0);
    start = arith::MinSIOp::create(b, loc, start, highest);
    offsets.push_back(start);
  }
  SmallVector<std::pair<Value, Value>> pieces;
  if (update) {
    pieces.push_back({operand, output});
    Value window = memref::SubViewOp::create(b, loc, output, offsets,
                                             attrs(sizes), ones);
    pieces.push_back({inputs[1], window});
  } else {
    Value window = memref::SubViewOp::create(b, loc, operand, offsets,
                                             attrs(sizes), ones);
    pieces.push_back({window, output});
  }
  copyPieces(b, loc, pieces, semaphores, getCopyChunkBytes());
  return success();
}

/// Floor and ceiling of a / b for b > 0.
int64_t floorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
int64_t ceilDivSigned(int64_t a, int64_t b) { return -floorDiv(-a, b); }

/// Calls `body` with the indices of every register of the VMEM buffer of
/// `shape` (rank >= 2, padded to whole (tile, 128) registers) inside
/// loops: one per leading dimension, then rows by `tile`, columns by 128.
void forEachRegister(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                     int64_t tile, function_ref<void(ValueRange)> body) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> indices;
  int64_t rank = shape.size();
  for (int64_t d = 0; d < rank; ++d) {
    int64_t step = d == rank - 1 ? kLanes : d == rank - 2 ? tile : 1;
    auto loop = createPaddedLoop(b, loc, shape[d], step);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    indices.push_back(loop.getInductionVar());
  }
  body(indices);
}

/// A DMA from `source` to `target` on the first of `semaphores`, waited
/// for on `target` (the copies outside kernels, one after the other).
void copyAndWait(OpBuilder &b, Location loc, Value source, Value target,
                 Value semaphores) {
  Value c0 = indexConstant(b, loc, 0);
  tpu::DmaStartOp::create(b, loc, source, target, semaphores, ValueRange{c0});
  tpu::DmaWaitOp::create(b, loc, semaphores, ValueRange{c0}, target);
}

/// The value of the scalar HBM array `scalar` ([1, 1]) as a register of
/// `storage`: copied into the VMEM register `buffer`, loaded, and its
/// first element broadcast (`logical` in registers).
Value broadcastFromHbm(OpBuilder &b, Location loc, Value scalar, Value buffer,
                       Value semaphores, Type storage, Type logical) {
  Value first = memref::SubViewOp::create(
      b, loc, buffer, ArrayRef<int64_t>{0, 0}, ArrayRef<int64_t>{1, 1},
      ArrayRef<int64_t>{1, 1});
  copyAndWait(b, loc, scalar, first, semaphores);
  int64_t tile = tpu::getNativeSublaneTile(storage);
  Value c0 = indexConstant(b, loc, 0);
  Value element = vector::ExtractOp::create(
      b, loc,
      toLogical(b, loc,
                loadRegister(b, loc, buffer, ValueRange{c0, c0}, storage),
                logical),
      ArrayRef<int64_t>{0, 0});
  Value splat = vector::BroadcastOp::create(b, loc, registerType(logical, tile),
                                            element);
  return toStorage(b, loc, splat, storage);
}

/// Stores `value` into every register of the VMEM buffer `buffer` of
/// `shape` (padded to whole registers of `tile` rows).
void fillRegisters(OpBuilder &b, Location loc, Value buffer,
                   ArrayRef<int64_t> shape, int64_t tile, Value value) {
  forEachRegister(b, loc, shape, tile, [&](ValueRange indices) {
    tpu::StoreOp::create(b, loc, value, buffer, indices, Value(), nullptr);
  });
}

LogicalResult KernelBuilder::emitReduceWindow(OpBuilder &b, Unit &unit,
                                              ArrayRef<Value> inputs,
                                              ArrayRef<Value> outputs) {
  auto window = cast<ReduceWindowOp>(unit.op);
  Location loc = window.getLoc();
  MLIRContext *context = b.getContext();
  // Several arrays (an argmax's values and indices) reduce together: an
  // accumulator, a window offset's elements and an init value each.
  int64_t numArrays = window.getInputs().size();
  SmallVector<Type> logicals, storages;
  for (int64_t k = 0; k < numArrays; ++k) {
    logicals.push_back(getSignlessScalarType(
        cast<RankedTensorType>(window.getInputs()[k].getType())
            .getElementType()));
    storages.push_back(cast<MemRefType>(inputs[k].getType()).getElementType());
  }
  int64_t tile = tpu::getNativeSublaneTile(storages.front());
  for (Type storage : storages)
    if (tpu::getNativeSublaneTile(storage) != tile)
      return notSupported(window, "a reduce_window of arrays of different "
                                  "element widths");
  SmallVector<int64_t> inShape(unit.shape);
  SmallVector<int64_t> outShape(
      cast<MemRefType>(outputs[0].getType()).getShape());
  SmallVector<int64_t> sizes(window.getWindowDimensions());
  SmallVector<int64_t> strides = window.getStridesOrDefault();
  SmallVector<int64_t> dilations = window.getWindowDilationsOrDefault();
  SmallVector<std::pair<int64_t, int64_t>> padding =
      window.getPaddingOrDefault();
  // A vector as one row: [1, n], a window of one row.
  if (inShape.size() == 1) {
    inShape.insert(inShape.begin(), 1);
    outShape.insert(outShape.begin(), 1);
    sizes.insert(sizes.begin(), 1);
    strides.insert(strides.begin(), 1);
    dilations.insert(dilations.begin(), 1);
    padding.insert(padding.begin(), {0, 0});
  }
  int64_t rank = inShape.size();
  SmallVector<Value> input, output, init;
  for (int64_t k = 0; k < numArrays; ++k) {
    input.push_back(viewAs(b, loc, inputs[k], inShape));
    output.push_back(viewAs(b, loc, outputs[k], outShape));
    init.push_back(viewAs(b, loc, inputs[numArrays + k], {1, 1}));
  }

  // VMEM per array: the accumulator and one window offset's elements,
  // both of the result's shape, and the init value.
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  SmallVector<MemRefType> bufferTypes, initTypes;
  int64_t bytes = 0;
  for (Type storage : storages) {
    bufferTypes.push_back(
        MemRefType::get(tpu::getPaddedVmemShape(outShape, storage), storage,
                        MemRefLayoutAttrInterface(), vmem));
    initTypes.push_back(MemRefType::get({tile, kLanes}, storage,
                                        MemRefLayoutAttrInterface(), vmem));
    bytes += 2 * tpu::getPaddedVmemBytes(bufferTypes.back()) +
             tpu::getPaddedVmemBytes(initTypes.back());
  }
  if (bytes > target.getVmemBytes() / 2)
    return notSupported(window, "a reduce_window whose result takes more "
                                "than a quarter of VMEM");
  auto attrs = [&](ArrayRef<int64_t> values) {
    SmallVector<OpFoldResult> result;
    for (int64_t value : values)
      result.push_back(b.getIndexAttr(value));
    return result;
  };
  SmallVector<int64_t> zeros(rank, 0), ones(rank, 1);

  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  Value semaphores =
      tpu::SemAllocOp::create(b, loc, tpu::getSemaphoresType(context, 1));
  auto copy = [&](Value source, Value target) {
    copyAndWait(b, loc, source, target, semaphores);
  };
  SmallVector<Value> acc, part, initRegister;
  for (int64_t k = 0; k < numArrays; ++k) {
    acc.push_back(memref::AllocaOp::create(b, loc, bufferTypes[k]));
    part.push_back(memref::AllocaOp::create(b, loc, bufferTypes[k]));
    Value initBuffer = memref::AllocaOp::create(b, loc, initTypes[k]);
    initRegister.push_back(broadcastFromHbm(b, loc, init[k], initBuffer,
                                            semaphores, storages[k],
                                            logicals[k]));
  }
  auto fill = [&](ArrayRef<Value> buffers) {
    for (int64_t k = 0; k < numArrays; ++k)
      fillRegisters(b, loc, buffers[k], outShape, tile, initRegister[k]);
  };
  LogicalResult combined = success();
  auto combine = [&] {
    forEachRegister(b, loc, outShape, tile, [&](ValueRange indices) {
      // The body's arguments: the accumulators, then the window offset's
      // elements.
      SmallVector<Value> arguments;
      for (ArrayRef<Value> buffers : {ArrayRef<Value>(acc), ArrayRef<Value>(part)})
        for (int64_t k = 0; k < numArrays; ++k)
          arguments.push_back(toLogical(
              b, loc, loadRegister(b, loc, buffers[k], indices, storages[k]),
              logicals[k]));
      // The one combiner, or any elementwise body applied to registers
      // (the accumulator starts from the init value, which padding
      // contributes too, so no identity is needed).
      FailureOr<SmallVector<Value>> next = failure();
      if (unit.combiner) {
        FailureOr<Value> one =
            emitElementwise(b, unit.combiner, arguments, tile);
        if (succeeded(one))
          next = SmallVector<Value>{*one};
      } else {
        next = emitBodyOnRegisters(b, loc, window.getBody(), arguments, tile);
      }
      if (failed(next)) {
        combined = failure();
        return;
      }
      for (int64_t k = 0; k < numArrays; ++k)
        tpu::StoreOp::create(b, loc,
                             toStorage(b, loc, (*next)[k], storages[k]),
                             acc[k], indices, Value(), nullptr);
    });
  };
  fill(acc);

  // Per dimension, the window offsets k whose elements all lie in the
  // array for every output (o * stride + k * dilation - low in [0, in)):
  // an interval, run as a loop; the others (reading padding for some
  // outputs) one by one, with the outputs that read inside the array.
  struct Segment {
    int64_t from, to;  // offsets [from, to)
    bool interior;
  };
  SmallVector<SmallVector<Segment>> segments(rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t low = padding[d].first, dil = dilations[d], stride = strides[d];
    int64_t first = std::max<int64_t>(0, ceilDivSigned(low, dil));
    int64_t last = std::min<int64_t>(
        sizes[d] - 1,
        floorDiv(inShape[d] - 1 + low - (outShape[d] - 1) * stride, dil));
    for (int64_t k = 0; k < sizes[d];) {
      if (k == first && first <= last) {
        segments[d].push_back({first, last + 1, true});
        k = last + 1;
        continue;
      }
      segments[d].push_back({k, k + 1, false});
      ++k;
    }
  }
  // Emits the offsets of segments chosen for dimensions before `d`
  // (`offsets`: the offset per dimension, a loop index for an interior
  // segment).
  SmallVector<Value> offsets(rank);
  SmallVector<const Segment *> chosen(rank);
  std::function<void(int64_t)> emit = [&](int64_t d) {
    if (d < rank) {
      for (const Segment &segment : segments[d]) {
        chosen[d] = &segment;
        if (segment.to - segment.from == 1) {
          offsets[d] = Value();
          emit(d + 1);
          continue;
        }
        OpBuilder::InsertionGuard loopGuard(b);
        auto loop = createLoop(b, loc, segment.from, segment.to, 1);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        offsets[d] = loop.getInductionVar();
        emit(d + 1);
      }
      return;
    }
    // The outputs [lo, hi) per dimension that read inside the array.
    SmallVector<int64_t> lo(rank), count(rank);
    SmallVector<OpFoldResult> sourceOffsets;
    bool full = true, empty = false;
    for (int64_t e = 0; e < rank; ++e) {
      int64_t low = padding[e].first, dil = dilations[e],
              stride = strides[e];
      if (chosen[e]->interior) {
        lo[e] = 0;
        count[e] = outShape[e];
        if (chosen[e]->to - chosen[e]->from == 1) {
          sourceOffsets.push_back(
              b.getIndexAttr(chosen[e]->from * dil - low));
          continue;
        }
        // The first output reads element k * dilation - low.
        Value scaled = arith::MulIOp::create(
            b, loc, offsets[e], indexConstant(b, loc, dil));
        sourceOffsets.push_back(
            arith::SubIOp::create(b, loc, scaled, indexConstant(b, loc, low))
                .getResult());
        continue;
      }
      int64_t k = chosen[e]->from;
      int64_t from = std::max<int64_t>(0, ceilDivSigned(low - k * dil, stride));
      int64_t to = std::min<int64_t>(
          outShape[e], floorDiv(inShape[e] - 1 + low - k * dil, stride) + 1);
      lo[e] = from;
      count[e] = std::max<int64_t>(0, to - from);
      full &= from == 0 && to == outShape[e];
      empty |= count[e] == 0;
      sourceOffsets.push_back(b.getIndexAttr(from * stride + k * dil - low));
    }
    // Outputs reading padding take the init value.
    if (!full)
      fill(part);
    if (!empty) {
      for (int64_t k = 0; k < numArrays; ++k) {
        Value source = memref::SubViewOp::create(
            b, loc, input[k], sourceOffsets, attrs(count), attrs(strides));
        Value target = memref::SubViewOp::create(
            b, loc, part[k], attrs(lo), attrs(count), attrs(ones));
        copy(source, target);
      }
    }
    combine();
  };
  emit(0);
  if (failed(combined))
    return failure();
  for (int64_t k = 0; k < numArrays; ++k) {
    Value result = memref::SubViewOp::create(b, loc, acc[k], attrs(zeros),
                                             attrs(outShape), attrs(ones));
    copy(result, output[k]);
  }
  return success();
}

LogicalResult KernelBuilder::emitPad(OpBuilder &b, Unit &unit,
                                     ArrayRef<Value> inputs,
                                     ArrayRef<Value> outputs) {
  auto pad = cast<PadOp>(unit.op);
  Location loc = pad.getLoc();
  MLIRContext *context = b.getContext();
  Type logical = getSignlessScalarType(pad.getType().getElementType());
  Type storage = cast<MemRefType>(inputs[0].getType()).getElementType();
  int64_t tile = tpu::getNativeSublaneTile(storage);
  SmallVector<int64_t> inShape(pad.getOperand().getType().getShape());
  SmallVector<int64_t> outShape(pad.getType().getShape());
  SmallVector<int64_t> low(pad.getEdgePaddingLow());
  SmallVector<int64_t> interior(pad.getInteriorPadding());
  // Nothing to write.
  if (pad.getType().getNumElements() == 0)
    return success();
  if (inShape.size() == 1) {
    inShape.insert(inShape.begin(), 1);
    outShape.insert(outShape.begin(), 1);
    low.insert(low.begin(), 0);
    interior.insert(interior.begin(), 0);
  }
  int64_t rank = inShape.size();
  // Per dimension, the operand's elements [from, from + count) that land
  // in the result, every interior + 1 elements from `at`.
  SmallVector<int64_t> from(rank), count(rank), at(rank), step(rank);
  bool empty = false;
  for (int64_t d = 0; d < rank; ++d) {
    step[d] = interior[d] + 1;
    from[d] = std::max<int64_t>(0, ceilDivSigned(-low[d], step[d]));
    int64_t last = std::min<int64_t>(inShape[d] - 1,
                                     floorDiv(outShape[d] - 1 - low[d], step[d]));
    count[d] = std::max<int64_t>(0, last - from[d] + 1);
    at[d] = low[d] + from[d] * step[d];
    empty |= count[d] == 0;
  }
  if (!empty && step[rank - 1] != 1)
    return notSupported(pad, "interior padding of the last dimension (a "
                             "DMA into VMEM writes whole rows of lanes)");
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  auto bufferType =
      MemRefType::get(tpu::getPaddedVmemShape(outShape, storage), storage,
                      MemRefLayoutAttrInterface(), vmem);
  auto scalarType = MemRefType::get({tile, kLanes}, storage,
                                    MemRefLayoutAttrInterface(), vmem);
  if (tpu::getPaddedVmemBytes(bufferType) > target.getVmemBytes() / 2)
    return notSupported(pad, "a pad larger than half of VMEM");
  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  Value semaphores =
      tpu::SemAllocOp::create(b, loc, tpu::getSemaphoresType(context, 1));
  // The result in VMEM: the padding value everywhere, then the operand's
  // elements at their places, then out to HBM.
  Value buffer = memref::AllocaOp::create(b, loc, bufferType);
  Value scalarBuffer = memref::AllocaOp::create(b, loc, scalarType);
  Value value =
      broadcastFromHbm(b, loc, viewAs(b, loc, inputs[1], {1, 1}), scalarBuffer,
                       semaphores, storage, logical);
  fillRegisters(b, loc, buffer, outShape, tile, value);
  SmallVector<int64_t> ones(rank, 1), zeros(rank, 0);
  if (!empty) {
    Value source = memref::SubViewOp::create(
        b, loc, viewAs(b, loc, inputs[0], inShape), from, count, ones);
    Value window =
        memref::SubViewOp::create(b, loc, buffer, at, count, step);
    copyAndWait(b, loc, source, window, semaphores);
  }
  Value result =
      memref::SubViewOp::create(b, loc, buffer, zeros, outShape, ones);
  copyAndWait(b, loc, result, viewAs(b, loc, outputs[0], outShape),
              semaphores);
  return success();
}

LogicalResult KernelBuilder::emitDotKernel(OpBuilder &b, Unit &unit,
                                           ArrayRef<Value> inputs,
                                           ArrayRef<Value> outputs) {
  auto dot = cast<DotGeneralOp>(unit.op);
  Location loc = dot.getLoc();
  MLIRContext *context = b.getContext();
  FailureOr<DotLayout> layout = analyzeDot(dot);
  if (failed(layout))
    return failure();
  int64_t batch = layout->batch, m = layout->m, k = layout->k, n = layout->n;
  bool transposeRhs = layout->transposeRhs;
  Type lhsStorage = cast<MemRefType>(inputs[0].getType()).getElementType();
  Type rhsStorage = cast<MemRefType>(inputs[1].getType()).getElementType();
  Type outStorage = cast<MemRefType>(outputs[0].getType()).getElementType();
  if (!outStorage.isF32())
    return notSupported(dot, "a product that is not f32");
  // bf16 products on the MXU; everything else in f32 (see Passes.td).
  Type f32 = b.getF32Type();
  Type compute = lhsStorage.isBF16() && rhsStorage.isBF16() ? lhsStorage : f32;
  int64_t mxuK = target.getMxuRows(), mxuN = target.getMxuCols();
  int64_t lhsTile = tpu::getNativeSublaneTile(lhsStorage);
  int64_t rhsTile = tpu::getNativeSublaneTile(rhsStorage);
  int64_t outTile = tpu::getNativeSublaneTile(f32);
  int64_t stepM = lhsTile;
  // Blocks of whole MXU tiles as large as a real kernel's (up to 1024 x
  // 512 x 1024 unless the options say otherwise): each output block is
  // resident across the K steps and each operand block moves once per
  // output block.
  FailureOr<int64_t> blockMOr = chooseDotBlock(
      dot, "dot-block-m", m, stepM, dotBlocks.m, kMaxDotBlockM);
  FailureOr<int64_t> blockKOr = chooseDotBlock(
      dot, "dot-block-k", k, mxuK, dotBlocks.k, kMaxDotBlockK);
  FailureOr<int64_t> blockNOr = chooseDotBlock(
      dot, "dot-block-n", n, mxuN, dotBlocks.n, kMaxDotBlockN);
  if (failed(blockMOr) || failed(blockKOr) || failed(blockNOr))
    return failure();
  int64_t blockM = *blockMOr, blockK = *blockKOr, blockN = *blockNOr;

  AffineExpr bd = getAffineDimExpr(0, context), id = getAffineDimExpr(1, context),
             jd = getAffineDimExpr(2, context), kd = getAffineDimExpr(3, context);
  SmallVector<KernelOperand> operands;
  operands.push_back({viewAs(b, loc, inputs[0], {batch, m, k}), lhsStorage,
                      {1, blockM, blockK},
                      AffineMap::get(4, 0, {bd, id, kd}, context)});
  if (transposeRhs)
    operands.push_back({viewAs(b, loc, inputs[1], {batch, n, k}), rhsStorage,
                        {1, blockN, blockK},
                        AffineMap::get(4, 0, {bd, jd, kd}, context)});
  else
    operands.push_back({viewAs(b, loc, inputs[1], {batch, k, n}), rhsStorage,
                        {1, blockK, blockN},
                        AffineMap::get(4, 0, {bd, kd, jd}, context)});
  operands.push_back({viewAs(b, loc, outputs[0], {batch, m, n}), f32,
                      {1, blockM, blockN},
                      AffineMap::get(4, 0, {bd, id, jd}, context)});
  if (doubleBufferedBytes(operands) > target.getVmemBytes() / 2)
    return dot.emitError() << "the blocks of this dot do not fit the VMEM of "
                           << target.getChip();
  SmallVector<int64_t> grid = {batch, ceilDiv(m, blockM), ceilDiv(n, blockN),
                               ceilDiv(k, blockK)};
  SmallVector<tpu::DimensionSemantics> semantics = {
      tpu::DimensionSemantics::parallel, tpu::DimensionSemantics::parallel,
      tpu::DimensionSemantics::parallel, tpu::DimensionSemantics::arbitrary};

  OpBuilder::InsertionGuard guard(b);
  Block *body = createKernel(b, loc, operands, 2, grid, semantics);
  Value kIndex = body->getArgument(3);
  Value lhsBlock = body->getArgument(4), rhsBlock = body->getArgument(5),
        outBlock = body->getArgument(6);
  Value c0 = indexConstant(b, loc, 0);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kIndex, c0);
  // The last K block's buffers hold stale data past K's end (a partial
  // block, or K below one MXU tile): zeros are stored there once per
  // block, so that the products need no masks.
  int64_t gridK = grid[3];
  int64_t edgeK = k - (gridK - 1) * blockK;
  bool lhsTail = edgeK < roundUp(blockK, kLanes);
  bool rhsTail = transposeRhs ? lhsTail : edgeK < roundUp(blockK, rhsTile);
  if (lhsTail || rhsTail) {
    auto emitZeros = [&] {
      if (lhsTail)
        zeroFrom(b, loc, lhsBlock, lhsStorage, blockM, blockK, edgeK,
                 /*alongColumns=*/true);
      if (rhsTail && transposeRhs)
        zeroFrom(b, loc, rhsBlock, rhsStorage, blockN, blockK, edgeK,
                 /*alongColumns=*/true);
      else if (rhsTail)
        zeroFrom(b, loc, rhsBlock, rhsStorage, blockK, blockN, edgeK,
                 /*alongColumns=*/false);
    };
    if (gridK == 1) {
      emitZeros();
    } else {
      Value lastK = indexConstant(b, loc, gridK - 1);
      Value isLastK =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kIndex, lastK);
      auto ifLast = scf::IfOp::create(b, loc, isLastK, /*withElse=*/false);
      OpBuilder::InsertionGuard lastGuard(b);
      b.setInsertionPointToStart(ifLast.thenBlock());
      emitZeros();
    }
  }
  auto accType = VectorType::get({stepM, mxuN}, f32);
  // Registers of one step that lie inside the (padded) blocks: all of them,
  // or, for a block smaller than one step, those of its padded size.
  int64_t outRows = std::min(stepM, roundUp(blockM, outTile));
  int64_t outChunks = std::min(mxuN, roundUp(blockN, kLanes)) / kLanes;
  int64_t lhsChunks = std::min(mxuK, roundUp(blockK, kLanes)) / kLanes;

  auto loopM = createPaddedLoop(b, loc, blockM, stepM);
  b.setInsertionPoint(loopM.getBody()->getTerminator());
  Value mi = loopM.getInductionVar();
  auto loopN = createPaddedLoop(b, loc, blockN, mxuN);
  b.setInsertionPoint(loopN.getBody()->getTerminator());
  Value nj = loopN.getInductionVar();
  auto offset = [&](Value base, int64_t delta) -> Value {
    if (delta == 0)
      return base;
    return arith::AddIOp::create(b, loc, base, indexConstant(b, loc, delta));
  };
  Value zeroAcc = arith::ConstantOp::create(b, loc, accType,
                                            b.getZeroAttr(accType));
  // The accumulator: zero at the first K block, else the resident output.
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{accType}, isFirst,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard ifGuard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, ValueRange{zeroAcc});
    b.setInsertionPointToStart(ifOp.elseBlock());
    Value acc = zeroAcc;
    for (int64_t q = 0; q < outRows / outTile; ++q)
      for (int64_t p = 0; p < outChunks; ++p) {
        Value reg = loadRegister(
            b, loc, outBlock,
            ValueRange{c0, offset(mi, q * outTile), offset(nj, p * kLanes)}, f32);
        acc = vector::InsertStridedSliceOp::create(
            b, loc, reg, acc, ArrayRef<int64_t>{q * outTile, p * kLanes},
            ArrayRef<int64_t>{1, 1});
      }
    scf::YieldOp::create(b, loc, ValueRange{acc});
  }
  auto loopK = createPaddedLoop(b, loc, blockK, mxuK,
                                ValueRange{ifOp.getResult(0)});
  {
    OpBuilder::InsertionGuard kGuard(b);
    b.setInsertionPointToStart(loopK.getBody());
    Value kk = loopK.getInductionVar();
    Value acc = loopK.getRegionIterArgs().front();
    // Assembles a (rows x columns) piece from native registers of `ref`
    // (the first `rowRegs` x `chunks` of them), converted to `compute`.
    auto assemble = [&](Value ref, Type storage, int64_t rows, int64_t columns,
                        int64_t rowRegs, int64_t chunks, Value row0,
                        Value column0) -> Value {
      int64_t tile = tpu::getNativeSublaneTile(storage);
      auto pieceType = VectorType::get({rows, columns}, storage);
      Value piece = arith::ConstantOp::create(b, loc, pieceType,
                                              b.getZeroAttr(pieceType));
      for (int64_t q = 0; q < rowRegs; ++q)
        for (int64_t p = 0; p < chunks; ++p) {
          Value reg = loadRegister(
              b, loc, ref,
              ValueRange{c0, offset(row0, q * tile), offset(column0, p * kLanes)},
              storage);
          piece = vector::InsertStridedSliceOp::create(
              b, loc, reg, piece, ArrayRef<int64_t>{q * tile, p * kLanes},
              ArrayRef<int64_t>{1, 1});
        }
      if (storage != compute)
        piece = arith::ExtFOp::create(b, loc, pieceType.clone(compute), piece);
      return piece;
    };
    Value lhs = assemble(lhsBlock, lhsStorage, stepM, mxuK, 1, lhsChunks, mi, kk);
    Value rhs;
    if (transposeRhs) {
      int64_t rowRegs = std::min(mxuN, roundUp(blockN, rhsTile)) / rhsTile;
      rhs = assemble(rhsBlock, rhsStorage, mxuN, mxuK, rowRegs, lhsChunks, nj,
                     kk);
    } else {
      int64_t rowRegs = std::min(mxuK, roundUp(blockK, rhsTile)) / rhsTile;
      rhs = assemble(rhsBlock, rhsStorage, mxuK, mxuN, rowRegs, outChunks, kk,
                     nj);
    }
    Value product = tpu::MatmulOp::create(b, loc, accType, lhs, rhs, acc,
                                          transposeRhs);
    scf::YieldOp::create(b, loc, ValueRange{product});
  }
  Value acc = loopK.getResult(0);
  for (int64_t q = 0; q < outRows / outTile; ++q)
    for (int64_t p = 0; p < outChunks; ++p) {
      Value reg = vector::ExtractStridedSliceOp::create(
          b, loc, acc, ArrayRef<int64_t>{q * outTile, p * kLanes},
          ArrayRef<int64_t>{outTile, kLanes}, ArrayRef<int64_t>{1, 1});
      tpu::StoreOp::create(
          b, loc, reg, outBlock,
          ValueRange{c0, offset(mi, q * outTile), offset(nj, p * kLanes)},
          Value(), nullptr);
    }
  return success();
}

/// An integer dot_general ([batch, M, K] x [batch, K, N] after
/// normalizeDots, an i32 product) on the VPU. The MXU's integer
/// path is int8 only (v5e, v6e), while the dots here have 8- to 32-bit
/// operands whose products must wrap as i32 sums do: each step's
/// accumulator (a register of the left-hand side's rows x 128 columns of
/// i32) adds, per contracted index, the outer product of a column of the
/// left-hand side broadcast across the lanes and a row of the right-hand
/// side broadcast across the sublanes, operands sign- or zero-extended to
/// i32 as their types say. Grid (batch, M blocks, N blocks, K blocks), K
/// `arbitrary`, the output block the accumulator.
LogicalResult KernelBuilder::emitIntegerDotKernel(OpBuilder &b, Unit &unit,
                                                  ArrayRef<Value> inputs,
                                                  ArrayRef<Value> outputs) {
  auto dot = cast<DotGeneralOp>(unit.op);
  Location loc = dot.getLoc();
  MLIRContext *context = b.getContext();
  FailureOr<DotLayout> layout = analyzeDot(dot);
  if (failed(layout))
    return failure();
  if (layout->transposeRhs)
    return notSupported(dot, "an integer dot with a transposed right-hand "
                             "side");
  int64_t batch = layout->batch, m = layout->m, k = layout->k, n = layout->n;
  Type lhsStorage = cast<MemRefType>(inputs[0].getType()).getElementType();
  Type rhsStorage = cast<MemRefType>(inputs[1].getType()).getElementType();
  Type outStorage = cast<MemRefType>(outputs[0].getType()).getElementType();
  Type i32 = b.getI32Type();
  if (outStorage != i32)
    return notSupported(dot, "an integer product that is not 32-bit");
  bool lhsUnsigned =
      getElementTypeOrSelf(dot.getLhs().getType()).isUnsignedInteger();
  bool rhsUnsigned =
      getElementTypeOrSelf(dot.getRhs().getType()).isUnsignedInteger();
  int64_t lhsTile = tpu::getNativeSublaneTile(lhsStorage);
  int64_t rhsTile = tpu::getNativeSublaneTile(rhsStorage);
  int64_t outTile = tpu::getNativeSublaneTile(i32);
  // Blocks of whole tiles of every operand (M: the left-hand side's rows
  // and the output's; K: lanes and the right-hand side's rows; N: lanes).
  FailureOr<int64_t> blockMOr =
      chooseDotBlock(dot, "dot-block-m", m, std::max(lhsTile, outTile),
                     dotBlocks.m, kMaxBlockRows);
  FailureOr<int64_t> blockKOr = chooseDotBlock(dot, "dot-block-k", k, kLanes,
                                               dotBlocks.k, kMaxDotBlockK);
  FailureOr<int64_t> blockNOr = chooseDotBlock(dot, "dot-block-n", n, kLanes,
                                               dotBlocks.n, kMaxDotBlockN);
  if (failed(blockMOr) || failed(blockKOr) || failed(blockNOr))
    return failure();
  int64_t blockM = *blockMOr, blockK = *blockKOr, blockN = *blockNOr;

  AffineExpr bd = getAffineDimExpr(0, context), id = getAffineDimExpr(1, context),
             jd = getAffineDimExpr(2, context), kd = getAffineDimExpr(3, context);
  SmallVector<KernelOperand> operands;
  operands.push_back({viewAs(b, loc, inputs[0], {batch, m, k}), lhsStorage,
                      {1, blockM, blockK},
                      AffineMap::get(4, 0, {bd, id, kd}, context)});
  operands.push_back({viewAs(b, loc, inputs[1], {batch, k, n}), rhsStorage,
                      {1, blockK, blockN},
                      AffineMap::get(4, 0, {bd, kd, jd}, context)});
  operands.push_back({viewAs(b, loc, outputs[0], {batch, m, n}), i32,
                      {1, blockM, blockN},
                      AffineMap::get(4, 0, {bd, id, jd}, context)});
  if (doubleBufferedBytes(operands) > target.getVmemBytes() / 2)
    return dot.emitError() << "the blocks of this dot do not fit the VMEM of "
                           << target.getChip();
  SmallVector<int64_t> grid = {batch, ceilDiv(m, blockM), ceilDiv(n, blockN),
                               ceilDiv(k, blockK)};
  SmallVector<tpu::DimensionSemantics> semantics = {
      tpu::DimensionSemantics::parallel, tpu::DimensionSemantics::parallel,
      tpu::DimensionSemantics::parallel, tpu::DimensionSemantics::arbitrary};

  OpBuilder::InsertionGuard guard(b);
  Block *body = createKernel(b, loc, operands, 2, grid, semantics);
  Value kIndex = body->getArgument(3);
  Value lhsBlock = body->getArgument(4), rhsBlock = body->getArgument(5),
        outBlock = body->getArgument(6);
  Value c0 = indexConstant(b, loc, 0);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kIndex, c0);
  // The contracted indices a step goes through: whole registers of the
  // right-hand side's rows, at most one register of the left-hand side's
  // lanes (blockK is K itself or whole lane registers).
  int64_t chunkK = std::min(kLanes, roundUp(blockK, rhsTile));
  // Past K's end the buffers hold stale data: the right-hand side's rows
  // there are zeroed (once per block of the last K step), so that the
  // left-hand side's stale columns multiply zeros.
  int64_t gridK = grid[3];
  int64_t edgeK = k - (gridK - 1) * blockK;
  if (edgeK < roundUp(blockK, rhsTile)) {
    auto emitZeros = [&] {
      zeroFrom(b, loc, rhsBlock, rhsStorage, blockK, blockN, edgeK,
               /*alongColumns=*/false);
    };
    if (gridK == 1) {
      emitZeros();
    } else {
      Value lastK = indexConstant(b, loc, gridK - 1);
      Value isLastK = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            kIndex, lastK);
      auto ifLast = scf::IfOp::create(b, loc, isLastK, /*withElse=*/false);
      OpBuilder::InsertionGuard lastGuard(b);
      b.setInsertionPointToStart(ifLast.thenBlock());
      emitZeros();
    }
  }
  // A step: one register of the left-hand side's rows (stepM of them), the
  // accumulator stepM x 128 i32 (several native registers), of which those
  // inside the output block's padded rows are loaded and stored.
  int64_t stepM = std::max(lhsTile, outTile);
  int64_t outRows = std::min(stepM, roundUp(blockM, outTile));
  auto accType = registerType(i32, stepM);
  auto extend = [&](Value v, bool isUnsigned) -> Value {
    auto type = cast<VectorType>(v.getType()).clone(i32);
    if (getElementTypeOrSelf(v.getType()) == i32)
      return v;
    if (isUnsigned)
      return arith::ExtUIOp::create(b, loc, type, v);
    return arith::ExtSIOp::create(b, loc, type, v);
  };
  auto offset = [&](Value base, int64_t delta) -> Value {
    if (delta == 0)
      return base;
    return arith::AddIOp::create(b, loc, base, indexConstant(b, loc, delta));
  };

  auto loopM = createPaddedLoop(b, loc, blockM, stepM);
  b.setInsertionPoint(loopM.getBody()->getTerminator());
  Value mi = loopM.getInductionVar();
  auto loopN = createPaddedLoop(b, loc, blockN, kLanes);
  b.setInsertionPoint(loopN.getBody()->getTerminator());
  Value nj = loopN.getInductionVar();
  Value zeroAcc =
      arith::ConstantOp::create(b, loc, accType, b.getZeroAttr(accType));
  // The accumulator: zero at the first K block, else the resident output.
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{accType}, isFirst,
                                /*withElse=*/true);
  {
    OpBuilder::InsertionGuard ifGuard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, ValueRange{zeroAcc});
    b.setInsertionPointToStart(ifOp.elseBlock());
    Value acc = zeroAcc;
    for (int64_t q = 0; q < outRows / outTile; ++q) {
      Value reg = loadRegister(b, loc, outBlock,
                               ValueRange{c0, offset(mi, q * outTile), nj}, i32);
      acc = vector::InsertStridedSliceOp::create(
          b, loc, reg, acc, ArrayRef<int64_t>{q * outTile, 0},
          ArrayRef<int64_t>{1, 1});
    }
    scf::YieldOp::create(b, loc, ValueRange{acc});
  }
  // Per register of the left-hand side's lanes (contracted indices k0..):
  // its column kk is lane 0 after kk lane rotations (the XLU), broadcast
  // across the lanes; row kk of the right-hand side is a row of one of its
  // registers, broadcast across the sublanes.
  auto loopK = createPaddedLoop(b, loc, blockK, kLanes,
                                ValueRange{ifOp.getResult(0)});
  {
    OpBuilder::InsertionGuard kGuard(b);
    b.setInsertionPointToStart(loopK.getBody());
    Value k0 = loopK.getInductionVar();
    Value lhsReg =
        loadRegister(b, loc, lhsBlock, ValueRange{c0, mi, k0}, lhsStorage);
    Value chunkEnd = indexConstant(b, loc, chunkK);
    Value rowStep = indexConstant(b, loc, rhsTile);
    auto loopR = scf::ForOp::create(
        b, loc, c0, chunkEnd, rowStep,
        ValueRange{loopK.getRegionIterArgs().front(), lhsReg});
    OpBuilder::InsertionGuard rGuard(b);
    b.setInsertionPointToStart(loopR.getBody());
    Value kq = loopR.getInductionVar();
    Value acc = loopR.getRegionIterArgs()[0];
    Value lanes = loopR.getRegionIterArgs()[1];
    Value rhsReg = loadRegister(
        b, loc, rhsBlock,
        ValueRange{c0, arith::AddIOp::create(b, loc, k0, kq), nj}, rhsStorage);
    for (int64_t r = 0; r < rhsTile; ++r) {
      Value column = vector::ExtractStridedSliceOp::create(
          b, loc, lanes, ArrayRef<int64_t>{0, 0},
          ArrayRef<int64_t>{stepM, 1}, ArrayRef<int64_t>{1, 1});
      Value x = tpu::BroadcastLanesOp::create(b, loc, accType,
                                              extend(column, lhsUnsigned));
      Value row = vector::ExtractStridedSliceOp::create(
          b, loc, rhsReg, ArrayRef<int64_t>{r, 0},
          ArrayRef<int64_t>{1, kLanes}, ArrayRef<int64_t>{1, 1});
      Value y = tpu::BroadcastSublanesOp::create(
          b, loc, accType, extend(row, rhsUnsigned));
      acc = arith::AddIOp::create(b, loc, acc,
                                  arith::MulIOp::create(b, loc, x, y));
      lanes = rotate(b, loc, lanes, 1, 1);
    }
    scf::YieldOp::create(b, loc, ValueRange{acc, lanes});
    b.setInsertionPointAfter(loopR);
    scf::YieldOp::create(b, loc, ValueRange{loopR.getResult(0)});
  }
  Value acc = loopK.getResult(0);
  for (int64_t q = 0; q < outRows / outTile; ++q) {
    Value reg = vector::ExtractStridedSliceOp::create(
        b, loc, acc, ArrayRef<int64_t>{q * outTile, 0},
        ArrayRef<int64_t>{outTile, kLanes}, ArrayRef<int64_t>{1, 1});
    tpu::StoreOp::create(b, loc, reg, outBlock,
                         ValueRange{c0, offset(mi, q * outTile), nj}, Value(),
                         nullptr);
  }
  return success();
}

/// A sort of N arrays along one dimension, on the VPU over VMEM: each
/// operand, viewed as [A, n, C] (the dimensions before, along and after the
/// sorted one), is DMA'd into a VMEM buffer whose rows are the sorted
/// dimension (sublanes), between `tile` rows of padding above and below
/// (the largest sublane tile among the operands), and sorted by odd-even
/// transposition: n phases, phase p comparing rows i and i + 1 for i of
/// p's parity, each a pass over the registers from one buffer into the
/// other. A register reads its rows (x), the rows one above (the row
/// below's partner) and one below; the comparator, applied to registers
/// (emitBodyOnRegisters), says whether the partner goes first, and the
/// arrays' elements move together. Only strict inversions of neighbours
/// swap, so the sort is stable. The last phase's buffer is DMA'd to the
/// results.
LogicalResult KernelBuilder::emitSort(OpBuilder &b, Unit &unit,
                                      ArrayRef<Value> inputs,
                                      ArrayRef<Value> outputs) {
  auto sort = cast<SortOp>(unit.op);
  Location loc = sort.getLoc();
  MLIRContext *context = b.getContext();
  auto type = cast<RankedTensorType>(sort.getInputs().front().getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  int64_t dimension = sort.getDimension();
  if (dimension < 0)
    dimension += rank;
  int64_t a = 1, n = shape[dimension], c = 1;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dimension)
      (d < dimension ? a : c) *= shape[d];
  unsigned count = sort.getInputs().size();
  struct Array {
    Type logical, storage;
    int64_t tile;
  };
  SmallVector<Array> arrays;
  int64_t tile = 1;
  for (unsigned k = 0; k < count; ++k) {
    Type element =
        cast<RankedTensorType>(sort.getInputs()[k].getType()).getElementType();
    Type storage = cast<MemRefType>(inputs[k].getType()).getElementType();
    arrays.push_back({getSignlessScalarType(element), storage,
                      tpu::getNativeSublaneTile(storage)});
    tile = std::max(tile, arrays.back().tile);
  }
  // Buffers: [A, tile + n rounded up to whole steps + tile, C padded to
  // lanes], the data from row `tile` on.
  int64_t rows = roundUp(n, tile) + 2 * tile;
  int64_t lanes = roundUp(c, kLanes);
  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  int64_t bytes = 0;
  SmallVector<MemRefType> bufferTypes;
  for (const Array &array : arrays) {
    bufferTypes.push_back(MemRefType::get({a, rows, lanes}, array.storage,
                                          MemRefLayoutAttrInterface(), vmem));
    bytes += 2 * tpu::getPaddedVmemBytes(bufferTypes.back());
  }
  if (bytes > target.getVmemBytes() / 2)
    return notSupported(sort, "a sort whose arrays do not fit half of VMEM");

  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  auto semaphoreType = tpu::getSemaphoresType(context, 1);
  Value semaphores = tpu::SemAllocOp::create(b, loc, semaphoreType);
  SmallVector<Value> first, second, windows;
  SmallVector<int64_t> dataShape = {a, n, c};
  for (auto [k, bufferType] : llvm::enumerate(bufferTypes)) {
    first.push_back(memref::AllocaOp::create(b, loc, bufferType));
    second.push_back(memref::AllocaOp::create(b, loc, bufferType));
    Value window = memref::SubViewOp::create(
        b, loc, first.back(), ArrayRef<int64_t>{0, tile, 0}, dataShape,
        ArrayRef<int64_t>{1, 1, 1});
    windows.push_back(window);
    copyAndWait(b, loc, viewAs(b, loc, inputs[k], dataShape), window,
                semaphores);
  }

  // Row indices of a register's rows (within it), as i32.
  auto rowType = VectorType::get({tile, kLanes}, b.getI32Type());
  SmallVector<int32_t> rowValues;
  for (int64_t r = 0; r < tile; ++r)
    rowValues.append(kLanes, static_cast<int32_t>(r));
  Value rowOffsets = arith::ConstantOp::create(
      b, loc, rowType,
      DenseElementsAttr::get(rowType, ArrayRef<int32_t>(rowValues)));
  auto splatI32 = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, rowType,
        DenseElementsAttr::get(rowType, b.getI32IntegerAttr(value)));
  };
  Value zeros = splatI32(0), ones = splatI32(1), lastRow = splatI32(n - 1);

  // `tile` rows of array k from `buffer` at row `row` (native registers
  // stacked), as registers hold them.
  auto loadRows = [&](unsigned k, Value buffer, Value outer, Value row,
                      Value column) -> Value {
    const Array &array = arrays[k];
    VectorType wide = registerType(array.storage, tile);
    Value result;
    if (array.tile == tile) {
      result = loadRegister(b, loc, buffer, ValueRange{outer, row, column},
                            array.storage);
    } else {
      result = arith::ConstantOp::create(b, loc, wide, b.getZeroAttr(wide));
      for (int64_t q = 0; q < tile / array.tile; ++q) {
        Value at = arith::AddIOp::create(
            b, loc, row, indexConstant(b, loc, q * array.tile));
        Value reg = loadRegister(b, loc, buffer, ValueRange{outer, at, column},
                                 array.storage);
        result = vector::InsertStridedSliceOp::create(
            b, loc, reg, result, ArrayRef<int64_t>{q * array.tile, 0},
            ArrayRef<int64_t>{1, 1});
      }
    }
    return toLogical(b, loc, result, array.logical);
  };
  auto storeRows = [&](unsigned k, Value v, Value buffer, Value outer,
                       Value row, Value column) {
    const Array &array = arrays[k];
    v = toStorage(b, loc, v, array.storage);
    for (int64_t q = 0; q < tile / array.tile; ++q) {
      Value reg = v;
      if (array.tile != tile)
        reg = vector::ExtractStridedSliceOp::create(
            b, loc, v, ArrayRef<int64_t>{q * array.tile, 0},
            ArrayRef<int64_t>{array.tile, kLanes}, ArrayRef<int64_t>{1, 1});
      Value at = q == 0 ? row
                        : arith::AddIOp::create(
                              b, loc, row,
                              indexConstant(b, loc, q * array.tile))
                              .getResult();
      tpu::StoreOp::create(b, loc, reg, buffer, ValueRange{outer, at, column},
                           Value(), nullptr);
    }
  };
  // The comparator on registers: whether `x` goes before `y` (its
  // arguments are the arrays' elements in pairs: x0, y0, x1, y1, ...).
  auto less = [&](ArrayRef<Value> x, ArrayRef<Value> y) -> FailureOr<Value> {
    SmallVector<Value> arguments;
    for (unsigned k = 0; k < count; ++k) {
      arguments.push_back(x[k]);
      arguments.push_back(y[k]);
    }
    FailureOr<SmallVector<Value>> result = emitBodyOnRegisters(
        b, loc, sort.getComparator(), arguments, tile);
    if (failed(result))
      return failure();
    return result->front();
  };
  // One phase: rows i of `parity` and i + 1 compared, from `from` to `to`.
  auto emitPhase = [&](ArrayRef<Value> from, ArrayRef<Value> to,
                       int64_t parity) -> LogicalResult {
    OpBuilder::InsertionGuard phaseGuard(b);
    auto outerLoop = createLoop(b, loc, 0, a, 1);
    b.setInsertionPoint(outerLoop.getBody()->getTerminator());
    Value outer = outerLoop.getInductionVar();
    auto rowLoop = createPaddedLoop(b, loc, n, tile);
    b.setInsertionPoint(rowLoop.getBody()->getTerminator());
    Value r0 = rowLoop.getInductionVar();
    auto columnLoop = createPaddedLoop(b, loc, c, kLanes);
    b.setInsertionPoint(columnLoop.getBody()->getTerminator());
    Value column = columnLoop.getInductionVar();
    Value row = arith::AddIOp::create(b, loc, r0, indexConstant(b, loc, tile));
    Value above = arith::SubIOp::create(b, loc, row, indexConstant(b, loc, 1));
    Value below = arith::AddIOp::create(b, loc, row, indexConstant(b, loc, 1));
    SmallVector<Value> x, up, down;
    for (unsigned k = 0; k < count; ++k) {
      x.push_back(loadRows(k, from[k], outer, row, column));
      up.push_back(loadRows(k, from[k], outer, below, column));
      down.push_back(loadRows(k, from[k], outer, above, column));
    }
    // The rows' indices i in the sorted dimension: a row of `parity` pairs
    // with the next (when there is one), the others with the previous.
    Value start = arith::IndexCastOp::create(b, loc, b.getI32Type(), r0);
    Value i = arith::AddIOp::create(
        b, loc, rowOffsets, vector::BroadcastOp::create(b, loc, rowType, start));
    Value odd = arith::AndIOp::create(b, loc, i, ones);
    Value isFirst = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, odd, parity ? ones : zeros);
    Value hasNext =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, lastRow);
    Value hasPrevious =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, i, zeros);
    Value isSecond = arith::XOrIOp::create(
        b, loc, isFirst,
        arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(
                        VectorType::get({tile, kLanes}, b.getI1Type()), true)));
    FailureOr<Value> nextFirst = less(up, x);
    FailureOr<Value> selfFirst = less(x, down);
    if (failed(nextFirst) || failed(selfFirst))
      return failure();
    Value takeNext = arith::AndIOp::create(
        b, loc, arith::AndIOp::create(b, loc, isFirst, hasNext), *nextFirst);
    Value takePrevious = arith::AndIOp::create(
        b, loc, arith::AndIOp::create(b, loc, isSecond, hasPrevious),
        *selfFirst);
    for (unsigned k = 0; k < count; ++k) {
      Value kept = arith::SelectOp::create(b, loc, takePrevious, down[k], x[k]);
      Value v = arith::SelectOp::create(b, loc, takeNext, up[k], kept);
      storeRows(k, v, to[k], outer, row, column);
    }
    return success();
  };
  // Phases in pairs (even, odd): from the first buffers to the second and
  // back, ceil(n / 2) times (n phases sort n rows; one more changes
  // nothing).
  {
    OpBuilder::InsertionGuard loopGuard(b);
    auto phases = createLoop(b, loc, 0, ceilDiv(n, 2), 1);
    b.setInsertionPoint(phases.getBody()->getTerminator());
    if (failed(emitPhase(first, second, 0)) ||
        failed(emitPhase(second, first, 1)))
      return failure();
  }
  for (unsigned k = 0; k < count; ++k)
    copyAndWait(b, loc, windows[k], viewAs(b, loc, outputs[k], dataShape),
                semaphores);
  return success();
}

/// A select_and_scatter (no padding) as strided DMAs and the VPU, like a
/// reduce_window: per window offset k (in the window's row-major order) a
/// strided DMA brings, for every source element o, the operand element
/// o * stride + k into VMEM, and the VPU keeps per element the selected
/// value and its offset (the select body, applied to registers, says
/// whether the value so far stays). The result is filled with the init
/// value; per offset k the result's elements o * stride + k (distinct for
/// one k) come into VMEM by a strided DMA, the scatter body combines the
/// source into those whose selected offset is k, and they go back. A
/// vector is [1, n]. Offsets are kept in integers of the operand's width
/// (the same registers' rows).
LogicalResult KernelBuilder::emitSelectAndScatter(OpBuilder &b, Unit &unit,
                                                  ArrayRef<Value> inputs,
                                                  ArrayRef<Value> outputs) {
  auto op = cast<SelectAndScatterOp>(unit.op);
  Location loc = op.getLoc();
  MLIRContext *context = b.getContext();
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  auto sourceType = cast<RankedTensorType>(op.getSource().getType());
  Type element = operandType.getElementType();
  Type logical = getSignlessScalarType(element);
  Type storage = cast<MemRefType>(inputs[0].getType()).getElementType();
  if (cast<MemRefType>(inputs[1].getType()).getElementType() != storage)
    return notSupported(op, "a source of another element type than the "
                            "operand's");
  int64_t tile = tpu::getNativeSublaneTile(storage);
  SmallVector<int64_t> inShape(operandType.getShape());
  SmallVector<int64_t> outShape(sourceType.getShape());
  int64_t originalRank = inShape.size();
  SmallVector<int64_t> windowDims(
      op.getWindowDimensions().value_or(ArrayRef<int64_t>()));
  SmallVector<int64_t> strides(
      op.getWindowStrides().value_or(ArrayRef<int64_t>()));
  if (windowDims.empty())
    windowDims.assign(originalRank, 1);
  if (strides.empty())
    strides.assign(originalRank, 1);
  if (auto padding = op.getPadding())
    if (llvm::any_of(padding->getValues<int64_t>(),
                     [](int64_t p) { return p != 0; }))
      return notSupported(op, "a select_and_scatter with padding");
  if (inShape.size() == 1) {
    inShape.insert(inShape.begin(), 1);
    outShape.insert(outShape.begin(), 1);
    windowDims.insert(windowDims.begin(), 1);
    strides.insert(strides.begin(), 1);
  }
  int64_t rank = inShape.size();
  int64_t offsets = 1;
  for (int64_t w : windowDims)
    offsets *= w;
  // The offset of each element's selection, in an integer of the storage
  // width.
  Type indexType = IntegerType::get(context, storage.getIntOrFloatBitWidth());
  if (offsets > (int64_t(1) << (storage.getIntOrFloatBitWidth() - 1)) - 1)
    return notSupported(op, "a window of more offsets than its elements' "
                            "width counts");
  Value operand = viewAs(b, loc, inputs[0], inShape);
  Value source = viewAs(b, loc, inputs[1], outShape);
  Value init = viewAs(b, loc, inputs[2], {1, 1});
  Value output = viewAs(b, loc, outputs[0], inShape);

  auto vmem = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::vmem);
  auto windowType =
      MemRefType::get(tpu::getPaddedVmemShape(outShape, storage), storage,
                      MemRefLayoutAttrInterface(), vmem);
  auto indexBufferType =
      MemRefType::get(tpu::getPaddedVmemShape(outShape, storage), indexType,
                      MemRefLayoutAttrInterface(), vmem);
  auto resultType =
      MemRefType::get(tpu::getPaddedVmemShape(inShape, storage), storage,
                      MemRefLayoutAttrInterface(), vmem);
  auto initType = MemRefType::get({tile, kLanes}, storage,
                                  MemRefLayoutAttrInterface(), vmem);
  if (4 * tpu::getPaddedVmemBytes(windowType) +
          tpu::getPaddedVmemBytes(indexBufferType) +
          tpu::getPaddedVmemBytes(resultType) +
          tpu::getPaddedVmemBytes(initType) >
      target.getVmemBytes() / 2)
    return notSupported(op, "a select_and_scatter whose buffers take more "
                            "than half of VMEM");
  auto attrs = [&](ArrayRef<int64_t> values) {
    SmallVector<OpFoldResult> result;
    for (int64_t value : values)
      result.push_back(b.getIndexAttr(value));
    return result;
  };
  SmallVector<int64_t> zeros(rank, 0), ones(rank, 1);

  OpBuilder::InsertionGuard guard(b);
  tpu_kernels::enterAllocaScope(b, loc);
  Value semaphores =
      tpu::SemAllocOp::create(b, loc, tpu::getSemaphoresType(context, 1));
  auto copy = [&](Value from, Value to) {
    copyAndWait(b, loc, from, to, semaphores);
  };
  auto local = [&](Value buffer, ArrayRef<int64_t> shape) -> Value {
    return memref::SubViewOp::create(b, loc, buffer, attrs(zeros),
                                     attrs(shape), attrs(ones));
  };
  Value best = memref::AllocaOp::create(b, loc, windowType);
  Value part = memref::AllocaOp::create(b, loc, windowType);
  Value values = memref::AllocaOp::create(b, loc, windowType);
  Value scratch = memref::AllocaOp::create(b, loc, windowType);
  Value chosen = memref::AllocaOp::create(b, loc, indexBufferType);
  Value result = memref::AllocaOp::create(b, loc, resultType);
  Value initBuffer = memref::AllocaOp::create(b, loc, initType);
  Value initRegister = broadcastFromHbm(b, loc, init, initBuffer, semaphores,
                                        storage, logical);
  Value sourceWindow = local(values, outShape);
  copy(source, sourceWindow);

  // The operand's elements at window offset k of every source element.
  auto windowAt = [&](Value array, ArrayRef<int64_t> k) -> Value {
    return memref::SubViewOp::create(b, loc, array, attrs(k),
                                     attrs(outShape), attrs(strides));
  };
  SmallVector<SmallVector<int64_t>> offsetList;
  for (int64_t linear = 0; linear < offsets; ++linear)
    offsetList.push_back(delinearize(linear, computeStrides(windowDims)));
  auto indexRegType = registerType(indexType, tile);
  auto indexSplat = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(
        b, loc, indexRegType,
        DenseElementsAttr::get(indexRegType,
                               b.getIntegerAttr(indexType, value)));
  };
  auto load = [&](Value buffer, ValueRange indices) -> Value {
    return toLogical(b, loc, loadRegister(b, loc, buffer, indices, storage),
                     logical);
  };
  // Selection: offset 0's elements first, then each later offset's where
  // the select body does not keep the value so far.
  {
    Value first = windowAt(operand, offsetList.front());
    Value firstLocal = local(best, outShape);
    copy(first, firstLocal);
  }
  {
    Value zero = indexSplat(0);
    forEachRegister(b, loc, outShape, tile, [&](ValueRange indices) {
      tpu::StoreOp::create(b, loc, zero, chosen, indices, Value(), nullptr);
    });
  }
  for (int64_t k = 1; k < offsets; ++k) {
    Value elements = windowAt(operand, offsetList[k]);
    Value partLocal = local(part, outShape);
    copy(elements, partLocal);
    Value kSplat = indexSplat(k);
    LogicalResult status = success();
    forEachRegister(b, loc, outShape, tile, [&](ValueRange indices) {
      Value so = load(best, indices);
      Value next = load(part, indices);
      Value index = loadRegister(b, loc, chosen, indices, indexType);
      FailureOr<SmallVector<Value>> keep = emitBodyOnRegisters(
          b, loc, op.getSelect(), ValueRange{so, next}, tile);
      if (failed(keep)) {
        status = failure();
        return;
      }
      Value keepFirst = keep->front();
      Value newBest = arith::SelectOp::create(b, loc, keepFirst, so, next);
      Value newIndex = arith::SelectOp::create(b, loc, keepFirst, index, kSplat);
      tpu::StoreOp::create(b, loc, toStorage(b, loc, newBest, storage), best,
                           indices, Value(), nullptr);
      tpu::StoreOp::create(b, loc, newIndex, chosen, indices, Value(),
                           nullptr);
    });
    if (failed(status))
      return failure();
  }
  // The result: the init value, then per offset the source scattered into
  // the elements whose selection it is.
  fillRegisters(b, loc, result, inShape, tile, initRegister);
  copy(local(result, inShape), output);
  for (int64_t k = 0; k < offsets; ++k) {
    Value window = windowAt(output, offsetList[k]);
    Value scratchLocal = local(scratch, outShape);
    copy(window, scratchLocal);
    Value kSplat = indexSplat(k);
    LogicalResult status = success();
    forEachRegister(b, loc, outShape, tile, [&](ValueRange indices) {
      Value current = load(scratch, indices);
      Value contribution = load(values, indices);
      Value index = loadRegister(b, loc, chosen, indices, indexType);
      FailureOr<SmallVector<Value>> combined = emitBodyOnRegisters(
          b, loc, op.getScatter(), ValueRange{current, contribution}, tile);
      if (failed(combined)) {
        status = failure();
        return;
      }
      Value mine = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         index, kSplat);
      Value next =
          arith::SelectOp::create(b, loc, mine, combined->front(), current);
      tpu::StoreOp::create(b, loc, toStorage(b, loc, next, storage), scratch,
                           indices, Value(), nullptr);
    });
    if (failed(status))
      return failure();
    copy(scratchLocal, window);
  }
  return success();
}

struct HloTpuFormKernelsPass
    : public hlo::impl::HloTpuFormKernelsPassBase<HloTpuFormKernelsPass> {
  using Base::Base;

  void runOnOperation() override;
  LogicalResult convertFunction(func::FuncOp func, KernelBuilder &builder,
                                SymbolTable &symbols);
};

/// `type` as text (a diagnostic would quote it).
std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The first value of an unsupported element type `op` defines or reads,
/// reported at `op`.
LogicalResult checkElementTypes(Operation *op) {
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    auto shaped = dyn_cast<ShapedType>(v.getType());
    if (!shaped)
      continue;
    Type element = shaped.getElementType();
    if (!isTpuElementType(element))
      return op->emitError() << "unsupported on TPU: " << typeName(element);
  }
  return success();
}

/// Whether `op` computes nothing: all its results are empty arrays (a
/// convolution with an empty window range, a slice of no elements). Its
/// results get buffers and no kernel.
bool hasOnlyEmptyResults(Operation *op) {
  return op->getNumResults() != 0 &&
         llvm::all_of(op->getResultTypes(), [](Type type) {
           auto tensor = dyn_cast<RankedTensorType>(type);
           return tensor && tensor.hasStaticShape() &&
                  tensor.getNumElements() == 0;
         });
}

/// Whether every op of the loop fusion `fusion` is one its kernel computes
/// on registers (elementwise ops, constants, broadcasts, reshapes).
bool isElementwiseFusion(FusionOp fusion) {
  return fusion.getKind() == FusionKind::loop &&
         llvm::all_of(fusion.getRegion().front(), [](Operation &op) {
           return isa<ConstantOp, BroadcastInDimOp, ReshapeOp, hlo::ReturnOp>(
                      op) ||
                  isScalarizableHloOp(&op);
         });
}

/// Reductions and dots run as kernels of their own in this increment: the
/// input and output fusions the graph stage formed around them are
/// inlined, their other ops becoming kernels of one op each. So are loop
/// fusions that move data (a transpose or slice fused with elementwise
/// ops): their copies are DMAs of their own.
void inlineNonLoopFusions(Block &entry) {
  for (Operation &op : llvm::make_early_inc_range(entry)) {
    auto fusion = dyn_cast<FusionOp>(op);
    if (!fusion || isElementwiseFusion(fusion))
      continue;
    Block &body = fusion.getRegion().front();
    for (auto [argument, operand] :
         llvm::zip(body.getArguments(), fusion->getOperands()))
      argument.replaceAllUsesWith(operand);
    Operation *terminator = body.getTerminator();
    fusion->replaceAllUsesWith(terminator->getOperands());
    terminator->erase();
    entry.getOperations().splice(Block::iterator(fusion),
                                 body.getOperations());
    fusion.erase();
  }
}

/// A constant that is not a splat cannot be a register: in a loop fusion
/// (the graph stage folds iotas and comparisons of them, such as a causal
/// mask, into constants) it is taken out as an input, an array in HBM that
/// the kernel reads like any other.
void hoistConstants(Block &entry) {
  for (Operation &op : entry) {
    auto fusion = dyn_cast<FusionOp>(op);
    if (!fusion || fusion.getKind() != FusionKind::loop)
      continue;
    Block &body = fusion.getRegion().front();
    for (Operation &inner : llvm::make_early_inc_range(body)) {
      auto constant = dyn_cast<ConstantOp>(inner);
      if (!constant || isSplatConstant(constant))
        continue;
      OpBuilder b(fusion);
      Operation *outer = b.clone(*constant);
      fusion->insertOperands(fusion->getNumOperands(), outer->getResults());
      BlockArgument read =
          body.addArgument(constant.getType(), constant.getLoc());
      constant.getResult().replaceAllUsesWith(read);
      constant.erase();
    }
  }
}

/// The broadcast dimensions that map the operand of `reshape` (which only
/// adds or drops dimensions of one element) into a result of `rank`
/// dimensions as `dims` maps the reshape's result: non-unit dimensions as
/// their counterparts, unit ones to the first unused result dimension
/// after the previous one (the dimensions stay increasing), or failure.
FailureOr<SmallVector<int64_t>>
composeUnitReshape(ReshapeOp reshape, ArrayRef<int64_t> dims, int64_t rank) {
  ArrayRef<int64_t> from = reshape.getOperand().getType().getShape();
  ArrayRef<int64_t> to = reshape.getType().getShape();
  if (!reshape.getOperand().getType().hasStaticShape() ||
      !reshape.getType().hasStaticShape() || !llvm::is_sorted(dims))
    return failure();
  // The non-unit dimensions of the result, in order.
  SmallVector<int64_t> targets;
  for (auto [d, size] : llvm::enumerate(to))
    if (size != 1)
      targets.push_back(dims[d]);
  SmallVector<int64_t> composed;
  size_t next = 0;
  int64_t previous = -1;
  SmallVector<bool> used(rank, false);
  for (int64_t t : targets)
    used[t] = true;
  for (int64_t size : from) {
    if (size != 1) {
      if (next >= targets.size())
        return failure();
      previous = targets[next++];
      composed.push_back(previous);
      continue;
    }
    int64_t limit = next < targets.size() ? targets[next] : rank;
    int64_t d = previous + 1;
    while (d < limit && used[d])
      ++d;
    if (d >= limit)
      return failure();
    used[d] = true;
    previous = d;
    composed.push_back(d);
  }
  if (next != targets.size())
    return failure();
  // The non-unit sizes must agree (the reshape moves no element).
  SmallVector<int64_t> a, b;
  for (int64_t size : from)
    if (size != 1)
      a.push_back(size);
  for (int64_t size : to)
    if (size != 1)
      b.push_back(size);
  if (a != b)
    return failure();
  return composed;
}

/// A loop fusion's kernel computes on registers of one index space: an
/// elementwise op on a smaller array whose result is broadcast (XLA's
/// fusions compute a layernorm's per-row scale on [rows] and broadcast it)
/// is applied after the broadcast instead, to its operands broadcast alike
/// (rank-0 operands stay scalars the kernel splats), and a broadcast of a
/// broadcast is one broadcast. Repeated, the broadcasts reach the fusion's
/// inputs, which the kernel reads as rows, columns or scalars. The VPU
/// computes the op once per element of the larger array instead of once
/// per element of the smaller one.
void sinkBroadcasts(Block &entry) {
  for (Operation &op : entry) {
    auto fusion = dyn_cast<FusionOp>(op);
    if (!fusion || fusion.getKind() != FusionKind::loop)
      continue;
    Block &body = fusion.getRegion().front();
    bool changed = true;
    while (changed) {
      changed = false;
      for (Operation &inner : llvm::make_early_inc_range(body)) {
        auto broadcast = dyn_cast<BroadcastInDimOp>(inner);
        if (!broadcast || !broadcast.getType().hasStaticShape())
          continue;
        Operation *producer = broadcast.getOperand().getDefiningOp();
        if (!producer || producer->getBlock() != &body)
          continue;
        OpBuilder b(broadcast);
        Location loc = broadcast.getLoc();
        ArrayRef<int64_t> shape = broadcast.getType().getShape();
        ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
        Value replacement;
        if (auto first = dyn_cast<BroadcastInDimOp>(producer)) {
          SmallVector<int64_t> composed;
          for (int64_t d : first.getBroadcastDimensions())
            composed.push_back(dims[d]);
          replacement = BroadcastInDimOp::create(
              b, loc, broadcast.getType(), first.getOperand(),
              b.getDenseI64ArrayAttr(composed));
        } else if (auto reshape = dyn_cast<ReshapeOp>(producer)) {
          // A reshape that only adds or drops dimensions of one element:
          // the broadcast reads its operand, whose other dimensions map
          // to the same result dimensions and whose unit dimensions to
          // unused ones between them (a unit dimension broadcasts along
          // any), keeping the dimensions in order.
          FailureOr<SmallVector<int64_t>> composed =
              composeUnitReshape(reshape, dims, shape.size());
          if (failed(composed))
            continue;
          replacement = BroadcastInDimOp::create(
              b, loc, broadcast.getType(), reshape.getOperand(),
              b.getDenseI64ArrayAttr(*composed));
        } else if (isScalarizableHloOp(producer) &&
                   producer->getNumResults() == 1) {
          auto type = cast<RankedTensorType>(producer->getResult(0).getType());
          if (type.getRank() == 0 || !type.hasStaticShape() ||
              type.getNumElements() >= broadcast.getType().getNumElements())
            continue;
          IRMapping mapping;
          bool sinkable = true;
          for (Value operand : producer->getOperands()) {
            auto operandType = cast<RankedTensorType>(operand.getType());
            if (operandType.getRank() == 0)
              continue;
            if (operandType.getShape() != type.getShape()) {
              sinkable = false;
              break;
            }
            mapping.map(operand,
                        BroadcastInDimOp::create(
                            b, loc,
                            RankedTensorType::get(
                                shape, operandType.getElementType()),
                            operand, broadcast.getBroadcastDimensionsAttr())
                            .getResult());
          }
          if (!sinkable)
            continue;
          Operation *clone = b.clone(*producer, mapping);
          clone->getResult(0).setType(
              RankedTensorType::get(shape, type.getElementType()));
          replacement = clone->getResult(0);
        } else {
          continue;
        }
        broadcast.getResult().replaceAllUsesWith(replacement);
        broadcast.erase();
        if (producer->use_empty())
          producer->erase();
        changed = true;
      }
    }
  }
}

/// A broadcast of a loop fusion's input that its kernel cannot read
/// (isBroadcastCopy) is taken out of the fusion: a copy of its own before
/// it, read whole by the fusion's kernel.
void hoistBroadcastCopies(Block &entry) {
  for (Operation &op : entry) {
    auto fusion = dyn_cast<FusionOp>(op);
    if (!fusion || fusion.getKind() != FusionKind::loop)
      continue;
    Block &body = fusion.getRegion().front();
    for (Operation &inner : llvm::make_early_inc_range(body)) {
      auto broadcast = dyn_cast<BroadcastInDimOp>(inner);
      if (!broadcast || !isBroadcastCopy(broadcast))
        continue;
      auto argument = dyn_cast<BlockArgument>(broadcast.getOperand());
      if (!argument || argument.getOwner() != &body)
        continue;
      OpBuilder b(fusion);
      auto outer = BroadcastInDimOp::create(
          b, broadcast.getLoc(), broadcast.getType(),
          fusion->getOperand(argument.getArgNumber()),
          broadcast.getBroadcastDimensionsAttr());
      fusion->insertOperands(fusion->getNumOperands(), {outer.getResult()});
      BlockArgument read =
          body.addArgument(broadcast.getType(), broadcast.getLoc());
      broadcast.getResult().replaceAllUsesWith(read);
      broadcast.erase();
    }
  }
}

/// The MXU accumulates in f32: a dot_general with a narrower float result
/// becomes an f32 one and a convert.
void widenDotResults(Block &entry) {
  for (Operation &op : llvm::make_early_inc_range(entry)) {
    auto dot = dyn_cast<DotGeneralOp>(op);
    if (!dot)
      continue;
    auto type = cast<RankedTensorType>(dot.getType());
    if (!isa<FloatType>(type.getElementType()) ||
        type.getElementType().isF32() ||
        !isa<FloatType>(getElementTypeOrSelf(dot.getLhs().getType())) ||
        !isa<FloatType>(getElementTypeOrSelf(dot.getRhs().getType())))
      continue;
    OpBuilder b(dot);
    auto wide = DotGeneralOp::create(
        b, dot.getLoc(), type.clone(b.getF32Type()), dot.getLhs(),
        dot.getRhs(), dot.getDotDimensionNumbersAttr(),
        dot.getPrecisionConfigAttr(), dot.getAlgorithmAttr());
    Value narrow = ConvertOp::create(b, dot.getLoc(), type, wide);
    dot.getResult().replaceAllUsesWith(narrow);
    dot.erase();
  }
}

/// Dots whose operands a kernel cannot read as they are laid out get
/// transposed operands first (DMA copies, as layout assignment would lay
/// them out): float dots on the MXU take [batch, M, K] x [batch, K, N] or
/// [batch, N, K] (analyzeDot), integer dots, VPU kernels
/// (emitIntegerDotKernel) computing i32 sums, [batch, M, K] x
/// [batch, K, N]. An integer product narrower than i32 becomes an i32 dot
/// and a convert (wrapped i32 sums truncated are the wrapped narrow sums).
void normalizeDots(Block &entry) {
  for (Operation &op : llvm::make_early_inc_range(entry)) {
    auto dot = dyn_cast<DotGeneralOp>(op);
    if (!dot)
      continue;
    auto lhsType = cast<RankedTensorType>(dot.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(dot.getRhs().getType());
    auto type = cast<RankedTensorType>(dot.getType());
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !type.hasStaticShape())
      continue;
    bool integers = isIntegerTensor(lhsType) && isIntegerTensor(rhsType) &&
                    isIntegerTensor(type);
    bool floats = isa<FloatType>(lhsType.getElementType()) &&
                  isa<FloatType>(rhsType.getElementType()) &&
                  isa<FloatType>(type.getElementType());
    if (!integers && !floats)
      continue;
    auto numbers = dot.getDotDimensionNumbers();
    ArrayRef<int64_t> lb = numbers.getLhsBatchingDimensions();
    ArrayRef<int64_t> rb = numbers.getRhsBatchingDimensions();
    ArrayRef<int64_t> lc = numbers.getLhsContractingDimensions();
    ArrayRef<int64_t> rc = numbers.getRhsContractingDimensions();
    SmallVector<int64_t> lf = freeDimensions(lhsType.getRank(), lb, lc);
    SmallVector<int64_t> rf = freeDimensions(rhsType.getRank(), rb, rc);
    SmallVector<int64_t> lhsOrder(lb), rhsOrder(rb);
    llvm::append_range(lhsOrder, lf);
    llvm::append_range(lhsOrder, lc);
    llvm::append_range(rhsOrder, rc);
    llvm::append_range(rhsOrder, rf);
    auto isIdentity = [](ArrayRef<int64_t> order) {
      return llvm::equal(order, llvm::seq<int64_t>(0, order.size()));
    };
    // The MXU also takes a right-hand side as [batch, N, K].
    SmallVector<int64_t> transposedRhs(rb);
    llvm::append_range(transposedRhs, rf);
    llvm::append_range(transposedRhs, rc);
    if (floats && isIdentity(lhsOrder) &&
        (isIdentity(rhsOrder) || isIdentity(transposedRhs)))
      continue;
    auto integer = dyn_cast<IntegerType>(type.getElementType());
    bool narrow = integers && integer.getWidth() < 32;
    if (isIdentity(lhsOrder) && isIdentity(rhsOrder) && !narrow)
      continue;
    OpBuilder b(dot);
    Location loc = dot.getLoc();
    auto permute = [&](Value v, ArrayRef<int64_t> order) -> Value {
      if (isIdentity(order))
        return v;
      auto vType = cast<RankedTensorType>(v.getType());
      SmallVector<int64_t> shape;
      for (int64_t d : order)
        shape.push_back(vType.getDimSize(d));
      return TransposeOp::create(b, loc, vType.clone(shape), v,
                                 b.getDenseI64ArrayAttr(order));
    };
    Value lhs = permute(dot.getLhs(), lhsOrder);
    Value rhs = permute(dot.getRhs(), rhsOrder);
    int64_t nb = lb.size(), nc = lc.size();
    int64_t lhsFree = lhsType.getRank() - nb - nc;
    auto seq = [](int64_t from, int64_t count) {
      return llvm::to_vector(llvm::seq<int64_t>(from, from + count));
    };
    auto dims = DotDimensionNumbersAttr::get(
        b.getContext(), seq(0, nb), seq(0, nb), seq(nb + lhsFree, nc),
        seq(nb, nc));
    Type wide = narrow ? IntegerType::get(b.getContext(), 32,
                                          integer.getSignedness())
                       : type.getElementType();
    auto product = DotGeneralOp::create(
        b, loc, type.clone(wide), lhs, rhs, dims, dot.getPrecisionConfigAttr(),
        dot.getAlgorithmAttr());
    Value result = product.getResult();
    if (narrow)
      result = ConvertOp::create(b, loc, type, result);
    dot.getResult().replaceAllUsesWith(result);
    dot.erase();
  }
}

LogicalResult HloTpuFormKernelsPass::convertFunction(func::FuncOp func,
                                                     KernelBuilder &builder,
                                                     SymbolTable &symbols) {
  MLIRContext *context = func.getContext();
  if (func.isExternal())
    return success();
  // Types first, then every op: nothing is changed before all is known to
  // be supported.
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return func.emitError() << "not yet supported on tpu-sim: parameter #"
                              << i << " of type " << type;
    if (!isTpuElementType(tensor.getElementType()))
      return func.emitError() << "unsupported on TPU: "
                              << typeName(tensor.getElementType())
                              << " (parameter #"
                              << i << ")";
  }
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return func.emitError() << "not yet supported on tpu-sim: result #" << i
                              << " of type " << type;
    if (!isTpuElementType(tensor.getElementType()))
      return func.emitError() << "unsupported on TPU: "
                              << typeName(tensor.getElementType())
                              << " (result #" << i
                              << ")";
  }
  WalkResult typesOk = func.walk([&](Operation *op) {
    return failed(checkElementTypes(op)) ? WalkResult::interrupt()
                                         : WalkResult::advance();
  });
  if (typesOk.wasInterrupted())
    return failure();
  if (!func.getBody().hasOneBlock())
    return notSupported(func, "control flow");
  inlineNonLoopFusions(func.getBody().front());
  hoistConstants(func.getBody().front());
  sinkBroadcasts(func.getBody().front());
  hoistBroadcastCopies(func.getBody().front());
  widenDotResults(func.getBody().front());
  normalizeDots(func.getBody().front());

  SmallVector<Unit, 4> units;
  Block &entry = func.getBody().front();
  for (Operation &op : entry) {
    if (isa<ConstantOp, func::ReturnOp>(op) || hasOnlyEmptyResults(&op))
      continue;
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      if (!reshape.getType().hasStaticShape() ||
          !reshape.getOperand().getType().hasStaticShape())
        return notSupported(&op, "dynamic shapes");
      continue;
    }
    Unit unit;
    unit.op = &op;
    if (auto fusion = dyn_cast<FusionOp>(op)) {
      if (fusion.getKind() != FusionKind::loop) {
        // Name the op that makes it something else than a loop.
        for (Operation &inner : fusion.getRegion().front())
          if (!isa<ConstantOp, BroadcastInDimOp, hlo::ReturnOp>(inner) &&
              !isScalarizableHloOp(&inner))
            return notSupported(&inner);
        return notSupported(&op, "a fusion of kind " +
                                     stringifyFusionKind(fusion.getKind()).str());
      }
      Block &block = fusion.getRegion().front();
      llvm::append_range(unit.inner, block.getArguments());
      llvm::append_range(unit.outer, fusion->getOperands());
      for (Operation &inner : block.without_terminator())
        unit.body.push_back(&inner);
      llvm::append_range(unit.results, block.getTerminator()->getOperands());
    } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      if (failed(analyzeReduce(unit)))
        return failure();
      units.push_back(std::move(unit));
      continue;
    } else if (isa<PadOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      auto type = cast<RankedTensorType>(op.getResult(0).getType());
      if (!type.hasStaticShape() || type.getRank() == 0 ||
          !cast<RankedTensorType>(op.getOperand(0).getType()).hasStaticShape())
        return notSupported(&op, "a pad of a scalar or dynamic array");
      units.push_back(std::move(unit));
      continue;
    } else if (isa<ReduceWindowOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      if (failed(analyzeReduceWindow(unit)))
        return failure();
      units.push_back(std::move(unit));
      continue;
    } else if (auto dot = dyn_cast<DotGeneralOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      if (failed(analyzeDot(dot)))
        return failure();
      units.push_back(std::move(unit));
      continue;
    } else if (auto selectAndScatter = dyn_cast<SelectAndScatterOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      bool staticShapes = llvm::all_of(op.getOperandTypes(), [](Type type) {
        return cast<RankedTensorType>(type).hasStaticShape();
      });
      auto type = cast<RankedTensorType>(op.getOperand(0).getType());
      if (!staticShapes || type.getRank() == 0 ||
          cast<RankedTensorType>(op.getOperand(1).getType())
                  .getNumElements() == 0)
        return notSupported(&op, "a select_and_scatter of an empty, scalar "
                                 "or dynamic array");
      if (failed(checkElementwiseBody(&op, selectAndScatter.getSelect())) ||
          failed(checkElementwiseBody(&op, selectAndScatter.getScatter())))
        return failure();
      units.push_back(std::move(unit));
      continue;
    } else if (auto sort = dyn_cast<SortOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      auto type = cast<RankedTensorType>(op.getOperand(0).getType());
      if (!type.hasStaticShape() || type.getRank() == 0 ||
          type.getNumElements() == 0)
        return notSupported(&op, "a sort of an empty, scalar or dynamic "
                                 "array");
      if (failed(checkElementwiseBody(&op, sort.getComparator())))
        return failure();
      units.push_back(std::move(unit));
      continue;
    } else if (isa<DynamicSliceOp, DynamicUpdateSliceOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      bool staticShapes = llvm::all_of(op.getOperandTypes(), [](Type type) {
        return cast<RankedTensorType>(type).hasStaticShape();
      });
      auto type = cast<RankedTensorType>(op.getResult(0).getType());
      if (!staticShapes || !type.hasStaticShape() || type.getRank() == 0 ||
          type.getNumElements() == 0)
        return notSupported(&op, "a dynamic slice of an empty, scalar or "
                                 "dynamic array");
      units.push_back(std::move(unit));
      continue;
    } else if (isCopy(&op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      llvm::append_range(unit.results, op.getResults());
      auto type = cast<RankedTensorType>(op.getResult(0).getType());
      if (!type.hasStaticShape() || type.getRank() == 0 ||
          type.getNumElements() == 0)
        return notSupported(&op, "a copy of an empty, scalar or dynamic array");
      units.push_back(std::move(unit));
      continue;
    } else if (isScalarizableHloOp(&op) ||
               isa<BroadcastInDimOp, IotaOp>(op)) {
      llvm::append_range(unit.inner, op.getOperands());
      llvm::append_range(unit.outer, op.getOperands());
      unit.body.push_back(&op);
      llvm::append_range(unit.results, op.getResults());
      if (op.getNumResults() != 1)
        return notSupported(&op);
    } else {
      return notSupported(&op);
    }
    if (failed(analyzeUnit(unit)))
      return failure();
    units.push_back(std::move(unit));
  }

  // The new function: HBM memrefs, results as out-parameters.
  auto hbm = tpu::MemorySpaceAttr::get(context, tpu::MemorySpace::hbm);
  auto memrefOf = [&](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return MemRefType::get(tensor.getShape(),
                           getStorageType(tensor.getElementType()),
                           MemRefLayoutAttrInterface(), hbm);
  };
  SmallVector<Type> argumentTypes;
  for (Type type : func.getArgumentTypes())
    argumentTypes.push_back(memrefOf(type));
  for (Type type : func.getResultTypes())
    argumentTypes.push_back(memrefOf(type));
  OpBuilder b(func);
  auto converted = func::FuncOp::create(
      b, func.getLoc(), func.getSymName(),
      FunctionType::get(context, argumentTypes, {}));
  converted.setVisibility(func.getVisibility());
  for (NamedAttribute attr : func->getDiscardableAttrs())
    converted->setAttr(attr.getName(), attr.getValue());
  Block *newEntry = converted.addEntryBlock();
  b.setInsertionPointToStart(newEntry);

  IRMapping buffers;
  for (auto [old, now] :
       llvm::zip(entry.getArguments(), newEntry->getArguments()))
    buffers.map(old, now);
  auto returnOp = cast<func::ReturnOp>(entry.getTerminator());
  unsigned numInputs = func.getNumArguments();
  // Values a kernel writes straight into their out-parameter.
  DenseMap<Value, unsigned> outParameterOf;
  for (auto [i, value] : llvm::enumerate(returnOp.getOperands()))
    if (!outParameterOf.count(value) && !isa<BlockArgument>(value) &&
        !value.getDefiningOp<ConstantOp>() && !value.getDefiningOp<ReshapeOp>())
      outParameterOf[value] = i;
  SmallVector<Value> temporaries;
  auto *unitIt = units.begin();
  for (Operation &op : entry) {
    Location loc = op.getLoc();
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto attr = cast<DenseElementsAttr>(constant.getValue());
      MemRefType type = memrefOf(attr.getType());
      Type storage = type.getElementType();
      DenseElementsAttr stored = attr;
      if (attr.getElementType().isInteger(1))
        stored = attr.mapValues(storage, [](const APInt &bit) {
          return bit.zext(8);
        });
      else if (storage != attr.getElementType())
        stored = attr.bitcast(storage);
      OpBuilder moduleBuilder(converted);
      auto global = memref::GlobalOp::create(
          moduleBuilder, loc, "__tpu_constant", moduleBuilder.getStringAttr("private"),
          type, stored, /*constant=*/true, IntegerAttr());
      symbols.insert(global);
      buffers.map(constant.getResult(),
                  memref::GetGlobalOp::create(b, loc, type, global.getSymName())
                      .getResult());
      continue;
    }
    if (isa<func::ReturnOp>(op))
      continue;
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      // A view: the same elements in the same order.
      Value source = buffers.lookup(reshape.getOperand());
      auto sourceType = cast<MemRefType>(source.getType());
      if (sourceType.getRank() > 1) {
        SmallVector<ReassociationIndices> all(1);
        for (int64_t d = 0; d < sourceType.getRank(); ++d)
          all.front().push_back(d);
        source = memref::CollapseShapeOp::create(b, loc, source, all);
      } else if (sourceType.getRank() == 0) {
        source = memref::ExpandShapeOp::create(
            b, loc,
            MemRefType::get({1}, sourceType.getElementType(),
                            MemRefLayoutAttrInterface(),
                            sourceType.getMemorySpace()),
            source, ArrayRef<ReassociationIndices>{});
      }
      MemRefType target = memrefOf(reshape.getType());
      if (target.getRank() == 0) {
        source = memref::CollapseShapeOp::create(
            b, loc, source, ArrayRef<ReassociationIndices>{});
      } else if (target.getRank() > 1) {
        SmallVector<ReassociationIndices> all(1);
        for (int64_t d = 0; d < target.getRank(); ++d)
          all.front().push_back(d);
        source = memref::ExpandShapeOp::create(b, loc, target, source, all);
      }
      buffers.map(reshape.getResult(), source);
      continue;
    }
    if (hasOnlyEmptyResults(&op)) {
      for (Value result : op.getResults()) {
        auto it = outParameterOf.find(result);
        Value buffer;
        if (it != outParameterOf.end()) {
          buffer = newEntry->getArgument(numInputs + it->second);
        } else {
          buffer = memref::AllocOp::create(b, loc, memrefOf(result.getType()));
          temporaries.push_back(buffer);
        }
        buffers.map(result, buffer);
      }
      continue;
    }
    Unit &unit = *unitIt++;
    SmallVector<Value> inputs, outputs;
    for (Value outer : unit.outer)
      inputs.push_back(buffers.lookup(outer));
    for (Value result : unit.results) {
      // The op's own result (a fusion returns the region's values).
      Value value = result;
      if (isa<FusionOp>(unit.op))
        value = unit.op->getResult(outputs.size());
      auto it = outParameterOf.find(value);
      Value buffer;
      if (it != outParameterOf.end()) {
        buffer = newEntry->getArgument(numInputs + it->second);
      } else {
        buffer = memref::AllocOp::create(b, loc, memrefOf(value.getType()));
        temporaries.push_back(buffer);
      }
      outputs.push_back(buffer);
      buffers.map(value, buffer);
    }
    if (failed(builder.emitKernel(b, unit, inputs, outputs))) {
      converted.erase();
      return failure();
    }
  }
  for (auto [i, value] : llvm::enumerate(returnOp.getOperands())) {
    auto it = outParameterOf.find(value);
    if (it != outParameterOf.end() && it->second == i)
      continue;
    memref::CopyOp::create(b, returnOp.getLoc(), buffers.lookup(value),
                           newEntry->getArgument(numInputs + i));
  }
  for (Value temporary : temporaries)
    memref::DeallocOp::create(b, returnOp.getLoc(), temporary);
  func::ReturnOp::create(b, returnOp.getLoc());
  func.erase();
  return success();
}

void HloTpuFormKernelsPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  tpu::TargetAttr target = tpu::getTargetPreset(context, chip);
  if (!target) {
    module.emitError() << "unknown TPU chip '" << chip << "' (known: "
                       << llvm::join(tpu::getTargetPresetNames(), ", ") << ")";
    return signalPassFailure();
  }
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"dot-block-m",
                                                            dotBlockM},
                              {"dot-block-k", dotBlockK},
                              {"dot-block-n", dotBlockN}}) {
    if (value < 0) {
      module.emitError() << "hlo-tpu-form-kernels: " << name << "=" << value
                         << " is negative";
      return signalPassFailure();
    }
  }
  module->setAttr("tpu.target", target);
  KernelBuilder builder(target, {dotBlockM, dotBlockK, dotBlockN});
  SymbolTable symbols(module);
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (failed(convertFunction(func, builder, symbols)))
      return signalPassFailure();
}

} // namespace
