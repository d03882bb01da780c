//===- TpuOps.cpp - tpu ops: custom syntax and verifiers ------------------===//
//
// The verifiers enforce the hardware rules of the target in scope: tile
// alignment of blocks, VMEM capacity, register shapes, MXU operand shapes and
// types.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tpu;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

// `[parallel, arbitrary]`
static ParseResult parseDimensionSemantics(OpAsmParser &parser,
                                           ArrayAttr &semantics) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        StringRef keyword;
        if (parser.parseKeyword(&keyword))
          return failure();
        std::optional<DimensionSemantics> value =
            symbolizeDimensionSemantics(keyword);
        if (!value)
          return parser.emitError(loc)
                 << "expected 'parallel' or 'arbitrary', found '" << keyword
                 << "'";
        values.push_back(
            DimensionSemanticsAttr::get(parser.getContext(), *value));
        return success();
      }))
    return failure();
  semantics = parser.getBuilder().getArrayAttr(values);
  return success();
}

static void printDimensionSemantics(OpAsmPrinter &printer, Operation *,
                                    ArrayAttr semantics) {
  printer << "[";
  llvm::interleaveComma(semantics, printer, [&](Attribute attr) {
    printer << stringifyDimensionSemantics(
        cast<DimensionSemanticsAttr>(attr).getValue());
  });
  printer << "]";
}

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

