//===- NarrowDots.h - bf16 and int8 dots on AMX and AVX-512 -*- C++ -*-===//
//
// Matrix products in narrow types (bf16 x bf16 -> f32, i8 x i8 -> i32) run
// on the x86 AMX tile unit where the target has it, else on AVX-512's dot
// instructions (vdpbf16ps of AVX512_BF16, vpdpbusd of AVX512_VNNI):
// hlo-vectorize keeps such a product as one `linalg.matmul` on its narrow
// operands (instead of widening them to f32, or a scalar integer generic),
// and after bufferization hlo-lower-vectors replaces that matmul by a tiled
// kernel (`amx` dialect tiles, or AVX-512 register tiles) with a packed
// (k-interleaved, "VNNI") right-hand side. Without the features, nothing
// changes: the portable f32 and integer paths stay.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_NARROWDOTS_H
#define HLODIALECT_TRANSFORMS_NARROWDOTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {

/// Which narrow-dot kernels a target can run, parsed from an LLVM feature
/// string ("+amx-tile,+amx-bf16,..."; later entries win).
struct NarrowDotFeatures {
  bool amxBf16 = false;    // amx-tile and amx-bf16: tdpbf16ps
  bool amxInt8 = false;    // amx-tile and amx-int8: tdpbssd
  bool avx512Bf16 = false; // avx512bf16: vdpbf16ps
  bool avx512Vnni = false; // avx512vnni: vpdpbusd

  static NarrowDotFeatures parse(StringRef features);
  /// The first comma-separated entry of `features` that is not "+name" or
  /// "-name", or an empty string when all are.
  static StringRef findMalformedEntry(StringRef features);
  bool any() const { return bf16() || int8(); }
  bool anyAmx() const { return amxBf16 || amxInt8; }
  /// Whether a bf16 x bf16 -> f32 / i8 x i8 -> i32 kernel exists.
  bool bf16() const { return amxBf16 || avx512Bf16; }
  bool int8() const { return amxInt8 || avx512Vnni; }
};

/// On tensors, before vectorization: a matmul whose operands are bf16
/// tensors widened to f32 (through one slice at most), or an i8 x i8 -> i32
/// contraction generic with a matmul's indexing maps, becomes a
/// `linalg.matmul` of the narrow operands, which hlo-vectorize leaves to
/// the kernel of populateHloNarrowDotKernelPatterns. Fails (changing
/// nothing) for other ops or when `features` lacks the kernel.
LogicalResult narrowDotOperands(RewriterBase &rewriter, linalg::LinalgOp op,
                                const NarrowDotFeatures &features);

/// On buffers: `linalg.matmul` of static bf16 x bf16 -> f32 or i8 x i8 ->
/// i32 memrefs (default maps, signed casts, unit innermost strides) becomes
/// the AMX kernel (operands padded to whole tiles where needed, B packed
/// into k-interleaved panels, 2x2 blocks of 16x16 accumulator tiles) or,
/// for the types AMX lacks on the target, the AVX-512 kernel (the same
/// panels, register tiles of 8 x 32 results).
void populateHloNarrowDotKernelPatterns(RewritePatternSet &patterns,
                                        const NarrowDotFeatures &features);

} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_NARROWDOTS_H
