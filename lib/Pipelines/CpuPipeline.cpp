//===- CpuPipeline.cpp - hlo to the LLVM dialect for CPUs -----------------===//

#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Transforms/NarrowDots.h"

#include "HloDialect/Conversion/Passes.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void hlo::buildHloGraphPipeline(OpPassManager &pm, bool canonicalize,
                                bool fusion, bool convolutionToDot,
                                bool specialFunctionsThroughF64) {
  // Composites become their decompositions, chlo special functions hlo ops,
  // random number ops integer hlo ops, quantized ops integer and float
  // arithmetic and batch norms reductions first, so that they are folded
  // and fused like the rest.
  pm.addPass(createHloInlineCompositesPass());
  // Calls of the program's own functions (JAX's pjit/closed_call bodies,
  // named helpers) inlined, as XLA's CallInliner does first: fusion then
  // sees across their boundaries (a while body that is one call fuses like
  // any body), and no tensor crosses a call that bufferization must give a
  // fresh buffer. No simplification in between: the simplifier runs below.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  // async_start/async_done run synchronously (one process).
  pm.addPass(createHloInlineAsyncPass());
  // JAX's LAPACK and top-k custom calls as hlo, chlo and scf ops (top_k
  // becomes chlo.top_k's sort, decomposed next).
  pm.addPass(createHloLegalizeCustomCallsPass());
  HloDecomposeChloPassOptions decomposeChlo;
  decomposeChlo.f32ThroughF64 = specialFunctionsThroughF64;
  pm.addPass(createHloDecomposeChloPass(decomposeChlo));
  pm.addPass(createHloExpandRngPass());
  pm.addPass(createHloLegalizeQuantizedPass());
  // Batch norms (quantized ones now on floats) as reductions and
  // elementwise ops, which fusion then groups.
  pm.addPass(createHloExpandBatchNormPass());
  // Float convolutions as a patch matrix and one dot_general: the matmul
  // path's tiles and vectors.
  if (convolutionToDot)
    pm.addPass(createHloConvolutionToDotPass());
  // Folding, shape-op chains and algebraic identities (a superset of
  // hlo-canonicalize).
  if (canonicalize)
    pm.addPass(createHloAlgebraicSimplifierPass());
  if (fusion) {
    pm.addPass(createCSEPass());
    pm.addPass(createHloFusionPass());
  }
}

/// Rows of a contraction's register tile for vectors of `vectorBits`: the
/// tile is two vectors wide, so its rows take twice as many registers as
/// accumulators, and a k step needs two more for the right-hand side and
/// one for a broadcast element of the left. x86 has 32 vector registers
/// with AVX-512 and 16 with AVX2: 8 rows (16 accumulators) and 6 (12).
static int64_t contractionRowsFor(int64_t vectorBits) {
  return vectorBits >= 512 ? 8 : 6;
}

