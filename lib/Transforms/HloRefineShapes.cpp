//===- HloRefineShapes.cpp - the hlo-refine-shapes pass -------------------===//

#include "HloDialect/Transforms/Passes.h"
#include "HloDialect/Transforms/RefineShapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOREFINESHAPESPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloRefineShapesPass
    : hlo::impl::HloRefineShapesPassBase<HloRefineShapesPass> {
  void runOnOperation() override {
    if (failed(refineShapes(getOperation())))
      signalPassFailure();
  }
};
} // namespace
