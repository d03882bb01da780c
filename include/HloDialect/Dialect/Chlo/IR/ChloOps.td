//===- ChloOps.td - the client hlo (chlo) dialect ----------*- tablegen -*-===//
//
// The elementwise functions JAX emits as `chlo` ops, which StableHLO does not
// have. They keep their spelling so StableHLO text with chlo ops parses; the
// CPU lowering computes them with the math dialect like the hlo
// transcendentals.
//
//===----------------------------------------------------------------------===//

#ifndef CHLO_OPS_TD
#define CHLO_OPS_TD

include "HloDialect/Dialect/Hlo/IR/HloDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo";
  let summary = "Client-side ops JAX emits beside StableHLO";
  let description = [{
    Unary elementwise functions (`chlo.asinh`, `chlo.erf`, ...) that JAX
    programs use and that StableHLO leaves to a client library. Each has
    the semantics of the corresponding C math function, applied to every
    element; float elements narrower than f32 are computed in f32. Beside
    them, a few compositions with StableHLO's semantics and spelling
    (`chlo.mulhi`, `chlo.ragged_dot`, `chlo.scan`, `chlo.top_k`), which
    `hlo-decompose-chlo` expands into hlo ops.
  }];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Chlo_Precision : I32EnumAttr<"Precision",
    "precision of a contraction's operands", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::chlo";
}
def Chlo_PrecisionAttr : EnumAttr<Chlo_Dialect, Chlo_Precision, "precision">;
def Chlo_PrecisionConfigAttr
    : TypedArrayAttrBase<Chlo_PrecisionAttr, "precision config">;

