//===- StableHLO.cpp - reading StableHLO text as hlo ----------------------===//

#include "HloDialect/Import/StableHLO.h"

#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Import/InputLimits.h"
#include "HloDialect/Import/Shardy.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/Builders.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

constexpr llvm::StringLiteral kStableHlo = "stablehlo";
constexpr size_t kDropped = kStableHlo.size() - 3; // "stablehlo" -> "hlo"

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// Calls `onCode(begin, end)` for the stretches of `text` outside comments
/// and string literals and `onString(begin, end)` for each string literal
/// (quotes included); comments are passed to `onOther`.
template <typename Code, typename Str, typename Other>
void scan(StringRef text, Code onCode, Str onString, Other onOther) {
  size_t i = 0, codeStart = 0, n = text.size();
  while (i < n) {
    if (text[i] == '/' && i + 1 < n && text[i + 1] == '/') {
      onCode(codeStart, i);
      size_t end = text.find('\n', i);
      end = end == StringRef::npos ? n : end;
      onOther(i, end);
      i = codeStart = end;
      continue;
    }
    if (text[i] == '"') {
      onCode(codeStart, i);
      size_t j = i + 1;
      while (j < n && text[j] != '"' && text[j] != '\n')
        j += text[j] == '\\' && j + 1 < n && text[j + 1] != '\n' ? 2 : 1;
      if (j >= n || text[j] != '"') {
        // Unterminated (at the end of the line or of the text): passed on
        // as it is, for the parser to report. Taking the newline for the
        // closing quote made it a valid literal and shifted the lines.
        onOther(i, j);
        i = codeStart = j;
        continue;
      }
      onString(i, j + 1);
      i = codeStart = j + 1;
      continue;
    }
    ++i;
  }
  onCode(codeStart, n);
}

/// The reference interpreter's instrumentation op and ours.
constexpr llvm::StringLiteral kInterpreterProbe = "interpreter.probe";
constexpr llvm::StringLiteral kCheckProbe = "check.probe";

/// Whether `code` starts with the op name `name` (not a longer identifier).
bool startsWithName(StringRef code, StringRef name) {
  return code.starts_with(name) &&
         (code.size() == name.size() || !isIdentifierChar(code[name.size()]));
}

/// Respells one stretch of code.
void respellCode(StringRef code, std::string &out) {
  size_t i = 0, n = code.size();
  while (i < n) {
    bool atBoundary = i == 0 || !isIdentifierChar(code[i - 1]) ||
                      code[i - 1] == '#' || code[i - 1] == '!';
    bool atOpName = i == 0 || (!isIdentifierChar(code[i - 1]) &&
                               !StringRef("%^@#!").contains(code[i - 1]));
    if (atOpName && startsWithName(code.substr(i), kInterpreterProbe)) {
      out += kCheckProbe;
      out.append(kInterpreterProbe.size() - kCheckProbe.size(), ' ');
      i += kInterpreterProbe.size();
      continue;
    }
    if (atBoundary && code.substr(i).starts_with(kStableHlo) &&
        i + kStableHlo.size() < n &&
        (code[i + kStableHlo.size()] == '.' ||
         code[i + kStableHlo.size()] == '<')) {
      bool isAttrOrType = i > 0 && (code[i - 1] == '#' || code[i - 1] == '!');
      if (isAttrOrType) {
        // `#stablehlo.dot<` -> `      #hlo.dot<`: pad before the sigil so
        // the attribute syntax stays contiguous.
        char sigil = out.back();
        out.back() = ' ';
        out.append(kDropped - 1, ' ');
        out += sigil;
        out += "hlo";
        i += kStableHlo.size();
        continue;
      }
      // `stablehlo.add` -> `hlo.add      `: pad after the op name.
      size_t end = i + kStableHlo.size();
      while (end < n && isIdentifierChar(code[end]))
        ++end;
      out += "hlo";
      out.append(code.data() + i + kStableHlo.size(), end - i - kStableHlo.size());
      out.append(kDropped, ' ');
      i = end;
      continue;
    }
    out += code[i++];
  }
}

/// StableHLO writes boolean hex constants with one byte per element; MLIR 22
/// reads them bit-packed (element i is bit i % 8 of byte i / 8). Returns the
/// packed literal for `literal` (`"0x..."`) if `rest` (the text after it)
/// says it is an i1 tensor with one byte per element, and nullopt otherwise.
std::optional<std::string> packBooleanHex(StringRef literal, StringRef rest) {
  StringRef hex = literal.drop_front().drop_back();
  if (!hex.consume_front("0x") || hex.size() % 2 != 0)
    return std::nullopt;
  // `"> : tensor<AxBxi1>` after the literal.
  rest = rest.ltrim();
  if (!rest.consume_front(">"))
    return std::nullopt;
  rest = rest.ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  rest = rest.ltrim();
  if (!rest.consume_front("tensor<"))
    return std::nullopt;
  StringRef shape = rest.take_until([](char c) { return c == '>'; });
  if (!shape.consume_back("i1"))
    return std::nullopt;
  uint64_t count = 1;
  for (StringRef dim : llvm::split(shape, 'x')) {
    if (dim.empty())
      continue;
    uint64_t size;
    if (dim.getAsInteger(10, size))
      return std::nullopt;
    count *= size;
  }
  if (count <= 1 || hex.size() / 2 != count)
    return std::nullopt;
  std::string packed((count + 7) / 8, 0);
  for (uint64_t i = 0; i < count; ++i) {
    unsigned byte;
    if (hex.substr(2 * i, 2).getAsInteger(16, byte))
      return std::nullopt;
    if (byte)
      packed[i / 8] |= static_cast<char>(1 << (i % 8));
  }
  return "\"0x" + llvm::toHex(packed) + "\"";
}

} // namespace

