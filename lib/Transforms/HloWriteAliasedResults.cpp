//===- HloWriteAliasedResults.cpp - results in donated buffers ------------===//
//
// Each result aliased to a donated argument is returned through a
// bufferization.materialize_in_destination into that argument, so that
// one-shot bufferization computes it in the argument's buffer where that is
// legal and copies it there where it is not.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOWRITEALIASEDRESULTSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// Whether two slices take the same part (the same offsets, sizes and
/// strides, as SSA values and static numbers).
bool sameSlice(OffsetSizeAndStrideOpInterface a,
               OffsetSizeAndStrideOpInterface b) {
  return a.getStaticOffsets() == b.getStaticOffsets() &&
         a.getStaticSizes() == b.getStaticSizes() &&
         a.getStaticStrides() == b.getStaticStrides() &&
         llvm::equal(a.getOffsets(), b.getOffsets()) &&
         llvm::equal(a.getSizes(), b.getSizes()) &&
         llvm::equal(a.getStrides(), b.getStrides());
}

/// Whether the iterations of `loop` write disjoint parts through `insert`:
/// one offset is the induction variable, its size a constant no larger
/// than the (constant) step, its stride 1.
bool disjointIterations(scf::ForOp loop, tensor::InsertSliceOp insert) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step)
    return false;
  for (auto [offset, size, stride] :
       llvm::zip_equal(insert.getMixedOffsets(), insert.getMixedSizes(),
                       insert.getMixedStrides())) {
    auto value = dyn_cast<Value>(offset);
    std::optional<int64_t> constSize = getConstantIntValue(size);
    if (value == loop.getInductionVar() && constSize && *constSize <= *step &&
        isConstantIntValue(stride, 1))
      return true;
  }
  return false;
}

/// Makes each tile loop whose init `value` becomes the result read `value`
/// through its iteration argument: a read of a slice of `value` that the
/// same iteration writes (and no other) is the same slice of the iteration
/// argument, which one-shot bufferization can then update in place (reading
/// `value` itself while the loop writes its buffer would be a conflict).
/// Loops nested in such loops are rewritten the same way (their init is a
/// slice of the outer iteration argument, after CSE).
void readThroughIterationArguments(Operation *root) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto rewriteUses = [&](Value init, Value iterArg,
                           OffsetSizeAndStrideOpInterface insert,
                           Region &body) {
      body.walk([&](tensor::ExtractSliceOp read) {
        if (read.getSource() != init ||
            !sameSlice(cast<OffsetSizeAndStrideOpInterface>(
                           read.getOperation()),
                       insert))
          return;
        read.getSourceMutable().assign(iterArg);
      });
    };
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (auto [k, init] : llvm::enumerate(loop.getInitArgs())) {
        auto insert =
            yield.getOperand(k).getDefiningOp<tensor::InsertSliceOp>();
        BlockArgument iterArg = loop.getRegionIterArgs()[k];
        if (!insert || insert.getDest() != iterArg ||
            !disjointIterations(loop, insert))
          continue;
        rewriteUses(init, iterArg,
                    cast<OffsetSizeAndStrideOpInterface>(
                        insert.getOperation()),
                    loop.getRegion());
      }
    } else if (auto loop = dyn_cast<scf::ForallOp>(op)) {
      // The parallel inserts of a forall write disjoint parts by definition.
      scf::InParallelOp terminator = loop.getTerminator();
      for (auto [k, init] : llvm::enumerate(loop.getOutputs())) {
        BlockArgument iterArg = loop.getRegionIterArgs()[k];
        SmallVector<tensor::ParallelInsertSliceOp> inserts;
        for (Operation &yielding : terminator.getYieldingOps())
          if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(yielding))
            if (insert.getDest() == iterArg)
              inserts.push_back(insert);
        if (inserts.size() != 1)
          continue;
        rewriteUses(init, iterArg,
                    cast<OffsetSizeAndStrideOpInterface>(
                        inserts.front().getOperation()),
                    loop.getRegion());
      }
    }
  });
}

