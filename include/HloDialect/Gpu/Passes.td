//===- Passes.td - the target-neutral GPU stage -----------*- tablegen -*-===//
//
// Passes shared by every GPU back end (CUDA/NVVM, ROCm/ROCDL and, later,
// Vulkan/SPIR-V). They run on bufferized loop nests and produce gpu.launch
// kernels plus host code that only launches them and manages device
// buffers; each back end then lowers the kernels for its target.
// docs/Passes/HloGpuPasses.md is generated from these descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_GPU_PASSES_TD
#define HLO_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def HloGpuMapToKernelsPass : Pass<"hlo-gpu-map-to-kernels", "ModuleOp"> {
  let summary = "Turn the bufferized loop nests of every host function into "
                "gpu.launch kernels";
  let description = [{
    Runs after bufferization and `convert-linalg-to-parallel-loops`, on the
    functions of the module (not inside `gpu.module`s). Afterwards host code
    only computes scalars, launches kernels, manages buffers and drives
    control flow; every access to buffer contents happens in a kernel:

    * an outermost `scf.parallel` loop (a loop fusion, the row loop of an
      input fusion, the tile loop of an output fusion, any elementwise op)
      becomes one kernel over its whole iteration space, linearized with the
      innermost dimension fastest so that neighbouring threads touch
      neighbouring elements (coalesced): `block-size` threads per block and
      as many blocks as needed, each thread computing one iteration (what is
      nested inside it runs sequentially in that thread);
    * host control flow around kernels (`scf.for`, `scf.while`, `scf.if`,
      `scf.index_switch` whose bodies hold parallel loops or calls) stays on
      the host, and its bodies are mapped the same way; a scalar it reads
      from a buffer (a loop predicate) is copied to the host by a one-thread
      kernel and a `gpu.memcpy`;
    * any other operation that reads or writes buffers (sequential loop nests
      of sorts, scatters, triangular solves) becomes a one-thread kernel,
      with its scalar results copied back to the host the same way.

    A loop fusion whose body is a straight line of elementwise arithmetic
    over identity-layout buffers read and written along the innermost
    dimension gives each thread 16 bytes of consecutive elements (4 f32, 8
    bf16), loaded and stored as one vector (128-bit accesses).

    Three loop forms get tiled kernels that stage their operands in
    workgroup memory (`gpu.launch` workgroup attributions) between
    barriers:

    * a transpose: a loop that stores along one induction variable and
      loads (some buffers) along another, as a transpose becomes, batched
      or N-D, possibly fused with elementwise work. A block per 32x32 tile
      of those two dimensions (and per iteration of the others): its threads
      load the tile, neighbouring threads reading neighbouring elements of
      the input's contiguous dimension, into a workgroup buffer padded by
      one column (no bank conflicts), then after a barrier compute the
      iterations with neighbouring threads writing neighbouring elements of
      the output's contiguous dimension. Both extents must be at least 8;
    * a contraction (a dot, batched or not, a convolution as an implicit
      GEMM): an output loop whose body sums `x * y` (possibly converted)
      over a nest of sequential loops, where `x` depends only on some output
      dimensions (m) and `y` only on others (n). A block of 256 threads per
      64x64 tile of (m x n) outputs and per index of the remaining (batch)
      dimensions: for each chunk of 16 reduction iterations (8 for 64-bit
      values) the threads stage the chunk's `x` and `y` values in
      workgroup memory (zero outside the iteration space), a barrier, then
      each thread accumulates a 4x4 register tile from them, a barrier.
      Both m and n must have at least 16 elements; matrix-vector shapes
      keep a block per output element whose threads share its reduction.
      A grouped convolution (`feature_group_count` or `batch_group_count`
      > 1) reads the input through the output feature's group (`o / C`,
      C dividing the output features): that output dimension splits into
      the group, a batch dimension, and the feature within the group, so
      that each group is such a GEMM;
    * a grouped contraction with fewer than 16 outputs per group (a
      depthwise convolution: 1, or the channel multiplier), where `y`
      does not depend on the m dimensions and `x` is read along an m
      dimension or an output feature: a block of 256 threads per 32x32
      tile of (m x output features), staging each chunk of 16 reduction
      iterations (8 for 64-bit values) of `y` (the filter, which every
      output position reuses) in workgroup memory, a barrier, then each
      thread accumulating 4 outputs from `x` read directly (neighbouring
      threads on neighbouring elements of it: positions for NCHW, channels
      for NHWC) and `y` from the tile, a barrier. A staged `x` would serve
      one output feature only.

    With `report-untiled`, each reduction, contraction or transpose that
    gets none of these kernels (nor a block per output element sharing its
    reduction) is reported by a remark at its location: a thread per
    output element (its reduction sequential), a thread per column (a
    column reduction: coalesced, no workgroup memory), a thread per element
    of a transpose. `hlo-runner --pipeline-options=report-untiled=true`
    reports them for a program.

    Temporary buffers allocated inside a kernel body become private
    (`memref.alloca`) buffers of the thread; a dynamically sized one is an
    error.

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c128) step (%c1, %c1) {
      ... memref.load / memref.store ...
    }
    ```

    becomes a `gpu.launch` of 32 blocks of 256 threads whose thread
    `bid * 256 + tid` computes iteration (`id / 128`, `id % 128`).
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of a kernel mapped from a parallel loop">,
    Option<"reportUntiled", "report-untiled", "bool", /*default=*/"false",
           "Emit a remark at each reduction, contraction or transpose that "
           "gets no kernel sharing work through workgroup memory: a thread "
           "per output element summing sequentially, a thread per column, "
           "a thread per element of a transpose">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def HloGpuPlaceBuffersPass : Pass<"hlo-gpu-place-buffers", "ModuleOp"> {
  let summary = "Put the host functions' buffers in device memory";
  let description = [{
    Runs after `hlo-gpu-map-to-kernels`. Buffers of host functions live in
    device memory for their whole life, so kernels exchange data without a
    round trip through the host:

    * `memref.alloc` and `memref.alloca` in host code become `gpu.alloc`,
      `memref.dealloc` becomes `gpu.dealloc` (buffers marked `hlo.host`,
      the landing places of scalars copied to the host, stay host stack
      memory);
    * `memref.copy` between buffers becomes `gpu.memcpy` (device to device);
    * a constant (`memref.get_global`) used by host code is copied to a
      device buffer where it is read, freed when the function returns.

    Function arguments and results are device buffers: the caller (the
    runtime or `hlo-aot-run`) allocates them on the device.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

def HloGpuLowerAllReducePass : Pass<"hlo-gpu-lower-all-reduce",
                                    "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce of outlined kernels to shuffles and "
                "shared memory";
  let description = [{
    The block-wide reductions `hlo-gpu-map-to-kernels` creates for rows
    become upstream's lowering: a butterfly of `gpu.shuffle`s within each
    32-lane subgroup, the subgroups' partial results exchanged through a
    workgroup buffer, and barriers. Runs on outlined kernels (it adds a
    workgroup buffer to the `gpu.func`).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect"];
}

def HloGpuExpandMathPass : Pass<"hlo-gpu-expand-math"> {
  let summary = "Expand math functions into arithmetic for targets without a "
                "vendor math library";
  let description = [{
    For back ends whose math library is not available to this compiler
    (ROCm's ocml bitcode; Vulkan's GLSL.std.450 is f16/f32 only and loosely
    specified), math functions become plain arithmetic:

    * on f64, our own expansions (`populateGpuF64MathExpansionPatterns`):
      exp, exp2, expm1, log, log2, log10, log1p, sin, cos, tan, atan, atan2,
      sinh, cosh, tanh, asinh, acosh, atanh, cbrt and powf as argument
      reductions (Cody-Waite ln 2 and pi/2 splits, exponent and mantissa
      bits through i64), truncated Taylor series with fused multiply-adds
      and fdlibm-style reconstructions, about one ulp; special values
      (NaN, infinities, signed zeros, overflow and underflow thresholds,
      C's pow cases) are selected explicitly. sin, cos and tan are accurate
      for |x| < 2^20 pi/2 (no Payne-Hanek reduction); powf takes log(|x|)
      as a double-double.
    * with `f32-in-f64`, the same functions on f32 are computed by those
      f64 expansions and rounded to f32 (for devices with f64 arithmetic:
      upstream's f32 approximations are off by up to hundreds of ulp, e.g.
      sin of large arguments);
    * otherwise upstream's polynomial approximations (exp, expm1, log,
      log1p, log2, tanh, erf, erfc, sin, cos, atan, atan2, asin, acos, cbrt,
      rsqrt) computed in f32 for f16, bf16 and f32 operands, and
      `math-expand-ops`'s identities (sinh, cosh, tan, asinh, acosh, atanh,
      powf, rounding);
    * trunc, floor and ceil on f32 and f64 exactly on the bits.

    Other math on f64 (erf, erfc, asin, acos, ...) is left as it is: a call
    to the vendor library on ROCm, an "unsupported on this device" error
    from `hlo-vulkan-legalize-storage-types` on Vulkan.

    Example: `%r = math.exp %x : f64` becomes a multiplication by 1/ln 2
    rounded with 1.5 * 2^52, the remainder `x - k ln2_hi - k ln2_lo`, a
    14-coefficient Horner chain of `math.fma`, a scaling by 2^k built from
    the exponent bits (`arith.shli`, `arith.bitcast`) and selects for NaN,
    overflow and underflow.
  }];
  let options = [
    Option<"computeF32InF64", "f32-in-f64", "bool", /*default=*/"false",
           "Compute f32 math functions with the f64 expansions and round "
           "the results (needs f64 arithmetic on the device)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // HLO_GPU_PASSES_TD
