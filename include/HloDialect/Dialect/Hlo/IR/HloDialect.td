//===- HloDialect.td - hlo dialect definition and type constraints -*- tablegen -*-===//
//
// The `hlo` dialect: a StableHLO-level opset for whole-program compilation of
// linear-algebra and ML graphs.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_DIALECT_TD
#define HLO_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Hlo_Dialect : Dialect {
  let name = "hlo";
  let cppNamespace = "::mlir::hlo";
  let summary = "A StableHLO-level opset for whole-program ML compilation";
  let description = [{
    The `hlo` dialect models programs at the level of XLA's HLO and the
    StableHLO specification: value-semantics ops on ranked tensors
    (elementwise arithmetic, broadcasts and data movement, contractions,
    reductions with regions, control flow). The textual syntax mirrors
    StableHLO's (`hlo.add %a, %b : tensor<4xf32>`), so programs written for
    one read naturally in the other.

    Every op follows the semantics of the StableHLO specification; verifiers
    are keyed to its numbered constraints (`(C1)`, `(C2)`, ...), and the
    diagnostics name the constraint they enforce.

    Lowering goes `hlo` -> `linalg` on tensors -> bufferized loops -> `vector`
    -> `llvm` for CPUs, `gpu` + `nvvm` for CUDA and the `tpu` dialect for the
    TPU-like target (see docs/Architecture.md).

    **Aliasing.** Input/output aliasing and buffer donation are argument
    attributes of a public function (`HloDialect/Dialect/Hlo/IR/HloAliasing.h`):

    ```mlir
    func.func @step(%w: tensor<4xf32> {hlo.result_alias = 0 : i64, hlo.must_alias},
                    %g: tensor<4xf32> {hlo.buffer_donor}) -> tensor<4xf32>
    ```

    - `hlo.result_alias = N`: the argument's buffer is donated and becomes
      result N's (XLA's `input_output_alias`; StableHLO's
      `tf.aliasing_output = N` means the same and is read as it is);
    - `hlo.must_alias` (with `hlo.result_alias`): XLA's must-alias kind,
      the result has to be in that buffer (may-alias otherwise);
    - `hlo.buffer_donor` (JAX's `jax.buffer_donor = true`): the buffer is
      donated to any result of its type; the first result of the same type
      (and layout, where both have `hlo.layout`) that no argument is
      aliased to yet gets it, in argument order, as XLA matches donors.

    The verifier checks that the named result exists and has the
    argument's type (and layout), that no result is aliased twice, and
    that the attributes have these forms. On the CPU, the aliased result is
    computed in the argument's buffer where that is legal
    (`hlo-write-aliased-results`, else copied there last) and leaves the
    compiled entry's signature (`hlo-drop-aliased-results`): the caller
    finds it in the donated buffer. A donor left without a result may
    have its buffer used for temporaries after its last use
    (`hlo-buffer-assignment`): the caller must not read it after the call.
    Compilations whose ABI gives every result a buffer of its own
    (`hlo-compile`, device programs) ignore aliasing with a warning and
    reject a must-alias pair.
  }];
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // `hlo.layout` (on ops, function arguments and results) and
  // `hlo.operand_layouts` (on custom calls): see `#hlo.layout`.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (1-bit boolean)">;
def HLO_SInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "2/4/8/16/32/64-bit integer">;
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
                           F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                           F8E5M2FNUZ, F8E8M0FNU, BF16, F16, F32, F64],
                          "floating-point">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;
// StableHLO's quantized element types: `!quant.uniform` per tensor or per
// axis.
def HLO_QuantizedInt : Type<CPred<
    "::llvm::isa<::mlir::quant::UniformQuantizedType, "
    "::mlir::quant::UniformQuantizedPerAxisType>($_self)">,
    "uniform quantized integer">;

def HLO_ElementType : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_QuantizedInt],
                                "pred, integer, floating-point, complex or "
                                "quantized">;

def HLO_Tensor : RankedTensorOf<[HLO_ElementType]>;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_IntTensor : RankedTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : RankedTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_FpTensor : RankedTensorOf<[HLO_Float]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_IntOrFpTensor : RankedTensorOf<[HLO_Int, HLO_Float]>;
def HLO_SIntOrFpTensor : RankedTensorOf<[HLO_SInt, HLO_Float]>;
def HLO_SIntFpOrComplexTensor : RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex]>;
def HLO_IntFpOrComplexTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_ScalarTensor : 0DTensorOf<[HLO_ElementType]>;
def HLO_QuantizedTensor : RankedTensorOf<[HLO_QuantizedInt]>;
def HLO_FpOrQuantTensor : RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>;
def HLO_FpComplexOrQuantTensor : RankedTensorOf<[HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_SIntFpComplexOrQuantTensor : RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>;
def HLO_IntFpComplexOrQuantTensor : RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>;


#endif // HLO_DIALECT_TD
