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
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo";
  let summary = "Client-side elementwise functions JAX emits beside StableHLO";
  let description = [{
    Unary elementwise functions (`chlo.asinh`, `chlo.erf`, ...) that JAX
    programs use and that StableHLO leaves to a client library. Each has
    the semantics of the corresponding C math function, applied to every
    element; float elements narrower than f32 are computed in f32.
  }];
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
    " `hlo-decompose-chlo` expands it into hlo ops; f16 and bf16 are computed" #
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
    "Lanczos' approximation (g = 7, 9 terms), with the reflection formula for x < 1/2; NaN at negative integers, -inf at 0.">;
def Chlo_ErfInvOp : Chlo_UnaryFpOp<"erf_inv", "inverse error function",
    "Giles' polynomial approximations (two ranges for f32, three for f64); +-inf at +-1.">;
def Chlo_BesselI1eOp : Chlo_UnaryFpOp<"bessel_i1e",
    "exponentially scaled modified Bessel function of order one",
    "Cephes' Chebyshev expansions on [0, 8] and (8, inf).">;

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

#endif // CHLO_OPS_TD