void hlo::buildHloCpuToLinalgPipeline(OpPassManager &pm,
                                      const HloCpuPipelineOptions &options) {
  buildHloGraphPipeline(pm, options.canonicalize, options.fusion,
                        options.convolutionToDot);
  // Independent ops (fusions) ordered so that big values die early: the
  // order that buffer assignment's liveness sees.
  pm.addNestedPass<func::FuncOp>(createHloMemorySchedulePass());
  // One function per fusion (and stages of the caller) in large modules:
  // compile time linear in the module size.
  // Profiling outlines every fusion: each kernel a function whose calls
  // hlo-profile-kernels times; stages stay as they run (their own time is
  // what moves data between them).
  if (options.fusion && (options.outlineFusions > 0 || options.profile)) {
    HloOutlineFusionsPassOptions outline;
    outline.minFusions = options.profile ? 1 : options.outlineFusions;
    outline.stageSize = options.outlineStageSize;
    pm.addPass(createHloOutlineFusionsPass(outline));
    // Repeated layers outline to the same functions: each compiled once
    // (not when profiling, which times each fusion on its own).
    if (!options.profile)
      pm.addPass(createHloMergeIdenticalFunctionsPass());
  }
  if (options.profile)
    pm.addPass(createHloProfileKernelsPass());
  pm.addPass(createHloLegalizeToLinalgPass());
  // From here to bufferization every pass looks at one function at a time:
  // they run nested on each function, the pass manager running functions
  // (the outlined fusions) in parallel, each pipeline on one function while
  // it is in cache.
  OpPassManager &functionPm = pm.nest<func::FuncOp>();
  if (options.fusion) {
    HloEmitFusionsPassOptions emitOptions;
    emitOptions.threads = getCpuPipelineThreads(options);
    functionPm.addPass(createHloEmitFusionsPass(emitOptions));
  }
  functionPm.addPass(createCanonicalizerPass());
  functionPm.addPass(createCSEPass());
  // Narrow dots become matmuls of their narrow operands before
  // hlo-parallelize splits the widening ops from the products.
  if (options.vectorize &&
      NarrowDotFeatures::parse(options.targetFeatures).any()) {
    HloNarrowDotsPassOptions narrowDots;
    narrowDots.targetFeatures = options.targetFeatures;
    functionPm.addPass(createHloNarrowDotsPass(narrowDots));
  }
  if (getCpuPipelineThreads(options) > 1) {
    HloParallelizePassOptions parallelize;
    parallelize.threads = getCpuPipelineThreads(options);
    functionPm.addPass(createHloParallelizePass(parallelize));
  }
  if (options.vectorize) {
    HloVectorizePassOptions vectorizeOptions;
    vectorizeOptions.cacheTileDepth = options.contractionDepth;
    vectorizeOptions.l2CacheBytes = options.l2CacheBytes;
    vectorizeOptions.packLeftHandSide = options.packLeftHandSide;
    vectorizeOptions.vectorBits = options.vectorBits;
    vectorizeOptions.contractionRows =
        options.contractionRows > 0
            ? static_cast<int64_t>(options.contractionRows)
            : contractionRowsFor(options.vectorBits);
    functionPm.addPass(createHloVectorizePass(vectorizeOptions));
    // Tiling leaves each register tile's transfer_read/transfer_write
    // behind an extract_slice/insert_slice of the loop's iteration argument;
    // canonicalization folds the slices into the transfers, so that subset
    // hoisting sees the pair on the iteration argument itself and keeps the
    // accumulators in registers through the k loop. Without it they were
    // kept there only by the hoisting on buffers, which cannot see through
    // a reshaped result (a dot whose result is collapsed, 8x128x256
    // computed as 1024x256): loaded and stored on every k step.
    functionPm.addPass(createCanonicalizerPass());
    // Accumulators (a contraction's register tile, partial sums) leave the
    // loops that update them and stay in registers.
    functionPm.addPass(createLoopInvariantSubsetHoistingPass());
    // Copies into packed panels that depend only on the right-hand side
    // leave the loops over rows of the result.
    functionPm.addPass(createLoopInvariantCodeMotionPass());
    functionPm.addPass(createCanonicalizerPass());
    functionPm.addPass(createCSEPass());
  }
}

void hlo::buildHloCpuBufferizePipeline(OpPassManager &pm, bool aliasing) {
  buildHloBufferizePipeline(pm, /*hoistAndPromoteBuffers=*/true,
                            /*perFunction=*/true, aliasing);
  // Each function's temporaries in one arena, packed by liveness; results
  // computed in the caller's buffers instead of copied there.
  // Temporaries borrow result buffers before they are written, and donated
  // parameters' buffers after their last use (when aliasing is honored).
  HloBufferAssignmentPassOptions assignment;
  assignment.lendDonors = aliasing;
  pm.addPass(createHloBufferAssignmentPass(assignment));
}

