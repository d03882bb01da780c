//===- Patterns.h - internal pieces of the hlo-to-linalg lowering -*- C++ -*-===//

#ifndef HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H
#define HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::hlo::detail {

void populatePointwisePatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);
void populateShapePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns);
void populateDotPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns);
void populateReducePatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns);

/// A `tensor.empty` of `type`; dynamic dimensions are read with `tensor.dim`
/// from `shapeSource`, which must have the same rank and the same dynamic
/// dimensions (null when `type` is static).
Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                        Value shapeSource = {});

/// `type` with its element type made signless.
RankedTensorType getSignlessTensorType(RankedTensorType type);

} // namespace mlir::hlo::detail

#endif // HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H
