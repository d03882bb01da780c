//===- ProgramSignature.cpp - signatures of ahead-of-time programs --------===//

#include "HloDialect/Runtime/ProgramSignature.h"

#include <limits>

using namespace hlo::runtime;

namespace {

const ElementType kElementTypes[] = {
    {"pred", ElementKind::Bool, 1, "|b1"},
    {"i8", ElementKind::Signed, 1, "|i1"},
    {"i16", ElementKind::Signed, 2, "<i2"},
    {"i32", ElementKind::Signed, 4, "<i4"},
    {"i64", ElementKind::Signed, 8, "<i8"},
    {"ui8", ElementKind::Unsigned, 1, "|u1"},
    {"ui16", ElementKind::Unsigned, 2, "<u2"},
    {"ui32", ElementKind::Unsigned, 4, "<u4"},
    {"ui64", ElementKind::Unsigned, 8, "<u8"},
    {"f16", ElementKind::Float, 2, "<f2"},
    {"bf16", ElementKind::BFloat, 2, "<V2"},
    {"f32", ElementKind::Float, 4, "<f4"},
    {"f64", ElementKind::Float, 8, "<f8"},
    {"c64", ElementKind::Complex, 8, "<c8"},
    {"c128", ElementKind::Complex, 16, "<c16"},
};

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() &&
         (text.back() == ' ' || text.back() == '\t' || text.back() == '\n'))
    text.remove_suffix(1);
  return text;
}

/// Splits `text` at the commas that are not inside brackets.
std::vector<std::string_view> splitTypeList(std::string_view text) {
  std::vector<std::string_view> items;
  if (trim(text).empty())
    return items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || (text[i] == ',' && depth == 0)) {
      items.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    } else if (text[i] == '[') {
      ++depth;
    } else if (text[i] == ']') {
      --depth;
    }
  }
  return items;
}

bool parseTypeList(std::string_view text, const char *what,
                   std::vector<TensorType> &types, std::string &error) {
  for (std::string_view item : splitTypeList(text)) {
    TensorType type;
    if (!parseTensorType(item, type, error)) {
      error =
          std::string(what) + " " + std::to_string(types.size()) + ": " + error;
      return false;
    }
    types.push_back(std::move(type));
  }
  return true;
}

std::string joinTypes(const std::vector<TensorType> &types) {
  std::string text;
  for (const TensorType &type : types)
    text += (text.empty() ? "" : ",") + type.str();
  return text;
}

} // namespace

const ElementType *hlo::runtime::lookupElementType(std::string_view name) {
  if (name == "i1")
    name = "pred";
  else if (name == "complex64")
    name = "c64";
  else if (name == "complex128")
    name = "c128";
  for (const ElementType &type : kElementTypes)
    if (name == type.name)
      return &type;
  return nullptr;
}

const ElementType *hlo::runtime::lookupNpyElementType(std::string_view descr) {
  // Little-endian ('<'), not applicable ('|', single bytes) or native ('=',
  // little-endian on every host we run on); big-endian data is not read.
  if (descr.size() < 2 ||
      std::string_view("<|=").find(descr[0]) == std::string_view::npos)
    return nullptr;
  descr = descr.substr(1);
  for (const ElementType &type : kElementTypes)
    if (descr == std::string_view(type.npyDescr).substr(1))
      return &type;
  return nullptr;
}

int64_t TensorType::numElements() const {
  int64_t count = 1;
  for (int64_t dimension : shape)
    count *= dimension;
  return count;
}

std::string TensorType::str() const {
  std::string text = elementType ? elementType->name : "?";
  text += "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "," : "") + std::to_string(shape[i]);
  return text + "]";
}

std::string ProgramSignature::str() const {
  return device + ";" + joinTypes(inputs) + ";" + joinTypes(results);
}

bool hlo::runtime::parseTensorType(std::string_view text, TensorType &type,
                                   std::string &error) {
  text = trim(text);
  size_t open = text.find('[');
  if (open == std::string_view::npos || text.back() != ']') {
    error = "expected a type like f32[4,8], found '" + std::string(text) + "'";
    return false;
  }
  std::string_view name = text.substr(0, open);
  type.elementType = lookupElementType(name);
  if (!type.elementType) {
    error = "unknown element type '" + std::string(name) + "'";
    return false;
  }
  type.shape.clear();
  std::string_view dimensions = text.substr(open + 1, text.size() - open - 2);
  if (trim(dimensions).empty())
    return true;
  int64_t elements = 1;
  size_t start = 0;
  while (start <= dimensions.size()) {
    size_t end = dimensions.find(',', start);
    if (end == std::string_view::npos)
      end = dimensions.size();
    std::string_view digits = trim(dimensions.substr(start, end - start));
    int64_t size = 0;
    bool valid = !digits.empty();
    for (char c : digits) {
      if (c < '0' || c > '9' ||
          size > (std::numeric_limits<int64_t>::max() - 9) / 10) {
        valid = false;
        break;
      }
      size = size * 10 + (c - '0');
    }
    // Sizes must multiply (and scale by 16-byte elements) without overflow.
    if (valid && size > 0 &&
        elements > (std::numeric_limits<int64_t>::max() / 16) / size)
      valid = false;
    if (!valid) {
      error = "expected a dimension size in '" + std::string(text) +
              "', found '" + std::string(digits) + "'";
      return false;
    }
    elements *= size;
    type.shape.push_back(size);
    start = end + 1;
  }
  return true;
}

bool hlo::runtime::parseProgramSignature(std::string_view text,
                                         ProgramSignature &signature,
                                         std::string &error) {
  size_t first = text.find(';');
  size_t second =
      first == std::string_view::npos ? first : text.find(';', first + 1);
  if (second == std::string_view::npos ||
      text.find(';', second + 1) != std::string_view::npos) {
    error =
        "expected 'DEVICE;INPUTS;RESULTS', found '" + std::string(text) + "'";
    return false;
  }
  signature = ProgramSignature();
  signature.device = std::string(trim(text.substr(0, first)));
  if (signature.device != "cuda" && signature.device != "vulkan" &&
      signature.device != "cpu") {
    error = "unknown device '" + signature.device +
            "' (expected cuda, vulkan or cpu)";
    return false;
  }
  return parseTypeList(text.substr(first + 1, second - first - 1), "input",
                       signature.inputs, error) &&
         parseTypeList(text.substr(second + 1), "result", signature.results,
                       error);
}
