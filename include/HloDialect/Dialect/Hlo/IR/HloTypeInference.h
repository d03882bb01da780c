//===- HloTypeInference.h - shape functions of hlo ops ----------*- C++ -*-===//
//
// Verification and result-type inference of hlo ops, one function per op,
// shared by verifiers, inferReturnTypes and importers. Each constraint is
// tagged with the StableHLO spec's number (`transpose_c2`), and diagnostics
// quote it so a user can look the rule up.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_DIALECT_HLO_IR_HLOTYPEINFERENCE_H
#define HLODIALECT_DIALECT_HLO_IR_HLOTYPEINFERENCE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/Support/LLVM.h"
#include <optional>

namespace mlir::hlo {

class ConvDimensionNumbersAttr;

/// True if `lhs` and `rhs` are ranked tensors of the same element type whose
/// dimensions agree wherever both are static.
bool isCompatibleTensorType(Type lhs, Type rhs);

LogicalResult inferElementwiseOp(std::optional<Location> loc,
                                 TypeRange operandTypes,
                                 SmallVectorImpl<Type> &inferred);
LogicalResult inferAbsOp(std::optional<Location> loc, Type operandType,
                         SmallVectorImpl<Type> &inferred);
LogicalResult inferCompareOp(std::optional<Location> loc, Type lhsType,
                             SmallVectorImpl<Type> &inferred);
LogicalResult inferSelectOp(std::optional<Location> loc, Type predType,
                            Type onTrueType, Type onFalseType,
                            SmallVectorImpl<Type> &inferred);
LogicalResult inferClampOp(std::optional<Location> loc, Type minType,
                           Type operandType, Type maxType,
                           SmallVectorImpl<Type> &inferred);
LogicalResult inferTransposeOp(std::optional<Location> loc, Type operandType,
                               ArrayRef<int64_t> permutation,
                               SmallVectorImpl<Type> &inferred);
LogicalResult inferSliceOp(std::optional<Location> loc, Type operandType,
                           ArrayRef<int64_t> startIndices,
                           ArrayRef<int64_t> limitIndices,
                           ArrayRef<int64_t> strides,
                           SmallVectorImpl<Type> &inferred);
LogicalResult inferConcatenateOp(std::optional<Location> loc,
                                 TypeRange inputTypes, int64_t dimension,
                                 SmallVectorImpl<Type> &inferred);
LogicalResult inferReduceOp(std::optional<Location> loc, TypeRange inputTypes,
                            ArrayRef<int64_t> dimensions, Region &body,
                            SmallVectorImpl<Type> &inferred);

LogicalResult verifyIotaOp(std::optional<Location> loc, int64_t iotaDimension,
                           Type outputType);
LogicalResult verifyCompareOp(std::optional<Location> loc, Type lhsType,
                              std::optional<int32_t> compareType);
/// add's quantized constraints beyond equal storage and expressed types:
/// the result is per-axis quantized exactly when an operand is, on the same
/// dimension (add_c5..add_c7).
LogicalResult verifyAddOp(std::optional<Location> loc, Type lhsType,
                          Type rhsType, Type resultType);
LogicalResult verifyBroadcastInDimOp(std::optional<Location> loc,
                                     Type operandType,
                                     ArrayRef<int64_t> broadcastDimensions,
                                     Type resultType,
                                     StringRef op = "broadcast_in_dim");
LogicalResult verifyReshapeOp(std::optional<Location> loc, Type operandType,
                              Type resultType, StringRef op = "reshape");
LogicalResult verifyDotGeneralOp(
    std::optional<Location> loc, Type lhsType, Type rhsType,
    ArrayRef<int64_t> lhsBatchingDimensions,
    ArrayRef<int64_t> rhsBatchingDimensions,
    ArrayRef<int64_t> lhsContractingDimensions,
    ArrayRef<int64_t> rhsContractingDimensions,
    std::optional<size_t> precisionConfigSize, Type resultType);
LogicalResult verifyReduceOpBody(std::optional<Location> loc,
                                 TypeRange inputTypes, TypeRange initTypes,
                                 Region &body);

LogicalResult verifyScatterOp(
    std::optional<Location> loc, TypeRange inputTypes, Type indicesType,
    TypeRange updateTypes, ArrayRef<int64_t> updateWindowDims,
    ArrayRef<int64_t> insertedWindowDims, ArrayRef<int64_t> inputBatchingDims,
    ArrayRef<int64_t> scatterIndicesBatchingDims,
    ArrayRef<int64_t> scatterDimsToOperandDims, int64_t indexVectorDim,
    TypeRange resultTypes);
/// The N-input combiner region of scatter-like ops: 2N scalar tensor
/// arguments of the inputs' element types, N results.
LogicalResult verifyScalarCombiner(std::optional<Location> loc,
                                   TypeRange inputTypes, Region &body,
                                   StringRef tag);

/// The number of windows along one dimension (reduce_window_c15,
/// convolution_c25): the input of `size` dilated by `baseDilation` and
/// padded, the window of `window` dilated by `windowDilation`, placed every
/// `stride`. Dynamic if `size` or `window` is.
int64_t numWindows(int64_t size, int64_t window, int64_t stride,
                   std::pair<int64_t, int64_t> padding, int64_t baseDilation,
                   int64_t windowDilation);

/// convolution and dynamic_conv, whose constraints have the same numbers:
/// `op` names the tags (`convolution_c13`, `dynamic_conv_c13`). Absent
/// window attributes mean their defaults. `paddingType` is the type of the
/// [N - 2, 2] padding (attribute or operand), `paddingValues` its values,
/// row-major, when known (else the result's spatial sizes are unchecked).
LogicalResult verifyConvolutionOp(
    std::optional<Location> loc, StringRef op, Type lhsType, Type rhsType,
    std::optional<ArrayRef<int64_t>> windowStrides, Type paddingType,
    std::optional<ArrayRef<int64_t>> paddingValues,
    std::optional<ArrayRef<int64_t>> lhsDilation,
    std::optional<ArrayRef<int64_t>> rhsDilation,
    std::optional<ArrayRef<bool>> windowReversal,
    ConvDimensionNumbersAttr dims, int64_t featureGroupCount,
    int64_t batchGroupCount, std::optional<size_t> precisionConfigSize,
    Type resultType);

/// gather and dynamic_gather. The spec numbers dynamic_gather's constraints
/// differently and has no batching dimensions; its tags use its own numbers
/// where it has the rule and gather's otherwise. `sliceSizes` are the slice
/// sizes when known, `sliceSizesCount` their number when known.
LogicalResult verifyGatherOp(
    std::optional<Location> loc, bool isDynamicGather, Type operandType,
    Type startIndicesType, ArrayRef<int64_t> offsetDims,
    ArrayRef<int64_t> collapsedSliceDims, ArrayRef<int64_t> operandBatchingDims,
    ArrayRef<int64_t> startIndicesBatchingDims,
    ArrayRef<int64_t> startIndexMap, int64_t indexVectorDim,
    std::optional<int64_t> sliceSizesCount,
    std::optional<ArrayRef<int64_t>> sliceSizes, Type resultType);

/// A window attribute of reduce_window/select_and_scatter (window_dimensions,
/// strides, dilations): one entry per dimension (`sizeTag`), each positive
/// (`positiveTag`). An absent attribute passes.
LogicalResult verifyWindowArray(std::optional<Location> loc, StringRef name,
                                std::optional<ArrayRef<int64_t>> values,
                                int64_t rank, StringRef sizeTag,
                                StringRef positiveTag);
/// A window padding attribute: shape [rank, 2] (`tag`). Absent passes.
LogicalResult verifyWindowPadding(std::optional<Location> loc,
                                  std::optional<DenseIntElementsAttr> padding,
                                  int64_t rank, StringRef tag);
/// The start indices of dynamic_slice/dynamic_update_slice: one per operand
/// dimension (`countTag`), all of one type (`sameTypeTag`).
LogicalResult verifyStartIndices(std::optional<Location> loc,
                                 TypeRange indexTypes, int64_t rank,
                                 StringRef countTag, StringRef sameTypeTag);
/// True if `type` (a tensor or an element type) has a per-axis quantized
/// element type.
bool isPerAxisQuantized(Type type);
/// transpose_c1 and transpose_c4: the element types of a transpose, which
/// may differ only in the quantization dimension, which `permutation` moves.
LogicalResult verifyTransposeOp(std::optional<Location> loc, Type operandType,
                                ArrayRef<int64_t> permutation,
                                Type resultType);

} // namespace mlir::hlo

#endif // HLODIALECT_DIALECT_HLO_IR_HLOTYPEINFERENCE_H
