//===- HloToLinalg.h - lowering hlo to linalg on tensors --------*- C++ -*-===//

#ifndef HLODIALECT_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
#define HLODIALECT_CONVERSION_HLOTOLINALG_HLOTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::hlo {

/// Converts tensor types for lowering: unsigned integer elements become
/// signless (arith and linalg work on signless integers; the hlo op being
/// lowered still says how to interpret them).
class HloToLinalgTypeConverter : public TypeConverter {
public:
  HloToLinalgTypeConverter();
};

/// The attribute that marks the `scf.execute_region` an `hlo.fusion` is
/// lowered to with the fusion's kind (`#hlo<fusion_kind loop>`).
constexpr llvm::StringLiteral kFusionKindAttrName = "hlo.fusion_kind";

/// Patterns lowering hlo ops to linalg (named ops where one fits, otherwise
/// linalg.generic), tensor and arith ops, all on tensors. With `rowLoops`,
/// gathers and scatters of whole rows become loops over rows.
void populateHloToLinalgPatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns,
                                 bool rowLoops = true);

} // namespace mlir::hlo

#endif // HLODIALECT_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
