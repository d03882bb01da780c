//===- CheckOps.cpp - the check dialect -----------------------------------===//

#include "HloDialect/Dialect/Check/IR/CheckOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::check;

#include "HloDialect/Dialect/Check/IR/CheckOpsDialect.cpp.inc"

namespace {
struct CheckInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Check/IR/CheckOps.cpp.inc"
      >();
  addInterfaces<CheckInlinerInterface>();
}

LogicalResult ExpectCloseOp::verify() {
  auto actual = cast<ShapedType>(getActual().getType());
  auto expected = cast<ShapedType>(getExpected().getType());
  if (actual.getShape() != expected.getShape() ||
      actual.getElementType() != expected.getElementType())
    return emitOpError() << "compares values of different types "
                         << actual << " and " << expected;
  Type element = actual.getElementType();
  if (auto complex = dyn_cast<ComplexType>(element))
    element = complex.getElementType();
  if (!isa<FloatType>(element))
    return emitOpError() << "needs float or complex elements, found "
                         << actual.getElementType();
  if (getMaxUlpDifferenceAttr().getInt() < 0)
    return emitOpError() << "max_ulp_difference must be non-negative";
  return success();
}

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Check/IR/CheckOps.cpp.inc"
