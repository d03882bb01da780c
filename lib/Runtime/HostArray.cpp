//===- HostArray.cpp - arrays in host memory and .npy files ---------------===//
//
// .npy format: "\x93NUMPY", major and minor version bytes, the header length
// (u16 for version 1, u32 for 2 and 3), then a Python dict literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } padded with
// spaces and '\n' so that the data starts at a multiple of 64 bytes.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/HostArray.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>

#include <unistd.h>

using namespace hlo::runtime;

namespace {

/// Compiled CPU code may write whole aligned cache lines.
constexpr size_t kAlignment = 64;

template <typename T> T load(const void *data, int64_t index) {
  T value;
  std::memcpy(&value, static_cast<const char *>(data) + index * sizeof(T),
              sizeof(T));
  return value;
}

template <typename T> void store(void *data, int64_t index, T value) {
  std::memcpy(static_cast<char *>(data) + index * sizeof(T), &value, sizeof(T));
}

/// splitmix64: small, fast and good enough for test inputs.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// A uniform double in [-1, 1) from the top 53 bits.
double toSignedUnit(uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-52 - 1.0;
}

std::string formatDouble(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6g", value);
  return text;
}

/// The value of `key` in an .npy header dict: the text after `'key':` up to
/// the next comma outside parentheses, or the closing brace.
bool headerValue(std::string_view header, std::string_view key,
                 std::string_view &value) {
  std::string quoted = "'" + std::string(key) + "'";
  size_t position = header.find(quoted);
  if (position == std::string_view::npos)
    return false;
  position = header.find(':', position + quoted.size());
  if (position == std::string_view::npos)
    return false;
  size_t start = position + 1;
  int depth = 0;
  size_t end = start;
  for (; end < header.size(); ++end) {
    char c = header[end];
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if ((c == ',' && depth == 0) || (c == '}' && depth == 0))
      break;
  }
  value = header.substr(start, end - start);
  while (!value.empty() && value.front() == ' ')
    value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ')
    value.remove_suffix(1);
  return true;
}

std::unique_ptr<HostArray> npyError(std::string &error,
                                    const std::string &message) {
  error = "invalid .npy: " + message;
  return nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// Half and bfloat16
//===----------------------------------------------------------------------===//

float hlo::runtime::halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0) {
    float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  uint32_t result = exponent == 0x1f
                        ? sign | 0x7f800000 | (mantissa << 13)
                        : sign | ((exponent + 112) << 23) | (mantissa << 13);
  float value;
  std::memcpy(&value, &result, sizeof(value));
  return value;
}

uint16_t hlo::runtime::floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint16_t sign = (bits >> 16) & 0x8000;
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude >= 0x7f800000) // inf or nan
    return sign | (magnitude > 0x7f800000 ? 0x7e00 : 0x7c00);
  if (magnitude >= 0x477ff000) // 65520 and above round to inf
    return sign | 0x7c00;
  if (magnitude < 0x38800000) { // below 2^-14: subnormal or zero
    float absolute;
    std::memcpy(&absolute, &magnitude, sizeof(absolute));
    return sign | static_cast<uint16_t>(std::nearbyint(absolute * 0x1.0p24f));
  }
  uint32_t rebiased = magnitude - 0x38000000;
  rebiased += 0xfff + ((rebiased >> 13) & 1);
  return sign | static_cast<uint16_t>(rebiased >> 13);
}

float hlo::runtime::bfloat16ToFloat(uint16_t bits) {
  uint32_t widened = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &widened, sizeof(value));
  return value;
}

uint16_t hlo::runtime::floatToBfloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((bits >> 16) | 0x40); // quiet nan
  bits += 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

//===----------------------------------------------------------------------===//
// HostArray
//===----------------------------------------------------------------------===//

HostArray::HostArray(TensorType type) : arrayType(std::move(type)) {
  size_t bytes = (byteSize() + kAlignment - 1) / kAlignment * kAlignment;
  if (bytes == 0)
    bytes = kAlignment;
  storage.reset(std::aligned_alloc(kAlignment, bytes));
  if (!storage)
    throw std::bad_alloc();
  std::memset(storage.get(), 0, bytes);
}

