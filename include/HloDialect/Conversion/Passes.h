//===- Passes.h - conversions out of hlo ------------------------*- C++ -*-===//

#ifndef HLODIALECT_CONVERSION_PASSES_H
#define HLODIALECT_CONVERSION_PASSES_H

#include "HloDialect/Conversion/HloToLinalg/HloToLinalg.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith { class ArithDialect; }
namespace complex { class ComplexDialect; }
namespace linalg { class LinalgDialect; }
namespace math { class MathDialect; }
namespace scf { class SCFDialect; }
namespace tensor { class TensorDialect; }

namespace hlo {
#define GEN_PASS_DECL
#include "HloDialect/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HloDialect/Conversion/Passes.h.inc"
} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_CONVERSION_PASSES_H
