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
  let summary = "Turn fusions, reductions and dots into tpu.kernel grids "
                "over HBM";
  let description = [{
    Runs after the graph stage (hlo-fusion; in `hlo-tpu-pipeline` with
    hlo-convolution-to-dot, so that convolutions are a patch matrix of
    slices, pads and transposes times the kernel: DMAs and an MXU dot).
    Every function becomes a function on HBM memrefs with its results as
    out-parameters (appended after the inputs, as the CPU pipeline's ABI),
    and every loop fusion of elementwise ops (or lone elementwise op) one
    `tpu.kernel`; a loop fusion that moves data (a fused transpose or
    slice) is inlined, its ops units of their own. An op whose results are
    all empty arrays computes nothing: buffers, no kernel.

    - **View.** The fusion's index space is viewed as a 2-d array
      [rows, columns]: the product of the leading dimensions by the last
      one, or, when the last dimension is not a multiple of 128 lanes but
      the element count is and no operand is broadcast along rows or
      columns, [count / 128, 128] (lane-dense).
    - **Operands.** An operand of the fusion's shape is read block by block;
      one that the fusion broadcasts is a row (it covers the last
      dimension), a column (it covers the leading ones) or a scalar, and its
      block spec maps every grid point to its one row, column or element.
      Ops on scalars (scalar operands and splat constants) compute on
      registers splatted with them, as does a select with a scalar
      predicate or a clamp with scalar bounds. A broadcast of an operand
      that is none of these (a dimension expanded in the middle, permuted
      dimensions) is taken out of the fusion and copied by a DMA (below),
      the fusion reading the copy whole. Elementwise ops on a smaller
      array whose result is broadcast (XLA's fusions compute a per-row
      scale on [rows]) are applied after the broadcast, to their operands
      broadcast alike, a broadcast of a broadcast is one, and a broadcast
      of a reshape that only adds or drops unit dimensions reads the
      reshape's operand, so that the broadcasts reach the fusion's inputs; a broadcast to another shape
      than the fusion's of the same size and last dimension (a fusion
      whose result is reshaped) has the rows and columns of its view.
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
      Predicates are bytes (i8) in memory and i1 in registers. An `iota`
      (in a fusion or alone) is computed from each element's row-major
      index in the view (the block's first row and column, the
      register's, constant sublane and lane iotas; i32): divided by the
      product of the dimensions after the iota's, modulo its size. A
      constant that is not a splat (an iota mask the graph stage folded)
      is taken out of its fusion, an HBM array the kernel reads.

    Reductions and dots are kernels of their own: the input and output
    fusions the graph stage formed around them are inlined first, and their
    other ops become kernels as above (one op each).

    - **Reductions** (adjacent reduced dimensions; one array or several,
      such as the (value, index) pairs of an argmax) view their operands
      as [A, R, C]: the dimensions before, in and after the reduced ones.
      When C is 1 the rows of [A, R] are reduced across the lanes (grid:
      row blocks `parallel`, R blocks `arbitrary`); otherwise the columns
      of each of the A [R, C] matrices across the sublanes (grid: A and
      column blocks `parallel`, R blocks `arbitrary`). The arrays of one
      reduction share a kernel and registers of the rows of the largest
      sublane tile among them (narrower tiles are several native
      registers). Each register of a block accumulates on the VPU; a
      register is then reduced across, and the first R block combines
      with the init values, later ones with the output blocks, which stay
      resident in VMEM while the `arbitrary` dimension runs. A body of one
      add, multiply, maximum, minimum, and, or or xor (one array) masks
      the padding past R's end to the combiner's identity and reduces a
      register with `tpu.reduce_lanes`/`tpu.reduce_sublanes` (sum, max,
      min of 32-bit types) or by rotations (log2 steps of a rotate and the
      combiner). Any other body of elementwise ops (splat constants, from
      inside it or outside) is applied to whole registers; it has no
      known identity, so a predicate per element says whether the
      accumulator holds elements yet: the body's result is taken where
      both sides hold some, the other side where only it does (exact for
      any body, a select per array and step), through the accumulation and
      the rotations alike.
    - **Dots** (`dot_general` of floats whose operands are [batch, M, K]
      and [batch, K, N] or [batch, N, K] in memory: batch dimensions
      leading, contracted ones adjacent; operands in another order, such
      as x^T dy or heads between sequence and depth, are transposed to
      these first by DMA copies) are MXU matmul kernels: grid
      (batch, M blocks, N blocks, K blocks), the K dimension `arbitrary`,
      the f32 output block the accumulator (resident in VMEM across the K
      steps). Blocks are as large as a real kernel's, at most 1024 x 512 x
      1024 (M x K x N): a dimension that fits is one block (when it is
      whole MXU tiles, or below one), a larger one is cut into equal
      blocks of whole tiles (sublane tiles for M, MXU tiles for K and N)
      covering it with the least padding, among the block counts from the
      fewest to twice as many. The options `dot-block-m`, `dot-block-k` and
      `dot-block-n` replace these largest blocks (for block-size
      experiments, as the Pallas TPU matmul guide's bm, bk and bn): a
      dimension that they divide is cut into blocks of exactly that size;
      each must be a multiple of its tiles (a located error on the dot
      otherwise), and the blocks must fit the VMEM. The body issues one `tpu.matmul` per
      (sublane tile x MXU) piece, with `transpose_rhs` for an [N, K]
      right-hand side. In the last K block the operands' buffers hold
      stale data past K's end (a partial block, or K below one MXU tile):
      the body stores zeros there once per block (masked `tpu.store`s),
      so that the products need no masks. bf16 x bf16 products are bf16 MXU passes
      with f32 accumulation; f32 (and f16, widened) operands are f32
      matmuls, i.e. full f32 precision (XLA's `HIGHEST`, which the MXU
      does as several bf16 passes): results match the CPU path's. A dot
      with a narrower float result is an f32 dot and a convert.
    - **Integer dots** (8- to 32-bit operands and product) run on the VPU:
      the MXU's integer path takes int8 only, and the products must wrap
      as i32 sums do. An operand in another dimension order is transposed
      first (a DMA copy) to [batch, M, K] x [batch, K, N], and a product
      narrower than i32 is an i32 dot and a convert (truncating the
      wrapped i32 sums gives the wrapped narrow ones). Grid and resident
      output block as for float dots; blocks of whole tiles of every
      operand (up to 256 x 512 x 1024, or the `dot-block-*` options,
      multiples of the tiles). Per step (a register of the
      left-hand side's rows and 128 columns) an i32 accumulator adds, per
      contracted index, a column of the left-hand side broadcast across
      the lanes (lane 0 of its register, rotated by one lane per index)
      times a row of a right-hand side register broadcast across the
      sublanes, both sign- or zero-extended as their types say. In the
      last K block the right-hand side's rows past K's end are zeroed, so
      the left-hand side's stale columns multiply zeros. Integer operands
      with a float product, and dots of predicates, are located errors.

    Data movement is DMAs: a `slice` (with strides), `transpose`,
    `reverse`, `concatenate` or `broadcast_in_dim` (one a kernel cannot
    read) copies each piece of its result (a strided window of an operand,
    a permuted view, a view with negative strides from the last element,
    an operand to its window of the result, a view with zero strides
    along the broadcast dimensions) from HBM into a VMEM buffer padded to
    whole tiles and from there to the result (`tpu.dma_start`/
    `tpu.dma_wait`, each piece in a `memref.alloca_scope`). Dimensions of
    one element are dropped from the buffer (rank-reducing views), so that
    a unit dimension among the last two is not padded to a whole tile. A
    piece whose buffer fits a chunk (a 32nd of VMEM) is copied in and out,
    each DMA waited for; a larger one is cut along its outermost dimension
    whose inner dimensions fit (in whole tiles when it is one of the last
    two) and its chunks stream through two VMEM buffers in a loop: chunk j
    comes into buffer j mod 2 and goes out on that buffer's semaphore,
    waited for before the buffer is filled again, so a DMA out overlaps
    the next DMA in; the chunks left over (a partial last chunk) follow in
    a buffer of their own. A `dynamic_slice` or `dynamic_update_slice` is the same at
    offsets the scalar core computes: each start index is DMA'd from HBM
    into SMEM and loaded (zero- or sign-extended as its type says), and
    clamped so that the window lies inside the array (the StableHLO
    semantics); the window (a subview at those offsets) of the operand is
    copied to the result, or the operand to the result and the update
    into its window.

    A `sort` (any number of arrays, a comparator of elementwise ops) runs
    on the VPU over VMEM: each array, viewed as [A, n, C] (the dimensions
    before, along and after the sorted one), is DMA'd into a VMEM buffer
    whose rows are the sorted dimension, between a tile of padding rows
    above and below, and sorted by odd-even transposition: n phases (in
    pairs, between two buffers per array), phase p comparing rows i and
    i + 1 for i of p's parity. A register of rows reads the rows one below
    and one above too, applies the comparator to registers, and takes the
    neighbour's elements (of all arrays) where the pair is a strict
    inversion, so the sort is stable. The arrays (two buffers each) must
    fit half of VMEM. `chlo.top_k` is a descending sort and a slice.

    A `reduce_window` (of one array, or of several of one element width,
    such as values and the iotas of their coordinates for an argmax; a
    body of one combiner or of elementwise ops applied to registers as for
    reductions, no base dilation) is strided DMAs and the VPU, like a
    Pallas kernel with manual copies: per array an accumulator and a
    buffer of the result's shape in VMEM (padded to whole registers; together at most a
    quarter of VMEM, else a located error), the accumulator filled with the
    init value. Per window offset (k per dimension) a DMA brings, for
    every output o, the element o * stride + k * dilation - padding_low
    (a strided window of the operand in HBM) into the buffer, and the VPU
    combines the buffer into the accumulator register by register. Per
    dimension, the offsets that read inside the array for every output
    are an interval, emitted as a loop (a DMA from a window moving with
    the offset); each other offset first fills the buffer with the init
    value (padding contributes the init value, as the padded array of the
    StableHLO semantics) and brings only the outputs that read inside. The
    accumulator is then copied to the result. A vector is one row [1, n].
    The cost report counts these DMAs (once per trip of their loops) in
    the copies row.

    A `select_and_scatter` (no padding; elementwise select and scatter
    bodies) is strided DMAs and the VPU as well: per window offset k (in
    the window's row-major order) a strided DMA brings every source
    element's operand element at k into VMEM, and the VPU keeps per
    element the selected value and its offset (replaced where the select
    body does not keep the value so far; offsets in integers of the
    elements' width). The result is filled with the init value; per offset
    its strided window (distinct elements for one offset) comes into VMEM,
    the scatter body combines the source into the elements whose selected
    offset it is, and the window goes back.

    A `pad` is DMAs too: the result in a VMEM buffer (padded to whole
    registers; at most half of VMEM) filled with the padding value on the
    VPU, the operand's elements that land in the result (negative edge
    padding drops some) copied to their places, every interior + 1
    elements apart (interior padding of the last dimension, a VMEM window
    with lanes apart, is a located error), then the buffer to the result.

    The module gets the target as its `tpu.target` attribute. Element types
    a TPU lacks (f64, 64-bit integers, complex, 8-bit floats) are a located
    error `unsupported on TPU: <type>`; ops this increment does not lower
    (windowed reductions of several arrays, gathers and scatters, convolutions that
    hlo-convolution-to-dot leaves (feature or batch groups), control flow)
    are a located error `not yet supported on tpu-sim: <op>`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"v5e\"",
           "The TPU chip the kernels are for: v5e or v6e">,
    Option<"dotBlockM", "dot-block-m", "int64_t", /*default=*/"0",
           "The largest M block of a dot kernel (rows of the left-hand "
           "side; 0: 1024, 256 for integer dots)">,
    Option<"dotBlockK", "dot-block-k", "int64_t", /*default=*/"0",
           "The largest K block of a dot kernel (contracted elements; 0: "
           "512)">,
    Option<"dotBlockN", "dot-block-n", "int64_t", /*default=*/"0",
           "The largest N block of a dot kernel (columns of the result; "
           "0: 1024)">,
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
    Each `tpu.kernel` becomes the block pipeline of a Pallas TPU kernel:
    one loop over the grid's points in order (the last dimension fastest),
    two VMEM buffers per operand (`memref.alloca` in VMEM, the double
    buffers the kernel's VMEM footprint reserves) and a DMA semaphore per
    buffer (`tpu.sem_alloc`). The loop carries, per operand, which buffer
    holds its current block (an `i1`; the body's block is an
    `arith.select` of the two).

    - **Skipped copies.** A block moves only when its block index changes
      from one grid point to the next: an operand whose map ignores the
      grid dimensions that change (a matmul's right-hand side across its
      rows, a constant block) is not fetched again, and an output block
      whose index is unchanged (the accumulator across an `arbitrary`
      dimension) stays in VMEM and goes back once, when its index is about
      to change or at the last point.
    - **Double buffering.** The first point's input blocks are fetched
      before the loop. At each point the body waits for its input blocks
      (those fetched for it: at the first point or where the block
      changed), starts the next point's changed input blocks into the
      other buffers, runs the body on the current ones, waits for the
      previous output block's copy out (started one point earlier, from
      the other buffer) and starts its own where due; the buffers flip
      where the blocks change. After the loop the last copies out are
      waited for. The next blocks thus move while the body computes.
    - **Edges.** A partial block at an array's edge moves only its part
      inside the array: the copy's VMEM side is a window of the buffer,
      chosen statically for each combination of full and edge blocks.
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
    - **Misuse.** A DMA's VMEM side is busy from its start to the wait on
      its semaphore (`hlo_tpu_sim_dma_begin`/`_end` keep the DMAs in
      flight): every `tpu.load` and `tpu.store` checks the VMEM bytes it
      touches (`hlo_tpu_sim_check_access`), and reading a block whose DMA
      in was not waited for, or writing one whose DMA out was not, is an
      error hlo-runner reports ("tpu.load reads VMEM that a DMA started on
      semaphore N is still writing"), though the copy itself is done at
      the start.
    - **Registers.** `tpu.load`/`tpu.store` are row-by-row vector loads and
      stores (masked where a mask is given, `sublane_stride` apart);
      `tpu.broadcast_*` are vector broadcasts, `tpu.reduce_*` vector
      reductions, and `tpu.matmul` loops over host buffers in f32 (the
      operands and accumulator stored row by row, then a fused
      multiply-add of a row of `rhs` per element of `lhs`, or a dot
      product per element with `transpose_rhs`).

    - **Host limits.** Math ops the host's LLVM lowering handles on 1-D
      vectors only become arith ops on registers: `math.absi` a compare
      and select, `math.isfinite`/`isinf` compares of `math.absf` with
      infinity, `math.isnan` an unordered compare. A select of vectors of
      16-bit floats (bf16, f16) selects their bits (integers of the same
      width): the host's LLVM selects bf16 vectors element by element
      through f32 on x86 without AVX-512 BF16, and a kernel's block of
      such selects took tens of seconds to compile.

    Afterwards no value is in a TPU memory space: the module is ordinary
    host code for hlo-cpu-to-llvm.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def HloTpuCostReportPass : Pass<"hlo-tpu-cost-report", "::mlir::ModuleOp"> {
  let summary = "Estimate the time of every tpu.kernel on its target";
  let description = [{
    Runs on `tpu.kernel`s (after hlo-tpu-form-kernels) and prints, per
    kernel and then for the module:

    ```
    tpu-cost kernel main#0 (v5e): dma_bytes=B mxu_pushes=P vpu_ops=V dma_us=.. mxu_us=.. vpu_us=.. estimated_us=T mxu_utilization=U
    tpu-cost total: kernels=N dma_bytes=B mxu_pushes=P vpu_ops=V estimated_us=X mxu_utilization=U
    ```

    - **Copies**: the DMAs outside kernels between two kernels (the data
      movement hlo-tpu-form-kernels emits) are one row, named
      `<function>#<n>(copies)`, their bytes moved one after the other (a
      DMA in loops, as a reduce_window's, once per trip). The VPU work
      between them (a reduce_window's combining, a sort's phases, a
      select_and_scatter's selection and scattering) is not counted yet.
    - **DMA bytes**: what hlo-tpu-expand-kernels moves: an operand's block
      (only its part inside the array at the edges) in at the first grid
      point and wherever its block index changes, out once per run of
      grid points with the same index. The simulator counts the same
      bytes as it runs.
    - **MXU pushes**: per `tpu.matmul` run, every row of its left-hand
      side through every (rows x columns) MXU tile of its weights
      (`tpu::getMxuPushes`; the simulator counts them too). Padding to
      whole MXU tiles is pushed like data: its cost shows.
    - **VPU ops**: register operations (arith and math ops on vectors,
      cross-lane reductions and broadcasts), counted in (8 x 128) 32-bit
      registers.

    Times come from the target's numbers: DMA `bytes / HBM bandwidth`; MXU
    `pushes x passes / (MXUs x clock)`, one row per cycle per MXU, bf16
    operands in one pass and f32 ones in six (a full f32 product as six
    bf16 passes); VPU one register operation per cycle; every grid step
    500 cycles of the scalar core's pipeline work (block indices, DMA
    starts and waits), which the compute waits for: the per-step cost that
    the Pallas TPU matmul guide's measurements on v5e show (0.33 us; its
    block-size experiments are test/Target/Tpu/cost-report-pallas-matmul.test).
    The block pipeline overlaps one grid point's DMAs with another's
    compute, so a kernel takes the longer of DMA and compute plus steps,
    plus the first grid point's input blocks and the last one's output
    blocks, which nothing overlaps.
    `mxu_utilization` is the fraction of that time the MXUs compute. Loops
    in a kernel body need constant bounds (a located error otherwise).
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File the report is written to ('-': standard error, so that it "
           "never mixes with the IR on standard output)">,
  ];
}

#endif // HLO_TARGET_TPU_PASSES_TD
