//===- HostTensor.cpp - a dense tensor in host memory ---------------------===//

#include "HloDialect/Runner/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <functional>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// Buffers from this size on start at a transparent huge page and the
/// kernel is asked to back them with huge pages (madvise: most
/// distributions enable THP on request only): a memory-bound loop over
/// several large arrays then walks one page table entry per 2 MiB instead
/// of per 4 KiB, and the hardware prefetchers, which stop at page
/// boundaries, run on. The size is not padded to a whole huge page (a
/// tensor just over 2 MiB would take twice its memory): the tail, less
/// than one, stays on small pages.
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kVectorAlign = 64;

char *allocateZeroed(size_t n) {
  size_t align = n >= kHugePage ? kHugePage : kVectorAlign;
  // Whole vectors: the compiled code may load the last one in full.
  size_t padded = (std::max<size_t>(n, 1) + kVectorAlign - 1) /
                  kVectorAlign * kVectorAlign;
  void *p = nullptr;
  if (posix_memalign(&p, align, padded) != 0 || !p)
    llvm::report_bad_alloc_error("out of memory allocating a tensor");
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage)
    (void)madvise(p, padded, MADV_HUGEPAGE);
#endif
  std::memset(p, 0, padded);
  return static_cast<char *>(p);
}
} // namespace

void HostTensor::AlignedBytes::resize(size_t n) {
  char *fresh = allocateZeroed(n);
  std::free(pointer);
  pointer = fresh;
  length = n;
}

HostTensor::AlignedBytes::AlignedBytes(const AlignedBytes &other) {
  if (!other.pointer)
    return;
  resize(other.length);
  std::memcpy(pointer, other.pointer, length);
}

HostTensor::AlignedBytes::AlignedBytes(AlignedBytes &&other) noexcept
    : pointer(other.pointer), length(other.length) {
  other.pointer = nullptr;
  other.length = 0;
}

HostTensor::AlignedBytes &
HostTensor::AlignedBytes::operator=(AlignedBytes other) noexcept {
  std::swap(pointer, other.pointer);
  std::swap(length, other.length);
  return *this;
}

HostTensor::AlignedBytes::~AlignedBytes() { std::free(pointer); }

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
/// The element at `p` of scalar type `type` (not complex) as an attribute.
Attribute scalarAttr(Type type, const char *p) {
  size_t size = HostTensor::getStorageSize(type);
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(
        floatType, APFloat(floatType.getFloatSemantics(),
                           loadBits(p, floatType.getWidth(), size)));
  auto intType = cast<IntegerType>(type);
  return IntegerAttr::get(intType, loadBits(p, intType.getWidth(), size));
}

/// Prints one scalar attribute as MLIR does inside a `dense<...>`.
void printScalarAttr(llvm::raw_ostream &os, Attribute attr) {
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    if (integer.getType().isInteger(1))
      os << (integer.getValue().isZero() ? "false" : "true");
    else if (integer.getType().isUnsignedInteger())
      os << integer.getValue().getZExtValue();
    else
      os << integer.getValue().getSExtValue();
    return;
  }
  attr.print(os, /*elideType=*/true);
}
} // namespace

DenseElementsAttr HostTensor::toAttr() const {
  Type element = getElementType();
  size_t elementSize = getElementSize();
  int64_t count = getNumElements();
  if (auto complex = dyn_cast<ComplexType>(element)) {
    auto partType = cast<FloatType>(complex.getElementType());
    size_t half = elementSize / 2;
    SmallVector<std::complex<APFloat>> values;
    for (int64_t i = 0; i < count; ++i) {
      const char *p = data() + i * elementSize;
      values.emplace_back(
          cast<FloatAttr>(scalarAttr(partType, p)).getValue(),
          cast<FloatAttr>(scalarAttr(partType, p + half)).getValue());
    }
    return DenseElementsAttr::get(type, values);
  }
  SmallVector<Attribute> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i)
    values.push_back(scalarAttr(element, data() + i * elementSize));
  return DenseElementsAttr::get(type, values);
}

void HostTensor::printAsInterpreter(llvm::raw_ostream &os) const {
  ArrayRef<int64_t> shape = getShape();
  Type element = getElementType();
  size_t elementSize = getElementSize();
  auto printOne = [&](int64_t index) {
    const char *p = data() + index * elementSize;
    if (auto complex = dyn_cast<ComplexType>(element)) {
      size_t half = elementSize / 2;
      os << "[";
      printScalarAttr(os, scalarAttr(complex.getElementType(), p));
      os << ", ";
      printScalarAttr(os, scalarAttr(complex.getElementType(), p + half));
      os << "]";
      return;
    }
    printScalarAttr(os, scalarAttr(element, p));
  };
  os << type << " {";
  if (shape.empty()) {
    printOne(0);
    os << "}";
    return;
  }
  int64_t index = 0;
  // The innermost dimension on one line, each outer one bracketing its
  // rows on lines of their own, indented two spaces per level.
  std::function<void(size_t, unsigned)> print = [&](size_t dim,
                                                    unsigned indent) {
    os.indent(indent) << "[";
    if (dim + 1 == shape.size() || shape[dim] == 0) {
      for (int64_t i = 0; dim + 1 == shape.size() && i < shape[dim]; ++i) {
        if (i)
          os << ", ";
        printOne(index++);
      }
      os << "]";
      return;
    }
    os << "\n";
    for (int64_t i = 0; i < shape[dim]; ++i) {
      if (i)
        os << ",\n";
      print(dim + 1, indent + 2);
    }
    os << "\n";
    os.indent(indent) << "]";
  };
  os << "\n";
  print(0, 2);
  os << "\n}";
}

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
