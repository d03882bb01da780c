//===- CheckOps.td - the check dialect ---------------------*- tablegen -*-===//
//
// Assertions of self-checking test programs: the StableHLO conformance
// convention (`check.expect_*`), executed by hlo-runner on the host.
//
//===----------------------------------------------------------------------===//

#ifndef CHECK_OPS_TD
#define CHECK_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::mlir::check";
  let summary = "Assertions of self-checking test programs";
  let description = [{
    The ops of StableHLO's conformance tests: each compares a computed tensor
    with an expected one. `hlo-runner` keeps the compared values as results
    of the compiled program and evaluates the checks on the host with the
    semantics of the StableHLO reference interpreter:

    * `expect_eq`: exact; integers and booleans bit for bit, floats by value
      (+0 equals -0, a NaN equals nothing), complex numbers by parts;
    * `expect_close`: floats within `max_ulp_difference` units in the last
      place (two NaNs are 0 apart; a non-finite value not bitwise equal to
      the other is infinitely far); complex: the larger distance of the parts;
    * `expect_almost_eq`: |actual - expected| <= `tolerance` (equal values,
      equal infinities and two NaNs pass); complex by parts;
    * the `_const` forms compare with an attribute.

    StableHLO text writes the non-const checks as
    `stablehlo.custom_call @check.expect_close(%a, %e)`; the importer turns
    those calls into these ops.
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic,
         traits # [MemoryEffects<[MemWrite]>]>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["actual", "expected"]>]> {
  let summary = "exact equality of two tensors";
  let description = [{
    ```mlir
    check.expect_eq %actual, %expected : tensor<4xi32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, AnyRankedTensor:$expected);
  let assemblyFormat = "$actual `,` $expected attr-dict `:` type($actual)";
}

def Check_ExpectCloseOp : Check_Op<"expect_close"> {
  let summary = "float equality within a number of ulps";
  let description = [{
    ```mlir
    check.expect_close %actual, %expected, max_ulp_difference = 3
        : tensor<4xf16>, tensor<4xf16>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, AnyRankedTensor:$expected,
                       DefaultValuedAttr<I64Attr, "3">:$max_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected (`,` `max_ulp_difference` `=` $max_ulp_difference^)?
      attr-dict `:` type($actual) `,` type($expected)
  }];
  let hasVerifier = 1;
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["actual", "expected"]>]> {
  let summary = "equality within an absolute tolerance";
  let description = [{
    ```mlir
    check.expect_almost_eq %actual, %expected, tolerance = 0.1 : tensor<f64>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, AnyRankedTensor:$expected,
                       DefaultValuedAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = [{
    $actual `,` $expected (`,` `tolerance` `=` $tolerance^)? attr-dict
      `:` type($actual)
  }];
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const",
    [AllTypesMatch<["actual", "value"]>]> {
  let summary = "exact equality with a constant";
  let description = [{
    ```mlir
    check.expect_eq_const %actual, dense<[0, 1]> : tensor<2xi32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, ElementsAttr:$value);
  let assemblyFormat = "$actual `,` $value attr-dict";
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const",
    [AllTypesMatch<["actual", "value"]>]> {
  let summary = "equality with a constant within an absolute tolerance";
  let description = [{
    ```mlir
    check.expect_almost_eq_const %actual, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, ElementsAttr:$value,
                       DefaultValuedAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = "$actual `,` $value attr-dict";
}

def Check_ProbeOp : Check_Op<"probe", [AllTypesMatch<["operand", "result"]>]> {
  let summary = "records a tensor each time it is computed";
  let description = [{
    Returns its operand and records its value each time the op executes
    (inside a loop: once per iteration, numbered from 0). hlo-runner keeps
    the records for `expect_serialized_eq` and, with `--probe-output-dir`,
    writes each one as `DIR/<probe_id>.<iteration>.npy` (characters other
    than letters, digits, `-` and `_` in the id become `_`).

    The StableHLO reference interpreter spells this op `interpreter.probe`;
    the StableHLO importer reads that spelling as this op.

    ```mlir
    %y = check.probe %x, probe_id = "after_add" : tensor<3xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, StrAttr:$probe_id);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `probe_id` `=` $probe_id attr-dict `:` type($operand)
  }];
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "equality with a recorded probe";
  let description = [{
    Exact equality (as `expect_eq`) with the value that `check.probe` with
    the same `probe_id` recorded in iteration `iter` (default 0) of this
    run; a probe that did not record that iteration fails the check.

    ```mlir
    check.expect_serialized_eq %x, probe_id = "probe0" : tensor<3xf64>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$actual, StrAttr:$probe_id,
                       OptionalAttr<I64Attr>:$iter);
  let assemblyFormat = [{
    $actual `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)? attr-dict
      `:` type($actual)
  }];
}

#endif // CHECK_OPS_TD
