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

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/Support/LLVM.h"
#include <optional>

namespace mlir::hlo {

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

} // namespace mlir::hlo

#endif // HLODIALECT_DIALECT_HLO_IR_HLOTYPEINFERENCE_H
