//===- Passes.td - whole-program hlo transformations ------*- tablegen -*-===//
//
// Each pass's summary and description are its user documentation:
// docs/Passes/HloTransformsPasses.md is generated from them.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_TRANSFORMS_PASSES_TD
#define HLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def HloInlineAsyncPass : Pass<"hlo-inline-async"> {
  let summary = "Run hlo.async_start/hlo.async_done synchronously";
  let description = [{
    Replaces every `hlo.async_start` by a copy of the one operation of its
    body, placed where the asynchronous operation starts, and the results of
    the `hlo.async_done` ops that wait for its future by that copy's
    results. The spec does not guarantee asynchrony, so this is a valid
    execution; it is the one of a target that runs one process, where
    collectives are local copies. Run early in `hlo-cpu-pipeline`, so that
    the operation is then folded, fused and lowered like any other.

    A future used by anything other than `hlo.async_done` (a call, a
    return) is reported as an error at its `hlo.async_start`, and the pass
    fails.

    Example:

    ```mlir
    %f = "hlo.async_start"(%x) ({
      %s = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
      "hlo.return"(%s) : (tensor<4xf32>) -> ()
    }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
    %r = "hlo.async_done"(%f) : (!hlo.future<tensor<4xf32>>) -> tensor<4xf32>
    ```

    becomes

    ```mlir
    %r = hlo.slice %x [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    ```
  }];
}

def HloInlineCompositesPass : Pass<"hlo-inline-composites", "::mlir::ModuleOp"> {
  let summary = "Replace hlo.composite ops with their decomposition";
  let description = [{
    Every `hlo.composite` is replaced by a copy of the body of its
    `decomposition` function, applied to its operands (the composite's
    semantics by the spec). Decompositions that are no longer referenced
    stay; `symbol-dce` removes them. A decomposition with more than one
    block is reported as an error at the composite.

    Example:

    ```mlir
    func.func private @add_n.impl(%x: tensor<i64>) -> tensor<i64> {
      %c = hlo.constant dense<2> : tensor<i64>
      %r = hlo.add %x, %c : tensor<i64>
      return %r : tensor<i64>
    }
    %r = hlo.composite "my.add_n" %x {decomposition = @add_n.impl}
           : (tensor<i64>) -> tensor<i64>
    ```

    becomes `%c = hlo.constant dense<2>` and `%r = hlo.add %x, %c` in place
    of the composite.
  }];
}

