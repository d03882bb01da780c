//===- Pipelines.h - named compilation pipelines ----------------*- C++ -*-===//
//
// `hlo-cpu-pipeline` compiles an hlo module to the LLVM dialect; each of its
// stages is also registered alone so it can be run and tested by itself:
//
//   hlo-cpu-to-linalg    hlo -> linalg/tensor/arith on tensors (with
//                        fusion: hlo-fusion, then one loop nest per fusion)
//   hlo-cpu-bufferize    tensors -> memrefs (one-shot, function boundaries,
//                        identity layouts, results as out-parameters,
//                        deallocation), then hlo-buffer-assignment (one
//                        arena of temporaries per function)
//   hlo-cpu-to-llvm      1-d vectors, loops, math/complex expansion, ->
//                        llvm dialect,
//                        then a check that nothing else is left
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_PIPELINES_PIPELINES_H
#define HLODIALECT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
class PassManager;

namespace hlo {

struct HloCpuPipelineOptions
    : public PassPipelineOptions<HloCpuPipelineOptions> {
  PassOptions::Option<bool> canonicalize{
      *this, "canonicalize",
      llvm::cl::desc("Fold and simplify hlo ops before lowering "
                     "(hlo-algebraic-simplifier)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> aliasing{
      *this, "aliasing",
      llvm::cl::desc("Compute a result aliased to a donated argument "
                     "(hlo.result_alias, hlo.buffer_donor, tf.aliasing_output, "
                     "jax.buffer_donor) in that argument's buffer and drop "
                     "it from the entry's signature; false ignores aliasing "
                     "(every result its own out-parameter)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fusion{
      *this, "fusion",
      llvm::cl::desc("Form hlo.fusion ops (hlo-fusion) and emit each as one "
                     "loop nest (hlo-emit-fusions); false compiles every op "
                     "as a loop nest of its own"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile linalg ops to machine vectors and vectorize them "
                     "(hlo-vectorize); false leaves scalar loops to LLVM"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> convolutionToDot{
      *this, "convolution-to-dot",
      llvm::cl::desc("Compute float convolutions as a patch matrix times "
                     "the kernel on the matmul path "
                     "(hlo-convolution-to-dot); false keeps the direct "
                     "loop nest"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> outlineFusions{
      *this, "outline-fusions",
      llvm::cl::desc("Move the fusions of functions holding at least this "
                     "many into functions of their own (hlo-outline-fusions: "
                     "compile time linear in the module size; 0: never)"),
      llvm::cl::init(16)};
  PassOptions::Option<int64_t> outlineStageSize{
      *this, "outline-stage-size",
      llvm::cl::desc("With outlined fusions, split a function body of more "
                     "than twice this many calls into stages of this many, "
                     "each a function (hlo-outline-fusions stage-size)"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> profile{
      *this, "profile",
      llvm::cl::desc("Outline every fusion and time each kernel through "
                     "the hooks of hlo-profile-kernels (hlo-runner "
                     "--profile)"),
      llvm::cl::init(false)};
  PassOptions::Option<int64_t> threads{
      *this, "threads",
      llvm::cl::desc("Threads the loop nests are distributed over "
                     "(hlo-emit-fusions and hlo-parallelize, then tasks of "
                     "the async runtime ABI); 0 (the default): the cores "
                     "available to the compiling process "
                     "(sched_getaffinity); 1: single-threaded code"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> contractionDepth{
      *this, "contraction-depth",
      llvm::cl::desc("Blocks of the contraction dimension a matmul reads "
                     "its packed right-hand side by (hlo-vectorize "
                     "cache-tile-depth; 0: the whole dimension)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> packLeftHandSide{
      *this, "pack-left-hand-side",
      llvm::cl::desc("Copy a row-major left-hand side of packed matmul "
                     "tiles into strips of the register tile's rows "
                     "(hlo-vectorize pack-left-hand-side)"),
      llvm::cl::init(false)};
  PassOptions::Option<int64_t> l2CacheBytes{
      *this, "l2-cache-bytes",
      llvm::cl::desc("Size in bytes of the target's L2 cache: without "
                     "contraction-depth, matmuls block their contraction "
                     "dimension to fit half of it (hlo-vectorize "
                     "l2-cache-bytes; 0: no blocking); hlo-runner sets the "
                     "host's"),
      llvm::cl::init(0)};
  PassOptions::Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width in bits of the target's vector registers "
                     "(hlo-vectorize vector-bits): 512 for AVX-512, 256 for "
                     "AVX2; hlo-runner sets the host's"),
      llvm::cl::init(512)};
  PassOptions::Option<int64_t> contractionRows{
      *this, "contraction-rows",
      llvm::cl::desc("Rows of a contraction's register tile (hlo-vectorize "
                     "contraction-rows); 0: from vector-bits, 8 with "
                     "512-bit registers (16 of 32 registers accumulate), 6 "
                     "with narrower ones (12 of 16)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> targetFeatures{
      *this, "target-features",
      llvm::cl::desc("LLVM features of the target CPU (\"+amx-tile,"
                     "+amx-bf16,+amx-int8,...\"): with AMX, bf16 and int8 "
                     "matmuls run on AMX tiles (hlo-vectorize and "
                     "hlo-lower-vectors target-features); hlo-runner sets "
                     "the host's, empty: portable code"),
      llvm::cl::init("")};
};

/// The threads hlo-cpu-pipeline's `threads` option stands for: itself when
/// set (positive), else the cores available to this process
/// (sched_getaffinity: taskset, cpusets).
int64_t getCpuPipelineThreads(const HloCpuPipelineOptions &options);

/// The target-independent graph stage every pipeline starts with:
/// expansions into plain hlo ops (composites, chlo, rng, quantized ops,
/// batch norms; with `convolutionToDot`, float convolutions as dots), then
/// optionally hlo-algebraic-simplifier and, with `fusion`, CSE and
/// hlo-fusion. `specialFunctionsThroughF64`: hlo-decompose-chlo's
/// f32-through-f64 (for targets with f64 arithmetic).
void buildHloGraphPipeline(OpPassManager &pm, bool canonicalize, bool fusion,
                           bool convolutionToDot = false,
                           bool specialFunctionsThroughF64 = true);

void buildHloCpuToLinalgPipeline(OpPassManager &pm,
                                 const HloCpuPipelineOptions &options);
/// With `aliasing`, results aliased to donated arguments are computed in
/// the arguments' buffers and leave the entry's signature
/// (hlo-write-aliased-results, hlo-drop-aliased-results).
void buildHloCpuBufferizePipeline(OpPassManager &pm, bool aliasing = true);

/// One-shot bufferization with identity layouts at function boundaries,
/// results as out-parameters, deallocation. `hoistAndPromoteBuffers` moves
/// buffers out of loops and small ones to the stack: right for the CPU,
/// wrong for GPUs (a buffer hoisted out of a parallel loop is shared by its
/// threads; host stack memory is invisible to kernels). With
/// `perFunction`, the passes that look at one function at a time run nested
/// on each top-level func.func (in parallel over functions); without it they
/// run on the whole module (which is what reaches functions nested deeper,
/// such as kernels in a gpu.module).
void buildHloBufferizePipeline(OpPassManager &pm, bool hoistAndPromoteBuffers,
                               bool perFunction = false, bool aliasing = false);
void buildHloCpuToLLVMPipeline(OpPassManager &pm,
                               const HloCpuPipelineOptions &options);

/// All stages in order.
void buildHloCpuPipeline(OpPassManager &pm,
                         const HloCpuPipelineOptions &options);

/// Runs `pm` on `module` and verifies the result once, unless
/// `verifyEachPass` asks the pass manager to verify after every pass (the
/// tools' `--verify-each`). Per-pass verification walks the whole module
/// after each of the pipeline's passes, which on large modules costs more
/// than many of the passes themselves; an invalid result names
/// `pipelineName` and the flag that finds the pass.
LogicalResult runPipeline(PassManager &pm, ModuleOp module,
                          bool verifyEachPass, llvm::StringRef pipelineName);

/// Registers `hlo-cpu-pipeline` and its stages with the pass registry.
void registerHloPipelines();

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_PIPELINES_PIPELINES_H