double HostArray::elementAsDouble(int64_t index) const {
  const ElementType &element = *arrayType.elementType;
  const void *base = data();
  switch (element.kind) {
  case ElementKind::Bool:
    return load<uint8_t>(base, index) != 0;
  case ElementKind::Signed:
    switch (element.byteSize) {
    case 1:
      return load<int8_t>(base, index);
    case 2:
      return load<int16_t>(base, index);
    case 4:
      return load<int32_t>(base, index);
    default:
      return static_cast<double>(load<int64_t>(base, index));
    }
  case ElementKind::Unsigned:
    switch (element.byteSize) {
    case 1:
      return load<uint8_t>(base, index);
    case 2:
      return load<uint16_t>(base, index);
    case 4:
      return load<uint32_t>(base, index);
    default:
      return static_cast<double>(load<uint64_t>(base, index));
    }
  case ElementKind::Float:
    if (element.byteSize == 2)
      return halfToFloat(load<uint16_t>(base, index));
    if (element.byteSize == 4)
      return load<float>(base, index);
    return load<double>(base, index);
  case ElementKind::BFloat:
    return bfloat16ToFloat(load<uint16_t>(base, index));
  case ElementKind::Complex:
    return element.byteSize == 8 ? load<float>(base, 2 * index)
                                 : load<double>(base, 2 * index);
  }
  return 0;
}

std::string HostArray::elementString(int64_t index) const {
  const ElementType &element = *arrayType.elementType;
  switch (element.kind) {
  case ElementKind::Bool:
    return load<uint8_t>(data(), index) ? "true" : "false";
  case ElementKind::Signed:
    if (element.byteSize == 8)
      return std::to_string(load<int64_t>(data(), index));
    return std::to_string(static_cast<int64_t>(elementAsDouble(index)));
  case ElementKind::Unsigned:
    if (element.byteSize == 8)
      return std::to_string(load<uint64_t>(data(), index));
    return std::to_string(static_cast<uint64_t>(elementAsDouble(index)));
  case ElementKind::Float:
  case ElementKind::BFloat:
    return formatDouble(elementAsDouble(index));
  case ElementKind::Complex: {
    double imaginary = element.byteSize == 8
                           ? load<float>(data(), 2 * index + 1)
                           : load<double>(data(), 2 * index + 1);
    return "(" + formatDouble(elementAsDouble(index)) + "," +
           formatDouble(imaginary) + ")";
  }
  }
  return "?";
}

void HostArray::fillPseudoRandom(uint64_t seed) {
  uint64_t state = seed;
  const ElementType &element = *arrayType.elementType;
  int64_t count = arrayType.numElements();
  void *base = data();
  for (int64_t i = 0; i < count; ++i) {
    uint64_t bits = nextRandom(state);
    switch (element.kind) {
    case ElementKind::Bool:
      store<uint8_t>(base, i, bits & 1);
      break;
    case ElementKind::Signed:
    case ElementKind::Unsigned: {
      // Little-endian: the low bytes of a small value are the value.
      uint64_t value = bits % 64;
      std::memcpy(static_cast<char *>(base) + i * element.byteSize, &value,
                  element.byteSize);
      break;
    }
    case ElementKind::Float:
      if (element.byteSize == 2)
        store<uint16_t>(base, i, floatToHalf(toSignedUnit(bits)));
      else if (element.byteSize == 4)
        store<float>(base, i, static_cast<float>(toSignedUnit(bits)));
      else
        store<double>(base, i, toSignedUnit(bits));
      break;
    case ElementKind::BFloat:
      store<uint16_t>(base, i, floatToBfloat16(toSignedUnit(bits)));
      break;
    case ElementKind::Complex: {
      double imaginary = toSignedUnit(nextRandom(state));
      if (element.byteSize == 8) {
        store<float>(base, 2 * i, static_cast<float>(toSignedUnit(bits)));
        store<float>(base, 2 * i + 1, static_cast<float>(imaginary));
      } else {
        store<double>(base, 2 * i, toSignedUnit(bits));
        store<double>(base, 2 * i + 1, imaginary);
      }
      break;
    }
    }
  }
}

