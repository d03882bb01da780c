//===- InputLimits.cpp - limits checked before parsing --------------------===//

#include "HloDialect/Import/InputLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

using namespace mlir;

std::optional<llvm::SMLoc> hlo::findExcessiveNesting(StringRef text,
                                                     unsigned maxDepth) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    switch (text[i]) {
    case '"':
      // A string literal: brackets inside do not nest.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        i = std::min(text.find('\n', i), e);
      break;
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
} // namespace

LogicalResult hlo::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                     llvm::raw_ostream &os,
                                     unsigned maxDepth) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<llvm::SMLoc> loc =
      findExcessiveNesting(buffer->getBuffer(), maxDepth);
  if (!loc)
    return success();
  sourceMgr.PrintMessage(os, *loc, llvm::SourceMgr::DK_Error,
                         nestingMessage(maxDepth));
  return failure();
}

LogicalResult hlo::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                     MLIRContext *context, unsigned maxDepth) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<llvm::SMLoc> loc =
      findExcessiveNesting(buffer->getBuffer(), maxDepth);
  if (!loc)
    return success();
  auto [line, column] = sourceMgr.getLineAndColumn(*loc);
  emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), line,
                                column))
      << nestingMessage(maxDepth);
  return failure();
}
