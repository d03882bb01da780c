//===- HostTensor.h - a dense tensor in host memory -------------*- C++ -*-===//
//
// The runner's unit of data: a row-major buffer with an MLIR element type and
// a shape, read from and written to .npy files and passed to compiled code.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_HOSTTENSOR_H
#define HLODIALECT_RUNNER_HOSTTENSOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace mlir::hlo {

class HostTensor {
public:
  HostTensor() = default;
  /// A zero-filled tensor of `type` (which must have a static shape).
  explicit HostTensor(RankedTensorType type);

  RankedTensorType getType() const { return type; }
  Type getElementType() const { return type.getElementType(); }
  ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getNumElements() const { return type.getNumElements(); }
  /// Bytes per element in memory (sub-byte integer and float types use one
  /// byte per element, as the LLVM lowering stores them).
  size_t getElementSize() const { return getStorageSize(getElementType()); }

  char *data() { return bytes.data(); }
  const char *data() const { return bytes.data(); }
  size_t sizeInBytes() const { return bytes.size(); }

  /// Prints the values as nested brackets, e.g. `[[1, 2], [3, 4]]`.
  void printValues(llvm::raw_ostream &os) const;
  /// Prints the element at flat (row-major) index `index`.
  void printElement(llvm::raw_ostream &os, int64_t index) const;

  /// The values as an attribute (for printing them as MLIR does).
  DenseElementsAttr toAttr() const;
  /// Prints the values as StableHLO's reference interpreter does
  /// (`stablehlo-translate --interpret`): the type, then the elements as
  /// MLIR prints attributes, nested one dimension per line, e.g.
  /// `tensor<2x2xi8> {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}`.
  void printAsInterpreter(llvm::raw_ostream &os) const;

  static size_t getStorageSize(Type elementType);

  /// A tensor of `type` filled with deterministic pseudo-random values that
  /// depend on `seed`: floats (and complex parts) in [-1, 1), integers in
  /// [0, 64), booleans either way. For benchmarks that need no input files.
  static HostTensor makeDeterministic(RankedTensorType type, uint64_t seed);

private:
  RankedTensorType type;
  // Zero-filled storage aligned for the compiled code's vector loads (64
  // bytes, zeroed up to a whole vector); a large one on transparent huge
  // pages (HostTensor.cpp).
  class AlignedBytes {
  public:
    AlignedBytes() = default;
    AlignedBytes(const AlignedBytes &other);
    AlignedBytes(AlignedBytes &&other) noexcept;
    AlignedBytes &operator=(AlignedBytes other) noexcept;
    ~AlignedBytes();
    char *data() { return pointer; }
    const char *data() const { return pointer; }
    size_t size() const { return length; }
    void resize(size_t n);

  private:
    char *pointer = nullptr;
    size_t length = 0;
  } bytes;
};

} // namespace mlir::hlo

#endif // HLODIALECT_RUNNER_HOSTTENSOR_H
