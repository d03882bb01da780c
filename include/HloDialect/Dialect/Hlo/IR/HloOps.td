//===- HloOps.td - hlo dialect operations ------------------*- tablegen -*-===//
//
// Ops of the `hlo` dialect. Semantics follow the StableHLO specification; the
// (Cn) tags in verifiers refer to its numbered constraints.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_OPS_TD
#define HLO_OPS_TD

include "HloDialect/Dialect/Hlo/IR/HloDialect.td"
include "HloDialect/Dialect/Hlo/IR/HloEnums.td"
include "HloDialect/Dialect/Hlo/IR/HloAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// Every static tensor type an op uses has a size in bytes that a 64-bit
// integer holds. Listed first, so that no shape function, folder or lowering
// multiplies dimensions that overflow.
def HLO_AddressableShapes : NativeOpTrait<"AddressableShapes"> {
  let cppNamespace = "::mlir::hlo::traits";
}

class HLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<Hlo_Dialect, mnemonic, [HLO_AddressableShapes] # traits>;

// All operands and results have the same element type, except that
// quantized element types may differ in their quantization parameters (the
// spec's `baseline_element_type`).
def HLO_SameElementTypeUpToQuantization
    : NativeOpTrait<"SameElementTypeUpToQuantization"> {
  let cppNamespace = "::mlir::hlo::traits";
}

// Operand i and result i have the same type, for every i.
def HLO_PairwiseSameOperandAndResultType : PredOpTrait<
    "operand i and result i have the same type",
    CPred<"$_op.getOperandTypes() == $_op.getResultTypes()">>;

