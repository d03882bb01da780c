//===- Passes.h - the Vulkan/SPIR-V back end --------------------*- C++ -*-===//

#ifndef HLODIALECT_TARGET_VULKAN_PASSES_H
#define HLODIALECT_TARGET_VULKAN_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace complex {
class ComplexDialect;
} // namespace complex
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace spirv {
class SPIRVDialect;
} // namespace spirv
namespace vector {
class VectorDialect;
} // namespace vector

namespace hlo {

#define GEN_PASS_DECL
#include "HloDialect/Target/Vulkan/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HloDialect/Target/Vulkan/Passes.h.inc"

/// The SPIR-V words of a kernel object hlo-vulkan-serialize-kernels wrote
/// (past its argument table), or failure when the table is malformed. An
/// object without the table's magic is returned whole.
FailureOr<llvm::StringRef> getVulkanObjectSpirv(llvm::StringRef object);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TARGET_VULKAN_PASSES_H
