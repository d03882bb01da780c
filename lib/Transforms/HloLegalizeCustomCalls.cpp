//===- HloLegalizeCustomCalls.cpp - the hlo-legalize-custom-calls pass ----===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/LegalizeCustomCalls.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOLEGALIZECUSTOMCALLSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloLegalizeCustomCallsPass
    : hlo::impl::HloLegalizeCustomCallsPassBase<HloLegalizeCustomCallsPass> {
  void runOnOperation() override {
    SmallVector<CustomCallOp> calls;
    getOperation()->walk([&](CustomCallOp call) {
      if (isLegalizableCustomCallTarget(call.getCallTargetName()))
        calls.push_back(call);
    });
    IRRewriter rewriter(&getContext());
    bool failed = false;
    // Every call is tried, so that each unsupported one is reported.
    for (CustomCallOp call : calls)
      failed |= mlir::failed(legalizeCustomCall(rewriter, call));
    if (failed)
      signalPassFailure();
  }
};
} // namespace
