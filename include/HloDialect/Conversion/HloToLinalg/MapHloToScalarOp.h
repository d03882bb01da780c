//===- MapHloToScalarOp.h - scalar semantics of elementwise hlo ops -*- C++ -*-===//
//
// One table from each elementwise hlo op to the arith/math/complex ops that
// compute one element of it. Pointwise lowering, reduction bodies and fusion
// all build their loop bodies from it, so a new elementwise op costs one
// entry here.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_CONVERSION_HLOTOLINALG_MAPHLOTOSCALAROP_H
#define HLODIALECT_CONVERSION_HLOTOLINALG_MAPHLOTOSCALAROP_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

namespace mlir::hlo {

/// True if `op` is an hlo op that `mapHloOpToScalarOp` can compute
/// element by element.
bool isScalarizableHloOp(Operation *op);

/// Emits, at the builder's insertion point, the scalar computation of one
/// element of the elementwise hlo op `op`. `operandElementTypes` are the
/// element types of `op`'s operands (they carry signedness that the
/// signless scalars `args` lost) and `resultElementType` that of its result.
/// Returns failure, after emitting a diagnostic on `op`, for element types
/// the op has no lowering for.
FailureOr<Value> mapHloOpToScalarOp(Operation *op, TypeRange operandElementTypes,
                                    Type resultElementType, ValueRange args,
                                    OpBuilder &b);

/// Succeeds if `op` can be computed element by element for its operand and
/// result element types; otherwise emits a diagnostic on `op` and fails.
/// Builds nothing in the IR.
LogicalResult checkScalarizable(Operation *op);

/// Converts the scalar `value` of element type `from` (possibly unsigned) to
/// `to` with hlo.convert's semantics.
Value convertScalar(OpBuilder &b, Location loc, Value value, Type from,
                    Type to);

/// The signless type scalars of `type` are computed in (ui8 -> i8); other
/// types are returned unchanged.
Type getSignlessScalarType(Type type);

} // namespace mlir::hlo

#endif // HLODIALECT_CONVERSION_HLOTOLINALG_MAPHLOTOSCALAROP_H
