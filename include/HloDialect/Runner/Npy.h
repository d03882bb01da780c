//===- Npy.h - reading and writing NumPy .npy files -------------*- C++ -*-===//

#ifndef HLODIALECT_RUNNER_NPY_H
#define HLODIALECT_RUNNER_NPY_H

#include "HloDialect/Runner/HostTensor.h"
#include "llvm/Support/Error.h"

namespace mlir::hlo {

/// Parses a version 1, 2 or 3 .npy file in C order. Supported dtypes: bool,
/// int8..int64, uint8..uint64, float16/32/64, complex64/128 (little-endian).
llvm::Expected<HostTensor> parseNpy(llvm::StringRef contents,
                                    MLIRContext *context);
llvm::Expected<HostTensor> readNpyFile(llvm::StringRef path,
                                       MLIRContext *context);

/// Serializes `tensor` as a version 1 .npy file; fails for element types
/// NumPy has no dtype for (bf16, f8, i4, ...).
llvm::Expected<std::string> serializeNpy(const HostTensor &tensor);
llvm::Error writeNpyFile(llvm::StringRef path, const HostTensor &tensor);

/// The NumPy dtype descriptor of `elementType` ("<f4", "|b1", ...), or an
/// empty string if there is none.
std::string getNpyDescriptor(Type elementType);

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_NPY_H
