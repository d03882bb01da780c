//===- HloAliasing.h - input/output aliasing of entry functions -*- C++ -*-===//
//
// Buffer donation and input/output aliasing on a function's arguments (see
// docs/Dialects/HloOps.md, "Aliasing"):
//
//   hlo.result_alias = N   the argument's buffer is donated and becomes
//                          result N's (XLA's input_output_alias; StableHLO's
//                          `tf.aliasing_output = N` means the same)
//   hlo.must_alias         with hlo.result_alias: XLA's must-alias kind
//   hlo.buffer_donor       the buffer is donated, to any result of its type
//                          (XLA's buffer_donor; `jax.buffer_donor = true`)
//
//===----------------------------------------------------------------------===//

#ifndef HLO_DIALECT_HLO_IR_HLOALIASING_H
#define HLO_DIALECT_HLO_IR_HLOALIASING_H

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>

namespace mlir::hlo {

inline constexpr llvm::StringLiteral kResultAliasAttr = "hlo.result_alias";
inline constexpr llvm::StringLiteral kMustAliasAttr = "hlo.must_alias";
inline constexpr llvm::StringLiteral kBufferDonorAttr = "hlo.buffer_donor";
inline constexpr llvm::StringLiteral kTfAliasingOutputAttr =
    "tf.aliasing_output";
inline constexpr llvm::StringLiteral kJaxBufferDonorAttr = "jax.buffer_donor";

/// The result whose buffer argument `arg` of `func` is (hlo.result_alias or
/// tf.aliasing_output), if any (also when out of range: see verifyAliasing).
std::optional<int64_t> getResultAlias(FunctionOpInterface func, unsigned arg);

/// Whether argument `arg` is donated without a result named
/// (hlo.buffer_donor or jax.buffer_donor = true).
bool isBufferDonor(FunctionOpInterface func, unsigned arg);

/// For each result of `func`, the argument whose buffer it is, or -1.
SmallVector<int64_t> getAliasedArguments(FunctionOpInterface func);

/// Checks the aliasing attributes of argument `arg`: a result in range that
/// no other argument names, of the argument's type (shape and element type;
/// and layout where both have an `hlo.layout`). Errors at the function.
LogicalResult verifyArgumentAliasing(FunctionOpInterface func, unsigned arg);

/// verifyArgumentAliasing for every argument.
LogicalResult verifyAliasing(FunctionOpInterface func);

/// The terminator of `func`'s one block when an argument aliases a result,
/// `aliased` set as getAliasedArguments does; null when none does; failure
/// (an error at the function) when such a function has several blocks.
FailureOr<Operation *> getAliasedReturn(FunctionOpInterface func,
                                        SmallVectorImpl<int64_t> &aliased);

/// Gives each buffer donor the first result of its type that no argument's
/// buffer is yet (in argument order), as XLA matches donors to outputs: its
/// donor attribute becomes `hlo.result_alias`. Donors without a result of
/// their type stay donors.
void assignBufferDonors(FunctionOpInterface func);

/// For compilations whose ABI gives every result a buffer of its own
/// (`hlo-compile`'s objects, device programs), which ignore aliasing: a
/// must-alias pair (`hlo.must_alias`) cannot be honored, an error at the
/// function naming the argument and the compilation (`what`); other
/// aliasing and donations are hints XLA may decline too, ignored with one
/// warning at the function.
LogicalResult diagnoseIgnoredAliasing(FunctionOpInterface func,
                                      StringRef what);

} // namespace mlir::hlo

#endif // HLO_DIALECT_HLO_IR_HLOALIASING_H