namespace {
constexpr int64_t kNativeLanes = 128;

StringRef memorySpaceName(MemRefType type) {
  if (std::optional<MemorySpace> space = getMemorySpace(type))
    return stringifyMemorySpace(*space);
  return "no TPU memory";
}

bool isIn(MemRefType type, MemorySpace space) {
  std::optional<MemorySpace> actual = getMemorySpace(type);
  return actual && *actual == space;
}

/// The (rows, lanes) shape of one vector register of `element`: the target's
/// when one is in scope, the native (8 sublanes x 128 lanes of 32 bits)
/// otherwise; rows are 0 for element types the vector unit does not hold.
std::pair<int64_t, int64_t> registerShape(Operation *op, Type element) {
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  if (TargetAttr target = lookupTarget(op))
    return {target.getSublaneTile(bits), target.getLanes()};
  return {getNativeSublaneTile(element), kNativeLanes};
}

/// A VMEM buffer is in the native tiling of its element type: no layout
/// (which means that tiling) or `#hlo.layout` with row-major dimension order
/// and the single native tile. With `allowWindow`, also a window
/// (`memref.subview`) of such a buffer: a strided layout with static
/// strides, the innermost 1 (the part of a block inside its array, which a
/// DMA moves at an array's edge).
LogicalResult verifyVmemTiling(Operation *op, MemRefType type,
                               StringRef what, bool allowWindow = false) {
  Type element = type.getElementType();
  auto [rows, lanes] = registerShape(op, element);
  if (rows == 0)
    return op->emitOpError()
           << what << " holds " << element
           << " in VMEM; VMEM holds 8-, 16- and 32-bit elements";
  MemRefLayoutAttrInterface layout = type.getLayout();
  if (layout.isIdentity())
    return success();
  if (auto strided = dyn_cast<StridedLayoutAttr>(layout);
      strided && allowWindow && !strided.getStrides().empty() &&
      strided.getStrides().back() == 1 &&
      !llvm::is_contained(strided.getStrides(), ShapedType::kDynamic))
    return success();
  auto tiled = dyn_cast<hlo::LayoutAttr>(layout);
  int64_t rank = type.getRank();
  bool native = tiled && tiled.getTileRanks().size() == 1;
  if (native) {
    for (auto [i, dim] : llvm::enumerate(tiled.getMinorToMajor()))
      native &= dim == rank - 1 - static_cast<int64_t>(i);
    ArrayRef<int64_t> tile = tiled.getTiles().front();
    native &= rank >= 2 && tile.size() == 2 && tile[0] == rows &&
              tile[1] == lanes;
  }
  if (native)
    return success();
  return op->emitOpError() << what << " in VMEM must be in the native ("
                           << rows << ", " << lanes << ") tiling of "
                           << element << ", found layout " << layout;
}

LogicalResult verifySemaphore(Operation *op, MemRefType type,
                              ValueRange indices) {
  if (!isIn(type, MemorySpace::semaphore))
    return op->emitOpError()
           << "semaphores must be in #tpu.memory_space<semaphore>, found "
           << memorySpaceName(type);
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError() << "the semaphore memref has rank "
                             << type.getRank() << " but " << indices.size()
                             << " indices are given";
  return success();
}

/// `type` is whole vector registers: rows a multiple of the register's
/// rows, columns a multiple of the lanes.
LogicalResult verifyWholeRegisters(Operation *op, VectorType type,
                                   StringRef what) {
  auto [rows, lanes] = registerShape(op, type.getElementType());
  if (rows == 0)
    return op->emitOpError() << what << " has element type "
                             << type.getElementType()
                             << "; vector registers hold 8-, 16- and 32-bit "
                                "elements";
  if (type.getDimSize(0) % rows != 0 || type.getDimSize(1) % lanes != 0)
    return op->emitOpError()
           << what << " " << type << " is not whole " << rows << "x" << lanes
           << " registers of " << type.getElementType();
  return success();
}

/// The checks shared by tpu.load and tpu.store.
LogicalResult verifyLoadStore(Operation *op, MemRefType base,
                              ValueRange indices, VectorType value) {
  if (!isIn(base, MemorySpace::vmem))
    return op->emitOpError() << "accesses VMEM only, found a memref in "
                             << memorySpaceName(base);
  if (base.getRank() < 2)
    return op->emitOpError() << "needs a memref of rank 2 or more, found "
                             << base;
  if (static_cast<int64_t>(indices.size()) != base.getRank())
    return op->emitOpError() << "needs " << base.getRank()
                             << " indices, found " << indices.size();
  if (base.getElementType() != value.getElementType())
    return op->emitOpError()
           << "element types differ: memref of " << base.getElementType()
           << ", vector of " << value.getElementType();
  if (failed(verifyVmemTiling(op, base, "the memref")))
    return failure();
  auto [rows, lanes] = registerShape(op, value.getElementType());
  if (value.getDimSize(0) != rows || value.getDimSize(1) != lanes)
    return op->emitOpError()
           << "moves one vector register, "
           << VectorType::get({rows, lanes}, value.getElementType())
           << ", found " << value;
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// tpu.kernel
//===----------------------------------------------------------------------===//

int64_t KernelOp::getVmemFootprint() {
  int64_t blocks = 0;
  Block &body = getBody().front();
  int64_t gridRank = getGrid().size();
  for (BlockArgument arg : body.getArguments().drop_front(gridRank))
    if (auto type = dyn_cast<MemRefType>(arg.getType());
        type && type.hasStaticShape())
      blocks += getPaddedVmemBytes(type);
  int64_t scratch = 0;
  getBody().walk([&](Operation *op) {
    for (Value result : op->getResults()) {
      auto type = dyn_cast<MemRefType>(result.getType());
      if (type && type.hasStaticShape() && isIn(type, MemorySpace::vmem) &&
          hasEffect<MemoryEffects::Allocate>(op, result))
        scratch += getPaddedVmemBytes(type);
    }
  });
  return 2 * blocks + scratch;
}

LogicalResult KernelOp::verifyRegions() {
  ArrayRef<int64_t> grid = getGrid();
  int64_t gridRank = grid.size();
  if (static_cast<int64_t>(getDimensionSemantics().size()) != gridRank)
    return emitOpError() << "has a grid of rank " << gridRank << " but "
                         << getDimensionSemantics().size()
                         << " dimension semantics";
  for (int64_t bound : grid)
    if (bound < 1)
      return emitOpError() << "grid bounds must be positive, found " << bound;
  SmallVector<Value> operands(getInputs());
  llvm::append_range(operands, getOutputs());
  ArrayAttr specs = getBlockSpecs();
  if (specs.size() != operands.size())
    return emitOpError() << "has " << operands.size() << " operands but "
                         << specs.size() << " block specs";
  TargetAttr target = lookupTarget(*this);
  if (!target)
    return emitOpError() << "needs a target: a 'target' of its own or a '"
                         << TpuDialect::kTargetAttrName
                         << "' attribute on an enclosing op";
  Block &body = getBody().front();
  if (body.getNumArguments() != gridRank + operands.size())
    return emitOpError() << "body must take " << gridRank
                         << " grid indices and " << operands.size()
                         << " blocks, found " << body.getNumArguments()
                         << " arguments";
  for (int64_t i = 0; i < gridRank; ++i)
    if (!body.getArgument(i).getType().isIndex())
      return emitOpError() << "body argument #" << i
                           << " is a grid index and must be 'index', found "
                           << body.getArgument(i).getType();

  SmallVector<int64_t> first(gridRank, 0), last;
  for (int64_t bound : grid)
    last.push_back(bound - 1);
  for (auto [k, operand] : llvm::enumerate(operands)) {
    auto type = cast<MemRefType>(operand.getType());
    if (!isIn(type, MemorySpace::hbm))
      return emitOpError() << "operand #" << k
                           << " must be in #tpu.memory_space<hbm>, found "
                           << memorySpaceName(type);
    auto spec = cast<BlockSpecAttr>(specs[k]);
    ArrayRef<int64_t> block = spec.getBlockShape();
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rank = type.getRank();
    AffineMap map = spec.getIndexMap();
    if (static_cast<int64_t>(block.size()) != rank)
      return emitOpError() << "block spec #" << k << " has a block of rank "
                           << block.size() << " for an operand of rank "
                           << rank;
    if (map.getNumDims() != gridRank || map.getNumSymbols() != 0 ||
        map.getNumResults() != rank)
      return emitOpError() << "block spec #" << k << "'s index map " << AffineMapAttr::get(map)
                           << " must take the " << gridRank
                           << " grid indices to " << rank << " block indices";
    unsigned bits = type.getElementType().isIntOrFloat()
                        ? type.getElementType().getIntOrFloatBitWidth()
                        : 0;
    int64_t rows = target.getSublaneTile(bits);
    if (rows == 0)
      return emitOpError() << "operand #" << k << " has element type "
                           << type.getElementType()
                           << "; blocks hold 8-, 16- and 32-bit elements";
    for (int64_t d = 0; d < rank; ++d) {
      if (block[d] < 1 || block[d] > shape[d])
        return emitOpError() << "block spec #" << k << ": block dimension "
                             << d << " is " << block[d]
                             << ", outside [1, " << shape[d] << "]";
      int64_t align = d == rank - 1   ? target.getLanes()
                      : d == rank - 2 ? rows
                                      : 1;
      if (block[d] % align != 0 && block[d] != shape[d])
        return emitOpError()
               << "block spec #" << k << ": block dimension " << d << " ("
               << block[d] << ") must be a multiple of " << align
               << (d == rank - 1 ? " lanes" : " sublanes of " +
                                                  std::to_string(bits) +
                                                  "-bit data")
               << " or the whole dimension (" << shape[d] << ")";
    }
    for (ArrayRef<int64_t> point : {ArrayRef<int64_t>(first),
                                    ArrayRef<int64_t>(last)}) {
      SmallVector<int64_t, 4> index = map.compose(point);
      for (int64_t d = 0; d < rank; ++d) {
        int64_t start = index[d] * block[d];
        if (start < 0 || start >= shape[d])
          return emitOpError()
                 << "block spec #" << k << ": at grid point (" << point
                 << ") block dimension " << d << " starts at element "
                 << start << ", outside the operand's " << shape[d];
      }
    }
    auto blockType = dyn_cast<MemRefType>(body.getArgument(gridRank + k).getType());
    if (!blockType || blockType.getShape() != block ||
        blockType.getElementType() != type.getElementType() ||
        !isIn(blockType, MemorySpace::vmem))
      return emitOpError()
             << "body argument #" << gridRank + k << " must be the VMEM block "
             << MemRefType::get(block, type.getElementType(),
                                MemRefLayoutAttrInterface(),
                                MemorySpaceAttr::get(getContext(),
                                                     MemorySpace::vmem))
             << ", found " << body.getArgument(gridRank + k).getType();
    if (failed(verifyVmemTiling(*this, blockType,
                                "block #" + std::to_string(k))))
      return failure();
  }
  int64_t footprint = getVmemFootprint();
  if (footprint > target.getVmemBytes())
    return emitOpError() << "needs " << footprint
                         << " bytes of VMEM (its blocks padded to whole "
                            "tiles, double-buffered, and the VMEM its body "
                            "allocates), more than the "
                         << target.getVmemBytes() << " bytes of "
                         << target.getChip();
  return success();
}

//===----------------------------------------------------------------------===//
// DMAs and semaphores
//===----------------------------------------------------------------------===//

LogicalResult SemAllocOp::verify() {
  MemRefType type = getResult().getType();
  if (!isIn(type, MemorySpace::semaphore))
    return emitOpError()
           << "allocates in #tpu.memory_space<semaphore>, found "
           << memorySpaceName(type);
  return success();
}

LogicalResult DmaStartOp::verify() {
  MemRefType source = getSource().getType();
  MemRefType target = getTarget().getType();
  bool sourceHbm = isIn(source, MemorySpace::hbm);
  bool targetHbm = isIn(target, MemorySpace::hbm);
  MemRefType local = sourceHbm ? target : source;
  if (sourceHbm == targetHbm ||
      !(isIn(local, MemorySpace::vmem) || isIn(local, MemorySpace::smem)))
    return emitOpError() << "copies between HBM and VMEM or SMEM, found "
                         << memorySpaceName(source) << " to "
                         << memorySpaceName(target);
  if (source.getShape() != target.getShape() ||
      source.getElementType() != target.getElementType())
    return emitOpError() << "source and target differ: " << source << " and "
                         << target;
  if (isIn(local, MemorySpace::vmem) &&
      failed(verifyVmemTiling(*this, local, "the VMEM buffer",
                              /*allowWindow=*/true)))
    return failure();
  return verifySemaphore(*this, getSemaphore().getType(),
                         getSemaphoreIndices());
}

LogicalResult DmaWaitOp::verify() {
  MemRefType ref = getRef().getType();
  if (!isIn(ref, MemorySpace::hbm) && !isIn(ref, MemorySpace::vmem) &&
      !isIn(ref, MemorySpace::smem))
    return emitOpError() << "waits for a DMA into HBM, VMEM or SMEM, found "
                         << memorySpaceName(ref);
  return verifySemaphore(*this, getSemaphore().getType(),
                         getSemaphoreIndices());
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadOp::verify() {
  return verifyLoadStore(*this, getBase().getType(), getIndices(),
                         getResult().getType());
}

LogicalResult StoreOp::verify() {
  return verifyLoadStore(*this, getBase().getType(), getIndices(),
                         getValue().getType());
}

//===----------------------------------------------------------------------===//
// tpu.matmul
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::verify() {
  VectorType lhs = getLhs().getType(), rhs = getRhs().getType(),
             acc = getAcc().getType();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError() << "multiplies operands of one type (bf16 or f32), "
                            "found "
                         << lhs.getElementType() << " and "
                         << rhs.getElementType();
  bool transposed = getTransposeRhs();
  int64_t m = lhs.getDimSize(0), k = lhs.getDimSize(1),
          n = rhs.getDimSize(transposed ? 0 : 1);
  if (rhs.getDimSize(transposed ? 1 : 0) != k || acc.getDimSize(0) != m ||
      acc.getDimSize(1) != n)
    return emitOpError() << "needs lhs MxK, rhs " << (transposed ? "NxK" : "KxN")
                         << " and acc MxN, found "
                         << lhs << ", " << rhs << " and " << acc;
  TargetAttr target = lookupTarget(*this);
  if (!target)
    return emitOpError() << "needs a target in scope (a tpu.kernel's "
                            "'target' or a '"
                         << TpuDialect::kTargetAttrName
                         << "' attribute) for its MXU shape";
  if (k % target.getMxuRows() != 0 || n % target.getMxuCols() != 0)
    return emitOpError() << "K = " << k << " and N = " << n
                         << " must be multiples of the "
                         << target.getMxuRows() << "x" << target.getMxuCols()
                         << " MXU of " << target.getChip();
  int64_t rows =
      target.getSublaneTile(lhs.getElementType().getIntOrFloatBitWidth());
  if (m % rows != 0)
    return emitOpError() << "M = " << m << " must be a multiple of " << rows
                         << " (whole registers of " << lhs.getElementType()
                         << ")";
  return success();
}

int64_t tpu::getMxuPushes(MatmulOp op, TargetAttr target) {
  VectorType lhs = op.getLhs().getType(), acc = op.getAcc().getType();
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  return lhs.getDimSize(0) * ceilDiv(lhs.getDimSize(1), target.getMxuRows()) *
         ceilDiv(acc.getDimSize(1), target.getMxuCols());
}

int64_t tpu::getMxuPasses(MatmulOp op) {
  return op.getLhs().getType().getElementType().isBF16() ? 1 : 6;
}

//===----------------------------------------------------------------------===//
// Reductions and broadcasts
//===----------------------------------------------------------------------===//

namespace {
/// `source` is whole registers and `result` is it with dimension `dim`
/// collapsed to 1.
LogicalResult verifyCollapsed(Operation *op, VectorType whole,
                              VectorType collapsed, int dim,
                              StringRef wholeName, StringRef collapsedName) {
  if (failed(verifyWholeRegisters(op, whole, wholeName)))
    return failure();
  SmallVector<int64_t> expected(whole.getShape());
  expected[dim] = 1;
  if (collapsed.getShape() != ArrayRef<int64_t>(expected) ||
      collapsed.getElementType() != whole.getElementType())
    return op->emitOpError()
           << "the " << collapsedName << " must be "
           << VectorType::get(expected, whole.getElementType()) << ", found "
           << collapsed;
  return success();
}
} // namespace

LogicalResult ReduceLanesOp::verify() {
  return verifyCollapsed(*this, getSource().getType(), getResult().getType(),
                         1, "source", "result");
}

LogicalResult ReduceSublanesOp::verify() {
  return verifyCollapsed(*this, getSource().getType(), getResult().getType(),
                         0, "source", "result");
}

LogicalResult BroadcastLanesOp::verify() {
  return verifyCollapsed(*this, getResult().getType(), getSource().getType(),
                         1, "result", "source");
}

LogicalResult BroadcastSublanesOp::verify() {
  return verifyCollapsed(*this, getResult().getType(), getSource().getType(),
                         0, "result", "source");
}

//===----------------------------------------------------------------------===//
// tpu.relayout
//===----------------------------------------------------------------------===//

LogicalResult RelayoutOp::verify() {
  MemRefType source = getSource().getType(), target = getTarget().getType();
  if (!isIn(source, MemorySpace::vmem) || !isIn(target, MemorySpace::vmem))
    return emitOpError() << "relayouts within VMEM, found "
                         << memorySpaceName(source) << " to "
                         << memorySpaceName(target);
  if (source.getShape() != target.getShape() ||
      source.getElementType() != target.getElementType())
    return emitOpError() << "source and target differ: " << source << " and "
                         << target;
  for (MemRefType type : {source, target})
    if (!type.getLayout().isIdentity() &&
        !isa<hlo::LayoutAttr>(type.getLayout()))
      return emitOpError() << "layouts are #hlo.layout or native, found "
                           << type.getLayout();
  // No layout is the native tiling, the same as its explicit #hlo.layout.
  auto effective = [&](MemRefType type) -> Attribute {
    int64_t rank = type.getRank();
    auto [rows, lanes] = registerShape(*this, type.getElementType());
    if (!type.getLayout().isIdentity() || rank < 2 || rows == 0)
      return type.getLayout();
    SmallVector<int64_t> minorToMajor;
    for (int64_t d = rank - 1; d >= 0; --d)
      minorToMajor.push_back(d);
    int64_t tile[] = {rows, lanes}, tileRanks[] = {2};
    return hlo::LayoutAttr::get(getContext(), ArrayRef<int64_t>(minorToMajor),
                                ArrayRef<int64_t>(tile),
                                ArrayRef<int64_t>(tileRanks));
  };
  if (effective(source) == effective(target))
    return emitOpError() << "source and target have the same layout";
  return success();
}