def Chlo_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "dimension numbers of `chlo.ragged_dot`";
  let description = [{
    The batching and contracting dimensions of the two operands (as in
    `hlo.dot_general`), the one ragged dimension of the left-hand side and
    the group dimension of the right-hand side (present only when the
    ragged dimension is a non-contracting dimension). Printed as
    `#chlo.ragged_dot<lhs_batching_dimensions = [0],
    rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2],
    rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1],
    rhs_group_dimensions = [0]>`; empty lists are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    ArrayRefParameter<"int64_t">:$rhsGroupDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

class Chlo_UnaryOp<string mnemonic, string doc>
    : Op<Chlo_Dialect, mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = doc;
  let description = "Elementwise " # doc # ".\n\n```mlir\n%r = chlo." #
    mnemonic # " %x : tensor<4xf32> -> tensor<4xf32>\n```";
  let arguments = (ins HLO_FpOrComplexTensor:$operand);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def Chlo_AcosOp : Chlo_UnaryOp<"acos", "arccosine">;
def Chlo_AcoshOp : Chlo_UnaryOp<"acosh", "inverse hyperbolic cosine">;
def Chlo_AsinOp : Chlo_UnaryOp<"asin", "arcsine">;
def Chlo_AsinhOp : Chlo_UnaryOp<"asinh", "inverse hyperbolic sine">;
def Chlo_AtanOp : Chlo_UnaryOp<"atan", "arctangent">;
def Chlo_AtanhOp : Chlo_UnaryOp<"atanh", "inverse hyperbolic tangent">;
def Chlo_CoshOp : Chlo_UnaryOp<"cosh", "hyperbolic cosine">;
def Chlo_SinhOp : Chlo_UnaryOp<"sinh", "hyperbolic sine">;
def Chlo_TanOp : Chlo_UnaryOp<"tan", "tangent">;
def Chlo_ErfOp : Chlo_UnaryOp<"erf", "error function">;
def Chlo_ErfcOp : Chlo_UnaryOp<"erfc", "complementary error function">;

//===----------------------------------------------------------------------===//
// Special functions decomposed into hlo ops (hlo-decompose-chlo)
//===----------------------------------------------------------------------===//

class Chlo_UnaryFpOp<string mnemonic, string doc, string algorithm>
    : Op<Chlo_Dialect, mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = doc;
  let description = "Elementwise " # doc # ". " # algorithm #
    " `hlo-decompose-chlo` expands it into hlo ops; f32 is" #
    " computed with the f64 algorithm on targets with f64 arithmetic, else" #
    " in f32.\n\n```mlir\n%r = chlo." # mnemonic #
    " %x : tensor<4xf32> -> tensor<4xf32>\n```";
  let arguments = (ins HLO_FpTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def Chlo_LgammaOp : Chlo_UnaryFpOp<"lgamma",
    "logarithm of the absolute value of the gamma function",
    "Lanczos' approximation (g = 7, 9 terms), with Euler's reflection for x < 1/2.">;
def Chlo_DigammaOp : Chlo_UnaryFpOp<"digamma",
    "digamma function (the derivative of lgamma)",
    "Lanczos' approximation (g = 7, 9 terms), with the reflection formula for x < 1/2; NaN at negative integers, -1/x at 0 (-inf at +0, +inf at -0).">;
def Chlo_ErfInvOp : Chlo_UnaryFpOp<"erf_inv", "inverse error function",
    "Giles' polynomial approximations (two ranges for f32, three for f64); +-inf at +-1.">;
def Chlo_BesselI1eOp : Chlo_UnaryFpOp<"bessel_i1e",
    "exponentially scaled modified Bessel function of order one",
    "Cephes' Chebyshev expansions on [0, 8] and (8, inf).">;

class Chlo_BinaryFpOp<string mnemonic, string lhs, string rhs, string doc>
    : Op<Chlo_Dialect, mnemonic, [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise " # doc;
  let arguments = (ins HLO_FpTensor:$lhs, HLO_FpTensor:$rhs);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def Chlo_ZetaOp : Chlo_BinaryFpOp<"zeta", "x", "q", "Hurwitz zeta function"> {
  let description = [{
    zeta(x, q) = sum over k >= 0 of (q + k)^-x (JAX's `lax.zeta`): +inf at
    x = 1 and at the non-positive integers q, NaN for x < 1 and for q < 0
    with a non-integer x. `hlo-decompose-chlo` expands it into hlo ops:
    the first 9 terms, then the Euler-Maclaurin tail with 12 Bernoulli
    terms (f32 computed in f64 where the target has it, f16 and bf16 in f32).

    ```mlir
    %r = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
}

def Chlo_PolygammaOp : Chlo_BinaryFpOp<"polygamma", "n", "x",
                                      "polygamma function"> {
  let description = [{
    The n-th derivative of digamma at x (JAX's `lax.polygamma`): digamma
    for n = 0, else (-1)^(n+1) n! zeta(n + 1, x); NaN unless n is a
    non-negative integer. `hlo-decompose-chlo` expands it into hlo ops
    (f32 computed in f64 where the target has it, f16 and bf16 in f32).

    ```mlir
    %r = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
}

def Chlo_SquareOp : Op<Chlo_Dialect, "square",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise square";
  let description = [{
    `x * x` (JAX's `x ** 2` and `jnp.square`). A complex `a + bi` squares
    to `(a - b)(a + b) + 2ab i`, which keeps the real part accurate when
    `|a|` and `|b|` are close (StableHLO's definition).
    `hlo-decompose-chlo` expands it into hlo ops.

    ```mlir
    %r = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def Chlo_ConjOp : Op<Chlo_Dialect, "conj",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise complex conjugate";
  let description = [{
    `a - bi` for a complex `a + bi`; a real operand is returned unchanged.
    `hlo-decompose-chlo` expands it into hlo ops.

    ```mlir
    %r = chlo.conj %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def Chlo_NextAfterOp : Op<Chlo_Dialect, "next_after",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise next representable value towards another";
  let description = [{
    The representable value after `x` in the direction of `y` (C's
    `nextafter`): `y` when they are equal, NaN when either is NaN, the
    smallest subnormal of `y`'s sign when `x` is zero.

    ```mlir
    %r = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$x, HLO_FpTensor:$y);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
}

def Chlo_TopKOp : Op<Chlo_Dialect, "top_k", [Pure]> {
  let summary = "the k largest elements along the last dimension";
  let description = [{
    For every slice along the last dimension of `operand`, `values` holds its
    `k` largest elements in descending order and `indices` their positions;
    equal elements keep their order (lower index first). Floats are ordered
    totally (NaN above +inf).

    ```mlir
    %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k);
  let results = (outs HLO_Tensor:$values,
                      RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

def Chlo_MulhiOp : Op<Chlo_Dialect, "mulhi",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise high half of the double-width product";
  let description = [{
    The upper `N` bits of the full `2N`-bit product of two `N`-bit integers,
    signed for signless and unsigned for unsigned element types.
    `hlo-decompose-chlo` computes it in `2N` bits (below 64 bits) or from
    32-bit halves (64 bits).

    ```mlir
    %r = chlo.mulhi %x, %y : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
    ```
  }];
  let arguments = (ins HLO_IntTensor:$lhs, HLO_IntTensor:$rhs);
  let results = (outs HLO_IntTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def Chlo_RaggedDotOp : Op<Chlo_Dialect, "ragged_dot", [Pure]> {
  let summary = "a contraction with one ragged dimension split into groups";
  let description = [{
    `hlo.dot_general` where the left-hand side's ragged dimension is split
    into consecutive groups of `group_sizes[..., j]` elements (StableHLO's
    `chlo.ragged_dot`). Three modes, by what the ragged dimension is:

    - a non-contracting dimension: the right-hand side has a group
      dimension of size `g`, and the rows of group `j` are multiplied by
      its slice `j` (rows after the last group are zero); the result is the
      dot_general's without the group dimension;
    - a contracting dimension: there is no group dimension, and the result
      has a leading dimension of size `g` whose slice `j` contracts only
      over group `j`;
    - a batching dimension: the result is the dot_general's.

    `group_sizes` has shape `[g]`, or the left-hand side's batch dimensions
    followed by `g`. `hlo-decompose-chlo` expands the first two modes into
    a `dot_general` and masks; the third is rejected there.

    ```mlir
    %r = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
      ragged_dot_dimension_numbers = #chlo.ragged_dot<
        lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
        lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
      precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
    } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_IntTensor:$group_sizes,
                       Chlo_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<Chlo_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// How the ragged dimension takes part in the contraction.
    enum class Mode { NonContracting, Contracting, Batch };
    Mode getMode();
  }];
}

def Chlo_ScanOp : Op<Chlo_Dialect, "scan", [RecursiveMemoryEffects,
    AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let summary = "a sequential scan with carried values along one dimension";
  let description = [{
    Runs `body` once per index `i` of dimension `dimension` of the inputs
    (from the last index down with `is_reverse`): it takes the inputs'
    slices at `i` (the dimension removed) and the carried values (first
    `inits`), and returns the outputs' slices at `i` followed by the next
    carried values. The results are the outputs (their slices stacked along
    `dimension`) and the final carried values (StableHLO's `chlo.scan`;
    `is_associative` is a hint that this implementation does not need).
    `hlo-decompose-chlo` expands it into an `hlo.while` loop of
    `dynamic_slice`s and `dynamic_update_slice`s.

    ```mlir
    %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
    ^bb0(%x: tensor<i32>, %acc: tensor<i32>):
      %s = hlo.add %x, %acc : tensor<i32>
      hlo.return %s, %s : tensor<i32>, tensor<i32>
    } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$inits,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension,
                       OptionalAttr<BoolAttr>:$is_reverse,
                       OptionalAttr<BoolAttr>:$is_associative);
  let results = (outs Variadic<HLO_Tensor>:$outputs,
                      Variadic<HLO_Tensor>:$carries);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

#endif // CHLO_OPS_TD
