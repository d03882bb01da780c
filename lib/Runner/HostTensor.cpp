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

HostTensor HostTensor::makeDeterministic(RankedTensorType type,
                                         uint64_t seed) {
  HostTensor tensor(type);
  Type elementType = type.getElementType();
  Type scalarType = elementType;
  int64_t parts = 1;
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    scalarType = complex.getElementType();
    parts = 2;
  }
  size_t size = getStorageSize(scalarType);
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  auto next = [&]() {
    // splitmix64
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  char *p = tensor.data();
  for (int64_t i = 0, e = type.getNumElements() * parts; i < e; ++i, p += size) {
    uint64_t bits = next();
    if (auto floatType = dyn_cast<FloatType>(scalarType)) {
      double value = static_cast<double>(bits >> 11) * 0x1.0p-53 * 2.0 - 1.0;
      APFloat f(value);
      bool losesInfo;
      f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &losesInfo);
      uint64_t raw = f.bitcastToAPInt().getZExtValue();
      std::memcpy(p, &raw, size);
    } else if (scalarType.isInteger(1)) {
      *p = static_cast<char>(bits & 1);
    } else {
      uint64_t raw = bits % 64;
      std::memcpy(p, &raw, size);
    }
  }
  return tensor;
}