std::string HostArray::summary(int count) const {
  int64_t total = arrayType.numElements();
  std::string text = arrayType.str() + " [";
  for (int64_t i = 0; i < total && i < count; ++i)
    text += (i ? ", " : "") + elementString(i);
  if (total > count)
    text += ", ...";
  double sum = 0;
  for (int64_t i = 0; i < total; ++i)
    sum += elementAsDouble(i);
  uint64_t hash = 0xcbf29ce484222325ull; // FNV-1a
  const auto *bytes = static_cast<const unsigned char *>(data());
  for (size_t i = 0; i < byteSize(); ++i)
    hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  char digest[64];
  std::snprintf(digest, sizeof(digest), "] sum=%.9g fnv1a=0x%016llx", sum,
                static_cast<unsigned long long>(hash));
  return text + digest;
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

std::unique_ptr<HostArray> hlo::runtime::parseNpy(std::string_view contents,
                                                  std::string &error) {
  const std::string_view magic("\x93NUMPY", 6);
  if (contents.substr(0, magic.size()) != magic)
    return npyError(error, "missing the \\x93NUMPY magic");
  if (contents.size() < 10)
    return npyError(error, "truncated header");
  auto major = static_cast<unsigned char>(contents[6]);
  size_t headerLength, headerStart;
  const auto *bytes = reinterpret_cast<const unsigned char *>(contents.data());
  if (major == 1) {
    headerLength = bytes[8] | bytes[9] << 8;
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (contents.size() < 12)
      return npyError(error, "truncated header");
    headerLength = bytes[8] | bytes[9] << 8 | bytes[10] << 16 |
                   static_cast<size_t>(bytes[11]) << 24;
    headerStart = 12;
  } else {
    return npyError(error, "unsupported version " + std::to_string(major));
  }
  if (contents.size() < headerStart + headerLength)
    return npyError(error, "truncated header");
  std::string_view header = contents.substr(headerStart, headerLength);

  std::string_view descr, fortranOrder, shapeText;
  if (!headerValue(header, "descr", descr) ||
      !headerValue(header, "fortran_order", fortranOrder) ||
      !headerValue(header, "shape", shapeText))
    return npyError(error, "header lacks descr, fortran_order or shape");
  if (fortranOrder != "False")
    return npyError(error, "Fortran order is not supported");
  if (descr.size() < 2 || (descr.front() != '\'' && descr.front() != '"'))
    return npyError(error, "malformed descr " + std::string(descr));
  descr = descr.substr(1, descr.size() - 2);

  TensorType type;
  type.elementType = lookupNpyElementType(descr);
  if (!type.elementType)
    return npyError(error, "unsupported dtype '" + std::string(descr) + "'");
  // "(2, 3)", "(5,)" or "()".
  if (shapeText.size() < 2 || shapeText.front() != '(' ||
      shapeText.back() != ')')
    return npyError(error, "malformed shape " + std::string(shapeText));
  std::string dimensions(shapeText.substr(1, shapeText.size() - 2));
  std::string typeText = std::string(type.elementType->name) + "[";
  std::string separator;
  std::stringstream stream(dimensions);
  for (std::string item; std::getline(stream, item, ',');) {
    if (item.find_first_not_of(' ') == std::string::npos)
      continue; // the empty item after a trailing comma
    typeText += separator + item;
    separator = ",";
  }
  std::string typeError;
  if (!parseTensorType(typeText + "]", type, typeError))
    return npyError(error, "malformed shape " + std::string(shapeText));

  // The header may claim any shape: its size is checked against the data
  // before anything is allocated.
  uint64_t dataBytes = type.elementType->byteSize;
  for (int64_t dimension : type.shape)
    if (dimension < 0 ||
        __builtin_mul_overflow(dataBytes, static_cast<uint64_t>(dimension),
                               &dataBytes))
      return npyError(error, "shape " + std::string(shapeText) +
                                 " takes more bytes than a 64-bit size can "
                                 "count");
  std::string_view payload = contents.substr(headerStart + headerLength);
  if (payload.size() < dataBytes)
    return npyError(error, "expected " + std::to_string(dataBytes) +
                               " bytes of data, found " +
                               std::to_string(payload.size()));
  auto array = std::make_unique<HostArray>(type);
  std::memcpy(array->data(), payload.data(), array->byteSize());
  return array;
}

std::unique_ptr<HostArray> hlo::runtime::readNpyFile(const std::string &path,
                                                     std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot open " + path;
    return nullptr;
  }
  std::string contents((std::istreambuf_iterator<char>(file)),
                       std::istreambuf_iterator<char>());
  std::unique_ptr<HostArray> array = parseNpy(contents, error);
  if (!array)
    error = path + ": " + error;
  return array;
}

std::string hlo::runtime::serializeNpy(const HostArray &array) {
  const TensorType &type = array.type();
  std::string shape = "(";
  for (int64_t dimension : type.shape)
    shape += std::to_string(dimension) + ", ";
  if (type.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (type.shape.size() == 1)
    shape.pop_back(); // "(5,)"
  shape += ")";
  std::string header = "{'descr': '" + std::string(type.elementType->npyDescr) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Magic (6) + version (2) + length (2) + header + '\n' to a multiple of 64.
  size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string contents("\x93NUMPY\x01\x00", 8);
  contents += static_cast<char>(header.size() & 0xff);
  contents += static_cast<char>(header.size() >> 8);
  contents += header;
  contents.append(static_cast<const char *>(array.data()), array.byteSize());
  return contents;
}

bool hlo::runtime::writeNpyFile(const std::string &path, const HostArray &array,
                                std::string &error) {
  std::string temporary = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    std::string contents = serializeNpy(array);
    if (!file || !file.write(contents.data(), contents.size()) ||
        !file.flush()) {
      error = "cannot write " + temporary;
      std::remove(temporary.c_str());
      return false;
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + temporary + " to " + path + ": " +
            std::strerror(errno);
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

void hlo::runtime::keepLargeAllocationsInHeap() {
#if defined(__GLIBC__)
  // A fixed threshold also turns off glibc's adaptive one.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}
