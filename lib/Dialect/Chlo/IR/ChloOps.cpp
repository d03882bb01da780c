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