bool hlo::containsStableHloSpelling(StringRef text) {
  bool found = false;
  scan(
      text,
      [&](size_t b, size_t e) {
        StringRef code = text.substr(b, e - b);
        if (code.contains("stablehlo") || code.contains(kInterpreterProbe))
          found = true;
      },
      [&](size_t b, size_t e) {
        if (text.substr(b, e - b).starts_with("\"stablehlo."))
          found = true;
      },
      [](size_t, size_t) {});
  return found;
}

std::string hlo::respellStableHlo(StringRef text) {
  std::string out;
  out.reserve(text.size());
  scan(
      text, [&](size_t b, size_t e) { respellCode(text.substr(b, e - b), out); },
      [&](size_t b, size_t e) {
        StringRef literal = text.substr(b, e - b);
        if (std::optional<std::string> packed =
                packBooleanHex(literal, text.substr(e))) {
          // Shorter: pad so that the rest of the line keeps its columns.
          out += *packed;
          out.append(literal.size() - packed->size(), ' ');
          return;
        }
        StringRef content = literal.drop_front().drop_back();
        if (content == kInterpreterProbe) {
          out += "\"";
          out += kCheckProbe;
          out += "\"";
          out.append(kInterpreterProbe.size() - kCheckProbe.size(), ' ');
          return;
        }
        // Only generic op names: the whole string is `stablehlo.<name>`.
        if (content.consume_front("stablehlo.") && !content.empty() &&
            llvm::all_of(content, isIdentifierChar)) {
          out += "\"hlo.";
          out += content;
          out += "\"";
          out.append(kDropped, ' ');
          return;
        }
        out += literal;
      },
      [&](size_t b, size_t e) { out += text.substr(b, e - b); });
  return out;
}

void hlo::legalizeCheckCustomCalls(Operation *root) {
  SmallVector<CustomCallOp> calls;
  root->walk([&](CustomCallOp op) {
    if (op.getCallTargetName().starts_with("check."))
      calls.push_back(op);
  });
  for (CustomCallOp call : calls) {
    StringRef target = call.getCallTargetName();
    if (call.getNumOperands() != 2 || call.getNumResults() != 0)
      continue;
    OpBuilder b(call);
    Location loc = call.getLoc();
    Value actual = call.getOperand(0), expected = call.getOperand(1);
    if (actual.getType() != expected.getType())
      continue;
    if (target == "check.expect_eq") {
      check::ExpectEqOp::create(b, loc, actual, expected);
    } else if (target == "check.expect_close") {
      check::ExpectCloseOp::create(b, loc, actual, expected,
                                   b.getI64IntegerAttr(3));
    } else if (target == "check.expect_almost_eq") {
      check::ExpectAlmostEqOp::create(b, loc, actual, expected,
                                      b.getF64FloatAttr(1e-3));
    } else {
      continue;
    }
    call.erase();
  }
}

std::string hlo::respellDiagnosticAsStableHlo(StringRef message) {
  std::string out;
  out.reserve(message.size());
  for (size_t i = 0, n = message.size(); i < n; ++i) {
    // `hlo.` starting a name: after a quote, a sigil or a separator (so not
    // `chlo.`, `stablehlo.` or a file name `x/hlo.mlir`), and followed by a
    // name (`hlo.add`, `hlo.dot<`).
    bool starts = message.substr(i).starts_with("hlo.") && i + 4 < n &&
                  (llvm::isAlpha(message[i + 4]) || message[i + 4] == '_');
    if (starts && i > 0)
      starts = StringRef("'\"#!( <,=:").contains(message[i - 1]);
    if (starts)
      out += "stable";
    out += message[i];
  }
  return out;
}

OwningOpRef<ModuleOp> hlo::importStableHlo(llvm::SourceMgr &sourceMgr,
                                           MLIRContext *context) {
  context->getOrLoadDialect<HloDialect>();
  context->getOrLoadDialect<check::CheckDialect>();
  context->getOrLoadDialect<chlo::ChloDialect>();
  context->getOrLoadDialect<quant::QuantDialect>();
  if (failed(checkNestingDepth(sourceMgr, context)))
    return {};
  context->getOrLoadDialect<ShardyDialect>();
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef text = buffer->getBuffer();
  if (containsStableHloSpelling(text)) {
    // Same name, same line and column for every token: diagnostics still
    // point into the user's file.
    auto respelled = llvm::MemoryBuffer::getMemBufferCopy(
        respellStableHlo(text), buffer->getBufferIdentifier());
    llvm::SourceMgr respelledMgr;
    respelledMgr.AddNewSourceBuffer(std::move(respelled), llvm::SMLoc());
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(respelledMgr, context);
    if (module)
      legalizeCheckCustomCalls(*module);
    return module;
  }
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);
  if (module)
    legalizeCheckCustomCalls(*module);
  return module;
}
