//===- ExpandRng.h - random number ops as integer hlo ops -------*- C++ -*-===//
//
// Expands hlo.rng_bit_generator into the integer hlo ops XLA's
// RngBitGeneratorExpander produces (Threefry-2x32-20 and Philox-4x32-10 of
// xla/hlo/builder/lib/prng.cc, with its state layouts and output packing),
// so results agree bit for bit with XLA:CPU, and hlo.rng into XLA's
// RngExpander distributions over an hlo.rng_bit_generator (PHILOX) whose
// key is fixed per op.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_EXPANDRNG_H
#define HLODIALECT_TRANSFORMS_EXPANDRNG_H

#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>

namespace mlir {
class Operation;
class RewritePatternSet;
class RewriterBase;
namespace hlo {
class RngBitGeneratorOp;
class RngOp;

/// Why `op` (an hlo.rng_bit_generator or hlo.rng) cannot be expanded (a
/// dynamic shape, an element type without a bit pattern of 2..64 bits), or
/// the empty string when it can.
std::string getRngExpansionBlocker(Operation *op);

/// Replaces `op` with integer hlo ops computing XLA's bits. Fails, changing
/// nothing, when getRngExpansionBlocker(op) is not empty.
LogicalResult expandRngBitGenerator(RewriterBase &rewriter,
                                    RngBitGeneratorOp op);

/// Replaces `op` with XLA's distribution formulas over an
/// hlo.rng_bit_generator (PHILOX) whose 3-element state is
/// `[kRngKey, 0, stream]`: distinct streams give independent numbers.
/// Fails, changing nothing, when getRngExpansionBlocker(op) is not empty.
LogicalResult expandRng(RewriterBase &rewriter, RngOp op, uint64_t stream);

/// The key of the Philox streams that hlo.rng draws from.
constexpr uint64_t kRngKey = 0x2545f4914f6cdd1dULL;

/// The patterns of `hlo-expand-rng`: one per op. The hlo.rng pattern numbers
/// the ops it rewrites 0, 1, 2, ... in the order the driver visits them
/// (the pass itself numbers them in program order).
void populateHloExpandRngPatterns(RewritePatternSet &patterns);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_EXPANDRNG_H
