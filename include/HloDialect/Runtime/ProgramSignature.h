//===- ProgramSignature.h - ahead-of-time program signatures ----*- C++ -*-===//
//
// A program compiled ahead of time is a shared object exporting
//
//   void hlo_aot_entry(void **buffers);
//   const char hlo_aot_signature[];
//
// where the signature reads "DEVICE;INPUTS;RESULTS", e.g.
// "cuda;f32[4,8],bf16[16],i1[];f32[4,8]": the device ("cuda" or "cpu"), then
// the comma-separated input and result types (either list may be empty).
// `buffers` holds the inputs, then the results: device pointers for "cuda",
// host pointers for "cpu". This header is free of MLIR and LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNTIME_PROGRAMSIGNATURE_H
#define HLODIALECT_RUNTIME_PROGRAMSIGNATURE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hlo::runtime {

enum class ElementKind { Bool, Signed, Unsigned, Float, BFloat, Complex };

/// An element type of the signature language; each exists once, so they
/// compare by address.
struct ElementType {
  /// The canonical spelling: pred, i8..i64, ui8..ui64, f16, bf16, f32, f64,
  /// c64, c128.
  const char *name;
  ElementKind kind;
  /// Bytes per element (both parts of a complex number).
  unsigned byteSize;
  /// The NumPy dtype descriptor (.npy files): bf16, which NumPy lacks, is
  /// written as two raw bytes ('<V2'), as ml_dtypes' bfloat16 saves.
  const char *npyDescr;
};

/// The element type spelled `name` (canonical names, and the aliases i1 for
/// pred, complex64 and complex128), or null.
const ElementType *lookupElementType(std::string_view name);

/// The element type of a .npy dtype descriptor ('<f4', '|b1', ...), or null.
const ElementType *lookupNpyElementType(std::string_view descr);

/// A statically shaped dense array type: `f32[4,8]`, or `f32[]` (rank 0).
struct TensorType {
  const ElementType *elementType = nullptr;
  std::vector<int64_t> shape;

  int64_t numElements() const;
  size_t byteSize() const { return numElements() * elementType->byteSize; }
  std::string str() const;
  bool operator==(const TensorType &other) const {
    return elementType == other.elementType && shape == other.shape;
  }
  bool operator!=(const TensorType &other) const { return !(*this == other); }
};

struct ProgramSignature {
  std::string device;
  std::vector<TensorType> inputs;
  std::vector<TensorType> results;

  std::string str() const;
};

/// Parses one tensor type (`bf16[16]`). On failure returns false and sets
/// `error`.
bool parseTensorType(std::string_view text, TensorType &type,
                     std::string &error);

/// Parses a whole signature. On failure returns false and sets `error` to a
/// message naming what was expected.
bool parseProgramSignature(std::string_view text, ProgramSignature &signature,
                           std::string &error);

} // namespace hlo::runtime

#endif // HLODIALECT_RUNTIME_PROGRAMSIGNATURE_H