/// Empty tensors eliminated into the donated arguments across function
/// boundaries, loops reading them through their iteration arguments; fails
/// when one-shot bufferization's analysis finds the result cannot be
/// computed so (the module is then left half-rewritten: run it on a clone
/// first).
LogicalResult computeInPlace(ModuleOp module) {
  IRRewriter rewriter(module.getContext());
  if (failed(bufferization::eliminateEmptyTensors(rewriter, module)))
    return failure();
  // The writes have done their part: the computation now updates the
  // argument (where the elimination reached it), and returning that value
  // returns the argument's buffer. (Left in place, the write would read the
  // argument after the computation has overwritten it: a conflict.)
  module.walk([](bufferization::MaterializeInDestinationOp write) {
    write.getResult().replaceAllUsesWith(write.getSource());
    write.erase();
  });
  // Twice: a loop nested in a forall reads a slice of the forall's
  // argument once CSE has merged it with the slice the inner loop updates.
  for (int round = 0; round < 3; ++round) {
    readThroughIterationArguments(module);
    DominanceInfo dominance(module);
    eliminateCommonSubExpressions(rewriter, dominance, module);
  }
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  options.allowReturnAllocsFromLoops = true;
  bufferization::OneShotAnalysisState state(module, options);
  return bufferization::analyzeModuleOp(module, state);
}

struct HloWriteAliasedResultsPass
    : hlo::impl::HloWriteAliasedResultsPassBase<HloWriteAliasedResultsPass> {
  void runOnOperation() override {
    bool wrote = false;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      auto function = cast<FunctionOpInterface>(func.getOperation());
      if (failed(hlo::verifyAliasing(function)))
        return signalPassFailure();
      hlo::assignBufferDonors(function);
      SmallVector<int64_t> aliased;
      FailureOr<Operation *> terminator =
          hlo::getAliasedReturn(function, aliased);
      if (failed(terminator))
        return signalPassFailure();
      if (!*terminator)
        continue;
      auto ret = cast<func::ReturnOp>(*terminator);
      OpBuilder b(ret);
      for (auto [j, i] : llvm::enumerate(aliased)) {
        if (i < 0)
          continue;
        Value result = ret.getOperand(j);
        Value arg = func.getArgument(i);
        // The argument itself returned as another result is read after the
        // write: the result is left to hlo-drop-aliased-results, which
        // copies it in after that result is copied out.
        if (result == arg ||
            llvm::any_of(ret.getOperands(), [&](Value v) { return v == arg; }))
          continue;
        // One-shot bufferization writes into the donated argument's buffer
        // only (every other argument is read-only).
        func.setArgAttr(
            i, bufferization::BufferizationDialect::kWritableAttrName,
            b.getBoolAttr(true));
        auto write = bufferization::MaterializeInDestinationOp::create(
            b, ret.getLoc(), result, arg);
        ret.setOperand(j, write.getResult());
        wrote = true;
      }
    }
    if (!wrote)
      return;
    // The op computing each written result computes it in the argument's
    // buffer where one-shot bufferization's analysis agrees (tried on a
    // copy first: where it does not, the result is computed elsewhere and
    // copied into the argument at the end). This needs the analysis across
    // function boundaries (the argument is writable), which the
    // function-local eliminate-empty-tensors does not have.
    OwningOpRef<ModuleOp> trial = getOperation().clone();
    bool inPlace;
    {
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      inPlace = succeeded(computeInPlace(*trial));
    }
    if (inPlace) {
      if (failed(computeInPlace(getOperation())))
        return signalPassFailure();
      return;
    }
    // Not in place: the results are computed in buffers of their own, which
    // hlo-drop-aliased-results copies into the arguments.
    getOperation().walk([](bufferization::MaterializeInDestinationOp write) {
      auto func = write->getParentOfType<func::FuncOp>();
      func.removeArgAttr(cast<BlockArgument>(write.getDest()).getArgNumber(),
                         bufferization::BufferizationDialect::kWritableAttrName);
      write.getResult().replaceAllUsesWith(write.getSource());
      write.erase();
    });
  }
};
} // namespace
