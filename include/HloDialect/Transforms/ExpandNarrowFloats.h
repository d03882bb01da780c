//===- ExpandNarrowFloats.h - narrow float conversions ---------*- C++ -*-===//
//
// LLVM has no arithmetic on the narrow float formats of StableHLO (f8E4M3FN,
// f8E5M2, f8E4M3, f8E3M4, the FNUZ variants, f6 and f4 types):
// `arith-emulate-unsupported-floats` computes in f32 and leaves
// `arith.extf`/`arith.truncf` to and from the narrow type. These patterns
// rewrite those conversions into integer operations on the bit patterns, so
// that what reaches the LLVM conversion is only bitcasts between a narrow
// float and the integer of its width.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_EXPANDNARROWFLOATS_H
#define HLODIALECT_TRANSFORMS_EXPANDNARROWFLOATS_H

namespace mlir {
class RewritePatternSet;
class Type;
namespace hlo {

/// True for the float types these patterns expand: at most 8 bits wide,
/// with a sign bit and a zero (f8E8M0FNU, unsigned and without zero, is left
/// to `arith-expand`'s include-f8e8m0).
bool isExpandableNarrowFloat(Type type);

/// `arith.extf` from and `arith.truncf` (round to nearest even) to an
/// expandable narrow float, on scalars and vectors.
void populateExpandNarrowFloatPatterns(RewritePatternSet &patterns);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_EXPANDNARROWFLOATS_H
