//===- HloEnums.td - hlo dialect enums ---------------------*- tablegen -*-===//

#ifndef HLO_ENUMS_TD
#define HLO_ENUMS_TD

include "HloDialect/Dialect/Hlo/IR/HloDialect.td"
include "mlir/IR/EnumAttr.td"

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "which comparison `hlo.compare` performs", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_ComparisonDirectionAttr
    : EnumAttr<Hlo_Dialect, HLO_ComparisonDirection, "comparison_direction">;

def HLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "how `hlo.compare` interprets its operands", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_ComparisonTypeAttr
    : EnumAttr<Hlo_Dialect, HLO_ComparisonType, "comparison_type">;

def HLO_Precision : I32EnumAttr<"Precision",
    "precision of a contraction's operands", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_PrecisionAttr : EnumAttr<Hlo_Dialect, HLO_Precision, "precision">;

def HLO_Transpose : I32EnumAttr<"Transpose",
    "how `hlo.triangular_solve` uses its matrix", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>, I32EnumAttrCase<"NO_TRANSPOSE", 1>,
      I32EnumAttrCase<"TRANSPOSE", 2>, I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_TransposeAttr : EnumAttr<Hlo_Dialect, HLO_Transpose, "transpose">;

def HLO_FftType : I32EnumAttr<"FftType", "the transform `hlo.fft` computes", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_FftTypeAttr : EnumAttr<Hlo_Dialect, HLO_FftType, "fft_type">;

def HLO_FusionKind : I32EnumAttr<"FusionKind",
    "the loop structure an `hlo.fusion` is emitted as", [
      I32EnumAttrCase<"loop", 0>, I32EnumAttrCase<"input", 1>,
      I32EnumAttrCase<"output", 2>, I32EnumAttrCase<"custom", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_FusionKindAttr : EnumAttr<Hlo_Dialect, HLO_FusionKind, "fusion_kind">;

def HLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "the bit generator of `hlo.rng_bit_generator`", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_RngAlgorithmAttr
    : EnumAttr<Hlo_Dialect, HLO_RngAlgorithm, "rng_algorithm">;

def HLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "the distribution `hlo.rng` samples", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::hlo";
}
def HLO_RngDistributionAttr
    : EnumAttr<Hlo_Dialect, HLO_RngDistribution, "rng_distribution">;

def HLO_PrecisionConfigAttr
    : TypedArrayAttrBase<HLO_PrecisionAttr, "precision config">;

#endif // HLO_ENUMS_TD
