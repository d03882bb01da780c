//===- HloInlineComposites.cpp - the hlo-inline-composites pass -----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOINLINECOMPOSITESPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct HloInlineCompositesPass
    : hlo::impl::HloInlineCompositesPassBase<HloInlineCompositesPass> {
  static constexpr int kMaxDepth = 64;
  int depth = 0;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    SmallVector<CompositeOp> composites;
    getOperation()->walk([&](CompositeOp op) { composites.push_back(op); });
    bool failed = false;
    for (CompositeOp op : composites) {
      auto callee = symbols.lookupNearestSymbolFrom<FunctionOpInterface>(
          op, op.getDecompositionAttr());
      if (!callee || callee.isExternal() ||
          !llvm::hasSingleElement(callee.getFunctionBody())) {
        op.emitOpError() << "decomposition " << op.getDecompositionAttr()
                         << " must be a function with a single-block body";
        failed = true;
        continue;
      }
      Block &body = callee.getFunctionBody().front();
      IRMapping mapping;
      mapping.map(body.getArguments(), op.getOperands());
      OpBuilder builder(op);
      for (Operation &inner : body.without_terminator())
        builder.clone(inner, mapping);
      SmallVector<Value> results;
      for (Value v : body.getTerminator()->getOperands())
        results.push_back(mapping.lookupOrDefault(v));
      op.replaceAllUsesWith(results);
      op.erase();
    }
    if (failed)
      return signalPassFailure();
    // Composites copied out of decompositions are inlined in turn (a
    // decomposition cannot use itself: the spec forbids recursion).
    bool more = false;
    getOperation()->walk([&](CompositeOp) { more = true; });
    if (more && ++depth < kMaxDepth)
      runOnOperation();
  }
};
} // namespace
