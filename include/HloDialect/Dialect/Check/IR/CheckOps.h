//===- CheckOps.h - the check dialect ---------------------------*- C++ -*-===//

#ifndef HLODIALECT_DIALECT_CHECK_IR_CHECKOPS_H
#define HLODIALECT_DIALECT_CHECK_IR_CHECKOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "HloDialect/Dialect/Check/IR/CheckOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Check/IR/CheckOps.h.inc"

#endif // HLODIALECT_DIALECT_CHECK_IR_CHECKOPS_H
