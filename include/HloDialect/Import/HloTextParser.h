//===- HloTextParser.h - lexer and parser of HLO text -----------*- C++ -*-===//
//
// The syntax layer of the HLO text importer: a lexer over the source buffer
// and a recursive-descent parser producing a light syntax tree (module,
// computations, instructions, shapes). Attribute values are kept as source
// ranges and parsed on demand by the importer with the same lexer, so every
// diagnostic points at its place in the file. Used by the importer and, to
// read back the tuple shapes it records, by the exporter.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_HLOTEXTPARSER_H
#define HLODIALECT_IMPORT_HLOTEXTPARSER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::hlo::hlotext {

/// Reports an error at a source location; returns false so that parse
/// functions can `return error(loc, ...)`.
using ErrorFn = std::function<void(llvm::SMLoc, const llvm::Twine &)>;

/// A character-level lexer: XLA's lexer is context-sensitive (dimension
/// labels `b01f_01io->b01f`, paddings `0_1x2_3`, sizes `3x3` are single
/// tokens only where an attribute expects them), so the parser asks for the
/// token kind it expects.
class Lexer {
public:
  Lexer(llvm::StringRef text, ErrorFn error)
      : begin(text.begin()), cur(text.begin()), end(text.end()),
        error(std::move(error)) {}

  /// Skips white space, `// ...` and `/* ... */` comments; false (with an
  /// error) on an unterminated block comment.
  bool skipTrivia();
  bool atEnd() {
    skipTrivia();
    return cur >= end;
  }
  char peek() {
    skipTrivia();
    return cur < end ? *cur : '\0';
  }
  llvm::SMLoc loc() {
    skipTrivia();
    return llvm::SMLoc::getFromPointer(cur);
  }
  const char *position() const { return cur; }
  /// The character at the position, without skipping trivia.
  char peekRaw() const { return cur < end ? *cur : '\0'; }
  void reset(const char *p) { cur = p; }

  /// Consumes `c` (after trivia) if it is next.
  bool consumeIf(char c);
  /// Consumes `s` if it is next (after trivia) and not followed by a name
  /// character when it is a word.
  bool consumeIf(llvm::StringRef s);
  /// Consumes `c` or reports "expected 'c' <context>".
  bool expect(char c, const llvm::Twine &context);
  bool expect(llvm::StringRef s, const llvm::Twine &context);

  /// A name: `[%]?[A-Za-z_$][A-Za-z0-9_.\-$]*`, returned without the `%`.
  std::optional<llvm::StringRef> lexName();
  /// A name or report "expected <what>".
  bool parseName(llvm::StringRef &name, const llvm::Twine &what);
  /// A decimal (or 0x hex) integer with an optional sign.
  bool parseInt(int64_t &value, const llvm::Twine &what);
  /// `{i, j, ...}` (possibly empty).
  bool parseIntList(llvm::SmallVectorImpl<int64_t> &values,
                    const llvm::Twine &what);
  /// A double-quoted string with C escapes, unescaped.
  bool parseString(std::string &value, const llvm::Twine &what);
  /// A run of characters up to white space, `,`, `}` or `)` (attribute
  /// values such as `b01f_01io->b01f`, `0_1x2_3`, `kLoop`, `true`).
  llvm::StringRef lexWord();
  /// The text of one attribute value: a balanced `{...}`, `(...)`, `[...]`,
  /// a string, or a word. False on unbalanced brackets.
  bool lexValue(llvm::StringRef &value);
  /// Skips a balanced group starting at the current `{`, `(`, `[` or `"`.
  bool skipBalanced();

  bool emitError(llvm::SMLoc at, const llvm::Twine &message) {
    error(at, message);
    return false;
  }
  bool emitError(const llvm::Twine &message) {
    return emitError(loc(), message);
  }

private:
  const char *begin, *cur, *end;
  ErrorFn error;
};

/// An XLA shape: an array `f32[2,<=4]{1,0}`, a `token[]`, or a tuple.
struct Shape {
  llvm::SMLoc loc;
  /// False when the instruction's shape is omitted (to be inferred).
  bool isWritten() const { return isTuple || !elementType.empty(); }
  bool isTuple = false;
  std::vector<Shape> elements;       // tuple elements
  llvm::StringRef elementType;       // `f32`, `pred`, `token`, ...
  llvm::SmallVector<int64_t> dims;   // sizes; bounds for bounded dims
  llvm::SmallVector<bool> dynamic;   // `?` or `<=N`
  bool hasLayout = false;            // `{...}` written
  llvm::SmallVector<int64_t> minorToMajor;
  llvm::StringRef layoutTail;        // `T(8,128)...` after the `:`
  /// The written text of the shape.
  llvm::StringRef text;

  /// Number of array (leaf) shapes.
  size_t numLeaves() const;
};

/// One `name=value` attribute of an instruction or module.
struct Attr {
  llvm::StringRef name;
  llvm::StringRef value;
  llvm::SMLoc nameLoc, valueLoc;
};

struct Operand {
  llvm::StringRef name;
  llvm::SMLoc loc;
  std::optional<Shape> shape;
};

struct Instruction {
  llvm::StringRef name;
  llvm::SMLoc loc;
  bool isRoot = false;
  Shape shape;
  llvm::StringRef opcode;
  llvm::SMLoc opcodeLoc;
  /// For `constant`: the literal text between the parentheses; for
  /// `parameter`: the number.
  llvm::StringRef literal;
  llvm::SMLoc literalLoc;
  int64_t parameterNumber = -1;
  std::vector<Operand> operands;
  std::vector<Attr> attributes;
};

struct Computation {
  llvm::StringRef name;
  llvm::SMLoc loc;
  bool isEntry = false;
  /// `(a: f32[], b: f32[2]) -> f32[]` when written.
  bool hasSignature = false;
  std::vector<std::pair<llvm::StringRef, Shape>> signatureParams;
  std::optional<Shape> signatureResult;
  std::vector<Instruction> instructions;
  /// Index of the ROOT instruction (the last one when none is marked).
  int root = -1;
  /// `}, execution_thread="..."` after the body.
  std::vector<Attr> attributes;
};

struct Module {
  llvm::StringRef name; // empty without an `HloModule` header
  llvm::SMLoc loc;
  std::vector<Attr> attributes;
  std::vector<Computation> computations;
  /// Index of the ENTRY computation (the last one when none is marked).
  int entry = -1;
  /// Names the parser makes up (nested instructions'), which live as long
  /// as the module; every other name points into the text.
  std::shared_ptr<llvm::BumpPtrAllocator> savedNames =
      std::make_shared<llvm::BumpPtrAllocator>();
};

/// Parses a whole module. Returns false after reporting an error.
bool parseModule(llvm::StringRef text, const ErrorFn &error, Module &module);

/// Parses a shape at the lexer's position.
bool parseShape(Lexer &lexer, Shape &shape, unsigned depth = 0);

} // namespace mlir::hlo::hlotext

#endif // HLODIALECT_IMPORT_HLOTEXTPARSER_H
