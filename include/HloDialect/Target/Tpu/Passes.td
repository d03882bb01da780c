//===- Passes.td - the TPU back end and its simulator -----*- tablegen -*-===//
//
// hlo-tpu-pipeline: fusions of the target-neutral graph stage become
// tpu.kernel grids (hlo-tpu-form-kernels); a kernel's implicit block
// pipeline becomes explicit VMEM buffers and DMAs (hlo-tpu-expand-kernels);
// the simulator lowers the tpu ops to host code (hlo-tpu-sim-to-host), which
// hlo-runner --device=tpu-sim runs. docs/Passes/HloTpuPasses.md is
// generated from these descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_TARGET_TPU_PASSES_TD
#define HLO_TARGET_TPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def HloTpuFormKernelsPass : Pass<"hlo-tpu-form-kernels", "::mlir::ModuleOp"> {
  let summary = "Turn elementwise fusions into tpu.kernel grids over HBM";
  let description = [{
    Runs after the graph stage (hlo-fusion). Every function becomes a
    function on HBM memrefs with its results as out-parameters (appended
    after the inputs, as the CPU pipeline's ABI), and every loop fusion (or
    lone elementwise op) one `tpu.kernel`:

    - **View.** The fusion's index space is viewed as a 2-d array
      [rows, columns]: the product of the leading dimensions by the last
      one, or, when the last dimension is not a multiple of 128 lanes but
      the element count is and no operand is broadcast along rows or
      columns, [count / 128, 128] (lane-dense).
    - **Operands.** An operand of the fusion's shape is read block by block;
      one that the fusion broadcasts is a row (it covers the last
      dimension), a column (it covers the leading ones) or a scalar, and its
      block spec maps every grid point to its one row, column or element.
    - **Blocks and grid.** Blocks are (8k x 128m) elements for 32-bit types
      (16k for 16-bit, 32k for 8-bit: the kernel's row step is the largest
      sublane tile of its element types), at most 256 x 1024, halved until
      the double-buffered blocks fit half of the target's VMEM; a dimension
      smaller than one tile is a whole-dimension block. The grid is 1-d or
      2-d (rows, columns), every dimension `parallel`.
    - **Padding.** A shape that is not a multiple of the blocks has partial
      blocks at its edges: the DMAs move only their part inside the array,
      the body computes on whole registers over the block's buffer, which
      VMEM holds padded to whole tiles, and what it computes in the padding
      is never copied back. Nothing is padded in HBM.
    - **Body.** A loop over the block's registers: each operand is read
      with `tpu.load` (vector<8x128xT> for 32-bit types, 16x128 for 16-bit,
      32x128 for 8-bit; several registers when the kernel's row step is
      larger), broadcasts with `tpu.broadcast_sublanes` (rows),
      `tpu.broadcast_lanes` (columns) or a splat (scalars), the fusion's
      ops computed on the registers with the scalar semantics the CPU
      lowering uses (lib/Conversion/HloToLinalg/MapHloToScalarOp.cpp,
      applied to vectors), and each result written with `tpu.store`.
      Predicates are bytes (i8) in memory and i1 in registers.

    The module gets the target as its `tpu.target` attribute. Element types
    a TPU lacks (f64, 64-bit integers, complex, 8-bit floats) are a located
    error `unsupported on TPU: <type>`; ops this increment does not lower
    (reductions, dots, data movement, control flow) are a located error
    `not yet supported on tpu-sim: <op>`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"v5e\"",
           "The TPU chip the kernels are for: v5e or v6e">,
  ];
  let dependentDialects = ["::mlir::tpu::TpuDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def HloTpuExpandKernelsPass : Pass<"hlo-tpu-expand-kernels",
                                   "::mlir::ModuleOp"> {
  let summary = "Make a tpu.kernel's block pipeline explicit: VMEM buffers "
                "and DMAs";
  let description = [{
    Each `tpu.kernel` becomes a loop nest over its grid with one VMEM block
    buffer per operand (`memref.alloca` in VMEM) and one DMA semaphore per
    operand (`tpu.sem_alloc`). At every grid point the input blocks are
    copied in (`tpu.dma_start` HBM -> VMEM, then `tpu.dma_wait`), the body
    runs on the buffers, and the output blocks are copied back. A partial
    block at an array's edge moves only its part inside the array: the
    copy's VMEM side is a window of the buffer, chosen statically for each
    combination of full and edge blocks.

    This increment copies and computes in turn; overlapping the next grid
    point's copies with this one's compute (double buffering, which the
    kernel's VMEM footprint already reserves) is the next step.
  }];
  let dependentDialects = ["::mlir::tpu::TpuDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def HloTpuSimToHostPass : Pass<"hlo-tpu-sim-to-host", "::mlir::ModuleOp"> {
  let summary = "Lower tpu ops to host code: the TPU simulator";
  let description = [{
    What `hlo-runner --device=tpu-sim` runs, on the CPU's lowering to LLVM:

    - **Memories.** HBM is host memory. VMEM and SMEM are bounded arenas:
      each function allocates one arena per memory, of the target's
      capacity, and every VMEM or SMEM allocation is a view of it at an
      offset assigned statically (a stack: scopes release what they
      allocated); an allocation that does not fit is an error naming the
      memory, the bytes needed and the capacity. A VMEM buffer is held
      padded to whole tiles of its element type (the (8, 128) tile of
      32-bit data), as the hardware holds it, so whole-register loads at
      the edge of a partial block stay inside it.
    - **DMAs** are copies (`memref.copy`). Each semaphore is a counter of
      bytes: `tpu.dma_start` adds the copy's bytes when it is done, and
      `tpu.dma_wait` takes its buffer's bytes off, or, when the count is
      short (a wait without a matching start), calls
      `hlo_tpu_sim_error(1, semaphore)` of the runtime, which records the
      error for hlo-runner to report, and clears the count. The copied
      bytes are counted (`hlo_tpu_sim_count_dma`).
    - **Registers.** `tpu.load`/`tpu.store` are row-by-row vector loads and
      stores (masked where a mask is given, `sublane_stride` apart);
      `tpu.broadcast_*` are vector broadcasts, `tpu.reduce_*` vector
      reductions, and `tpu.matmul` a `vector.contract` in f32.

    Afterwards no value is in a TPU memory space: the module is ordinary
    host code for hlo-cpu-to-llvm.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // HLO_TARGET_TPU_PASSES_TD
