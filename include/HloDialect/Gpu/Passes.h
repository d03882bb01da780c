//===- Passes.h - the target-neutral GPU stage ------------------*- C++ -*-===//

#ifndef HLODIALECT_GPU_PASSES_H
#define HLODIALECT_GPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace arith {
class ArithDialect;
} // namespace arith
namespace cf {
class ControlFlowDialect;
} // namespace cf
namespace math {
class MathDialect;
} // namespace math
namespace vector {
class VectorDialect;
} // namespace vector

namespace hlo {

/// Marks a host stack buffer (`memref.alloca`) that receives a scalar
/// copied from the device; it stays in host memory.
inline constexpr llvm::StringLiteral kHostBufferAttrName = "hlo.host";

/// Whether `buffer` is such a host scalar buffer.
bool isHostScalarBuffer(Value buffer);

/// Expansions of math functions on f64 (and f64 vectors) into f64
/// arithmetic, about one ulp accurate (see hlo-gpu-expand-math); with
/// `computeF32InF64`, the same functions on f32 are computed in f64 and
/// rounded. The patterns have benefit 3, above upstream's expansions.
void populateGpuF64MathExpansionPatterns(RewritePatternSet &patterns,
                                         bool computeF32InF64);

#define GEN_PASS_DECL
#include "HloDialect/Gpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HloDialect/Gpu/Passes.h.inc"

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_GPU_PASSES_H
