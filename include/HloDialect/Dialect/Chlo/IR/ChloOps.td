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

#endif // CHLO_OPS_TD