void hlo::buildHloBufferizePipeline(OpPassManager &pm,
                                    bool hoistAndPromoteBuffers,
                                    bool perFunction, bool aliasing) {
  // Passes on one function at a time: nested on each function, or on the
  // whole module.
  auto addFunctionPass = [&](std::unique_ptr<Pass> pass) {
    if (perFunction)
      pm.addNestedPass<func::FuncOp>(std::move(pass));
    else
      pm.addPass(std::move(pass));
  };
  pm.addPass(createHloCopyDuplicateResultsPass());
  // Loops update their carried tensors in place instead of copying them
  // every iteration.
  addFunctionPass(createHloLoopCarriedInPlacePass());
  // Results computed into slices of a buffer (tile loops, ops computing in
  // place of their inputs) write that buffer directly.
  addFunctionPass(bufferization::createEmptyTensorEliminationPass());
  // Results aliased to donated arguments are computed in their buffers.
  if (aliasing)
    pm.addPass(createHloWriteAliasedResultsPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Loops (hlo.while) may yield values that are not their iteration
  // arguments' buffers; those get fresh buffers instead of an error.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // The constants' globals, named and placed in the order in which
  // bufferization created them, which is not deterministic.
  pm.addPass(createHloNumberConstantGlobalsPass());
  // Loops left with a buffer as iteration argument fold away, so that a
  // result computed tile by tile is returned as the buffer itself.
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  // Small per-tile buffers (a row's running maximum and sum) leave their
  // loops and go on the stack, where LLVM keeps them in registers.
  if (hoistAndPromoteBuffers) {
    pm.addNestedPass<func::FuncOp>(
        bufferization::createBufferLoopHoistingPass());
    pm.addNestedPass<func::FuncOp>(
        bufferization::createPromoteBuffersToStackPass());
  }
  // Results in donated arguments' buffers leave the signature.
  if (aliasing)
    pm.addPass(createHloDropAliasedResultsPass());
  // The caller owns every buffer: results become out-parameters (as in
  // XLA's ABI), statically shaped result allocations are hoisted into them.
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  // Marked `bufferize.result`: hlo-buffer-assignment lends them to
  // temporaries before they are written.
  outParams.addResultAttribute = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  // Results computed by calls (stages, the entry function) or reshaped
  // after their allocation: computed in the out-parameters too.
  pm.addNestedPass<func::FuncOp>(createHloResultsInOutParamsPass());
  // upstream's buildBufferDeallocationPipeline, with its function-local
  // passes per function: the deallocation itself (which looks at callees)
  // and the lowering of deallocations (which adds helper functions) run on
  // the module.
  memref::ExpandReallocPassOptions expandRealloc;
  expandRealloc.emitDeallocs = false;
  addFunctionPass(memref::createExpandReallocPass(expandRealloc));
  addFunctionPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  addFunctionPass(createCanonicalizerPass());
  addFunctionPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  addFunctionPass(createCSEPass());
  addFunctionPass(createCanonicalizerPass());
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
}

void hlo::buildHloCpuToLLVMPipeline(OpPassManager &pm,
                                    const HloCpuPipelineOptions &options) {
  // Vector ops of hlo-vectorize: accumulators hoisted out of loops (visible
  // once subviews are folded into the transfers), then 1-d vectors.
  pm.addNestedPass<func::FuncOp>(memref::createFoldMemRefAliasOpsPass());
  pm.addNestedPass<func::FuncOp>(createCSEPass());
  HloLowerVectorsPassOptions lowerVectors;
  lowerVectors.targetFeatures = options.targetFeatures;
  pm.addNestedPass<func::FuncOp>(createHloLowerVectorsPass(lowerVectors));
  // No canonicalizer here: it would fold the chains of row insertions into
  // a register tile into element-by-element vector.from_elements.
  pm.addNestedPass<func::FuncOp>(createCSEPass());
  int64_t threads = getCpuPipelineThreads(options);
  pm.addNestedPass<func::FuncOp>(createHloStreamingStoresPass());
  // Copies between non-contiguous buffers as loop nests LLVM vectorizes,
  // not calls of the runtime's element-by-element memrefCopy.
  pm.addNestedPass<func::FuncOp>(createHloLowerStridedCopiesPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Loops distributed over threads (hlo-parallelize, hlo-emit-fusions) run
  // as tasks of the async runtime, one per chunk. The caller starts every
  // chunk but its own (sequential dispatch): each task is one chunk, so a
  // task started from inside a task is a parallel loop nested in a chunk,
  // which the runtime runs inline (HloDialect/Runtime/AsyncRuntime.h).
  if (threads > 1) {
    pm.addPass(createForallToParallelLoopPass());
    AsyncParallelForPassOptions parallelFor;
    parallelFor.asyncDispatch = false;
    parallelFor.numWorkerThreads = threads;
    parallelFor.minTaskSize = 1;
    pm.addPass(createAsyncParallelForPass(parallelFor));
    pm.addPass(createAsyncToAsyncRuntimePass());
    pm.addPass(createAsyncRuntimeRefCountingPass());
    pm.addPass(createAsyncRuntimeRefCountingOptPass());
    pm.addPass(createConvertAsyncToLLVMPass());
  }
  // The conversions to the LLVM dialect that stay inside a function run
  // nested on each function (in parallel over functions); those that add
  // declarations or functions to the module (math-to-funcs, math-to-libm,
  // finalize-memref-to-llvm: malloc and free, cf-to-llvm: abort,
  // func-to-llvm) on the module.
  OpPassManager &loops = pm.nest<func::FuncOp>();
  loops.addPass(memref::createExpandStridedMetadataPass());
  // Transfers that stayed n-d are small (register tiles): unrolled.
  loops.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  loops.addPass(createLowerAffinePass());
  loops.addPass(createSCFToControlFlowPass());
  // Narrow float formats without hardware arithmetic compute in f32.
  loops.addPass(arith::createArithEmulateUnsupportedFloats(
      {/*sourceTypeStrs=*/{"f8E4M3FN", "f8E5M2", "f8E4M3", "f8E4M3FNUZ",
                           "f8E5M2FNUZ", "f8E3M4",
                           "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E8M0FNU"},
       /*targetTypeStr=*/"f32"}));
  // ...and converts to and from them with integer operations on the bits.
  loops.addPass(hlo::createHloExpandNarrowFloatsPass());
  loops.addPass(createConvertComplexToStandardPass());
  // expm1 (also from complex ops) must not become exp(x) - 1.
  loops.addPass(hlo::createHloAccurateMathPass());
  // f16 a * b + c rounds once, as in XLA:CPU's code.
  loops.addPass(hlo::createHloFuseF16MultiplyAddPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeF8E8M0 = true;
  loops.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createConvertMathToFuncs());
  // log1p must not become log(1 + x), which loses every digit of small x:
  // it is left to libm's log1p.
  ConvertMathToLLVMPassOptions mathToLLVM;
  mathToLLVM.approximateLog1p = false;
  pm.addNestedPass<func::FuncOp>(createConvertMathToLLVMPass(mathToLLVM));
  pm.addPass(createConvertMathToLibmPass());
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  // Horizontal sums of partial results may be computed as a tree.
  vectorToLLVM.reassociateFPReductions = true;
  // The AMX and AVX-512 narrow-dot kernels of hlo-lower-vectors
  // (NarrowDots.h).
  NarrowDotFeatures narrowDots =
      NarrowDotFeatures::parse(options.targetFeatures);
  vectorToLLVM.amx = narrowDots.anyAmx();
  vectorToLLVM.x86Vector = narrowDots.avx512Bf16;
  pm.addNestedPass<func::FuncOp>(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  OpPassManager &scalars = pm.nest<func::FuncOp>();
  scalars.addPass(createConvertComplexToLLVMPass());
  scalars.addPass(createArithToLLVMConversionPass());
  scalars.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  OpPassManager &llvmFunctions = pm.nest<LLVM::LLVMFuncOp>();
  llvmFunctions.addPass(createUBToLLVMConversionPass());
  llvmFunctions.addPass(createReconcileUnrealizedCastsPass());
  llvmFunctions.addPass(createCanonicalizerPass());
  pm.addPass(hlo::createHloVerifyLoweredPass());
}

void hlo::buildHloCpuPipeline(OpPassManager &pm,
                              const HloCpuPipelineOptions &options) {
  buildHloCpuToLinalgPipeline(pm, options);
  buildHloCpuBufferizePipeline(pm, options.aliasing);
  buildHloCpuToLLVMPipeline(pm, options);
}

void hlo::registerHloPipelines() {
  PassPipelineRegistration<HloCpuPipelineOptions>(
      "hlo-cpu-pipeline",
      "Compile hlo to the LLVM dialect for CPUs (the stages "
      "hlo-cpu-to-linalg, hlo-cpu-bufferize and hlo-cpu-to-llvm)",
      buildHloCpuPipeline);
  PassPipelineRegistration<HloCpuPipelineOptions>(
      "hlo-cpu-to-linalg",
      "Stage 1 of hlo-cpu-pipeline: hlo to linalg on tensors",
      buildHloCpuToLinalgPipeline);
  PassPipelineRegistration<>(
      "hlo-cpu-bufferize",
      "Stage 2 of hlo-cpu-pipeline: one-shot bufferization with identity "
      "layouts, results aliased to donated arguments in their buffers, "
      "results as out-parameters, buffer deallocation, buffer assignment",
      [](OpPassManager &pm) { buildHloCpuBufferizePipeline(pm); });
  PassPipelineRegistration<HloCpuPipelineOptions>(
      "hlo-cpu-to-llvm",
      "Stage 3 of hlo-cpu-pipeline: loops and the LLVM dialect",
      buildHloCpuToLLVMPipeline);
}
