//===- CostModel.h - flops and memory traffic of hlo ops --------*- C++ -*-===//
//
// A static cost model in the spirit of XLA's HloCostAnalysis: for each op, the
// arithmetic it performs (flops and transcendental functions) and the bytes
// it moves between memory and the core, assuming every operand is read from
// memory and every result written to memory once. A fusion is one unit: only
// its inputs are read and its results written; the values between its ops
// stay in registers, which is what fusion saves.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_ANALYSIS_COSTMODEL_H
#define HLODIALECT_ANALYSIS_COSTMODEL_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir::hlo {

struct OpCost {
  /// Arithmetic operations other than transcendental functions (a multiply-add
  /// counts as two).
  int64_t flops = 0;
  /// Evaluations of exp, log, tanh, sqrt, ... (counted apart from flops, as
  /// XLA does: each is tens of instructions).
  int64_t transcendentals = 0;
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;
  /// Elements read and written (bytes without the element sizes).
  int64_t elementsRead = 0;
  int64_t elementsWritten = 0;

  int64_t bytesAccessed() const { return bytesRead + bytesWritten; }
  OpCost &operator+=(const OpCost &other);
  bool operator==(const OpCost &other) const;
};

/// The bytes one element of `type` occupies in memory (pred takes a byte;
/// sub-byte integers are rounded up to a byte, complex counts both parts).
int64_t getElementByteSize(Type type);

/// True for the elementwise functions XLA counts as transcendental (exp, log,
/// logistic, tanh, sin, cos, tan, sqrt, rsqrt, cbrt, power, atan2, expm1,
/// log1p, and the chlo special functions).
bool isTranscendental(Operation *op);

/// True for ops that must not be computed twice to save a memory round trip:
/// contractions, reductions, transcendental functions, divisions and ops with
/// regions. Everything else (elementwise add/multiply/compare/select/convert,
/// broadcasts, reshapes, transposes, iota, constants) is cheap to recompute.
bool isExpensiveToRecompute(Operation *op);

/// The arithmetic `op` performs (bytes are zero). For `hlo.fusion` and other
/// region ops, the sum over the ops of their regions.
OpCost computeArithmeticCost(Operation *op);

/// The full cost of `op` as a unit of the program: its arithmetic plus the
/// bytes of its operands (read) and results (written). Splat constants are
/// immediates: they cost nothing and reading them is free. For `hlo.fusion`
/// only its inputs and results move through memory.
OpCost computeOpCost(Operation *op);

} // namespace mlir::hlo

#endif // HLODIALECT_ANALYSIS_COSTMODEL_H
