//===- Passes.td - whole-program hlo transformations ------*- tablegen -*-===//
//
// Each pass's summary and description are its user documentation:
// docs/Passes/HloTransformsPasses.md is generated from them.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_TRANSFORMS_PASSES_TD
#define HLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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

def HloCopyDuplicateResultsPass : Pass<"hlo-copy-duplicate-results", "ModuleOp"> {
  let summary = "Give every tensor a function returns its own buffer";
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
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
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

#endif // HLO_TRANSFORMS_PASSES_TD
