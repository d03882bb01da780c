//===- TpuDialect.cpp - tpu dialect registration, attributes, types -------===//

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu;

#include "HloDialect/Dialect/Tpu/IR/TpuOpsDialect.cpp.inc"
#include "HloDialect/Dialect/Tpu/IR/TpuEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuOpsTypes.cpp.inc"

void TpuDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Tpu/IR/TpuOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

void TpuDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "HloDialect/Dialect/Tpu/IR/TpuOpsTypes.cpp.inc"
      >();
}

void TpuDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "HloDialect/Dialect/Tpu/IR/TpuAttrs.cpp.inc"
      >();
}

LogicalResult TpuDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == kTargetAttrName) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError() << "'" << kTargetAttrName
                             << "' must be a #tpu.target, found "
                             << attr.getValue();
    return success();
  }
  return op->emitError() << "unknown tpu attribute '"
                         << attr.getName().getValue() << "'";
}

//===----------------------------------------------------------------------===//
// #tpu.block_spec
//===----------------------------------------------------------------------===//

// `#tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, 0)>>`
Attribute BlockSpecAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> shape;
  AffineMapAttr map;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(shape.emplace_back());
      }) ||
      parser.parseComma() || parser.parseAttribute(map) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), ArrayRef<int64_t>(shape), map.getValue());
}

void BlockSpecAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getBlockShape(), printer);
  printer << "], " << AffineMapAttr::get(getIndexMap()) << ">";
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

TargetAttr tpu::lookupTarget(Operation *op) {
  for (Operation *scope = op; scope; scope = scope->getParentOp()) {
    if (auto kernel = dyn_cast<KernelOp>(scope))
      if (TargetAttr target = kernel.getTargetAttr())
        return target;
    if (auto target =
            scope->getAttrOfType<TargetAttr>(TpuDialect::kTargetAttrName))
      return target;
  }
  return {};
}

std::optional<MemorySpace> tpu::getMemorySpace(MemRefType type) {
  if (auto space = dyn_cast_or_null<MemorySpaceAttr>(type.getMemorySpace()))
    return space.getValue();
  return std::nullopt;
}

int64_t tpu::getNativeSublaneTile(Type elementType) {
  if (!elementType.isIntOrFloat())
    return 0;
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return 0;
  return 8 * (32 / bits);
}

SmallVector<int64_t> tpu::getPaddedVmemShape(ArrayRef<int64_t> shape,
                                             Type elementType) {
  SmallVector<int64_t> padded(shape);
  int64_t rank = padded.size();
  int64_t rows = getNativeSublaneTile(elementType);
  if (rows == 0)
    rows = 8;
  if (rank >= 1)
    padded[rank - 1] = llvm::alignTo(padded[rank - 1], 128);
  if (rank >= 2)
    padded[rank - 2] = llvm::alignTo(padded[rank - 2], rows);
  return padded;
}

int64_t tpu::getPaddedVmemBytes(MemRefType type) {
  Type element = type.getElementType();
  int64_t elementBytes =
      element.isIntOrFloat()
          ? std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8)
          : 4;
  int64_t elements = 1;
  for (int64_t size : getPaddedVmemShape(type.getShape(), element))
    elements *= size;
  return elements * elementBytes;
}

MemRefType tpu::getSemaphoresType(MLIRContext *context, int64_t count) {
  return MemRefType::get({count}, SemaphoreType::get(context),
                         MemRefLayoutAttrInterface(),
                         MemorySpaceAttr::get(context, MemorySpace::semaphore));
}
