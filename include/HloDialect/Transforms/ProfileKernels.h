//===- ProfileKernels.h - the contract of hlo-profile-kernels ---*- C++ -*-===//
//
// hlo-profile-kernels brackets every call of an outlined kernel with
// `hlo_profile_enter(id)` and `hlo_profile_exit(id)` (i64 ids) and lists the
// kernels, in id order, in the module attribute `hlo.profile.kernels`, each
// entry "<function name>\t<what it computes>". The tool running the module
// defines the two hooks (hlo-runner --profile: lib/Runner/Profiler.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_PROFILEKERNELS_H
#define HLODIALECT_TRANSFORMS_PROFILEKERNELS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::hlo {
inline constexpr llvm::StringLiteral kProfileKernelsAttrName =
    "hlo.profile.kernels";
inline constexpr llvm::StringLiteral kProfileEnterHook = "hlo_profile_enter";
inline constexpr llvm::StringLiteral kProfileExitHook = "hlo_profile_exit";
} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_PROFILEKERNELS_H