// An op whose result types follow from its operands and attributes. Builders
// may omit the result types; the verifier checks that the written types are
// compatible (equal up to dynamic dimensions) with the inferred ones.
class HLO_InferredOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, traits # [InferTypeOpAdaptorWithIsCompatible]> {
  let extraClassDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                            ::mlir::TypeRange rhs) {
      return ::mlir::hlo::isCompatibleForHloTypeInference(lhs, rhs);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Constants and iota
//===----------------------------------------------------------------------===//

def HLO_ConstantOp : HLO_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "a tensor of compile-time values";
  let description = [{
    Produces `output` from the constant `value` (StableHLO `constant`).

    ```mlir
    %c = hlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let summary = "fills a tensor with 0, 1, 2, ... along one dimension";
  let description = [{
    `output[i0, ..., iN] = i[iota_dimension]` (StableHLO `iota`).

    ```mlir
    %0 = hlo.iota dim = 1 : tensor<4x5xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_IntFpOrComplexTensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

// Printed as `hlo.op %x : T` when operand and result types agree and as
// `hlo.op %x : (T0) -> T1` otherwise (e.g. differing static/dynamic dims).
class HLO_UnaryElementwiseOp<string mnemonic, list<Trait> traits,
                             Type operandType, Type resultType = operandType>
    : HLO_InferredOp<mnemonic, traits # [Pure, Elementwise,
                                        SameOperandsAndResultShape]> {
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

class HLO_UnaryOp<string mnemonic, Type tensorType, string doc>
    : HLO_UnaryElementwiseOp<mnemonic, [HLO_SameElementTypeUpToQuantization],
                             tensorType> {
  let summary = doc;
  let description = "Elementwise " # doc # " (StableHLO `" # mnemonic #
    "`).\n\n```mlir\n%r = hlo." # mnemonic # " %x : tensor<4xf32>\n```";
  let hasFolder = 1;
}

def HLO_AbsOp : HLO_UnaryElementwiseOp<"abs", [], HLO_SIntFpOrComplexTensor,
                                       HLO_SIntOrFpTensor> {
  let summary = "elementwise absolute value";
  let description = [{
    Elementwise `|x|`; for complex operands the result is the real modulus
    (StableHLO `abs`).

    ```mlir
    %r = hlo.abs %x : tensor<4xf32>
    %m = hlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
  let hasFolder = 1;
}
def HLO_NegOp : HLO_UnaryOp<"negate", HLO_IntFpComplexOrQuantTensor, "negation">;
def HLO_NotOp : HLO_UnaryOp<"not", HLO_PredOrIntTensor, "logical or bitwise not">;
def HLO_SignOp : HLO_UnaryOp<"sign", HLO_SIntFpComplexOrQuantTensor, "sign (-1, 0 or 1)">;
def HLO_ExpOp : HLO_UnaryOp<"exponential", HLO_FpComplexOrQuantTensor, "e^x">;
def HLO_Expm1Op : HLO_UnaryOp<"exponential_minus_one", HLO_FpComplexOrQuantTensor, "e^x - 1">;
def HLO_LogOp : HLO_UnaryOp<"log", HLO_FpComplexOrQuantTensor, "natural logarithm">;
def HLO_Log1pOp : HLO_UnaryOp<"log_plus_one", HLO_FpComplexOrQuantTensor, "log(1 + x)">;
def HLO_LogisticOp : HLO_UnaryOp<"logistic", HLO_FpComplexOrQuantTensor, "logistic sigmoid 1 / (1 + e^-x)">;
def HLO_TanhOp : HLO_UnaryOp<"tanh", HLO_FpComplexOrQuantTensor, "hyperbolic tangent">;
def HLO_SqrtOp : HLO_UnaryOp<"sqrt", HLO_FpComplexOrQuantTensor, "square root">;
def HLO_RsqrtOp : HLO_UnaryOp<"rsqrt", HLO_FpComplexOrQuantTensor, "reciprocal square root">;
def HLO_CbrtOp : HLO_UnaryOp<"cbrt", HLO_FpComplexOrQuantTensor, "cube root">;
def HLO_CosineOp : HLO_UnaryOp<"cosine", HLO_FpComplexOrQuantTensor, "cosine">;
def HLO_SineOp : HLO_UnaryOp<"sine", HLO_FpComplexOrQuantTensor, "sine">;
def HLO_TanOp : HLO_UnaryOp<"tan", HLO_FpComplexOrQuantTensor, "tangent">;
def HLO_FloorOp : HLO_UnaryOp<"floor", HLO_FpOrQuantTensor, "rounding toward -inf">;
def HLO_CeilOp : HLO_UnaryOp<"ceil", HLO_FpOrQuantTensor, "rounding toward +inf">;
def HLO_RoundOp : HLO_UnaryOp<"round_nearest_afz", HLO_FpOrQuantTensor,
                              "rounding to nearest, ties away from zero">;
def HLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even", HLO_FpOrQuantTensor,
                                         "rounding to nearest, ties to even">;
def HLO_PopulationCountOp : HLO_UnaryOp<"popcnt", HLO_IntTensor, "count of set bits">;
def HLO_ClzOp : HLO_UnaryOp<"count_leading_zeros", HLO_IntTensor, "count of leading zero bits">;

class HLO_BinaryElementwiseOp<string mnemonic, Type tensorType, string doc,
                              list<Trait> traits = []>
    : HLO_InferredOp<mnemonic, traits # [Pure, Elementwise,
                                        SameOperandsAndResultShape,
                                        HLO_SameElementTypeUpToQuantization]> {
  let summary = doc;
  let description = "Elementwise " # doc # " (StableHLO `" # mnemonic #
    "`).\n\n```mlir\n%r = hlo." # mnemonic # " %a, %b : tensor<4xf32>\n```";
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let hasFolder = 1;
}

def HLO_AddOp : HLO_BinaryElementwiseOp<"add", HLO_Tensor, "addition (logical or for pred)", [Commutative]> {
  let hasVerifier = 1;
}
def HLO_SubtractOp : HLO_BinaryElementwiseOp<"subtract", HLO_IntFpComplexOrQuantTensor, "subtraction">;
def HLO_MulOp : HLO_BinaryElementwiseOp<"multiply", HLO_Tensor, "multiplication (logical and for pred)", [Commutative]>;
def HLO_DivOp : HLO_BinaryElementwiseOp<"divide", HLO_IntFpComplexOrQuantTensor, "division (integer division truncates)">;
def HLO_RemOp : HLO_BinaryElementwiseOp<"remainder", HLO_IntFpComplexOrQuantTensor, "remainder with the sign of the dividend">;
def HLO_MaxOp : HLO_BinaryElementwiseOp<"maximum", HLO_Tensor, "maximum (NaN-propagating for floats)", [Commutative]>;
def HLO_MinOp : HLO_BinaryElementwiseOp<"minimum", HLO_Tensor, "minimum (NaN-propagating for floats)", [Commutative]>;
def HLO_PowOp : HLO_BinaryElementwiseOp<"power", HLO_IntFpComplexOrQuantTensor, "exponentiation">;
def HLO_Atan2Op : HLO_BinaryElementwiseOp<"atan2", HLO_FpComplexOrQuantTensor, "two-argument arctangent">;
def HLO_AndOp : HLO_BinaryElementwiseOp<"and", HLO_PredOrIntTensor, "logical or bitwise and", [Commutative]>;
def HLO_OrOp : HLO_BinaryElementwiseOp<"or", HLO_PredOrIntTensor, "logical or bitwise or", [Commutative]>;
def HLO_XorOp : HLO_BinaryElementwiseOp<"xor", HLO_PredOrIntTensor, "logical or bitwise exclusive or", [Commutative]>;
def HLO_ShiftLeftOp : HLO_BinaryElementwiseOp<"shift_left", HLO_IntTensor, "left shift">;
def HLO_ShiftRightArithmeticOp : HLO_BinaryElementwiseOp<"shift_right_arithmetic", HLO_IntTensor, "arithmetic right shift">;
def HLO_ShiftRightLogicalOp : HLO_BinaryElementwiseOp<"shift_right_logical", HLO_IntTensor, "logical right shift">;

def HLO_IsFiniteOp : HLO_UnaryElementwiseOp<"is_finite", [], HLO_FpTensor,
                                            HLO_PredTensor> {
  let summary = "elementwise test for finite values";
  let description = [{
    True where the element is neither infinite nor NaN (StableHLO
    `is_finite`).

    ```mlir
    %r = hlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
}

def HLO_ReducePrecisionOp : HLO_Op<"reduce_precision",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "elementwise rounding to a narrower float format";
  let description = [{
    Rounds each element to the float format with `exponent_bits` exponent
    and `mantissa_bits` mantissa bits (to nearest, ties to even; overflow
    to infinity, underflow to zero, NaN kept) and back (StableHLO
    `reduce_precision`).

    ```mlir
    %r = hlo.reduce_precision %x, format = e5m10 : tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand,
                       ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs HLO_FpTensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
}

def HLO_RealOp : HLO_UnaryElementwiseOp<"real", [], HLO_FpOrComplexTensor,
                                        HLO_FpTensor> {
  let summary = "elementwise real part";
  let description = [{
    The real part of complex elements; float elements are returned as they
    are (StableHLO `real`).

    ```mlir
    %r = hlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
}

def HLO_ImagOp : HLO_UnaryElementwiseOp<"imag", [], HLO_FpOrComplexTensor,
                                        HLO_FpTensor> {
  let summary = "elementwise imaginary part";
  let description = [{
    The imaginary part of complex elements; zero for float elements
    (StableHLO `imag`).

    ```mlir
    %r = hlo.imag %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    ```
  }];
}

def HLO_ComplexOp : HLO_InferredOp<"complex", [Pure, Elementwise,
    SameOperandsAndResultShape, SameTypeOperands]> {
  let summary = "elementwise complex number from real and imaginary parts";
  let description = [{
    `result = lhs + i * rhs` (StableHLO `complex`). Printed with the result
    type only when the operand types follow from it.

    ```mlir
    %z = hlo.complex %re, %im : tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F32, F64]>:$lhs,
                       RankedTensorOf<[F32, F64]>:$rhs);
  let results = (outs RankedTensorOf<[HLO_Complex]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
}

def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert", [Pure]> {
  let summary = "reinterprets the bits of each element as another type";
  let description = [{
    Reinterprets each element's bits as the result element type (StableHLO
    `bitcast_convert`). Between widths, the narrow side has an extra last
    dimension of wide / narrow elements, element j holding bits
    [j * narrow, (j + 1) * narrow) of the wide element (lowered for integer
    and float elements, not complex ones); a conversion to the operand's own
    type folds away.

    ```mlir
    %r = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_CompareOp : HLO_InferredOp<"compare",
    [Pure, Elementwise, SameOperandsAndResultShape, SameTypeOperands]> {
  let summary = "elementwise comparison";
  let description = [{
    Compares `lhs` and `rhs` elementwise by `comparison_direction`, producing
    an `i1` tensor (StableHLO `compare`). `compare_type` says how operands
    are ordered (SIGNED, UNSIGNED, FLOAT, TOTALORDER); when absent it follows
    from the element type.

    ```mlir
    %p = hlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<HLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_SelectOp : HLO_InferredOp<"select", [Pure]> {
  let summary = "elementwise choice between two tensors";
  let description = [{
    `result[i] = pred[i] ? on_true[i] : on_false[i]`; a scalar `pred`
    selects whole tensors (StableHLO `select`).

    ```mlir
    %r = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    %s = hlo.select %q, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasFolder = 1;
}

def HLO_ClampOp : HLO_InferredOp<"clamp", [Pure]> {
  let summary = "elementwise clamp between a minimum and a maximum";
  let description = [{
    `result = min(max(operand, min), max)`; `min` and `max` are scalars or
    have the operand's shape (StableHLO `clamp`).

    ```mlir
    %r = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %s = hlo.clamp %lo4, %x, %hi4 : tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
}

def HLO_ConvertOp : HLO_Op<"convert", [Pure, Elementwise,
                                       SameOperandsAndResultShape]> {
  let summary = "elementwise conversion between element types";
  let description = [{
    Converts each element to the result element type (StableHLO `convert`):
    float<->int conversions round toward zero, integer conversions wrap, and
    conversion to `i1` compares with zero.

    ```mlir
    %r = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
    %s = hlo.convert %p : tensor<4xi1>   // an identity conversion
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcasts a tensor into a larger shape";
  let description = [{
    Operand dimension `d` becomes result dimension `broadcast_dimensions[d]`;
    operand dimensions of size 1 are expanded and the other result
    dimensions are replicated (StableHLO `broadcast_in_dim`).

    ```mlir
    %r = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure]> {
  let summary = "reinterprets a tensor's elements in a new shape";
  let description = [{
    Keeps the row-major order of the elements and changes the shape; the
    element count must not change (StableHLO `reshape`).

    ```mlir
    %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_TransposeOp : HLO_InferredOp<"transpose", [Pure]> {
  let summary = "permutes the dimensions of a tensor";
  let description = [{
    `result[i0, ..., iN] = operand[j0, ..., jN]` with `j[permutation[k]] =
    i[k]`: result dimension `k` is operand dimension `permutation[k]`
    (StableHLO `transpose`).

    ```mlir
    %r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HLO_SliceOp : HLO_InferredOp<"slice", [Pure]> {
  let summary = "extracts a strided box of a tensor";
  let description = [{
    Takes the elements from `start_indices` (inclusive) to `limit_indices`
    (exclusive) with step `strides` in each dimension (StableHLO `slice`).
    Printed as `[start:limit:stride, ...]`; a stride of 1 is omitted.

    ```mlir
    %r = hlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def HLO_ConcatenateOp : HLO_InferredOp<"concatenate", [Pure]> {
  let summary = "joins tensors along one dimension";
  let description = [{
    Concatenates `inputs` in order along `dimension`; all other dimensions
    must agree (StableHLO `concatenate`).

    ```mlir
    %r = hlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  // The inputs are a custom directive: a plain `$inputs `,`` would parse
  // greedily and take `dim` for another operand after the comma.
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def HLO_PadOp : HLO_InferredOp<"pad", [Pure]> {
  let summary = "pads a tensor at its edges and between its elements";
  let description = [{
    Adds `edge_padding_low`/`edge_padding_high` elements (negative values
    cut) at each dimension's ends and `interior_padding` elements between
    neighbours, all with `padding_value` (StableHLO `pad`).

    ```mlir
    %r = hlo.pad %x, %zero, low = [0, 1], high = [2, 0], interior = [1, 0]
           : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ScalarTensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,`
      `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding
      attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_ReverseOp : HLO_InferredOp<"reverse", [Pure]> {
  let summary = "reverses a tensor along dimensions";
  let description = [{
    Reverses the order of elements along each dimension in `dimensions`
    (StableHLO `reverse`).

    ```mlir
    %r = hlo.reverse %x, dims = [0] : tensor<4x5xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict
      `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_DynamicSliceOp : HLO_InferredOp<"dynamic_slice", [Pure]> {
  let summary = "extracts a slice at run-time start indices";
  let description = [{
    Extracts the `slice_sizes` box starting at `start_indices` (one scalar
    per dimension), each clamped to `[0, dim - size]` (StableHLO
    `dynamic_slice`).

    ```mlir
    %r = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2]
           : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       Variadic<0DTensorOf<[AnyInteger]>>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` $slice_sizes attr-dict `:` functional-type(operands, results)
  }];
}

def HLO_DynamicUpdateSliceOp : HLO_InferredOp<"dynamic_update_slice", [Pure]> {
  let summary = "overwrites a slice at run-time start indices";
  let description = [{
    Writes `update` into `operand` at `start_indices`, each clamped to
    `[0, dim - update size]` (StableHLO `dynamic_update_slice`).

    ```mlir
    %r = hlo.dynamic_update_slice %x, %u, %i, %j
           : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<0DTensorOf<[AnyInteger]>>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Contractions and reductions
//===----------------------------------------------------------------------===//

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure]> {
  let summary = "general tensor contraction (batched matrix multiply)";
  let description = [{
    Contracts `lhs` and `rhs` over the paired contracting dimensions, batched
    over the paired batching dimensions (StableHLO `dot_general`). The result
    has the batch dimensions, then the free dimensions of `lhs`, then those of
    `rhs`. The result element type may differ from the operands' (e.g. an
    f32 accumulation of bf16 inputs).

    ```mlir
    %r = hlo.dot_general %a, %b, batching_dims = [0] x [0],
           contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST]
           : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       HLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<HLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,`
      custom<DotDimensionNumbers>($dot_dimension_numbers, $precision_config,
                                  $algorithm)
      attr-dict
      `:` functional-type(operands, results)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$lhs,
                   "::mlir::Value":$rhs,
                   "::mlir::hlo::DotDimensionNumbersAttr":$dot_dimension_numbers,
                   "::mlir::ArrayAttr":$precision_config), [{
      build($_builder, $_state, result, lhs, rhs, dot_dimension_numbers,
            precision_config, ::mlir::hlo::DotAlgorithmAttr());
    }]>
  ];
  let hasVerifier = 1;
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [Pure]> {
  let summary = "general convolution";
  let description = [{
    Convolves `lhs` with the kernel `rhs` (StableHLO `convolution`): windows
    of the (padded, `lhs_dilation`-dilated) input, placed every
    `window_strides`, are multiplied by the (`rhs_dilation`-dilated,
    optionally reversed) kernel and summed over the kernel's spatial and
    input-feature dimensions, with feature and batch groups.

    The verifier enforces the spec's constraints (convolution_c1 ..
    convolution_c34) with one deliberate extension: with non-quantized
    operands, the result's element type may differ from the operands' (a
    preferred element type such as i8 x i8 -> i32, as XLA, JAX and the
    StableHLO reference accept); the operands are converted to it.

    ```mlir
    %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
           window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}
           {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
           : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` $lhs `,` $rhs `)` `dim_numbers` `=` custom<ConvDimensions>($dimension_numbers)
      `,` `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
      $lhs_dilation, $rhs_dilation, $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Window attributes with defaults (1, no padding, no reversal), one
    /// entry per spatial dimension.
    SmallVector<int64_t> getStridesOrDefault();
    SmallVector<int64_t> getLhsDilationOrDefault();
    SmallVector<int64_t> getRhsDilationOrDefault();
    SmallVector<bool> getReversalOrDefault();
    SmallVector<std::pair<int64_t, int64_t>> getPaddingOrDefault();
  }];
}

def HLO_ReduceOp : HLO_InferredOp<"reduce", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduces tensors along dimensions with a reduction body";
  let description = [{
    Applies `body` to reduce `inputs` along `dimensions`, starting from
    `init_values` (StableHLO `reduce`). With N inputs the body takes 2N
    scalars (N accumulators, then N elements) and returns N scalars. The
    order of application is unspecified, so the body should be associative
    and commutative.

    A body that applies one binary op is printed compactly:

    ```mlir
    %r = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1]
           : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    ```

    and any other body as a region:

    ```mlir
    %r = hlo.reduce(%x init: %zero) across dimensions = [1]
           : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
      reducer(%acc: tensor<f32>, %e: tensor<f32>) {
        %m = hlo.maximum %acc, %e : tensor<f32>
        hlo.return %m : tensor<f32>
      }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_ScalarTensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$inputs, "::mlir::ValueRange":$init_values,
                   "::llvm::ArrayRef<int64_t>":$dimensions)>
  ];
}

//===----------------------------------------------------------------------===//
// Calls out of the program
//===----------------------------------------------------------------------===//

def HLO_CustomCallOp : HLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a call to an implementation-defined operation";
  let description = [{
    Calls the target `call_target_name` with `inputs` (StableHLO
    `custom_call`). With `has_side_effect` the call is never removed or
    reordered with other effects. `backend_config`, `api_version` and any
    other attribute are kept for the target.

    ```mlir
    %r = hlo.custom_call @my_target(%x) {backend_config = "opts"}
           : (tensor<4xf32>) -> tensor<4xf32>
    hlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true}
        : (tensor<4xf32>, tensor<4xf32>) -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       StrAttr:$call_target_name,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
                       OptionalAttr<AnyAttr>:$backend_config,
                       OptionalAttr<I32Attr>:$api_version);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict
      `:` functional-type(operands, results)
  }];
}

def HLO_GatherOp : HLO_Op<"gather", [Pure]> {
  let summary = "gathers slices of a tensor at computed indices";
  let description = [{
    For every result element, computes an operand index from `start_indices`
    (start indices clamped so the `slice_sizes` slice stays in bounds) and
    `dimension_numbers`, and reads the operand there (StableHLO `gather`).

    ```mlir
    %r = "hlo.gather"(%x, %indices) <{dimension_numbers = #hlo.gather<
           offset_dims = [1], collapsed_slice_dims = [0],
           start_index_map = [0], index_vector_dim = 1>,
           slice_sizes = array<i64: 1, 3>}>
           : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       RankedTensorOf<[AnyInteger, Index]>:$start_indices,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def HLO_SortOp : HLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "sorts tensors along a dimension with a comparator";
  let description = [{
    Sorts the slices of `inputs` along `dimension` together, ordering by
    `comparator`, which takes the two elements of every input being compared
    (`lhs0, rhs0, lhs1, rhs1, ...`) and returns whether lhs comes first
    (StableHLO `sort`). This implementation is always stable.

    ```mlir
    %r:2 = "hlo.sort"(%keys, %values) <{dimension = 0 : i64}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
        %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        hlo.return %lt : tensor<i1>
    }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_ScatterOp : HLO_Op<"scatter", [RecursiveMemoryEffects,
                                       SameVariadicOperandSize]> {
  let summary = "updates slices of tensors at computed indices";
  let description = [{
    For every element of `updates`, computes a result index from
    `scatter_indices` and `scatter_dimension_numbers` and, if it is in
    bounds, combines the result element there with the update through
    `update_computation` (StableHLO `scatter`). With N inputs the region
    takes 2N scalars (current values, then updates) and returns N. Updates
    are applied in row-major order of the update index space.

    ```mlir
    %r = "hlo.scatter"(%input, %indices, %updates) <{
        scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1],
          inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
          index_vector_dim = 1>}> ({
      ^bb0(%old: tensor<f32>, %new: tensor<f32>):
        %s = hlo.add %old, %new : tensor<f32>
        hlo.return %s : tensor<f32>
    }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       RankedTensorOf<[AnyInteger, Index]>:$scatter_indices,
                       Variadic<HLO_Tensor>:$updates,
                       HLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_ReduceWindowOp : HLO_Op<"reduce_window", [RecursiveMemoryEffects,
                                                  SameVariadicOperandSize]> {
  let summary = "reduces sliding windows of tensors";
  let description = [{
    Reduces each window of `inputs` with `body`, starting from
    `init_values` (StableHLO `reduce_window`). The inputs are dilated by
    `base_dilations` and padded by `padding` (low and high per dimension)
    with the init values; windows of `window_dimensions` elements spaced by
    `window_dilations` are placed every `window_strides`. With N inputs the
    body takes 2N scalars (accumulators, then elements) and returns N.

    ```mlir
    %r = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>,
        window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x2xi64>}> ({
      ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
        %s = hlo.add %acc, %e : tensor<f32>
        hlo.return %s : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_ScalarTensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The window attributes with defaults filled in (strides and dilations
    /// 1, padding 0), one entry per input dimension.
    SmallVector<int64_t> getStridesOrDefault();
    SmallVector<int64_t> getBaseDilationsOrDefault();
    SmallVector<int64_t> getWindowDilationsOrDefault();
    /// Pairs (low, high) per dimension.
    SmallVector<std::pair<int64_t, int64_t>> getPaddingOrDefault();
  }];
}

def HLO_FftOp : HLO_Op<"fft", [Pure]> {
  let summary = "forward and inverse Fourier transforms";
  let description = [{
    The discrete Fourier transform over the trailing `fft_length`
    dimensions (StableHLO `fft`): `FFT` and `IFFT` (scaled by 1/N) map
    complex to complex, `RFFT` real to the N/2+1 non-redundant complex
    coefficients of the last dimension, `IRFFT` back to real.

    ```mlir
    %r = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand, HLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_TriangularSolveOp : HLO_InferredOp<"triangular_solve", [Pure]> {
  let summary = "solves triangular systems of linear equations";
  let description = [{
    Solves `op(a) * x = b` (`left_side`) or `x * op(a) = b` for `x`, where
    `op(a)` is `a`, its transpose or its adjoint (`transpose_a`), using the
    lower or upper triangle of `a` (`lower`) and, with `unit_diagonal`,
    ones on the diagonal; leading dimensions are batch dimensions (StableHLO
    `triangular_solve`).

    ```mlir
    %x = "hlo.triangular_solve"(%a, %b) <{left_side = true, lower = true,
           unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>}>
           : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$a, HLO_FpOrComplexTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal, HLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpOrComplexTensor:$result);
}

def HLO_CholeskyOp : HLO_InferredOp<"cholesky", [Pure]> {
  let summary = "Cholesky decomposition of a batch of matrices";
  let description = [{
    Computes the Cholesky factor of each Hermitian positive-definite matrix
    in the last two dimensions of `a`; leading dimensions are batch
    dimensions (StableHLO `cholesky`). With `lower = true` the result is the
    lower-triangular `L` with `a = L * L^H`, read from the lower triangle of
    `a`; otherwise (the default) the upper-triangular `U = L^H` with
    `a = U^H * U`, read from the upper triangle.

    The spec leaves the opposite triangle and non-positive-definite inputs
    to the implementation; this compiler follows XLA: the opposite triangle
    is zero, the imaginary parts of the diagonal are ignored, and a matrix
    whose factorization meets a pivot that is not positive (or is NaN) is
    filled entirely with NaN (the other matrices of the batch are
    unaffected).

    ```mlir
    %l = hlo.cholesky %a, lower = true : tensor<3x3xf32>
    %u = hlo.cholesky %a : tensor<2x4x4xcomplex<f64>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:`
      custom<SameOperandsAndResultType>(type($a), type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

// A loop-carried value: a tensor, or a token ordering the side effects of
// the iterations (infeed, outfeed, send and recv in a loop).
def HLO_LoopValue
    : AnyTypeOf<[HLO_Tensor,
                 Type<CPred<"::llvm::isa<::mlir::hlo::TokenType>($_self)">,
                      "token">]>;

def HLO_WhileOp : HLO_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "a loop with a condition region and a body region";
  let description = [{
    Runs `body` on the loop-carried values while `cond` returns true, and
    returns the final values (StableHLO `while`). Both regions take the
    loop-carried values (tensors and tokens) as arguments; `cond` returns a
    `tensor<i1>`, `body` the next values.

    ```mlir
    %r:2 = hlo.while(%i = %zero, %acc = %init) : tensor<i64>, tensor<4xf32>
      cond {
        %c = hlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
        hlo.return %c : tensor<i1>
      } do {
        %n = hlo.add %i, %one : tensor<i64>
        %a = hlo.add %acc, %acc : tensor<4xf32>
        hlo.return %n, %a : tensor<i64>, tensor<4xf32>
      }
    ```
  }];
  let arguments = (ins Variadic<HLO_LoopValue>:$operand);
  let results = (outs Variadic<HLO_LoopValue>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def HLO_IfOp : HLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "runs one of two regions depending on a predicate";
  let description = [{
    Runs `true_branch` if `pred` is true and `false_branch` otherwise, and
    returns the values the branch returns (StableHLO `if`). The branches take
    no arguments and may use values defined above.

    ```mlir
    %r = "hlo.if"(%pred) ({
      hlo.return %a : tensor<2xf32>
    }, {
      hlo.return %b : tensor<2xf32>
    }) : (tensor<i1>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I1]>:$pred);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasRegionVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "runs one of several regions selected by an index";
  let description = [{
    Runs `branches[index]`, or the last branch when `index` is out of range,
    and returns the values it returns (StableHLO `case`).

    ```mlir
    %r = "hlo.case"(%index) ({
      hlo.return %a : tensor<2xf32>
    }, {
      hlo.return %b : tensor<2xf32>
    }) : (tensor<i32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasRegionVerifier = 1;
}

def HLO_SelectAndScatterOp : HLO_Op<"select_and_scatter",
                                    [RecursiveMemoryEffects]> {
  let summary = "scatters source values to positions selected in windows";
  let description = [{
    For every window of `operand` (placed like `reduce_window`'s), selects
    one element with `select` (which returns true when its first argument
    should be kept over its second; padding is never selected), then
    combines the corresponding `source` element into the result at the
    selected position with `scatter`; the result starts as `init_value`
    everywhere (StableHLO `select_and_scatter`).

    ```mlir
    %r = "hlo.select_and_scatter"(%x, %src, %zero) <{window_dimensions = array<i64: 2, 2>,
           window_strides = array<i64: 2, 2>}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        hlo.return %ge : tensor<i1>
    }, {
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = hlo.add %a, %b : tensor<f32>
        hlo.return %s : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                       HLO_ScalarTensor:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def HLO_MapOp : HLO_Op<"map", [RecursiveMemoryEffects,
    SameOperandsAndResultShape]> {
  let summary = "applies a scalar computation to every index";
  let description = [{
    `result[i] = computation(inputs[0][i], ..., inputs[N-1][i])` over all
    `dimensions`, which are every dimension in order (StableHLO `map`). The
    computation takes 0-d tensors and returns one. A computation made of
    elementwise ops (and scalar constants) canonicalizes to those ops
    applied to the whole tensors.

    ```mlir
    %r = "hlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({
      ^bb0(%x: tensor<f32>, %y: tensor<f32>):
        %m = hlo.multiply %x, %y : tensor<f32>
        hlo.return %m : tensor<f32>
    }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

def HLO_UniformQuantizeOp : HLO_Op<"uniform_quantize",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "quantizes floats, or requantizes quantized values";
  let description = [{
    `result = clamp(round_nearest_even(x / scale + zero_point))` in the
    storage range, with `x` the operand (dequantized first when it is
    quantized) and the result type's scales and zero points, per tensor or
    along its quantization dimension (StableHLO `uniform_quantize`).

    ```mlir
    %q = hlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
    ```
  }];
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>:$operand);
  let results = (outs HLO_QuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def HLO_UniformDequantizeOp : HLO_Op<"uniform_dequantize",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "the float values of quantized values";
  let description = [{
    `result = (q - zero_point) * scale`, per tensor or along the operand's
    quantization dimension (StableHLO `uniform_dequantize`).

    ```mlir
    %x = hlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_QuantizedTensor:$operand);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens, tuples and barriers
//===----------------------------------------------------------------------===//

def HLO_TokenType : TypeDef<Hlo_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "a value that orders side effects";
  let description = [{
    An opaque value threaded through side-effecting ops to order them
    (StableHLO `token`). It carries no data; on the CPU target, where the
    program runs on one thread in order, tokens are dropped.

    ```mlir
    %t = hlo.after_all : !hlo.token
    ```
  }];
}

def HLO_FutureType : TypeDef<Hlo_Dialect, "Future"> {
  let mnemonic = "future";
  let summary = "the tensors an asynchronous operation will produce";
  let description = [{
    The value of an `hlo.async_start`: the results of its operation, which
    `hlo.async_done` waits for (StableHLO `future`, one or more tensor
    types). On the CPU target, which runs one process, the operation runs
    where it starts (`hlo-inline-async`) and futures disappear.

    ```mlir
    %f = "hlo.async_start"(%x) ({ ... }) : (tensor<8xf32>) -> !hlo.future<tensor<4xf32>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "tensor types">:$types);
  let assemblyFormat = "`<` $types `>`";
  let genVerifyDecl = 1;
}

def HLO_Future : Type<CPred<"::llvm::isa<::mlir::hlo::FutureType>($_self)">,
                      "future", "::mlir::hlo::FutureType">;

def HLO_Token : Type<CPred<"::llvm::isa<::mlir::hlo::TokenType>($_self)">,
                     "token", "::mlir::hlo::TokenType">,
                BuildableType<"::mlir::hlo::TokenType::get($_builder.getContext())">;
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_Token]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>;

def HLO_AfterAllOp : HLO_Op<"after_all", [Pure]> {
  let summary = "a token that follows the given tokens";
  let description = [{
    Produces a token that is ordered after every token in `inputs`
    (StableHLO `after_all`).

    ```mlir
    %t = hlo.after_all %t0, %t1 : !hlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins "::mlir::ValueRange":$inputs), [{
    build($_builder, $_state, ::mlir::hlo::TokenType::get($_builder.getContext()), inputs);
  }]>];
}

def HLO_TupleOp : HLO_InferredOp<"tuple", [Pure]> {
  let summary = "groups values into a tuple";
  let description = [{
    `result = (val[0], ..., val[N-1])` (StableHLO `tuple`); tuples may nest.
    On the CPU target tuples only exist between their construction and
    `get_tuple_element`, which folds through them.

    ```mlir
    %t = hlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i64>>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$val);
  let results = (outs HLO_Tuple:$result);
  let assemblyFormat = "$val attr-dict `:` custom<TupleOpType>(type($val), type($result))";
}

def HLO_GetTupleElementOp : HLO_InferredOp<"get_tuple_element", [Pure]> {
  let summary = "one element of a tuple";
  let description = [{
    `result = operand[index]` (StableHLO `get_tuple_element`). Folds to the
    element when the tuple is built by `hlo.tuple`.

    ```mlir
    %a = hlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins HLO_Tuple:$operand, I32Attr:$index);
  let results = (outs HLO_TensorOrTokenOrTuple:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def HLO_OptimizationBarrierOp : HLO_Op<"optimization_barrier",
    [Pure, HLO_PairwiseSameOperandAndResultType]> {
  let summary = "returns its operands, blocking optimizations across it";
  let description = [{
    Returns `operand` unchanged; no optimization may move computations
    across it (StableHLO `optimization_barrier`). The hlo passes treat it as
    opaque; `hlo-legalize-to-linalg` forwards the operands.

    ```mlir
    %r0, %r1 = hlo.optimization_barrier %a, %b : tensor<f32>, tensor<4xi32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result)))?
  }];
}

def HLO_CompositeOp : HLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a named op defined by a decomposition function";
  let description = [{
    An op `name` with `composite_attributes`, whose semantics are those of
    calling `decomposition` on `inputs` (StableHLO `composite`).
    `hlo-inline-composites` replaces it with the decomposition's body.

    ```mlir
    %r = hlo.composite "my.add_n" %x {composite_attributes = {n = 2 : i64},
           decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$inputs,
                       StrAttr:$name,
                       DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
                       FlatSymbolRefAttr:$decomposition,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  let assemblyFormat = "$name operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Dynamic shapes
//===----------------------------------------------------------------------===//

def HLO_DimensionTensor : 1DTensorOf<[AnyInteger, Index]>;

def HLO_DynamicBroadcastInDimOp : HLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim to a run-time shape";
  let description = [{
    `broadcast_in_dim` whose result shape is `output_dimensions` (StableHLO
    `dynamic_broadcast_in_dim`). `known_expanding_dimensions` and
    `known_nonexpanding_dimensions` are hints on operand dimensions that are
    (not) expanded. With a static result type it canonicalizes to
    `broadcast_in_dim`.

    ```mlir
    %r = hlo.dynamic_broadcast_in_dim %x, %shape, dims = [1]
           : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_DimensionTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicReshapeOp : HLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to a run-time shape";
  let description = [{
    `reshape` whose result shape is `output_shape` (StableHLO
    `dynamic_reshape`). With a static result type it canonicalizes to
    `reshape`.

    ```mlir
    %r = hlo.dynamic_reshape %x, %shape : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicIotaOp : HLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of a run-time shape";
  let description = [{
    `iota` whose result shape is `output_shape` (StableHLO `dynamic_iota`).
    With a static result type it canonicalizes to `iota`.

    ```mlir
    %r = hlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x4xi32>
    ```
  }];
  let arguments = (ins HLO_DimensionTensor:$output_shape, I64Attr:$iota_dimension);
  let results = (outs HLO_IntFpOrComplexTensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicPadOp : HLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad with run-time padding amounts";
  let description = [{
    `pad` whose edge and interior paddings are operands (StableHLO
    `dynamic_pad`). With constant paddings it canonicalizes to `pad`.

    ```mlir
    %r = hlo.dynamic_pad %x, %zero, %low, %high, %interior
           : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ScalarTensor:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_RealDynamicSliceOp : HLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "slice with run-time bounds and strides";
  let description = [{
    `slice` whose start indices, limit indices and strides are operands
    (StableHLO `real_dynamic_slice`). With constant operands it
    canonicalizes to `slice`.

    ```mlir
    %r = hlo.real_dynamic_slice %x, %start, %limit, %strides
           : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$start_indices,
                       HLO_DimensionTensor:$limit_indices,
                       HLO_DimensionTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicGatherOp : HLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with run-time slice sizes";
  let description = [{
    `gather` whose slice sizes are an operand (StableHLO `dynamic_gather`).
    With a static result type (or constant slice sizes) it canonicalizes to
    `gather`.

    ```mlir
    %r = "hlo.dynamic_gather"(%x, %indices, %sizes) <{dimension_numbers = #hlo.gather<
           offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0],
           index_vector_dim = 1>}> : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       RankedTensorOf<[AnyInteger, Index]>:$start_indices,
                       HLO_DimensionTensor:$slice_sizes,
                       HLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicConvOp : HLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with run-time padding";
  let description = [{
    `convolution` whose padding (low and high per spatial dimension) is an
    operand of shape `[N - 2, 2]` (StableHLO `dynamic_conv`). With a
    constant padding it canonicalizes to `convolution`.

    ```mlir
    %r = "hlo.dynamic_conv"(%lhs, %rhs, %padding) <{
           dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>,
           batch_group_count = 1 : i64, feature_group_count = 1 : i64}>
           : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       RankedTensorOf<[AnyInteger]>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       HLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<HLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HLO_GetDimensionSizeOp : HLO_Op<"get_dimension_size", [Pure]> {
  let summary = "the size of one dimension";
  let description = [{
    The size of dimension `dimension` of `operand` as a 32-bit integer
    (StableHLO `get_dimension_size`); folds to a constant when the dimension
    is static.

    ```mlir
    %n = hlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Fusion
//===----------------------------------------------------------------------===//

def HLO_FusionOp : HLO_Op<"fusion", [IsolatedFromAbove,
    RecursiveMemoryEffects]> {
  let summary = "a group of ops compiled as one loop nest or kernel";
  let description = [{
    Computes its results with the ops of `body`, applied to `inputs`, as one
    unit: the intermediate values inside the body are never materialized in
    memory (XLA's fusion instruction). The body is isolated from above: its
    block arguments are the inputs, in order, and it ends with an
    `hlo.return` of the results. `kind` says how the fusion is emitted:

    * `loop`: one loop nest over the output shape (elementwise ops,
      broadcasts, reshapes, transposes);
    * `input`: a reduction hero with its elementwise producers (and
      consumers of the reduced value, e.g. a softmax row), emitted as a
      loop over the reduction's parallel dimensions;
    * `output`: a contraction (`dot_general`, `convolution`) with an
      elementwise epilogue computed on each tile of its result;
    * `custom`: formed by another tool (e.g. imported from XLA); lowered by
      inlining its body.

    `hlo-fusion` forms fusions; `hlo-legalize-to-linalg` lowers each one.

    ```mlir
    %r = hlo.fusion kind = loop (%x = %a, %y = %b)
           : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
      %s = hlo.add %x, %y : tensor<4xf32>
      hlo.return %s : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       HLO_FusionKindAttr:$kind);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    // Creates the fusion with an empty entry block whose arguments have the
    // types of `inputs`.
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$inputs, "FusionKind":$kind)>
  ];
  let extraClassDeclaration = [{
    /// The op that ends the body.
    ReturnOp getReturnOp();
  }];
}

include "HloDialect/Dialect/Hlo/IR/HloCollectiveOps.td"
include "HloDialect/Dialect/Hlo/IR/HloRngOps.td"
include "HloDialect/Dialect/Hlo/IR/HloNormOps.td"

// The parents are checked by the verifier rather than ParentOneOf, because
// one of them (chlo.scan, whose body StableHLO ends with stablehlo.return)
// belongs to a dialect that depends on this one.
def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "returns values from an hlo region";
  let description = [{
    Terminates the region of an `hlo` op (a reduction body, a branch or loop
    body) and yields its values (StableHLO `return`).

    ```mlir
    hlo.return %sum : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrToken>:$results);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
  let hasVerifier = 1;
}

#endif // HLO_OPS_TD
