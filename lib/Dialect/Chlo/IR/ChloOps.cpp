//===- ChloOps.cpp - the chlo dialect -------------------------------------===//

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo;

#include "HloDialect/Dialect/Chlo/IR/ChloOpsDialect.cpp.inc"

namespace {
struct ChloInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Chlo/IR/ChloOps.cpp.inc"
      >();
  addInterfaces<ChloInlinerInterface>();
}

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Chlo/IR/ChloOps.cpp.inc"

LogicalResult TopKOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  if (operandType.getRank() < 1)
    return emitOpError("expects an operand of rank at least 1, got rank 0");
  int64_t k = getK();
  int64_t last = operandType.getShape().back();
  if (k < 0)
    return emitOpError("expects k >= 0, got ") << k;
  if (!ShapedType::isDynamic(last) && k > last)
    return emitOpError("expects k <= the size of the last dimension (")
           << last << "), got " << k;
  // The results have the operand's shape with the last dimension k; dynamic
  // dimensions match anything.
  SmallVector<int64_t> shape(operandType.getShape());
  shape.back() = k;
  auto compatible = [&](RankedTensorType got, RankedTensorType want) {
    if (got.getElementType() != want.getElementType() ||
        got.getRank() != want.getRank())
      return false;
    for (auto [g, w] : llvm::zip(got.getShape(), want.getShape()))
      if (!ShapedType::isDynamic(g) && !ShapedType::isDynamic(w) && g != w)
        return false;
    return true;
  };
  auto values = RankedTensorType::get(shape, operandType.getElementType());
  if (!compatible(getValues().getType(), values))
    return emitOpError("expects values of type ")
           << values << " (the operand's with the last dimension k), got "
           << getValues().getType();
  auto indices =
      RankedTensorType::get(shape, IntegerType::get(getContext(), 32));
  if (!compatible(getIndices().getType(), indices))
    return emitOpError("expects indices of type ")
           << indices << ", got " << getIndices().getType();
  return success();
}
