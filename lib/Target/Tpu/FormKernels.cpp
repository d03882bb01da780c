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
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

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
  for (Operation *op : unit.body) {
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      if (!isSplatConstant(constant))
        return notSupported(op, "a constant that is not a splat");
      continue;
    }
    if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
      if (!hasCount(broadcast.getResult()))
        return notSupported(op, "a broadcast to another size");
      if (isSplatConstant(broadcast.getOperand()))
        continue;
      std::optional<OperandKind> kind =
          classifyBroadcast(broadcast, broadcast.getType().getShape());
      // Rows and columns are those of the unit's shape.
      if (kind && broadcast.getType().getShape() != unit.shape &&
          *kind != OperandKind::Full && *kind != OperandKind::Scalar)
        kind = std::nullopt;
      if (!kind)
        return notSupported(op, "a broadcast other than of rows, columns or "
                                "scalars");
      if (failed(setKind(broadcast.getOperand(), *kind, op)))
        return failure();
      continue;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      if (!hasCount(reshape.getOperand()))
        return notSupported(op, "dynamic shapes");
      if (inputIndex.count(reshape.getOperand()) &&
          failed(setKind(reshape.getOperand(), OperandKind::Full, op)))
        return failure();
      continue;
    }
    if (!isScalarizableHloOp(op))
      return notSupported(op);
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (!hasCount(v))
        return notSupported(op, "an elementwise op on another size than the "
                                "fusion's");
    if (failed(checkScalarizable(op)))
      return failure();
    for (Value operand : op->getOperands())
      if (inputIndex.count(operand) &&
          failed(setKind(operand, OperandKind::Full, op)))
        return failure();
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

/// Builds kernels and the converted function.
class KernelBuilder {
public:
  explicit KernelBuilder(tpu::TargetAttr target) : target(target) {}

  LogicalResult emitKernel(OpBuilder &b, Unit &unit, ArrayRef<Value> inputs,
                           ArrayRef<Value> outputs);

private:
  tpu::TargetAttr target;
  int64_t rowStep = 8;
};

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

LogicalResult KernelBuilder::emitKernel(OpBuilder &b, Unit &unit,
                                        ArrayRef<Value> inputs,
                                        ArrayRef<Value> outputs) {
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
      bytes += roundUp(r, operand.tile) * roundUp(c, kLanes) *
               operand.storage.getIntOrFloatBitWidth() / 8;
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
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value step = arith::ConstantIndexOp::create(b, loc, rowStep);
  Value lanes = arith::ConstantIndexOp::create(b, loc, kLanes);
  auto rowLoop = scf::ForOp::create(
      b, loc, c0, arith::ConstantIndexOp::create(b, loc, roundUp(blockRows, rowStep)),
      step);
  b.setInsertionPoint(rowLoop.getBody()->getTerminator());
  auto columnLoop = scf::ForOp::create(
      b, loc, c0,
      arith::ConstantIndexOp::create(b, loc, roundUp(blockColumns, kLanes)),
      lanes);
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

  SmallVector<Unit, 4> units;
  Block &entry = func.getBody().front();
  for (Operation &op : entry) {
    if (isa<ConstantOp, func::ReturnOp>(op))
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
    } else if (isScalarizableHloOp(&op) || isa<BroadcastInDimOp>(op)) {
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
  module->setAttr("tpu.target", target);
  KernelBuilder builder(target);
  SymbolTable symbols(module);
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (failed(convertFunction(func, builder, symbols)))
      return signalPassFailure();
}

} // namespace
