//===- Passes.td - conversions out of hlo ------------------*- tablegen -*-===//

#ifndef HLO_CONVERSION_PASSES_TD
#define HLO_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def HloLegalizeToLinalgPass : Pass<"hlo-legalize-to-linalg", "ModuleOp"> {
  let summary = "Lower hlo ops to linalg, tensor and arith ops on tensors";
  let description = [{
    Lowers every `hlo` op to value-semantics loop-level IR:

    * elementwise ops (and `compare`, `select`, `clamp`, `convert`) become
      one `linalg.generic` each whose body is the op's scalar semantics
      (arith/math/complex ops; see `MapHloToScalarOp.h`); rank-0 operands of
      `select`/`clamp` are broadcast through the indexing maps;
    * `broadcast_in_dim` and `iota` become `linalg.generic`, `transpose`
      becomes `linalg.transpose`;
    * `reshape` becomes `tensor.collapse_shape`/`tensor.expand_shape`,
      `slice` `tensor.extract_slice`, `concatenate` a chain of
      `tensor.insert_slice` into a `tensor.empty`;
    * `dot_general` becomes `linalg.matmul` or `linalg.batch_matmul` when its
      dimension numbers are those of a (batched) matrix product, otherwise a
      `linalg.generic` with reduction iterators over the contracting
      dimensions;
    * `reduce` becomes `linalg.reduce` whose body is the scalarized reduction
      body;
    * `scatter` becomes a loop nest (`scf.for`) over the update index space
      carrying the results, with a bounds check and the scalarized update
      computation per element;
    * `reduce_window` becomes a loop nest over the result with an inner loop
      nest over the window carrying the accumulators (padding and base
      dilation holes contribute the init value);
    * `fusion` becomes an `scf.execute_region no_inline` carrying the kind
      as `hlo.fusion_kind`, whose body is the lowered fusion body;
      `hlo-emit-fusions` makes one loop nest of it;
    * `while`, `if` and `case` become `scf.while`, `scf.if` and
      `scf.index_switch` (an out-of-range case index runs the last branch);
    * `convolution` becomes one `linalg.generic` over the output and the
      kernel window, reading the input at the (padded, dilated) window
      position;
    * `fft` becomes an O(N log N) transform on the real and imaginary
      parts as separate tensors: one `linalg.generic` per mixed-radix
      decimation-in-frequency stage (radix 4, 2 and odd primes up to 31,
      the DFT and twiddles one constant computed in double precision),
      then a digit-reversing transpose; Bluestein's algorithm for larger
      prime factors; RFFT/IRFFT of even N through the N/2-point complex
      transform;
    * `gather` becomes a `linalg.generic` over the result whose body reads
      the (clamped) start indices and the operand with `tensor.extract`;
    * `select_and_scatter` becomes loops over the source with an inner
      window loop carrying the selection;
    * `sort` becomes a stable bubble sort (loops on tensors) per line;
    * `triangular_solve` becomes forward/back substitution loops;
    * `cholesky` becomes a Cholesky-Crout loop nest per matrix (column by
      column, into a zero-filled result; a non-positive pivot fills that
      matrix with NaN, as XLA does);
    * `constant` becomes `arith.constant`.

    Unsigned integer tensors become signless ones (function signatures
    included). An op that cannot be lowered (an unsupported op, element type
    or dynamic shape) is an error naming the op, and the pass fails.

    Example:

    ```mlir
    %r = hlo.add %a, %b : tensor<4xf32>
    ```

    becomes

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
    } -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"rowLoops", "row-loops", "bool", /*default=*/"true",
           "Gathers and scatters of whole rows (outside fusions) as loops "
           "moving or combining a row at a time; false keeps the element-wise "
           "forms (the GPU back ends, whose kernels cannot take the loops' "
           "scalar arguments yet)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"
  ];
}

#endif // HLO_CONVERSION_PASSES_TD
