//===- HloOps.h - hlo dialect ops -------------------------------*- C++ -*-===//
//
// The `hlo` dialect: its dialect class, enums, attributes and ops.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_DIALECT_HLO_IR_HLOOPS_H
#define HLODIALECT_DIALECT_HLO_IR_HLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
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
