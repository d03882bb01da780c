//===- Patterns.h - internal pieces of the hlo-to-linalg lowering -*- C++ -*-===//

#ifndef HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H
#define HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
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
void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateTriangularSolvePatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);
void populateCholeskyPatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns);
void populateConvolutionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateFftPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns);
void populateGatherPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns, bool rowLoops);
void populateSelectAndScatterPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns);
void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns);
void populateReduceWindowPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateFusionPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns);
void populateScatterPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns, bool rowLoops);
void populateCollectivePatterns(const TypeConverter &converter,
                                RewritePatternSet &patterns);

/// The most window positions for which a windowed op (reduce_window,
/// select_and_scatter) becomes one elementwise op over strided slices, an
/// operand per position.
constexpr int64_t kMaxSlicedWindowPositions = 32;

/// The positions of a window of `window` elements per dimension, as offsets
/// within the window, in row-major order: the order of the loop nests the
/// windowed ops otherwise lower to, so that the sliced forms give the same
/// results and resolve ties the same way. Nothing when the window has no
/// position or more than kMaxSlicedWindowPositions.
std::optional<SmallVector<SmallVector<int64_t>>>
getSlicedWindowPositions(ArrayRef<int64_t> window);

/// Succeeds if every op of `body` (a region on scalar tensors: reduction
/// bodies, scatter combiners) has a scalar lowering; otherwise emits why.
LogicalResult checkScalarBody(Region &body);

/// Emits `body` on scalars; `mapping` maps its block arguments to scalar
/// values. Returns the scalars it returns.
SmallVector<Value> emitScalarBody(OpBuilder &b, Region &body,
                                  IRMapping &mapping);

/// A `tensor.empty` of `type`; dynamic dimensions are read with `tensor.dim`
/// from `shapeSource`, which must have the same rank and the same dynamic
/// dimensions (null when `type` is static).
Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                        Value shapeSource = {});

/// The additive identity of the scalar type `type` (integer, float or
/// complex) as a constant.
Value createZero(OpBuilder &b, Location loc, Type type);

/// The bits of the scalar `value` (integer, float or complex) as a signless
/// integer of its width; a complex value's real part is the low half, as in
/// memory.
Value bitcastToInteger(OpBuilder &b, Location loc, Value value);

/// The signless integer `bits` reinterpreted as the scalar type `type` of
/// the same width (the inverse of bitcastToInteger).
Value bitcastFromInteger(OpBuilder &b, Location loc, Value bits, Type type);

/// The width in bits of the scalar type `type`, complex included.
unsigned getScalarBitWidth(Type type);

/// The splat value of `value` as a scalar constant of its signless element
/// type (integer, float or complex).
Value createScalarConstant(OpBuilder &b, Location loc, DenseElementsAttr value);

/// `index` (an index value) converted to the scalar element type
/// `elementType` as hlo.iota produces it.
Value createIotaScalar(OpBuilder &b, Location loc, Value index,
                       Type elementType);

/// `type` with its element type made signless.
RankedTensorType getSignlessTensorType(RankedTensorType type);

} // namespace mlir::hlo::detail

#endif // HLO_LIB_CONVERSION_HLOTOLINALG_PATTERNS_H
