//===- Npy.cpp - reading and writing NumPy .npy files ---------------------===//
//
// Format: "\x93NUMPY", major, minor, header length (u16 for v1, u32 for
// v2/v3), then a Python dict literal {'descr': '<f4', 'fortran_order':
// False, 'shape': (2, 3), } padded with spaces and '\n' to a multiple of 64
// bytes, then the raw data.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runner/Npy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::hlo;

namespace {
llvm::Error npyError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid .npy: " + message);
}

Type typeForDescriptor(StringRef descr, MLIRContext *context) {
  Builder b(context);
  if (descr.size() < 3)
    return {};
  char order = descr[0];
  // Single-byte types may say '|'; multi-byte ones must be little-endian.
  if (order == '>')
    return {};
  char kind = descr[1];
  unsigned size;
  if (descr.drop_front(2).getAsInteger(10, size))
    return {};
  if (size > 1 && order != '<' && order != '=')
    return {};
  switch (kind) {
  case 'b':
    return size == 1 ? b.getI1Type() : Type();
  case 'i':
    return size <= 8 ? b.getIntegerType(size * 8) : Type();
  case 'u':
    return size <= 8 ? b.getIntegerType(size * 8, /*isSigned=*/false) : Type();
  case 'f':
    if (size == 2)
      return b.getF16Type();
    if (size == 4)
      return b.getF32Type();
    if (size == 8)
      return b.getF64Type();
    return {};
  case 'V':
    // numpy has no bfloat16: ml_dtypes (what JAX uses) saves it as raw
    // 2-byte records.
    return size == 2 ? b.getBF16Type() : Type();
  case 'c':
    if (size == 8)
      return ComplexType::get(b.getF32Type());
    if (size == 16)
      return ComplexType::get(b.getF64Type());
    return {};
  default:
    return {};
  }
}

/// The value of `key` in the header dict: the text after `'key':` up to the
/// next top-level comma or the closing brace.
std::optional<StringRef> headerValue(StringRef header, StringRef key) {
  std::string quoted = ("'" + key + "'").str();
  size_t pos = header.find(quoted);
  if (pos == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(pos + quoted.size()).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  rest = rest.ltrim();
  if (rest.starts_with("(")) {
    size_t close = rest.find(')');
    if (close == StringRef::npos)
      return std::nullopt;
    return rest.take_front(close + 1);
  }
  size_t end = rest.find_first_of(",}");
  return rest.take_front(end).rtrim();
}
} // namespace

std::string hlo::getNpyDescriptor(Type elementType) {
  if (elementType.isInteger(1))
    return "|b1";
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    unsigned w = intType.getWidth();
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return "";
    std::string kind = intType.isUnsigned() ? "u" : "i";
    return (w == 8 ? "|" : "<") + kind + std::to_string(w / 8);
  }
  if (elementType.isF16())
    return "<f2";
  if (elementType.isBF16())
    return "<V2";
  if (elementType.isF32())
    return "<f4";
  if (elementType.isF64())
    return "<f8";
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    if (complex.getElementType().isF32())
      return "<c8";
    if (complex.getElementType().isF64())
      return "<c16";
  }
  return "";
}

llvm::Expected<HostTensor> hlo::parseNpy(StringRef contents,
                                         MLIRContext *context) {
  if (!contents.consume_front("\x93NUMPY"))
    return npyError("missing the \\x93NUMPY magic");
  if (contents.size() < 2)
    return npyError("truncated header");
  unsigned major = static_cast<unsigned char>(contents[0]);
  contents = contents.drop_front(2);
  size_t headerLength;
  if (major == 1) {
    if (contents.size() < 2)
      return npyError("truncated header");
    headerLength = static_cast<unsigned char>(contents[0]) |
                   (static_cast<unsigned char>(contents[1]) << 8);
    contents = contents.drop_front(2);
  } else if (major == 2 || major == 3) {
    if (contents.size() < 4)
      return npyError("truncated header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength = (headerLength << 8) | static_cast<unsigned char>(contents[i]);
    contents = contents.drop_front(4);
  } else {
    return npyError("unsupported version " + llvm::Twine(major));
  }
  if (contents.size() < headerLength)
    return npyError("truncated header");
  StringRef header = contents.take_front(headerLength);
  StringRef payload = contents.drop_front(headerLength);

  std::optional<StringRef> descr = headerValue(header, "descr");
  std::optional<StringRef> fortran = headerValue(header, "fortran_order");
  std::optional<StringRef> shapeText = headerValue(header, "shape");
  if (!descr || !fortran || !shapeText)
    return npyError("header lacks descr, fortran_order or shape");
  if (*fortran != "False")
    return npyError("Fortran-order arrays are not supported");
  StringRef descrValue = descr->trim("'\" ");
  Type elementType = typeForDescriptor(descrValue, context);
  if (!elementType)
    return npyError("unsupported dtype '" + descrValue + "'");

  SmallVector<int64_t> shape;
  StringRef dims = shapeText->trim("() ");
  while (!dims.empty()) {
    auto [dim, rest] = dims.split(',');
    dim = dim.trim();
    if (!dim.empty()) {
      int64_t size;
      if (dim.getAsInteger(10, size) || size < 0)
        return npyError("bad shape '" + *shapeText + "'");
      shape.push_back(size);
    }
    dims = rest;
  }
  // The header's shape is checked against the data before anything is
  // allocated: a header may claim any size.
  int64_t expected = HostTensor::getStorageSize(elementType);
  for (int64_t size : shape)
    if (llvm::MulOverflow(expected, size, expected))
      return npyError("shape '" + *shapeText +
                      "' takes more bytes than a 64-bit size can count");
  if (payload.size() != static_cast<uint64_t>(expected))
    return npyError("expected " + llvm::Twine(expected) +
                    " bytes of data, found " + llvm::Twine(payload.size()));
  HostTensor tensor(RankedTensorType::get(shape, elementType));
  std::memcpy(tensor.data(), payload.data(), payload.size());
  return tensor;
}

llvm::Expected<HostTensor> hlo::readNpyFile(StringRef path,
                                            MLIRContext *context) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read '" + path + "'");
  auto tensor = parseNpy((*buffer)->getBuffer(), context);
  if (!tensor)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + llvm::toString(tensor.takeError()));
  return tensor;
}

llvm::Expected<std::string> hlo::serializeNpy(const HostTensor &tensor) {
  std::string descr = getNpyDescriptor(tensor.getElementType());
  if (descr.empty()) {
    std::string typeName;
    llvm::raw_string_ostream os(typeName);
    os << tensor.getElementType();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no .npy dtype for element type " + typeName);
  }
  ArrayRef<int64_t> shape = tensor.getShape();
  std::string shapeText = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    shapeText += (i ? ", " : "") + std::to_string(d);
  shapeText += shape.size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + shapeText;
  header += ", }";
  // Pad with spaces so that magic + version + length + header + '\n' is a
  // multiple of 64 bytes.
  size_t total = 6 + 2 + 2 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += static_cast<char>(1);
  out += static_cast<char>(0);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  out.append(tensor.data(), tensor.sizeInBytes());
  return out;
}

llvm::Error hlo::writeNpyFile(StringRef path, const HostTensor &tensor) {
  auto contents = serializeNpy(tensor);
  if (!contents)
    return contents.takeError();
  // Through a temporary file renamed over `path`: an interrupted or failed
  // write leaves no truncated .npy.
  if (llvm::Error error =
          llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
            os << *contents;
            return llvm::Error::success();
          }))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '" + path +
                                       "': " + llvm::toString(std::move(error)));
  return llvm::Error::success();
}
