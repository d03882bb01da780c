//===- ChloOps.h - the chlo dialect -----------------------------*- C++ -*-===//

#ifndef HLODIALECT_DIALECT_CHLO_IR_CHLOOPS_H
#define HLODIALECT_DIALECT_CHLO_IR_CHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "HloDialect/Dialect/Chlo/IR/ChloEnums.h.inc"
#include "HloDialect/Dialect/Chlo/IR/ChloOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Chlo/IR/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h.inc"

#endif // HLODIALECT_DIALECT_CHLO_IR_CHLOOPS_H
