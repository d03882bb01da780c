//===- TpuOps.h - the tpu dialect -------------------------------*- C++ -*-===//
//
// A TPU-like accelerator: target attribute, memory spaces, kernels with grids
// and block specs, DMAs, vector loads and stores, MXU matmuls, cross-lane
// reductions and broadcasts, relayouts. See TpuBase.td.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_DIALECT_TPU_IR_TPUOPS_H
#define HLODIALECT_DIALECT_TPU_IR_TPUOPS_H

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "HloDialect/Dialect/Tpu/IR/TpuOpsDialect.h.inc"
#include "HloDialect/Dialect/Tpu/IR/TpuEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Tpu/IR/TpuOps.h.inc"

namespace mlir::tpu {

/// The target of a named chip ("v5e", "v6e"); a null attribute for other
/// names.
TargetAttr getTargetPreset(MLIRContext *context, StringRef chip);

/// The names getTargetPreset knows.
ArrayRef<StringRef> getTargetPresetNames();

/// The target `op` is compiled for: the `target` of the innermost enclosing
/// (or this) tpu.kernel that has one, else the `tpu.target` attribute of the
/// innermost enclosing op carrying it; null when there is none.
TargetAttr lookupTarget(Operation *op);

/// The TPU memory of a memref (null when it has no tpu memory space).
std::optional<MemorySpace> getMemorySpace(MemRefType type);

/// Rows of the native (rows, 128) VMEM tile of `elementType`: 8 for 32-bit
/// elements, 16 for 16-bit, 32 for 8-bit; 0 for element types the vector
/// unit does not hold.
int64_t getNativeSublaneTile(Type elementType);

/// The shape VMEM holds a buffer of `shape` in: its most minor dimension
/// padded to whole 128 lanes, the next to whole sublane tiles of
/// `elementType` (8 rows for element types without a native tile).
SmallVector<int64_t> getPaddedVmemShape(ArrayRef<int64_t> shape,
                                        Type elementType);

/// Bytes a statically shaped VMEM buffer occupies: its two most minor
/// dimensions padded to the native tile of its element type.
int64_t getPaddedVmemBytes(MemRefType type);

/// The type of `count` DMA semaphores (`tpu.sem_alloc`'s result).
MemRefType getSemaphoresType(MLIRContext *context, int64_t count);

/// Rows `op` pushes through the MXUs of `target`: every row of `lhs`
/// through every (rows x columns) MXU tile of the weights.
int64_t getMxuPushes(MatmulOp op, TargetAttr target);

/// bf16 MXU passes per push: 1 for bf16 operands, 6 for f32 (a full f32
/// product as six bf16 passes, XLA's HIGHEST precision).
int64_t getMxuPasses(MatmulOp op);

} // namespace mlir::tpu

#endif // HLODIALECT_DIALECT_TPU_IR_TPUOPS_H
