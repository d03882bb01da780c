//===- HloOps.h - hlo dialect ops -------------------------------*- C++ -*-===//
//
// The `hlo` dialect: its dialect class, enums, attributes and ops.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_DIALECT_HLO_IR_HLOOPS_H
#define HLODIALECT_DIALECT_HLO_IR_HLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "HloDialect/Dialect/Hlo/IR/HloOpsDialect.h.inc"
#include "HloDialect/Dialect/Hlo/IR/HloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloOpsTypes.h.inc"

namespace mlir::hlo {
/// The body of `#hlo.conv<...>`: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
ParseResult parseConvDimensionsBody(AsmParser &parser,
                                    ConvDimensionNumbersAttr &attr);
void printConvDimensionsBody(AsmPrinter &printer, ConvDimensionNumbersAttr attr);

/// The values of `value` when it is a constant integer tensor (shapes,
/// paddings, slice bounds of the dynamic-shape ops), row-major.
FailureOr<SmallVector<int64_t>> getConstantIntegers(Value value);

/// Parses `<name = [1, 2], other = 3, ...>`, the body of a dimension-numbers
/// attribute: each field named in `lists` takes a list, each in `ints` an
/// integer; absent fields stay empty / 0. `attrName` names the attribute in
/// diagnostics.
ParseResult parseDimensionFields(
    AsmParser &parser, StringRef attrName, ArrayRef<StringRef> lists,
    SmallVectorImpl<SmallVector<int64_t>> &listValues, ArrayRef<StringRef> ints,
    SmallVectorImpl<int64_t> &intValues);
/// Prints what parseDimensionFields reads, leaving out empty lists and zero
/// integers.
void printDimensionFields(
    AsmPrinter &printer,
    ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists,
    ArrayRef<std::pair<StringRef, int64_t>> ints);

/// True if `lhs` and `rhs` are the same element type, or quantized types
/// that differ only in their quantization parameters (scales, zero points,
/// quantization dimension): the spec's equal `baseline_element_type`s.
bool isSameElementTypeUpToQuantization(Type lhs, Type rhs);

namespace traits {
/// Every operand and result has the same element type up to quantization
/// parameters (elementwise ops on quantized tensors may rescale).
template <typename ConcreteType>
class SameElementTypeUpToQuantization
    : public ::mlir::OpTrait::TraitBase<ConcreteType,
                                        SameElementTypeUpToQuantization> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    Type first;
    for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                           op->getResultTypes())) {
      Type element = getElementTypeOrSelf(t);
      if (!first)
        first = element;
      else if (!isSameElementTypeUpToQuantization(first, element))
        return op->emitOpError(
            "requires the same element type for all operands and results");
    }
    return success();
  }
};

/// Checks that every operand and result type has a size in bytes (elements
/// times element size) that fits in int64_t; a wrapped product would make
/// shape functions, folders and lowerings compute with a wrong size.
LogicalResult verifyAddressableShapes(Operation *op);

template <typename ConcreteType>
class AddressableShapes
    : public ::mlir::OpTrait::TraitBase<ConcreteType, AddressableShapes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyAddressableShapes(op);
  }
};

/// Calls the op's `verifyBeforeInference()`. Listed before
/// InferTypeOpInterface, it runs ahead of the comparison of written and
/// inferred result types, so that a constraint on result types reports its
/// spec tag rather than a generic type mismatch.
template <typename ConcreteType>
class VerifyBeforeInference
    : public ::mlir::OpTrait::TraitBase<ConcreteType, VerifyBeforeInference> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return cast<ConcreteType>(op).verifyBeforeInference();
  }
};
} // namespace traits

/// Result-type compatibility used by every op with inferred result types:
/// equal element types and shapes that agree wherever both are static.
bool isCompatibleForHloTypeInference(TypeRange lhs, TypeRange rhs);
} // namespace mlir::hlo

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloOps.h.inc"

namespace mlir::hlo {
/// True for ops that compute each result element from the operand elements
/// at the same index: ODS's `Elementwise` ops, plus `select` and `clamp`,
/// whose rank-0 operands are broadcast implicitly.
bool isElementwiseLike(Operation *op);
} // namespace mlir::hlo

#endif // HLODIALECT_DIALECT_HLO_IR_HLOOPS_H
