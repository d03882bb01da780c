//===- HostTensor.cpp - a dense tensor in host memory ---------------------===//

#include "HloDialect/Runner/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/Format.h"

#include <cstring>

using namespace mlir;
using namespace mlir::hlo;

void HostTensor::AlignedBytes::resize(size_t n) {
  constexpr size_t kAlign = 64;
  storage.assign(n + kAlign, 0);
  auto address = reinterpret_cast<uintptr_t>(storage.data());
  offset = (kAlign - address % kAlign) % kAlign;
  length = n;
}

HostTensor::HostTensor(RankedTensorType type) : type(type) {
  bytes.resize(getStorageSize(type.getElementType()) * type.getNumElements());
}

size_t HostTensor::getStorageSize(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getStorageSize(complex.getElementType());
  if (elementType.isIntOrFloat())
    return (elementType.getIntOrFloatBitWidth() + 7) / 8;
  return 0;
}

namespace {
APInt loadBits(const char *p, unsigned bitWidth, size_t size) {
  uint64_t raw = 0;
  std::memcpy(&raw, p, size); // little-endian host
  return APInt(bitWidth, raw, /*isSigned=*/false, /*implicitTrunc=*/true);
}

void printScalar(llvm::raw_ostream &os, Type type, const char *p) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    size_t half = HostTensor::getStorageSize(complex.getElementType());
    os << "(";
    printScalar(os, complex.getElementType(), p);
    os << ", ";
    printScalar(os, complex.getElementType(), p + half);
    os << ")";
    return;
  }
  size_t size = HostTensor::getStorageSize(type);
  if (auto floatType = dyn_cast<FloatType>(type)) {
    APFloat value(floatType.getFloatSemantics(),
                  loadBits(p, floatType.getWidth(), size));
    if (value.isNaN()) {
      os << "nan";
      return;
    }
    if (value.isInfinity()) {
      os << (value.isNegative() ? "-inf" : "inf");
      return;
    }
    bool losesInfo;
    (void)value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
    // Enough digits to round-trip the source format.
    os << llvm::format(floatType.getWidth() > 32 ? "%.17g" : "%.9g",
                       value.convertToDouble());
    return;
  }
  auto intType = cast<IntegerType>(type);
  APInt bits = loadBits(p, intType.getWidth(), size);
  if (intType.getWidth() == 1)
    os << (bits.isZero() ? "false" : "true");
  else if (intType.isUnsigned())
    os << bits.getZExtValue();
  else
    os << bits.getSExtValue();
}
} // namespace

void HostTensor::printElement(llvm::raw_ostream &os, int64_t index) const {
  printScalar(os, getElementType(), data() + index * getElementSize());
}

void HostTensor::printValues(llvm::raw_ostream &os) const {
  ArrayRef<int64_t> shape = getShape();
  size_t elementSize = getElementSize();
  int64_t index = 0;
  // Recursive descent over the dimensions in row-major order.
  std::function<void(size_t)> print = [&](size_t dim) {
    if (dim == shape.size()) {
      printScalar(os, getElementType(), data() + index * elementSize);
      ++index;
      return;
    }
    os << "[";
    for (int64_t i = 0; i < shape[dim]; ++i) {
      if (i)
        os << ", ";
      print(dim + 1);
    }
    os << "]";
  };
  print(0);
}
