//===- KernelScope.h - set-up shared by the TPU kernel passes ---*- C++ -*-===//
//
// What hlo-tpu-form-kernels and hlo-tpu-expand-kernels both build around
// the code that moves blocks through VMEM.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_LIB_TARGET_TPU_KERNELSCOPE_H
#define HLODIALECT_LIB_TARGET_TPU_KERNELSCOPE_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::hlo::tpu_kernels {

/// Creates an empty memref.alloca_scope at `b`'s insertion point (what is
/// allocated in VMEM inside lives as long as the scope) and moves `b` to
/// the start of its body, before its terminator.
inline void enterAllocaScope(OpBuilder &b, Location loc) {
  auto scope = memref::AllocaScopeOp::create(b, loc, TypeRange());
  Block *scopeBody = new Block();
  scope.getBodyRegion().push_back(scopeBody);
  b.setInsertionPointToStart(scopeBody);
  memref::AllocaScopeReturnOp::create(b, loc);
  b.setInsertionPointToStart(scopeBody);
}

} // namespace mlir::hlo::tpu_kernels

#endif // HLODIALECT_LIB_TARGET_TPU_KERNELSCOPE_H
