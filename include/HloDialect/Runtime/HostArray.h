//===- HostArray.h - host arrays and .npy files -----------------*- C++ -*-===//
//
// The host side of running an ahead-of-time program: dense row-major arrays
// (64-byte aligned, as compiled CPU code requires), read from and written to
// NumPy .npy files, filled with deterministic pseudo-random values, and
// summarized for printing. Free of MLIR and LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNTIME_HOSTARRAY_H
#define HLODIALECT_RUNTIME_HOSTARRAY_H

#include "HloDialect/Runtime/ProgramSignature.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace hlo::runtime {

/// Makes the C heap keep freed large blocks for reuse instead of returning
/// them to the system (glibc: no mmap threshold, no trimming). Compiled
/// programs malloc their intermediate buffers on every run; glibc serves
/// blocks above its mmap threshold (adaptive, at most 32 MiB) with a fresh
/// mmap each time, so every run page-faults its buffers in again: 4 ms of a
/// 9 ms transformer training step. Tools that run programs repeatedly call
/// this once at start-up; elsewhere (and off glibc) it does nothing.
void keepLargeAllocationsInHeap();

class HostArray {
public:
  /// A zero-filled array of `type`; throws std::bad_alloc when there is not
  /// enough memory.
  explicit HostArray(TensorType type);

  const TensorType &type() const { return arrayType; }
  void *data() { return storage.get(); }
  const void *data() const { return storage.get(); }
  size_t byteSize() const { return arrayType.byteSize(); }

  /// Gives the bytes another element type of the same size (bf16 read from
  /// a file of raw ui16 bits).
  void reinterpretAs(const ElementType *elementType) {
    if (elementType->byteSize == arrayType.elementType->byteSize)
      arrayType.elementType = elementType;
  }

  /// Element `index` as a double (the real part of a complex number).
  double elementAsDouble(int64_t index) const;
  /// Element `index` as text: integers exactly, floats with 6 significant
  /// digits, complex numbers as (re,im).
  std::string elementString(int64_t index) const;

  /// Fills the array with values that depend only on `seed`: floats
  /// uniformly in [-1, 1), integers in [0, 64), booleans 0 or 1.
  void fillPseudoRandom(uint64_t seed);

  /// "f32[4,8] [0.5, -0.25, ...] sum=... fnv1a=0x...": the type, the first
  /// `count` elements, the sum of the (real parts of the) elements and a hash
  /// of the bytes.
  std::string summary(int count = 8) const;

private:
  struct Free {
    void operator()(void *pointer) const { std::free(pointer); }
  };
  TensorType arrayType;
  std::unique_ptr<void, Free> storage;
};

/// Parses the contents of a version 1, 2 or 3 .npy file in C order and
/// little-endian byte order; null with `error` set on failure.
std::unique_ptr<HostArray> parseNpy(std::string_view contents,
                                    std::string &error);
std::unique_ptr<HostArray> readNpyFile(const std::string &path,
                                       std::string &error);

/// Serializes `array` as a version 1 .npy file.
std::string serializeNpy(const HostArray &array);
/// Writes through a temporary file renamed into place, so that readers
/// never see a partial file. Returns false with `error` set on failure.
bool writeNpyFile(const std::string &path, const HostArray &array,
                  std::string &error);

/// IEEE half and bfloat16 conversions (round to nearest even).
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
float bfloat16ToFloat(uint16_t bits);
uint16_t floatToBfloat16(float value);

} // namespace hlo::runtime

#endif // HLODIALECT_RUNTIME_HOSTARRAY_H
