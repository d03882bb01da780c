//===- LegalizeQuantized.h - quantized hlo ops as integer/float ops -*- C++ -*-===//
//
// Rewrites hlo ops on `!quant.uniform` tensors into ops on their storage
// integers: uniform_quantize and uniform_dequantize become float arithmetic
// and conversions, every other op is computed on dequantized values and its
// results quantized again (the spec's dequantize_op_quantize).
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_LEGALIZEQUANTIZED_H
#define HLODIALECT_TRANSFORMS_LEGALIZEQUANTIZED_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::hlo {

/// Converts tensors of quantized elements to tensors of their storage
/// integers (signless, or unsigned for unsigned storage).
class QuantizedToStorageTypeConverter : public TypeConverter {
public:
  QuantizedToStorageTypeConverter();
};

/// The patterns of `hlo-legalize-quantized`.
void populateLegalizeQuantizedPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns);

} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_LEGALIZEQUANTIZED_H
