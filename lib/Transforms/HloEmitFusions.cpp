//===- HloEmitFusions.cpp - the hlo-emit-fusions pass ---------------------===//

#include "HloDialect/Conversion/HloToLinalg/HloToLinalg.h"
#include "HloDialect/Transforms/EmitFusions.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOEMITFUSIONSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloEmitFusionsPass
    : hlo::impl::HloEmitFusionsPassBase<HloEmitFusionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 1) {
      emitError(getOperation()->getLoc())
          << "hlo-emit-fusions: threads must be at least 1";
      return signalPassFailure();
    }
    EmitFusionOptions options;
    options.threads = threads;
    options.outputTileRows = outputTileRows;
    options.outputTileColumns = outputTileColumns;
    options.parallelTiles = parallelTiles;
    SmallVector<scf::ExecuteRegionOp> regions;
    getOperation()->walk([&](scf::ExecuteRegionOp op) {
      if (op->hasAttr(kFusionKindAttrName))
        regions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ExecuteRegionOp region : regions) {
      Location loc = region.getLoc();
      FailureOr<EmittedFusion> emitted = emitFusion(rewriter, region, options);
      if (failed(emitted)) {
        emitError(loc) << "could not emit the fusion";
        return signalPassFailure();
      }
      if (explain && emitted->numLoopNests > 1)
        emitRemark(loc) << "fusion emitted as " << emitted->numLoopNests
                        << " loop nests";
    }
  }
};
} // namespace