def HloRefineShapesPass : Pass<"hlo-refine-shapes", "::mlir::ModuleOp"> {
  let summary = "Make shapes static that follow from the argument shapes";
  let description = [{
    Programs exported with symbolic dimensions (JAX's shape polymorphism)
    compute shapes at run time: `get_dimension_size` of an argument feeds
    `dynamic_broadcast_in_dim`, `dynamic_reshape`, `dynamic_iota`, ... Like
    XLA, the CPU target compiles static shapes only. Once the functions'
    arguments have static types (hlo-runner specializes its entry to the
    shapes of its inputs), this pass makes everything else static, to a
    fixed point:

    * every hlo op's result type is inferred again from its operands (type
      inference, or the op's shape rule: broadcasts, reshapes, dots, ops with
      equal operand and result shapes, and the dynamic-shape ops whose shape
      operands are constants);
    * `while` loops carry their initial values' shapes, `if`/`case` results
      take their branches', and a `tensor.cast` to a less static type is
      refined away;
    * the hlo canonicalizations and folders run in between, so that shape
      computations fold to constants and dynamic ops become static ones;
    * each function's result types become those it returns.

    JAX's `custom_call @shape_assertion(%ok, ...)` is then removed where
    `%ok` folded to true and reported, with its message, where it folded to
    false. A static dimension that disagrees with what its operands imply
    is an error. Calls are not refined through: inline first.

    Example: with `%x : tensor<8x4xf32>`,

    ```mlir
    %n = hlo.get_dimension_size %x, dim = 0 : (tensor<8x4xf32>) -> tensor<i32>
    %s = hlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
    %c = hlo.constant dense<4> : tensor<1xi32>
    %shape = hlo.concatenate %s, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %b = hlo.dynamic_broadcast_in_dim %y, %shape, dims = [1]
           : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    ```

    becomes `hlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) ->
    tensor<8x4xf32>`.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::tensor::TensorDialect"];
}

def HloLegalizeQuantizedPass : Pass<"hlo-legalize-quantized"> {
  let summary = "Compute quantized hlo ops on their storage integers";
  let description = [{
    Replaces every `!quant.uniform` tensor by a tensor of its storage
    integers (function signatures included) and rewrites the ops on them
    with the spec's definitions:

    * `uniform_quantize` of floats is `round_nearest_even(clamp(x / scale +
      zero_point, storage_min, storage_max))`, converted to the storage
      type; of quantized values, the same after dequantizing;
    * `uniform_dequantize` is `(q - zero_point) * scale` in the expressed
      type;
    * `bitcast_convert` between quantized values and their storage is the
      identity;
    * `dot_general` of two per-tensor quantized operands with signed 8-bit
      storage is computed on the integers, as quantized inference engines
      do: an i8 x i8 -> i32 `dot_general` (which reaches the int8 matmul
      kernels: vpdpbusd, AMX) minus the zero points times the operands'
      sums over the contracting dimensions, plus K times both zero points,
      exact in i32 (K at most 2^17); a result with i32 storage, zero point
      0 and the product of the operand scales (StableHLO's quantized dot) is
      that sum, any other is the sum times both scales, quantized again if
      quantized;
    * every other hlo op without regions is computed on dequantized
      operands, and its quantized results are quantized again
      (`dequantize_op_quantize`).

    Scales and zero points are per tensor or, for per-axis types, a vector
    broadcast along the quantization dimension. Ops with regions on
    quantized tensors are left alone and reported by the conversion.

    Example:

    ```mlir
    %q = hlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
    ```

    becomes a divide, add, clamp, `round_nearest_even` and a `convert` to
    `tensor<4xi8>`.
  }];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloExpandNarrowFloatsPass : Pass<"hlo-expand-narrow-floats"> {
  let summary = "Expand conversions to and from narrow floats into integer ops";
  let description = [{
    LLVM has no arithmetic on the 8-, 6- and 4-bit float formats
    (f8E4M3FN, f8E5M2, f8E4M3, f8E3M4, f8E4M3FNUZ, f8E5M2FNUZ,
    f8E4M3B11FNUZ, f6E2M3FN, f6E3M2FN, f4E2M1FN);
    `arith-emulate-unsupported-floats` computes in f32 and leaves
    `arith.extf` and `arith.truncf` between f32 and the narrow type, which
    the LLVM conversion cannot lower. This pass rewrites them (on scalars
    and vectors) into integer operations on the bit patterns:

    * `extf`: normal values by moving the exponent and fraction into f32's
      fields, subnormals as `fraction * 2^(emin - M)`, NaN and infinity
      patterns by comparison; then to the result type (exact);
    * `truncf` (round to nearest even, from f32 or f64 directly): with `q`
      the result's exponent field (1 for subnormals), the result is
      `((q - 1) << M) + round(|x| / 2^(q - bias - M))`, so a rounding carry
      moves into the exponent; codes above the largest finite one become
      what APFloat gives on overflow (infinity, NaN, or the largest value
      for formats without either), NaN the format's NaN, and -0 +0 where
      the format has no negative zero.

    Every property of a format comes from its APFloat semantics, so the
    results agree with the constant folder. f8E8M0FNU (no sign, no zero) is
    left to `arith-expand`'s `include-f8e8m0`. `hlo-cpu-pipeline` runs it
    right after the emulation.

    Example: `%r = arith.extf %x : f8E4M3FN to f32` becomes an
    `arith.bitcast` to i8, shifts, masks, a `uitofp` for subnormals and
    selects for NaN.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def HloAccurateMathPass : Pass<"hlo-accurate-math"> {
  let summary = "Rewrite math ops whose LLVM lowering loses accuracy";
  let description = [{
    `convert-math-to-llvm` lowers `math.expm1` to `exp(x) - 1`, which loses
    the digits of small arguments (1.0000000827e-10 for 1e-10 in f64). This
    pass rewrites `math.expm1` on floats and float vectors with Kahan's
    formula first,

    ```
    u = exp(x)
    expm1(x) = x                       if u == 1
             = -1                      if u - 1 == -1
             = inf                     if u == inf
             = (u - 1) * (x / log(u))  otherwise
    ```

    which is within a few ulp given accurate `exp` and `log` (NaN stays
    NaN). `hlo-cpu-pipeline` runs it before the LLVM conversion.

    Example: `%r = math.expm1 %x : f64` becomes `math.exp`, `math.log`,
    `arith.subf`, `arith.divf`, `arith.mulf`, comparisons and selects.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def HloFuseF16MultiplyAddPass : Pass<"hlo-fuse-f16-multiply-add"> {
  let summary = "Fuse f16 multiplies into the adds that consume them (one rounding)";
  let description = [{
    XLA:CPU computes f16 arithmetic in f16 and lets LLVM contract a product
    feeding an addition into one fused multiply-add, rounded once: its
    `a * b + c` on f16 differs from two separately rounded operations in
    about a quarter of the elements (by one f16 ulp). This pass makes the
    same contraction explicit, so f16 programs compute XLA's bits: on f16
    scalars and vectors,

    * `addf(mulf(a, b), c)` and `addf(c, mulf(a, b))` become `math.fma(a, b, c)`,
    * `subf(mulf(a, b), c)` becomes `math.fma(a, b, -c)`,
    * `subf(c, mulf(a, b))` becomes `math.fma(-a, b, c)`,

    where the product has no other use (a product used elsewhere is
    rounded anyway). The fused form is at least as accurate as the two
    operations. Other types are left alone: f32 and f64 keep separate
    roundings (the StableHLO conformance checks expect them), and bf16 is
    computed per operation as XLA normalizes it. `hlo-cpu-pipeline` runs it
    before the LLVM conversion; `math.fma` on f16 becomes one `vfmadd...ph`
    with AVX512-FP16 and an f32 fma rounded to f16 without.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def HloLegalizeCustomCallsPass : Pass<"hlo-legalize-custom-calls"> {
  let summary = "Rewrite JAX's LAPACK and top-k custom calls into native ops";
  let description = [{
    JAX on the CPU emits typed-FFI custom calls to LAPACK
    (`lapack_?potrf_ffi`, `lapack_?trsm_ffi`, `lapack_?getrf_ffi`,
    `lapack_?geqrf_ffi`, `lapack_?orgqr_ffi`, `lapack_?syevd_ffi`,
    `lapack_?gesdd_ffi`), and XLA writes top-k as the `TopK` custom call
    (with a comparator) or the `topk` instruction (`xla.topk` once
    imported). This pass replaces them by code every target compiles:

    * potrf: `hlo.cholesky`, the opposite triangle keeping the operand's
      values, and `info` (0, or positive when the matrix is not positive
      definite) from the factor's diagonal;
    * trsm: `hlo.triangular_solve` (side, uplo, diag and trans_x from the
      call's backend configuration);
    * TopK and topk: a stable sort of (operand, iota) along the last
      dimension with the call's comparator (greater-than for `topk`), then
      the first k;
    * getrf: LU with partial pivoting (1-based pivots, info as LAPACK);
      geqrf: Householder QR as LAPACK's (R above the diagonal, the
      reflectors below it and their tau); orgqr: Q from the reflectors;
      syevd: cyclic Jacobi on the symmetric matrix (eigenvalues ascending,
      vectors as columns); gesdd: one-sided Jacobi (singular values
      descending, economy or full vectors, the left ones of a full
      decomposition completed to an orthonormal basis by Gram-Schmidt on
      unit vectors).
      These are scf loop nests on tensors, one matrix of the batch at a
      time, over real (s, d) matrices, and for getrf complex (c, z) ones
      too (pivots by |re| + |im|, as LAPACK).

    LAPACK reads and writes its matrices column-major (batch dimensions
    major; vectors and `info` row-major), the layouts JAX's calls ask
    for. An operand or result whose layout (`hlo.operand_layouts` and the
    call's `hlo.layout`, or StableHLO's `operand_layouts` and
    `result_layouts`) is another is reinterpreted as the buffer XLA would
    hand over: the array LAPACK sees is the operand's buffer in its layout
    read column-major, and the result is LAPACK's column-major buffer read
    in the result's layout (transposes and reshapes; see
    `hlo-layout-normalization`). A call without layouts is read in
    LAPACK's own. Tiled layouts are a located error.
    A known target with an unsupported configuration (a complex
    factorization other than LU, `topk` with `largest = false`) is a
    located error and the pass fails; other
    targets are left alone (`hlo-legalize-to-linalg` names them).

    Example:

    ```mlir
    %x = hlo.custom_call @lapack_strsm_ffi(%a, %b)
           {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8,
                                   trans_x = 78 : ui8, uplo = 76 : ui8}}
           : (tensor<5x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
    ```

    becomes

    ```mlir
    %x = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true,
           transpose_a = #hlo<transpose NO_TRANSPOSE>, unit_diagonal = false}>
           : (tensor<5x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def HloLayoutAssignmentPass
    : Pass<"hlo-layout-assignment", "::mlir::ModuleOp"> {
  let summary = "Choose the layouts of values whose layout is free, per target";
  let description = [{
    XLA's LayoutAssignment: every value whose layout is not fixed gets the
    layout that moves the least data, given what is fixed and what the
    target prefers; `hlo-layout-normalization` then makes the choice
    explicit (elementwise ops computing in their layout's order, transposes
    where layouts meet).

    * Fixed: function arguments' and results' `hlo.layout` (XLA's
      `entry_computation_layout`; a result without one is row-major, as
      the caller reads it), custom calls' operand and result
      layouts, and layouts already on ops (XLA's, from HLO text). Other ops
      read and write row-major arrays, except where the target prefers an
      operand order.
    * Free: elementwise ops whose operands and result share a shape (they
      compute in any order, the same for all) and transposes (a transpose
      whose result takes its operand's layout, permuted, reinterprets the
      buffer, as XLA's bitcast, instead of moving data).
    * Forward, a free value takes the layout most of its operands have
      (splat constants, broadcasts and iotas, materialized in any order at
      no cost, do not vote); backward, one that no operand decided takes
      the layout most of its users read it in (a return: the function
      result's layout; an op with a target preference: that; a free user:
      its own layout, un-permuted through a transpose; any other op:
      row-major), with its operands' layouts; a tie goes to row-major. The
      rest is row-major.
    * Where an op with a fixed constraint reads a value laid out otherwise,
      a layout-changing copy is inserted (`hlo.convert` to the same type
      with `xla.opcode = "copy"`, as XLA's `copy` imports), once per value
      and layout: the only places data moves between layouts.

    Target preferences (`target`):

    * `cpu`: `dot_general` operands with the batch dimensions major and the
      contracting dimensions minor on the left, the free dimensions minor
      on the right: the matmul kernel's register tiles read both with unit
      stride (a transposed operand becomes the dot's dimension numbers
      after normalization, by transpose folding).
    * `gpu`: `reduce` operands with the reduced dimensions minor (row
      reductions: a warp reads consecutive elements); `convolution` inputs
      and kernels feature-minor (NHWC, HWIO).
    * `tpu`: the dimension orders as above, then every value, argument and
      result of rank 2 or more in (8, 128) tiles of its two minor
      dimensions ((16, 128) for 16-bit and (32, 128) for 8-bit elements),
      rank 1 in tiles of 128; tiles already given (on ops, arguments and
      results) are kept.

    Tiled layouts among the fixed ones are a located error for the cpu and
    gpu targets, as is layout text the pass cannot read. The pass is
    `hlo::assignLayouts` (HloDialect/Transforms/Layout.h) on each function.

    Example (`target=cpu`): with a column-major argument, the elementwise
    chain computes column-major, and only the row-major result is copied:

    ```mlir
    func.func @f(%a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>})
        -> tensor<4x8xf32> {
      %e = hlo.exponential %a : tensor<4x8xf32>
      %n = hlo.negate %e : tensor<4x8xf32>
      return %n : tensor<4x8xf32>
    }
    ```

    becomes

    ```mlir
    %e = hlo.exponential %a {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
    %n = hlo.negate %e {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
    %c = hlo.convert %n {xla.opcode = "copy"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %c : tensor<4x8xf32>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "Whose preferences: cpu, gpu or tpu">
  ];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloLayoutNormalizationPass
    : Pass<"hlo-layout-normalization", "::mlir::ModuleOp"> {
  let summary = "Make non-default layouts explicit transposes and drop them";
  let description = [{
    The values of hlo ops are logical arrays, and the lowering lays every
    one out row-major. Layouts (`#hlo.layout` in `hlo.layout` and
    `hlo.operand_layouts`, as the HLO text importer or
    `hlo-layout-assignment` writes them) say where a computation should
    happen in another order; this pass makes what they mean explicit in
    row-major terms and removes them:

    * an elementwise op whose result has a non-default layout computes on
      the physical arrays (its operands transposed into the layout's
      major-to-minor order, its result transposed back), so a chain of
      such ops runs in the physical order and a layout-changing `copy`
      between two of them is the physical transpose it is in XLA (the
      transposes that meet are folded);
    * a custom call's operand whose layout constraint is not row-major is
      passed as the array whose row-major buffer is the constrained
      layout's buffer of the operand (a transpose to the physical order,
      a reshape to the operand's shape), and a result written in a
      non-default layout is read back the same way; the constraints
      become row-major (a LAPACK call then reinterprets them back in
      `hlo-legalize-custom-calls`, the two folding to the explicit
      physical transposes);
    * every other op's value does not depend on its layout, which is
      dropped;
    * function arguments and results: with `physical-signature`, a public
      function's parameters and results with non-default layouts take
      their physical shapes (the caller passes and receives the buffers
      XLA's `entry_computation_layout` describes, row-major), the logical
      arrays transposed from and to them at the function's edges;
      without it (the default: `hlo-runner` hands logical arrays, as JAX
      hands arrays to XLA) their layouts are dropped. The module's
      `xla.entry_computation_layout` (kept from HLO text) goes with them.

    Layouts the pass cannot make explicit are located errors where they
    change values: tiled layouts and layout text of custom-call
    constraints and of a physical signature.

    Example:

    ```mlir
    %s = hlo.add %a, %b {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
           : tensor<4x8xf32>
    ```

    becomes

    ```mlir
    %0 = hlo.transpose %a, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %1 = hlo.transpose %b, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %2 = hlo.add %0, %1 : tensor<8x4xf32>
    %s = hlo.transpose %2, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
    ```

    The patterns are `hlo::populateHloLayoutNormalizationPatterns`.
  }];
  let options = [
    Option<"physicalSignature", "physical-signature", "bool",
           /*default=*/"false",
           "Public functions take and return the physical arrays of their "
           "laid-out parameters and results">
  ];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloDecomposeChloPass : Pass<"hlo-decompose-chlo"> {
  let summary = "Expand chlo special functions and compositions into hlo ops";
  let description = [{
    Rewrites the chlo ops that have no scalar counterpart in the math
    dialect into elementwise hlo ops (and a sort for `top_k`), with the
    numerical algorithms of StableHLO's chlo legalization so that results
    agree with JAX's:

    * `chlo.lgamma`, `chlo.digamma`: Lanczos' approximation (g = 7, 9
      terms) with Euler's reflection formula for x < 1/2;
    * `chlo.erf_inv`: Giles' polynomials in w = -log(1 - x^2), two ranges
      for f32, three for f64;
    * `chlo.bessel_i1e`: Cephes' Chebyshev expansions on [0, 8] and beyond;
    * `chlo.next_after`: one step of the integer bit pattern;
    * `chlo.square` as a multiplication (complex: `(a - b)(a + b) + 2ab i`)
      and `chlo.conj` by negating the imaginary part;
    * `chlo.top_k`: a stable descending sort of the operand with an iota
      along the last dimension, then the first k of each;
    * `chlo.cosh` as `h + 1/(4h)` with `h = e^(|x| - 1) * e/2` (no premature
      overflow, and `|x| - 1` is exact where it matters), complex `chlo.cosh`/`chlo.sinh` from the real and
      imaginary parts;
    * complex `chlo.asin`, `chlo.acos`, `chlo.asinh` and `chlo.acosh`: Hull
      et al.'s algorithm with the reduced approximation regions of
      StableHLO's decomposition (overflow-free hypot, log1p near the real
      axis);
    * `chlo.mulhi`: the product in twice the width, shifted and truncated
      (64-bit elements from 32-bit halves, with the signed correction);
    * `chlo.ragged_dot` with a ragged non-contracting dimension: a
      `dot_general` of every row with every group's matrix, masked by the
      group each row belongs to and summed over the groups; with a ragged
      contracting dimension: the left-hand side once per group with the
      contracting elements outside the group zeroed, contracted with the
      groups as a free dimension;
    * `chlo.scan`: an `hlo.while` over the scanned index (counting down with
      `is_reverse`) that slices the inputs with `dynamic_slice`, runs the
      body and writes the outputs with `dynamic_update_slice`.

    f16 and bf16 operands are computed in f32. With `f32-through-f64` (the
    default), f32 `lgamma`, `digamma`, `erf_inv`, `bessel_i1e`
    and `cosh` are instead computed with the f64 algorithm and rounded
    once: StableHLO's f32 algorithms are up to 24 ulp off (cosh near 60,
    bessel_i1e near 8, erf_inv near 0.83) and lose all accuracy near the
    zeros of lgamma and digamma and for lgamma of subnormals, while
    through f64 every f32 result is within 3 ulp of the true value
    (`utils/ulp_sweep.py`). Targets without f64 arithmetic (TPUs, Vulkan
    devices lacking Float64) turn it off and get StableHLO's f32 results.
    `lgamma` is exactly 0 at 1 and 2; `digamma` is -1/x at the pole at 0
    (-inf at +0, +inf at -0) and NaN at the negative integers.

    The other chlo ops keep their direct lowering through the scalar table.
    A `chlo.ragged_dot` with a ragged batching dimension, and
    `chlo.ragged_dot` or `chlo.scan` with dynamic shapes, are errors.

    Example:

    ```mlir
    %r = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
    ```

    becomes a chain of `hlo.log_plus_one`, `hlo.sqrt`, `hlo.select`,
    `hlo.multiply` and `hlo.add` ops evaluating the polynomials.
  }];
  let options = [
    Option<"f32ThroughF64", "f32-through-f64", "bool", /*default=*/"true",
           "Compute f32 lgamma, digamma, erf_inv, bessel_i1e, cosh, zeta "
           "and polygamma with the f64 algorithms, rounded once">
  ];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloExpandRngPass : Pass<"hlo-expand-rng"> {
  let summary = "Expand random number ops into integer and float hlo ops";
  let description = [{
    Rewrites `hlo.rng_bit_generator` into the integer hlo ops (iota, add,
    xor, shifts, or, multiply, convert, compare/select, reshape, slice,
    concatenate) that XLA's RngBitGeneratorExpander builds, so its output
    and output state agree bit for bit with XLA:CPU (and JAX's
    `lax.rng_bit_generator`):

    * `THREE_FRY`: Threefry-2x32, 20 rounds, of the counters
      `state[1] + i` under the key `state[0]`; new state
      `[state[0], state[1] + #counters]`. A 64-bit output takes both words
      of one counter (low word first); a 32-bit output shape is split in
      halves along its first even dimension (else its largest), the two
      words of a counter filling neighbouring elements there.
    * `PHILOX`: Philox-4x32, 10 rounds, of the 128-bit counters `c + i`
      under the key `state[0]`, where `c = (state[1], state[2])` for a
      3-element state and `(state[1], state[0])` for a 2-element one (XLA's
      layout); the four words of a counter fill four consecutive 32-bit
      outputs or two 64-bit ones; the new state has the same size.
    * `DEFAULT` is `PHILOX`, XLA:CPU's choice.
    * The generator itself (counters to output words) is emitted as one
      `hlo.fusion kind = loop`: its values each feed two rounds, which
      producer-consumer fusion would otherwise split into dozens of
      materialized loops.
    * Outputs of fewer than 32 bits keep the low bits of one 32-bit output
      each; signed and float outputs reinterpret the unsigned bits.

    `hlo.rng`, whose generator the spec leaves to the implementation,
    becomes XLA's RngExpander formulas over Philox bits. Unlike XLA, whose
    key changes from compilation to compilation and whose counter is a
    hidden global state, the numbers are deterministic: the i-th rng op of
    the program (in program order) draws from the Philox stream with state
    `[0x2545f4914f6cdd1d, 0, i]`, the same on every run and every
    execution (an rng in a loop body repeats its numbers).

    * UNIFORM, f32/f64: the top 23/52 bits of a 32/64-bit word scaled to
      [0, 1), then `u * (b - a) + a` (narrower floats are computed in f32);
      where that rounds up to `b` (XLA returns `b` then) the result is the
      largest value below `b`, so results stay in [a, b).
    * UNIFORM, integers: `a + (bits % (b - a))` on unsigned words of the
      element width (32 bits for narrower types and pred), added in two
      halves as XLA does to avoid signed overflow.
    * NORMAL: Box-Muller on pairs of uniform numbers,
      `sqrt(-2 log max(u0, 1e-7)) * (sin, cos)(2 pi u1)`, then `a + b * z`.

    Ops with dynamic shapes, or rng_bit_generator outputs whose element
    type is not 2, 4, 8, 16, 32 or 64 bits wide, are reported as errors.

    Example:

    ```mlir
    %s, %bits = hlo.rng_bit_generator %state, algorithm = THREE_FRY
        : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui64>)
    ```

    becomes an `hlo.iota` of 4 counters added to `state[1]`, 20 rounds of
    `hlo.add`/`hlo.shift_left`/`hlo.shift_right_logical`/`hlo.or`/`hlo.xor`
    on ui32 words, and `hlo.or` of the two words shifted into ui64.
  }];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloExpandBatchNormPass : Pass<"hlo-expand-batch-norm"> {
  let summary = "Expand batch norms into reductions and elementwise hlo ops";
  let description = [{
    Rewrites `hlo.batch_norm_inference`, `hlo.batch_norm_training` and
    `hlo.batch_norm_grad` with the StableHLO spec's reference
    decompositions (those of XLA's batchnorm expander), so that fusion,
    vectorization and every target see ordinary ops:

    * per-feature vectors (scale, offset, mean, variance) become
      `hlo.broadcast_in_dim` along `feature_index`;
    * sums are `hlo.reduce` with `hlo.add` over every dimension except
      `feature_index`, and means divide them by the number of elements per
      feature, `size(operand) / dim(operand, feature_index)`;
    * `batch_norm_training` computes the mean and the biased variance (the
      mean of the squared deviations from that mean), then normalizes as
      `batch_norm_inference` does:
      `scale * (operand - mean) / sqrt(variance + epsilon) + offset`;
    * `batch_norm_grad` computes `grad_operand`, `grad_scale` and
      `grad_offset` with XLA's formulas (see the op's documentation).

    Arithmetic is in the operand's element type, as the spec defines it
    (f16 and bf16 too; `epsilon`, an f32 attribute, is rounded to that
    type). Ops on quantized tensors are left for `hlo-legalize-quantized`,
    which computes them in their expressed float type, and ops with
    dynamic dimensions are left alone; `hlo-cpu-pipeline` runs
    `hlo-legalize-quantized`, then this pass, before fusion.

    Example:

    ```mlir
    %s, %bits = hlo.rng_bit_generator %state, algorithm = THREE_FRY
        : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui64>)
    ```

    becomes an `hlo.iota` of 4 counters added to `state[1]`, 20 rounds of
    `hlo.add`/`hlo.shift_left`/`hlo.shift_right_logical`/`hlo.or`/`hlo.xor`
    on ui32 words, and `hlo.or` of the two words shifted into ui64.
    %r = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {
           epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
         : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
            tensor<3xf32>) -> tensor<2x3x4xf32>
    ```

    becomes four `hlo.broadcast_in_dim ..., dims = [1]`, a broadcast
    constant epsilon, `hlo.subtract`, `hlo.add`, `hlo.sqrt`, `hlo.divide`,
    `hlo.multiply` and `hlo.add`.
  }];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloConvolutionToDotPass : Pass<"hlo-convolution-to-dot"> {
  let summary = "Convolutions as one dot_general of a patch matrix";
  let description = [{
    Rewrites `hlo.convolution` with float operands (of the result's element
    type) into data movement and one `hlo.dot_general`, so that every
    convolution (forward, input gradient with `lhs_dilation`, weight
    gradient with swapped dimension numbers, grouped) runs on the tiled and
    vectorized matmul path:

    * the input is transposed to `[batch, spatial..., feature]` and padded
      with zeros (`hlo.pad`: the edge padding, and `lhs_dilation - 1`
      interior zeros);
    * the patch matrix, rows (batch, output position) and columns (kernel
      tap, input feature), is a `hlo.concatenate` of strided `hlo.slice`s:
      one per kernel tap (`stride` apart, starting at `tap *
      rhs_dilation`), or, when there are fewer output positions than taps
      (a weight gradient's kernel is the output gradient), one per output
      position (`rhs_dilation` apart);
    * the kernel (reversed where `window_reversal` says) is transposed to
      `[spatial..., input feature, output feature]` and reshaped to a
      `[taps * input feature, output feature]` matrix;
    * one `hlo.dot_general` contracts the patches' (tap, feature)
      dimension with it, keeping the rows as free dimensions, so that the product has the
      output's shape in the order [batch, spatial..., feature] (per
      position: [spatial..., batch, feature]); a transpose puts it in the
      output's layout. Feature groups and batch groups are a batching
      dimension of the dot.

    Convolutions with integer, complex or mixed element types, negative
    padding, dynamic or empty shapes, both group counts above one,
    depthwise ones (feature groups of one input feature each: a product of
    depth `taps` per output, cheaper as the direct loop nest), or a
    patch matrix above `max-patch-elements` elements or needing more than
    `max-slices` slices keep the direct lowering of
    `hlo-legalize-to-linalg`. `hlo-cpu-pipeline` runs this pass before
    fusion, which groups the slices into one loop fusion (the patches) and
    the dot with its epilogue into an output fusion.

    Example:

    ```mlir
    %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
           window = {stride = [1], pad = [[1, 1]]}
           {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
           : (tensor<2x5x3xf32>, tensor<3x3x4xf32>) -> tensor<2x5x4xf32>
    ```

    becomes `hlo.pad` to 2x7x3, three `hlo.slice`s of 2x5x3 reshaped to
    2x5x1x3 and concatenated to 2x5x3x3, reshaped to 2x5x9, and
    `hlo.dot_general` contracting its dimension 2 with the kernel reshaped
    to 9x4: 2x5x4.
  }];
  let options = [
    Option<"maxPatchElements", "max-patch-elements", "int64_t",
           /*default=*/"int64_t(1) << 25",
           "Largest patch matrix (elements) a convolution may build">,
    Option<"maxSlices", "max-slices", "int64_t", /*default=*/"256",
           "Most slices (kernel taps or output positions) per convolution">,
  ];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
}

def HloCanonicalizePass : Pass<"hlo-canonicalize"> {
  let summary = "Fold hlo ops on constants and simplify shape-only op chains";
  let description = [{
    Runs the folders and canonicalization patterns of every `hlo` op to a
    fixed point, erasing ops that become dead. Unlike the upstream
    `--canonicalize` it adds no other dialect's patterns, so it can run early
    in a pipeline without disturbing ops that later passes expect:

    * elementwise ops on constant operands are evaluated (integer and float
      arithmetic, bitwise ops, shifts, comparisons, conversions, rounding,
      `sqrt`; transcendental functions are not folded because the host libm
      may differ from generated code in the last ulp). Non-splat results are
      capped at 65536 elements so folding cannot blow up the module;
    * `reshape(reshape(x))` becomes one reshape and identity reshapes,
      transposes, slices, broadcasts, converts and single-operand
      concatenates disappear;
    * `transpose(transpose(x))` composes into one transpose (none when the
      composition is the identity);
    * `broadcast_in_dim(broadcast_in_dim(x))` composes, and a broadcast of a
      scalar constant becomes a splat constant;
    * `select` with a constant predicate picks its operand.

    Integer division and remainder by zero, signed overflow and out-of-range
    float-to-int conversions are left to run time, where their
    implementation-defined results are produced.

    Example:

    ```mlir
    %0 = hlo.constant dense<2.0> : tensor<4xf32>
    %1 = hlo.constant dense<3.0> : tensor<4xf32>
    %2 = hlo.multiply %0, %1 : tensor<4xf32>
    %3 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %4 = hlo.transpose %3, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
    ```

    becomes `hlo.constant dense<6.0> : tensor<4xf32>`, and `%4` is replaced
    by `%x`.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "Maximum number of rewrite sweeps before giving up on a fixed point">
  ];
}

def HloAlgebraicSimplifierPass : Pass<"hlo-algebraic-simplifier"> {
  let summary = "Apply algebraic identities to hlo ops";
  let description = [{
    The identities a production HLO optimizer applies, on top of everything
    `hlo-canonicalize` does (constant folding with a size cap, reshape,
    transpose and broadcast chains, identity slices/converts/concatenates,
    `select` with a constant predicate), to a fixed point:

    * neutral and absorbing elements: `x + 0`, `x - 0`, `x * 1`, `x / 1`,
      `x & ~0`, `x | 0`, `x ^ 0` become `x`; for integers `x * 0` and
      `x & 0` become 0 and `x | ~0` all ones;
    * `x - x` and `x ^ x` of integers become 0; `x & x`, `x | x`,
      `max(x, x)`, `min(x, x)` become `x`; `compare(x, x)` of integers is
      true for EQ/LE/GE and false for NE/LT/GT;
    * `negate(negate(x))` and `not(not(x))` become `x`;
    * `slice(slice(x))` becomes one slice; a `pad` with no padding
      disappears;
    * a `transpose` feeding `dot_general` is folded into its dimension
      numbers when the result's dimension order stays the same;
    * a `reduce` over dimensions of size 1 with a one-op body becomes that
      op applied once to the init value and the reshaped input.

    Floats get only the identities IEEE arithmetic guarantees bit for bit:
    `x + -0.0`, `x - +0.0`, `x * 1.0`, `x / 1.0`, `max(x, -inf)`,
    `min(x, +inf)`; never `x * 0 -> 0` or `x - x -> 0` (NaN, infinities)
    or `x + +0.0 -> x` (`-0.0 + +0.0` is `+0.0`).

    Example: `hlo.multiply %x, %one` with `%one` a splat 1 of integers or
    floats is replaced by `%x`; `hlo.dot_general (hlo.transpose %a, [1, 0]),
    %b, contracting_dims = [1] x [0]` contracts `%a` over its dimension 0
    directly.
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "Maximum number of rewrite sweeps before giving up on a fixed point">
  ];
}

def HloOutlineFusionsPass : Pass<"hlo-outline-fusions", "ModuleOp"> {
  let summary = "Move each hlo.fusion of a large function into a function "
                "of its own";
  let description = [{
    In every function holding at least `min-fusions` `hlo.fusion` ops, each
    fusion becomes a private function `@<function>_fusion<N>` whose body is
    that fusion alone, and the fusion a `func.call` of it; fusions in the
    body of an `hlo.while` stay there (a call's results are fresh buffers:
    the loop could not update its carried values in place). The fusion is
    isolated from above, so its inputs become the parameters. Then each op
    of the function's body left outside fusions that is a loop nest of its
    own (dot_general, convolution, reduce, transpose, gather, sort, scatter,
    reduce_window, and while/if/case with the values their regions use from
    above) becomes a function `@<function>_op<N>` the same way; constants
    and views (reshapes, slices) stay. Last, a body left with more than
    twice `stage-size` calls is split into stages of `stage-size` calls
    (with the ops between them), each a function `@<function>_stage<N>`
    taking the values it reads from earlier stages and returning those later
    ones read, so that the caller too stays small.

    Compile time: the later stages (one-shot bufferization, empty-tensor
    elimination, LLVM's optimizer and code generator) are superlinear in the
    size of a function; one function per fusion keeps each small, whatever
    the size of the module, and lets LLVM compile the functions
    independently. The outlined functions carry `passthrough = ["noinline"]`,
    so LLVM keeps them apart. Small modules (fewer fusions than `min-fusions`) are left
    as they are: a result of an outlined fusion is written to a buffer of
    the caller, and copied when the caller returns it.

    ```mlir
    %r = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {...}
    ```

    becomes

    ```mlir
    %r = func.call @main_fusion0(%a) : (tensor<4xf32>) -> tensor<4xf32>
    func.func private @main_fusion0(%a: tensor<4xf32>) -> tensor<4xf32>
        attributes {passthrough = ["noinline"]} {
      %r = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {...}
      return %r : tensor<4xf32>
    }
    ```
  }];
  let options = [
    Option<"minFusions", "min-fusions", "int64_t", /*default=*/"16",
           "Outline the fusions of functions holding at least this many "
           "(0: every function)">,
    Option<"stageSize", "stage-size", "int64_t", /*default=*/"32",
           "Then split a body of more than twice this many calls into "
           "stages of this many calls, each a function (0: never)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def HloMergeIdenticalFunctionsPass
    : Pass<"hlo-merge-identical-functions", "ModuleOp"> {
  let summary = "Merge private functions with identical bodies into one";
  let description = [{
    Private functions with the same type, the same attributes (their names
    aside) and structurally equal bodies (locations aside) are one function:
    every reference to a later copy is redirected to the first, and the
    copies are erased. A model's repeated layers outline
    (`hlo-outline-fusions`) to the same fusions many times over (a
    transformer training step: 239 functions, 62 distinct), and every stage
    after outlining, LLVM included, costs per function: this is compile
    time. Public functions stay (their names are an interface).

    Buffer assignment then sees functions called several times: each gets
    its temporaries in an arena its callers pass (see
    `hlo-buffer-assignment`), so merging allocates nothing at run time.

    ```mlir
    func.func private @main_fusion0(%a: tensor<4xf32>) -> tensor<4xf32> {...}
    func.func private @main_fusion1(%a: tensor<4xf32>) -> tensor<4xf32> {...}  // same body
    ... call @main_fusion1(%x) ...
    ```

    becomes

    ```mlir
    func.func private @main_fusion0(%a: tensor<4xf32>) -> tensor<4xf32> {...}
    ... call @main_fusion0(%x) ...
    ```
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each function merged into another, naming it">,
  ];
  let statistics = [
    Statistic<"numMerged", "merged-functions",
              "Functions merged into an identical one">,
  ];
}

def HloLoopCarriedInPlacePass : Pass<"hlo-loop-carried-in-place"> {
  let summary = "Compute the next value of a loop-carried tensor in the "
                "carried value's place";
  let description = [{
    Before bufferization: in the body of every `scf.for`, and of every
    `scf.while` whose condition region forwards its arguments in order (the
    lowering of `hlo.while`), a yielded tensor computed in
    destination-passing style into a tensor with undefined contents
    (following tied inits of destination-style ops and init arguments of
    loops in the body back to a `tensor.empty` or a `bufferization.alloc_tensor`
    without copy) gets the carried value it replaces as that destination
    instead.

    One-shot bufferization then updates the carried buffer in place: without
    this, every iteration writes a fresh buffer, and for `scf.while` the
    condition region copies every carried value into fresh buffers before
    each iteration (scans, PRNG rounds). Where the old value is still read
    after the write, the analysis copies that value alone. A tensor with
    undefined contents may be replaced by any tensor, so the program's
    meaning is unchanged.

    When that destination is the init of a tile loop (`scf.for`) that
    inserts one tile per iteration into its iteration argument (offsets
    constant but one, the induction variable, with a tile no longer than the
    step: iterations write disjoint tiles) and uses that argument only for
    the tile it writes, the loop's reads of the same tile of the carried
    value read the iteration argument instead: no earlier iteration wrote
    that tile, so the value is the same, and bufferization sees a read and a
    write of one tile (in place) instead of a read of the whole value the
    loop overwrites (a copy of it before the loop). A multi-output
    elementwise fusion over several carried arrays (threefry's two words)
    then updates them all in place.

    ```mlir
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%x = %init) -> (tensor<8xf32>) {
      %e = tensor.empty() : tensor<8xf32>
      %y = linalg.generic {...} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {...}
      scf.yield %y : tensor<8xf32>
    }
    ```

    becomes the same loop with `outs(%x : tensor<8xf32>)`.
  }];
}

def HloProfileKernelsPass : Pass<"hlo-profile-kernels", "ModuleOp"> {
  let summary = "Time every outlined kernel through two runtime hooks";
  let description = [{
    Brackets every call of a kernel outlined by `hlo-outline-fusions` (a
    private function with a body and `passthrough = ["noinline"]`) with
    calls of `hlo_profile_enter(id)` and `hlo_profile_exit(id)`, declared
    as external functions taking the kernel's `i64` id, and lists the
    kernels in id order in the module attribute `hlo.profile.kernels`: per
    kernel `"<function name>\t<what it computes>"` (the fusion kind and the
    kinds of ops it holds, or the op, and the result types). The tool that
    runs the module defines the hooks: `hlo-runner --profile=N` runs the
    entry N times and prints the kernels by the time spent in them, their
    own time apart from the kernels they call (control flow calling
    fusions), so that the slowest kernel of a program is one command away.

    `hlo-cpu-pipeline profile=true` outlines every fusion (whatever their
    number) and runs this pass after outlining.

    ```mlir
    %r = func.call @main_fusion0(%a) : (tensor<4xf32>) -> tensor<4xf32>
    ```

    becomes

    ```mlir
    %c0 = arith.constant 0 : i64
    func.call @hlo_profile_enter(%c0) : (i64) -> ()
    %r = func.call @main_fusion0(%a) : (tensor<4xf32>) -> tensor<4xf32>
    func.call @hlo_profile_exit(%c0) : (i64) -> ()
    ```

    A module that defines either hook itself is rejected.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def HloCopyDuplicateResultsPass : Pass<"hlo-copy-duplicate-results", "ModuleOp"> {
  let summary = "Give every tensor a function returns, and every init of an op, its own buffer";
  let description = [{
    A function that returns the same tensor twice (`return %x, %x`) would
    return one buffer twice after bufferization, which the caller cannot
    own twice, and which upstream `buffer-results-to-out-params` (with
    `hoist-static-allocs`) does not handle. This pass, run before one-shot
    bufferization, replaces each repeated return operand with a copy
    (`bufferization.alloc_tensor ... copy(%x)`), so that every result is a
    distinct buffer.

    ```mlir
    return %x, %x : tensor<4xf32>, tensor<4xf32>
    ```

    becomes

    ```mlir
    %c = bufferization.alloc_tensor() copy(%x) : tensor<4xf32>
    return %x, %c : tensor<4xf32>, tensor<4xf32>
    ```

    The same holds for the inits of one destination-style op or loop: CSE
    merges identical `tensor.empty` ops, so a multi-result `linalg.generic`
    can get `outs(%e, %e)` and a tile loop `iter_args(%a = %e, %b = %e)`,
    and one-shot bufferization gives both one buffer (an empty tensor needs
    no copy). A repeated init gets a clone of its `tensor.empty`, or
    a copy (`bufferization.alloc_tensor ... copy`) when it holds values.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def HloWriteAliasedResultsPass
    : Pass<"hlo-write-aliased-results", "ModuleOp"> {
  let summary = "Compute each result aliased to a donated argument in that "
                "argument's buffer";
  let description = [{
    Input/output aliasing on tensors, before one-shot bufferization. In
    each public function, an argument with `hlo.result_alias = N` (or
    StableHLO's `tf.aliasing_output = N`) gives its buffer to result N;
    buffer donors (`hlo.buffer_donor`, `jax.buffer_donor = true`) first get
    the first result of their type that no argument is aliased to
    (`hlo::assignBufferDonors`, as XLA matches donors to outputs). The
    attributes are verified (`hlo::verifyAliasing`: the same type, and
    layout where both have one; a located error otherwise), and each
    aliased result is returned through

    ```mlir
    %w = bufferization.materialize_in_destination %r in %arg : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    return %w : tensor<16xf32>
    ```

    and empty tensors are eliminated across function boundaries (upstream
    `eliminateEmptyTensors` on the module), so that the op computing `%r`
    writes into `%arg`'s buffer (the only argument marked
    `bufferization.writable`), and one-shot bufferization decides whether that
    is legal: an elementwise chain computes in place; where `%arg` is read
    after the write would happen, it computes elsewhere and copies.
    `hlo-drop-aliased-results` then removes the result from the function's
    signature.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def HloDropAliasedResultsPass
    : Pass<"hlo-drop-aliased-results", "ModuleOp"> {
  let summary = "Remove results that live in a donated argument's buffer "
                "from public functions' signatures";
  let description = [{
    After one-shot bufferization (and `hlo-write-aliased-results`), before
    `buffer-results-to-out-params`: in each public function, a result
    aliased to an argument (`hlo.result_alias`, `tf.aliasing_output`) is
    removed from the signature, so that the caller passes no buffer for it
    and reads it from the argument's buffer after the call. When the
    returned buffer is the argument's (the result was computed in place)
    nothing else changes; otherwise it is copied into the argument's buffer
    last, after every other result that is a view of the argument has been
    copied out. The aliasing attributes are then removed. Results without
    aliasing are left alone.

    ```mlir
    func.func @f(%a: memref<16xf32> {hlo.result_alias = 0 : i64}) -> memref<16xf32> {
      ... writes %a ...
      return %a : memref<16xf32>
    }
    ```

    becomes `func.func @f(%a: memref<16xf32>)` returning nothing.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def HloResultsInOutParamsPass
    : Pass<"hlo-results-in-out-params", "func::FuncOp"> {
  let summary = "Compute results directly in their out-parameters instead of "
                "copying them there as the function returns";
  let description = [{
    After `buffer-results-to-out-params`, before buffer deallocation. The
    upstream pass hoists a result's allocation into its out-parameter only
    when the function allocates it itself; a result computed by a call
    (whose out-parameter buffer the same pass allocates in the caller) or
    reshaped after its allocation is still copied into the out-parameter
    as the function returns. Functions that call kernels (stages, the entry
    function) return dozens of such results.

    This pass replaces such an allocation by the out-parameter itself (or
    by the inverse reshape of it) and drops the copy, when the copy is
    among the copies that end the function's entry block, the
    out-parameter (an argument marked `bufferize.result`) has no other
    use, and the allocation is statically shaped with the out-parameter's
    layout. The caller's out-parameters are distinct buffers that nothing
    else in the function reads, so writing them early changes nothing else.

    ```mlir
    func.func @stage(%x: memref<8xf32>, %out: memref<8xf32> {bufferize.result}) {
      %a = memref.alloc() : memref<8xf32>
      call @kernel(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
      memref.copy %a, %out : memref<8xf32> to memref<8xf32>
      return
    }
    ```

    becomes `call @kernel(%x, %out)` and no copy.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def HloNumberConstantGlobalsPass
    : Pass<"hlo-number-constant-globals", "ModuleOp"> {
  let summary = "Name and place the globals of bufferized constants in "
                "order of first use";
  let description = [{
    One-shot bufferization turns each tensor constant into a private
    constant `memref.global` named `__constant_<shape>x<element type>`
    (`_0`, `_1`, ... on collisions), created in the order in which it
    bufferizes functions. With function boundaries that order comes from a
    map keyed by operation pointers, so in a module of many functions the
    names and places of the globals changed from run to run (and with them
    the compile cache's objects). This pass, run after bufferization, gives
    each such global the base name and then `_0`, `_1`, ... in the order of
    its first `memref.get_global` in the module, puts them at the start of
    the module in that order and erases unused ones. Another reference to
    such a global than `memref.get_global` is an error.

    ```mlir
    memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<2.0>
    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.0>
    func.func @f() { %0 = memref.get_global @__constant_4xf32_0 ... }
    ```

    becomes `@__constant_4xf32` for `dense<2.0>` (used first) and
    `@__constant_4xf32_0` for `dense<1.0>`.
  }];
}

def HloMemorySchedulePass : Pass<"hlo-memory-schedule", "func::FuncOp"> {
  let summary = "Reorder independent ops so that big values die early";
  let description = [{
    A memory-minimizing schedule before buffer assignment, like XLA's
    ListMemoryScheduler. In each block of the function, the ops between two
    ops with memory effects (and the terminator) are list-scheduled: among
    the ops whose operands are computed, the one that frees the most bytes
    (operands it is the last to read) net of the bytes it defines (its
    statically shaped results) goes next; ties keep the original order.
    Ops with memory effects keep their places and no op moves across one;
    values read after a run (by a later op with effects, the terminator)
    and the block's arguments are never freed inside it. The new order is
    kept only when its peak of live bytes is lower than the old one's.

    In `hlo-cpu-pipeline` it runs on the fused hlo program, before
    outlining: the order of fusions is the order of their buffers'
    lifetimes in `hlo-buffer-assignment`.

    With `report`, a remark per function whose order changed:
    `hlo-memory-schedule: peak of live bytes B -> A`.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function with the peak before and after">
  ];
}

def HloBufferAssignmentPass : Pass<"hlo-buffer-assignment", "ModuleOp"> {
  let summary = "Pack each function's temporaries into one arena (heap simulator)";
  let description = [{
    Runs on buffers, after one-shot bufferization and deallocation (the end
    of `hlo-cpu-bufferize`). A temporary is a statically shaped,
    identity-layout `memref.alloc` of a function's body block that the body
    frees unconditionally in that block and that never escapes (its value
    and views are only read, written, passed to calls and freed), or such
    an alloc freed in its own block inside sequential loops and
    conditionals (`scf.for`, `scf.while`, `scf.if`: a loop's packing
    buffers). In the body of a parallel loop (`scf.forall`, one, with a
    static number of iterations, at most 64) each iteration gets a slot of
    its own: the temporary takes that many aligned copies of its bytes and
    each iteration views the one at its linear index. Its live range is
    the body's ops from the first to the last that touch it (an op with
    regions, a loop, is one program point). The temporaries are packed by
    a heap simulator like XLA's GlobalDecreasingSizeBestFitHeap: biggest
    first, each at the offset of the smallest gap (at multiples of
    `alignment`) left by the buffers placed before it that are live at
    the same time; as XLA's heap simulator does, other orders are tried
    too (biggest bytes x live range first, longest-lived first, earliest
    first, widest first; each also with the lowest gap instead of the
    smallest). From the best of them a local search moves a buffer that
    reaches the arena's top earlier in the order while that shrinks the
    arena (within a budget of packings that falls with the square of the
    number of temporaries), and the smallest arena is kept. The function
    then allocates one arena (`alignment`-aligned) and frees it before
    returning; each temporary is a `memref.view` of it.

    With `lend-results`, in a public function, a temporary may instead
    borrow the buffer of a result (an argument marked `bufferize.result`,
    as buffer-results-to-out-params' `add-result-attr` marks the
    out-parameters) before the function first touches it, and with
    `lend-donors` the buffer of a parameter donated without a result
    (`hlo.buffer_donor`, `jax.buffer_donor = true`; the ones
    hlo-write-aliased-results matched to no result) after its last use,
    as XLA shares an output's allocation with values that die before the
    output is defined (the donation attributes are consumed here: they are
    removed from every function's arguments, lent or not, since nothing
    after buffer planning reads them and the LLVM translation would warn
    about them). Such a buffer holds one temporary at a time, at its
    start (`memref.reinterpret_cast` and a `memref.cast` to the
    temporary's type): of its element type, no bigger, live only while
    the buffer holds nothing of the caller's. The heap simulator puts each
    temporary, in its order, in the smallest buffer that can take it,
    else in the arena. Buffers that escape lend nothing. A function of the
    plan below the root that needs such a buffer takes it as an argument
    (before the arena's), which its calls pass on. `hlo-cpu-pipeline`
    lends donors only when it honors aliasing (`aliasing=true`).

    With `share-callee-arenas`, a private function called exactly once, by
    a call directly in the body of another function (outlined stages and
    fusions), has no arena of its own: the program points of its body take
    the place of the call in its caller's order, its temporaries are
    packed with its caller's (and so on up to a function that is not such
    a callee, the plan's root, which allocates the one arena), and it takes
    the arena as a last argument (`memref<?xi8>`). A buffer the caller
    passes to such a call is live only where the callee touches it.
    A private function called more than once, each call directly in the
    body of another function (the copies `hlo-merge-identical-functions`
    merged), is planned first, on its own, and also takes its arena as a
    last argument: each call passes one, allocated right before the call
    and freed right after it, a temporary of the caller that the caller's
    plan packs into its arena (counted in its lower bound at the callee's
    peak). No call allocates.

    A `memref.copy` from a constant global holding a splat value becomes a
    `linalg.fill` of the target, and the global goes when nothing else
    reads it (a zero-initialized accumulator held no constant array).

    With `elide-result-copies`, in public functions, a temporary whose last
    use is `memref.copy` into an argument that nothing else uses (a result
    out-parameter) is computed in that argument instead: the caller's
    buffers never alias one another.

    With `report` (the tools' `--hlo-buffer-report`), it prints per function
    on stderr

        buffer-report @NAME: total_bytes=T arena_bytes=A temp_lower_bound_bytes=L allocations=K

    T: the arguments (parameters and results), the arena, the buffers left
    outside it, the constants read, plus the most the called functions hold
    at once; A: the arena; L: the maximum over program points of the bytes
    of the temporaries in the arena live there (no arena can be smaller);
    K: the temporaries planned. Then, when some borrow result or donated
    parameter buffers, `N temporaries (B bytes) in result or donated
    parameter buffers`, and one line per temporary of the arena live at
    that peak, biggest first: bytes, type, the first op that touches it,
    its location.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "Alignment in bytes of the arena and of every offset in it">,
    Option<"elideResultCopies", "elide-result-copies", "bool",
           /*default=*/"true",
           "Compute a temporary copied into a result in the result instead">,
    Option<"shareCalleeArenas", "share-callee-arenas", "bool",
           /*default=*/"true",
           "Put the temporaries of a function called once in its caller's "
           "arena, and those of a function called several times in an "
           "arena each call passes">,
    Option<"lendResults", "lend-results", "bool", /*default=*/"true",
           "Let temporaries borrow a result's buffer before it is written">,
    Option<"lendDonors", "lend-donors", "bool", /*default=*/"true",
           "Let temporaries borrow a donated parameter's buffer after its "
           "last use">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Print a buffer-report line per function on stderr">
  ];
}

def HloVerifyLoweredPass : Pass<"hlo-verify-lowered", "ModuleOp"> {
  let summary = "Fail if any op is left outside the expected target dialects";
  let description = [{
    Dialect conversions are partial: a conversion that cannot lower an op
    leaves it in place and the pipeline carries on, so the problem would only
    show when the module is translated or run. This pass ends a lowering
    pipeline: it reports every op that is not in one of `dialects` (the
    `builtin` module op is always accepted) with an error at the op's
    location naming it, and fails.

    ```
    hlo-opt --hlo-verify-lowered='dialects=llvm' in.mlir
    error: 'memref.alloc' op was not lowered to the llvm dialect
    ```
  }];
  let options = [
    ListOption<"dialects", "dialects", "std::string",
               "Dialects the module may contain after lowering (default: llvm)">
  ];
}

def HloFusionPass : Pass<"hlo-fusion", "ModuleOp"> {
  let summary = "Group producers and consumers into hlo.fusion ops";
  let description = [{
    Forms `hlo.fusion` ops, each of which is compiled as one loop nest so
    that the values between its ops never go through memory. The rules are
    those of XLA's instruction fusion, multi-output fusion and (for rows of
    reductions) its softmax/normalization fusions; in every function body
    and control-flow region, from the last op to the first, each fusible op
    starts a fusion that grows towards its producers:

    * **loop** fusions: elementwise ops, `broadcast_in_dim`, `reshape`,
      `transpose`, `iota` and splat constants;
    * **input** fusions: a `reduce` with its elementwise producers, and
      consumers of the reduced values that map rows to rows: a reduced value
      may be re-expanded over its row by a `broadcast_in_dim` (softmax's
      `x - max`, layernorm's `x - mean`) or combined with other row values.
      All reductions of one fusion reduce the same shape over the same
      dimensions, and the fusion is emitted as one loop over their rows;
    * **output** fusions: a `dot_general` with its elementwise epilogue
      (bias, activation), emitted per tile of the product. The producers of
      a contraction's operands are never fused into it (it reads each
      element many times).

    A producer whose result is also used outside the fusion is duplicated
    into it when it is cheap (no transcendental, division, reduction or
    contraction) and reading its operands costs no more bytes than reading
    its result; otherwise it becomes an extra result of the fusion
    (multi-output) when the fusion iterates over its shape and that creates
    no cycle, and it stays out otherwise. A `slice` or `dynamic_slice` of at
    most 16 elements (a scalar read from a small table) is a view read per
    element: it is fused, and duplicated into every fusion that reads it,
    but its operand's producers are not fused through it. An expensive op is not fused where
    a broadcast would make the fusion recompute each of its elements many
    times. Then a loop fusion is merged into a loop fusion over the same
    index space that reads its results with elementwise ops
    (`producer-merge`; producer-consumer multi-output fusion), unless an op
    outside both lies on a path between them: chains that read each other,
    such as the two words of threefry's rounds, whose values every first
    fusion stops at because they have users in both, become one loop that
    returns what is used outside. Results nothing reads any more (values
    every user copied) are dropped. Finally, fusions that read the same
    operand over the same iteration space (siblings) are merged into one
    multi-output fusion.
    Ops with dynamic shapes are not fused.

    With `explain`, every candidate that was considered and rejected gets a
    remark at its location saying why (`hlo-opt --hlo-fusion-explain` is the
    same as `--hlo-fusion=explain=true`), and every fusion formed a remark
    with its kind, its size and the bytes it saves by the cost model of
    `hlo-cost-report`.

    Example (relu((a + b) * c)):

    ```mlir
    %0 = hlo.add %a, %b : tensor<16xf32>
    %1 = hlo.multiply %0, %c : tensor<16xf32>
    %z = hlo.constant dense<0.0> : tensor<16xf32>
    %2 = hlo.maximum %1, %z : tensor<16xf32>
    ```

    becomes

    ```mlir
    %2 = hlo.fusion kind = loop (%x = %a, %y = %b, %w = %c)
           : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32> {
      %0 = hlo.add %x, %y : tensor<16xf32>
      %1 = hlo.multiply %0, %w : tensor<16xf32>
      %z = hlo.constant dense<0.0> : tensor<16xf32>
      %m = hlo.maximum %1, %z : tensor<16xf32>
      hlo.return %m : tensor<16xf32>
    }
    ```
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every rejected candidate and every fusion">,
    Option<"maxFusedOps", "max-fused-ops", "int64_t", /*default=*/"128",
           "Most ops in one fusion (splat constants not counted)">,
    Option<"maxInputs", "max-inputs", "int64_t", /*default=*/"32",
           "Most inputs of one fusion">,
    Option<"multiOutput", "multi-output", "bool", /*default=*/"true",
           "Let producers used outside a fusion become extra results">,
    Option<"siblingFusion", "sibling-fusion", "bool", /*default=*/"true",
           "Merge fusions that read the same operand">,
    Option<"producerMerge", "producer-merge", "bool", /*default=*/"true",
           "Merge a loop fusion into a loop fusion over the same index space "
           "that reads its results elementwise">
  ];
}

def HloEmitFusionsPass : Pass<"hlo-emit-fusions"> {
  let summary = "Emit each lowered hlo.fusion as one loop nest";
  let description = [{
    Runs after `hlo-legalize-to-linalg`, which lowers every `hlo.fusion` to
    an `scf.execute_region` tagged with `hlo.fusion_kind` that holds the
    linalg ops of the fusion's body. For each such region:

    * named linalg ops other than contractions and fills are generalized,
      and elementwise producers are fused into their consumers (upstream
      linalg elementwise fusion; reshapes are propagated to the region's
      boundary, where they are views);
    * independent `linalg.generic` ops over the same iteration space (the
      multi-output siblings of a loop fusion, two reductions of the same
      rows) are merged into one multi-result generic;
    * an input fusion whose reductions feed other ops is tiled from its
      root, one row (the loops that index the reduced values) at a time,
      and its producers, the reductions included, are fused into the row
      loop (TilingInterface tile-and-fuse); an elementwise consumer then
      computes in place of an intermediate input it is the last reader of,
      so that after empty-tensor elimination the intermediates of a row
      live in the result row (softmax's exponentials are written to the
      output row, then divided in place);
    * an output fusion is tiled over the product (`output-tile-rows` x
      `output-tile-columns` tiles of the epilogue, column by column, rows
      inside, so the slice of the right-hand side a tile reads is
      invariant in the inner loop) with the contraction and its fill fused
      into the tile loop;
    * with `threads` greater than 1, an input or output fusion returning one
      value is first split along its root's first parallel loop into one
      chunk per thread (an `scf.forall`, every producer computed per chunk,
      see `hlo-parallelize`), and each chunk is tiled as above;
    * with `parallel-tiles`, the tile loops themselves are `scf.forall`
      loops, whose iterations are independent: the GPU pipeline maps each
      tile (a row of an input fusion, a product tile of an output fusion) to
      a thread of a kernel;

    and the region is inlined. A loop fusion becomes exactly one
    `linalg.generic`; with `explain`, a remark reports any fusion that did
    not become one loop nest.

    ```mlir
    %0 = scf.execute_region -> tensor<16xf32> no_inline {
      %1 = linalg.generic ... ins(%a, %b) ... { arith.addf }
      %2 = linalg.generic ... ins(%1, %c) ... { arith.mulf }
      scf.yield %2 : tensor<16xf32>
    } {hlo.fusion_kind = #hlo<fusion_kind loop>}
    ```

    becomes one `linalg.generic` reading `%a`, `%b` and `%c` whose body
    adds and multiplies.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads each fusion's loop nest is distributed over (an "
           "scf.forall around its tile loops; 1: none)">,
    Option<"outputTileRows", "output-tile-rows", "int64_t", /*default=*/"128",
           "Rows of the product tile an output fusion computes at a time">,
    Option<"outputTileColumns", "output-tile-columns", "int64_t",
           /*default=*/"256",
           "Columns of the product tile an output fusion computes at a time">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every fusion that is not one loop nest">,
    Option<"parallelTiles", "parallel-tiles", "bool", /*default=*/"false",
           "Emit tile loops as scf.forall (parallel) instead of scf.for">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def HloCostReportPass : Pass<"hlo-cost-report", "ModuleOp"> {
  let summary = "Report the flops and memory traffic of every op and fusion";
  let description = [{
    Prints, for every function, one row per op of its body: the flops, the
    transcendental function evaluations, and the bytes (and elements) it
    reads and writes, then a total per function and for the module. The
    model is XLA's HloCostAnalysis: an op reads each operand and writes each
    result once; an `hlo.fusion` reads only its inputs and writes only its
    results, the values between its ops never touch memory; splat constants
    are immediates and cost nothing. Elements are counted times their size
    (a pred takes a byte); dynamic dimensions count as 1. The module is not
    changed.

    Example: `relu((a + b) * c)` on n = 1024 floats, unfused

    ```
    op              location   flops  transc.  bytes_read  bytes_written  elems_read  elems_written
    hlo.add         t.mlir:2:8  1024        0        8192           4096        2048           1024
    hlo.multiply    t.mlir:3:8  1024        0        8192           4096        2048           1024
    hlo.maximum     t.mlir:5:8  1024        0        4096           4096        1024           1024
    total @main                 3072        0       20480          12288        5120           3072
    ```

    (5n elements read, 3n written) and after `hlo-fusion` one
    `hlo.fusion (loop)` row reading 3n elements and writing n. With
    `json=true` the report is one JSON object instead, with a `functions`
    list (each with `name`, `ops` and `total`) and the module `total`; every
    cost is an object with `flops`, `transcendentals`, `bytes_read`,
    `bytes_written`, `elements_read` and `elements_written`.

    The report goes to standard error, or to the file `output=FILE`; the IR
    on standard output is never mixed with it.
  }];
  let options = [
    Option<"json", "json", "bool", /*default=*/"false",
           "Print the report as JSON instead of a table">,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File the report is written to ('-': standard error, so that it "
           "never mixes with the IR on standard output)">
  ];
}

def HloParallelizePass : Pass<"hlo-parallelize", "func::FuncOp"> {
  let summary = "Distribute the linalg ops of a function over threads";
  let description = [{
    Runs on linalg on tensors, after `hlo-emit-fusions` (whose `threads`
    option distributes the fusions' loop nests the same way) and before
    `hlo-vectorize`. Every statically shaped linalg op in the function body
    itself (not inside a loop) with at least `min-iterations` points in its
    iteration space is split along its first parallel loop whose extent
    `threads` divides into `threads` chunks: an `scf.forall` with one
    iteration per chunk (TilingInterface tiling with the forall loop type),
    whose body vectorizes as the whole op would. Ops without such a loop
    (full reductions, odd extents) stay on one thread.

    After bufferization `hlo-cpu-pipeline` turns the foralls into
    `scf.parallel` loops (`scf-forall-to-parallel`) that
    `async-parallel-for` dispatches through the async runtime ABI to the
    process-wide worker pool that `HLORunner` implements
    (`HloDialect/Runtime/AsyncRuntime.h`); MLIR's own
    `libmlir_async_runtime.so` is not loaded.

    ```mlir
    %r = linalg.generic ... ins(%a : tensor<4096xf32>) ...
    ```

    with `threads=2` becomes

    ```mlir
    %r = scf.forall (%i) = (0) to (4096) step (2048) shared_outs(%o = %init) {
      ... linalg.generic on tensor<2048xf32> slices ...
      scf.forall.in_parallel { tensor.parallel_insert_slice ... }
    }
    ```
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"2",
           "Threads to distribute over (1: leave the function unchanged)">,
    Option<"minIterations", "min-iterations", "int64_t",
           /*default=*/"16384",
           "Smallest iteration space worth distributing">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"
  ];
}

def HloNarrowDotsPass : Pass<"hlo-narrow-dots"> {
  let summary = "Keep bf16 and int8 matmuls on their narrow operands for the "
                "target's dot kernels";
  let description = [{
    Runs on linalg on tensors before `hlo-parallelize` and `hlo-vectorize`.
    With `target-features` naming a narrow-dot kernel of
    `hlo-lower-vectors` (AMX: `+amx-tile` with `+amx-bf16` / `+amx-int8`;
    AVX-512: `+avx512bf16` / `+avx512vnni`), an f32 `linalg.matmul` of two
    statically shaped bf16 tensors widened by `arith.extf` (through one
    `tensor.extract_slice` at most), an i32 matmul of two `arith.extsi`
    widened i8 tensors, and an i8 x i8 -> i32 contraction `linalg.generic`
    with a matmul's maps and body become one `linalg.matmul` of the narrow
    tensors; the widening ops are then dead. `hlo-vectorize` leaves such a
    matmul alone and `hlo-lower-vectors` emits the kernel. Running before
    `hlo-parallelize` matters: that pass splits the widening ops and the
    matmul into separate `scf.forall` loops, after which the matmul's
    operands are no longer visibly widened narrow tensors.

    ```mlir
    %a32 = linalg.generic ... ins(%a : tensor<64x256xbf16>) { arith.extf }
    %b32 = linalg.generic ... ins(%b : tensor<256x128xbf16>) { arith.extf }
    %c = linalg.matmul ins(%a32, %b32 : ...) outs(%init : tensor<64x128xf32>)
    ```

    with `target-features=+avx512bf16` becomes

    ```mlir
    %c = linalg.matmul ins(%a, %b : tensor<64x256xbf16>, tensor<256x128xbf16>)
                       outs(%init : tensor<64x128xf32>)
    ```

    Without such features it changes nothing.
  }];
  let options = [
    Option<"targetFeatures", "target-features", "std::string",
           /*default=*/"\"\"",
           "LLVM features of the target (\"+amx-tile,+amx-bf16,...\", "
           "\"+avx512bf16,+avx512vnni\")">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def HloVectorizePass : Pass<"hlo-vectorize"> {
  let summary = "Tile linalg ops on tensors to machine vectors and vectorize them";
  let description = [{
    The CPU code generation strategy between `hlo-emit-fusions` and
    bufferization. Every statically shaped `linalg` op on tensors whose
    element types have native vector arithmetic (f32, f64, i1, i8..i64),
    whose body is arithmetic only, and whose operands are contiguous along
    the innermost loop is tiled to vector shapes (TilingInterface) and
    vectorized (`linalg::vectorize`):

    * elementwise and broadcasting ops, and reductions along outer
      dimensions: four vectors of the innermost dimension per iteration,
      every other loop tiled by 1;
    * reductions along the innermost dimension (a recognized combiner:
      add, mul, min, max, and, or, xor): each row is reduced into four
      vectors of partial results (partial-reduction tiling), merged by one
      horizontal reduction at the end, as a hand-written loop with several
      accumulators would;
    * row-major contractions (`A(m, k) B(k, n) -> C(m, n)`, batched or not,
      one float type): cache tiles of `cache-tile-rows` x
      `cache-tile-columns` results, then register tiles of
      `contraction-rows` x `contraction-columns` accumulated over k, one
      `vector.contract` (outer products after `hlo-lower-vectors`) per
      step. Cache tiles go column by column, rows inside. With
      `pack-right-hand-side`, a `linalg.matmul` tile whose right-hand side
      is shared by at least 16 rows copies it into contiguous panels
      `P[N / contraction-columns][K][contraction-columns]` (a vectorized
      `linalg.transpose`) and reads each register tile's right-hand side
      from one panel: consecutive k steps read consecutive memory instead
      of rows a whole row pitch apart (a 4 KiB pitch maps every row to the
      same cache set), which the hardware prefetcher streams from L2. With
      a nonzero `cache-tile-depth`, k is blocked by it first, so that a
      block of a panel stays in the L1 cache while every row strip of the
      tile reads it (slower on an AMD Zen 5 for a 1024-deep product: 37.5
      against 36 ms with blocks of 256, as the accumulators are then
      stored and reloaded once per block); without it, a nonzero
      `l2-cache-bytes` blocks k by the largest power of two (at least 128)
      whose block of a cache tile of A and of a column strip's panel takes
      at most half of that L2 cache (hlo-runner passes the host's: blocks
      of 512 for K = 1024 with a 512 KiB L2; no faster or slower on an AMD
      Zen 3 at 1024^3 and 2048^3). The copy depends on the right-hand side
      alone, so `loop-invariant-code-motion` takes it out of the loops over
      rows. With `pack-left-hand-side`, a row-major A read by several
      column strips is copied into strips `P[M / rows][K][rows]` as well
      (by 6x8 blocks transposed in registers with 256-bit vectors), as a
      transposed A always is. When the register tile's rows do not divide
      the cache tile (6 rows against 64 with 256-bit vectors), the result
      is cut into cache tiles first; the last row strip of each column
      strip is then shorter (4 rows) and reads the same panels;
    * contractions without n (matrix-vector products and dot products,
      batched or not, such as a layer norm gradient's row-wise
      `sum(a * b)`): reductions along k as above;
    * transposing copies (the result contiguous along the innermost loop,
      an input along another): square blocks of a vector's lanes (at most
      16: 8 x 8 of f32 with 256-bit vectors, 16 x 16 with 512-bit; 16-,
      32- and 64-bit elements), read by rows of the input and transposed in
      registers (log2(n) stages of row shuffles after `hlo-lower-vectors`);
      extents that the block does not divide take smaller blocks for their
      tails, down to 4 x 4.

    Only tile sizes that divide the loop extents are used, so no masks or
    remainder loops are needed; everything else (dynamic shapes,
    gathers, narrow floats, complex numbers) is left to the scalar loop
    lowering. Follow it with `loop-invariant-subset-hoisting`,
    which keeps accumulators in registers across the reduction loops.

    Example: `linalg.generic` adding two `tensor<4096xf32>` becomes an
    `scf.for` over 64 tiles of `vector.transfer_read`, `arith.addf` on
    `vector<64xf32>` and `vector.transfer_write`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a machine vector register in bits">,
    Option<"contractionRows", "contraction-rows", "int64_t", /*default=*/"8",
           "Rows of a contraction's register tile">,
    Option<"contractionColumns", "contraction-columns", "int64_t",
           /*default=*/"32",
           "Columns (elements) of a contraction's register tile">,
    Option<"cacheTileRows", "cache-tile-rows", "int64_t", /*default=*/"64",
           "Rows of a contraction's cache tile">,
    Option<"cacheTileColumns", "cache-tile-columns", "int64_t",
           /*default=*/"256",
           "Columns of a contraction's cache tile">,
    Option<"cacheTileDepth", "cache-tile-depth", "int64_t", /*default=*/"0",
           "Block of the contraction dimension a packed panel is read by "
           "(0: the whole dimension)">,
    Option<"packRightHandSide", "pack-right-hand-side", "bool",
           /*default=*/"true",
           "Copy the right-hand side of matmul tiles into contiguous panels">,
    Option<"packLeftHandSide", "pack-left-hand-side", "bool",
           /*default=*/"false",
           "Copy a row-major left-hand side of packed matmul tiles into "
           "strips of the register tile's rows when several column strips "
           "read them">,
    Option<"l2CacheBytes", "l2-cache-bytes", "int64_t", /*default=*/"0",
           "Size of the target's L2 cache: with cache-tile-depth 0, the "
           "contraction dimension is blocked to fit half of it (0: no "
           "blocking)">,
    Option<"wholePanelBytes", "whole-panel-bytes", "int64_t",
           /*default=*/"262144",
           "Pack the whole right-hand side of a loop over column tiles at "
           "once (one copy outside the loop) when it takes at most this "
           "many bytes or is invariant in a loop around the tile loop">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::vector::VectorDialect"
  ];
}

def HloStreamingStoresPass : Pass<"hlo-streaming-stores", "func::FuncOp"> {
  let summary = "Write large results the function never reads with non-temporal stores";
  let description = [{
    Runs on buffers after `hlo-lower-vectors`. A function argument of at
    least `min-bytes` that the function only writes, and only with 1-d
    `vector.store`s, is written with non-temporal stores: a store of whole
    cache lines then goes to memory without the line first being read into
    the cache (no read-for-ownership), so a memory-bound elementwise loop
    such as relu((a+b)*c) moves three arrays in and one out instead of one
    more in. A store qualifies when it writes whole 64-byte lines at an
    offset that is provably a multiple of 64 bytes (its indices are
    constants, induction variables of `scf.for` or `scf.forall` loops with
    such bounds and steps, or sums and products of those); it gets
    `nontemporal = true` and `alignment = 64`.

    Non-temporal stores are weakly ordered: another thread may not see them
    until the writing thread fences them, and the async runtime's hand-off
    between threads does not. So a store inside an `scf.forall` (whose
    iterations become tasks on other threads) is followed, at the end of
    the iteration, by an `sfence` (`llvm.x86.sse.sfence`), which makes the
    iteration's streamed lines visible before the task completes. Stores
    outside foralls run on the calling thread, which reads nothing back.

    This relies on the ABI of compiled functions: every buffer argument is
    64-byte aligned (`hlo-runner` allocates them so). Results smaller than
    the last-level cache are better left in it, hence `min-bytes`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"16777216",
           "Smallest result, in bytes, worth streaming past the caches">
  ];
}

def HloLowerStridedCopiesPass : Pass<"hlo-lower-strided-copies"> {
  let summary = "Strided memref copies as linalg.copy loop nests";
  let description = [{
    Rewrites `memref.copy` with static shapes whose source or target is not
    contiguous (a strided subview, a window of a padded tensor, a slice
    inserted into a concatenation) into `linalg.copy`, which
    `convert-linalg-to-loops` turns into a static loop nest that LLVM
    vectorizes along a unit-stride innermost dimension. Left as
    `memref.copy`, such a copy calls the runtime's `memrefCopy`, which moves
    one element at a time through a generic index vector (several
    nanoseconds per element). Contiguous copies (one `memcpy`), 0-d and
    dynamically shaped ones are left alone.

    Example:

    ```mlir
    memref.copy %a, %b : memref<8x16xf32, strided<[64, 1], offset: 4>>
        to memref<8x16xf32>
    ```

    becomes `linalg.copy ins(%a : ...) outs(%b : memref<8x16xf32>)`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def HloLowerVectorsPass : Pass<"hlo-lower-vectors"> {
  let summary = "Lower the vector ops of hlo-vectorize to 1-d vector operations";
  let description = [{
    Runs after bufferization. Hoists accumulators that are read and written
    in every iteration of a loop out of it (`vector.transfer_read` /
    `vector.transfer_write` pairs on loop-invariant buffers; run
    `fold-memref-alias-ops` and `cse` first so that subviews do not hide
    them), then lowers the n-d vector ops vectorization creates to 1-d
    operations the LLVM conversion maps to machine vectors:
    `vector.contract` to outer products and fused multiply-adds,
    `vector.multi_reduction` to `vector.reduction` of the innermost
    dimension, transposes, broadcasts, shape casts, masks, and transfers
    with permutation maps or unit dimensions to `vector.load` /
    `vector.store`.

    With `target-features` naming AMX (`+amx-tile,+amx-bf16`,
    `+amx-int8`), a `linalg.matmul` of static bf16 x bf16 -> f32 or
    i8 x i8 -> i32 buffers (which hlo-narrow-dots makes and hlo-vectorize
    leaves alone) becomes
    loops of `amx` tile loads, tile products and tile stores, with the
    right-hand side packed into k-interleaved panels and operands padded
    to whole tiles where needed (see NarrowDots.h). The program must then
    run where the OS grants the AMX tile state (Linux: arch_prctl
    ARCH_REQ_XCOMP_PERM; hlo-runner asks for it).

    Without AMX, `+avx512bf16` and `+avx512vnni` select a kernel of
    AVX-512 register tiles with the same packed right-hand side:
    `x86vector.avx512.dot` (vdpbf16ps: pairs of bf16 products added into
    f32 lanes) and `vpdpbusd` (quads of u8 x s8 products added into i32
    lanes; the left-hand side is offset by 128 to make it unsigned and
    128 times the column sums of B is subtracted again). vdpbf16ps treats
    bf16 denormal inputs as zero and rounds its products to nearest even
    with denormal results flushed; the i8 product is exact.

    With `approximate-math`, f32 `math.exp`, `math.expm1`, `math.tanh`
    and `math.log1p` on vectors become the upstream `math` polynomial
    approximations, which stay in vector registers instead of calling the
    scalar libm per element (LLVM scalarizes vector libm intrinsics). Error
    against the correctly rounded result, measured over a dense sample of
    every f32 binade: exp within 2 ulp over [-87, 88] and 4 near overflow,
    results below the smallest normal f32 (inputs below about -87.3) flush
    to zero; expm1 (Kahan's formula on the approximated exp and log) and
    log1p within 2 ulp; tanh (a rational approximation, the input itself
    below 0.0004) within 4 ulp, where libm's tanhf is within 2. `math.log`
    is not approximated: the upstream form is wrong for subnormal inputs.
    f64 `math.log1p` on vectors (the f32-through-f64 special functions:
    erf_inv's -log1p(-x^2)) becomes fdlibm's algorithm in vector arithmetic
    (within 1 ulp). f32 `math.sin` and `math.cos` on vectors are computed
    in vector registers where every lane is within 2^17 of zero (a
    reduction by pi/2 in three fused multiply-adds, then polynomials;
    within 1.6 ulp, measured exhaustively over [0.5, 4) and [2^14, 2^17)),
    else lane by lane through libm (upstream's approximation reduces the
    argument in one step and is wrong far from zero). Scalars and other
    f64 functions keep libm.
  }];
  let options = [
    Option<"approximateMath", "approximate-math", "bool", /*default=*/"true",
           "Replace f32 exp, expm1, tanh, log1p, sin and cos on vectors by "
           "polynomial approximations">,
    Option<"targetFeatures", "target-features", "std::string",
           /*default=*/"\"\"",
           "LLVM features of the target: with amx-tile and amx-bf16 / "
           "amx-int8 (else avx512bf16 / avx512vnni), bf16 x bf16 -> f32 and "
           "i8 x i8 -> i32 linalg.matmul ops on buffers become AMX tile "
           "(else AVX-512 register tile) kernels">
  ];
  let dependentDialects = [
    "::mlir::amx::AMXDialect", "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::x86vector::X86VectorDialect"
  ];
}

#endif // HLO_TRANSFORMS_PASSES_TD
