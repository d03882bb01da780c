//===- InputLimits.cpp - limits checked before parsing --------------------===//

#include "HloDialect/Import/InputLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

/// If `text[i]` opens a string literal or a `//` comment, moves `i` to its
/// last character and returns true: brackets and `#` inside mean nothing.
static bool skipStringOrComment(StringRef text, size_t &i) {
  size_t e = text.size();
  if (text[i] == '"') {
    for (++i; i < e && text[i] != '"'; ++i)
      if (text[i] == '\\')
        ++i;
    return true;
  }
  if (text[i] == '/' && i + 1 < e && text[i + 1] == '/') {
    i = std::min(text.find('\n', i), e);
    return true;
  }
  return false;
}

std::optional<llvm::SMLoc> hlo::findExcessiveResultNumber(StringRef text) {
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (skipStringOrComment(text, i))
      continue;
    switch (text[i]) {
    case '#': {
      // `%name#N`: a result number.
      size_t start = i;
      if (i == 0 || !(llvm::isAlnum(text[i - 1]) || text[i - 1] == '_'))
        break;
      size_t j = i + 1;
      uint64_t value = 0;
      while (j < e && llvm::isDigit(text[j]) && value <= kMaxResultNumber)
        value = value * 10 + (text[j++] - '0');
      if (j > i + 1 && value > kMaxResultNumber) {
        // Only after a value name: walk back over it to its '%'.
        size_t k = start;
        while (k > 0 && (llvm::isAlnum(text[k - 1]) || text[k - 1] == '_' ||
                         text[k - 1] == '.' || text[k - 1] == '$' ||
                         text[k - 1] == '-'))
          --k;
        if (k > 0 && text[k - 1] == '%')
          return llvm::SMLoc::getFromPointer(text.data() + k - 1);
      }
      break;
    }
    default:
      break;
    }
  }
  return std::nullopt;
}

std::optional<llvm::SMLoc> hlo::findExcessiveNesting(StringRef text,
                                                     unsigned maxDepth) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (skipStringOrComment(text, i))
      continue;
    switch (text[i]) {
    case '(':
    case '[':
    case '{':
      if (++depth > maxDepth)
        return llvm::SMLoc::getFromPointer(text.data() + i);
      break;
    case ')':
    case ']':
    case '}':
      if (depth)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

namespace {
std::string nestingMessage(unsigned maxDepth) {
  return "brackets nest deeper than " + std::to_string(maxDepth) +
         " levels here: refusing to parse (the parser and the passes recurse "
         "once per level)";
}

/// The first violated limit of the main buffer: where and what.
std::optional<std::pair<llvm::SMLoc, std::string>>
checkLimits(const llvm::SourceMgr &sourceMgr, unsigned maxDepth) {
  StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  if (std::optional<llvm::SMLoc> loc =
          hlo::findExcessiveNesting(text, maxDepth))
    return std::make_pair(*loc, nestingMessage(maxDepth));
  if (std::optional<llvm::SMLoc> loc = hlo::findExcessiveResultNumber(text))
    return std::make_pair(
        *loc, "result number larger than " +
                  std::to_string(hlo::kMaxResultNumber) +
                  ": refusing to parse (the parser allocates one entry per "
                  "result up to it)");
  return std::nullopt;
}
} // namespace

LogicalResult hlo::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                     llvm::raw_ostream &os,
                                     unsigned maxDepth) {
  auto problem = checkLimits(sourceMgr, maxDepth);
  if (!problem)
    return success();
  sourceMgr.PrintMessage(os, problem->first, llvm::SourceMgr::DK_Error,
                         problem->second);
  return failure();
}

LogicalResult hlo::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context, unsigned maxDepth) {
  auto problem = checkLimits(sourceMgr, maxDepth);
  if (!problem)
    return success();
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  auto [line, column] = sourceMgr.getLineAndColumn(problem->first);
  emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), line,
                                column))
      << problem->second;
  return failure();
}
