//===- HloTextParser.cpp - lexer and parser of HLO text -------------------===//
//
// The grammar, as XLA's parser (xla/hlo/parser/hlo_parser.cc) accepts it:
//
//   module      ::= [`HloModule` name (`,` attribute)*] computation*
//   computation ::= [`ENTRY`] name [signature] `{` instruction* `}`
//   signature   ::= `(` [name `:` shape (`,` name `:` shape)*] `)` `->` shape
//   instruction ::= [`ROOT`] name `=` shape opcode `(` operands `)`
//                   (`,` attribute)*
//   operand     ::= [shape] name
//   attribute   ::= name `=` value
//   shape       ::= `(` [shape (`,` shape)*] `)`
//                 | type `[` [dim (`,` dim)*] `]` [`{` layout `}`]
//   dim         ::= int | `?` | `<=` int
//
// Names may be written with or without `%`. Without ENTRY the last
// computation is the entry; without ROOT the last instruction is the root.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Import/HloTextParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

using namespace mlir::hlo::hlotext;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

namespace {
bool isNameStart(char c) { return llvm::isAlpha(c) || c == '_' || c == '$'; }
bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-' || c == '$';
}
} // namespace

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

bool Lexer::skipTrivia() {
  while (cur < end) {
    if (llvm::isSpace(*cur)) {
      ++cur;
      continue;
    }
    if (*cur == '/' && cur + 1 < end && cur[1] == '/') {
      while (cur < end && *cur != '\n')
        ++cur;
      continue;
    }
    if (*cur == '/' && cur + 1 < end && cur[1] == '*') {
      const char *start = cur;
      cur += 2;
      while (cur + 1 < end && !(cur[0] == '*' && cur[1] == '/'))
        ++cur;
      if (cur + 1 >= end) {
        cur = end;
        return emitError(SMLoc::getFromPointer(start),
                         "unterminated '/*' comment");
      }
      cur += 2;
      continue;
    }
    break;
  }
  return true;
}

bool Lexer::consumeIf(char c) {
  if (peek() != c)
    return false;
  ++cur;
  return true;
}

bool Lexer::consumeIf(StringRef s) {
  skipTrivia();
  if (!StringRef(cur, end - cur).starts_with(s))
    return false;
  if (isNameChar(s.back()) && cur + s.size() < end &&
      isNameChar(cur[s.size()]))
    return false;
  cur += s.size();
  return true;
}

bool Lexer::expect(char c, const Twine &context) {
  if (consumeIf(c))
    return true;
  return emitError("expected '" + Twine(c) + "' " + context);
}

bool Lexer::expect(StringRef s, const Twine &context) {
  if (consumeIf(s))
    return true;
  return emitError("expected '" + s + "' " + context);
}

std::optional<StringRef> Lexer::lexName() {
  skipTrivia();
  const char *p = cur;
  if (p < end && *p == '%')
    ++p;
  if (p >= end || !isNameStart(*p))
    return std::nullopt;
  const char *start = p;
  while (p < end && isNameChar(*p))
    ++p;
  cur = p;
  return StringRef(start, p - start);
}

bool Lexer::parseName(StringRef &name, const Twine &what) {
  if (std::optional<StringRef> n = lexName()) {
    name = *n;
    return true;
  }
  return emitError("expected " + what);
}

bool Lexer::parseInt(int64_t &value, const Twine &what) {
  skipTrivia();
  const char *p = cur;
  bool negative = false;
  if (p < end && (*p == '-' || *p == '+')) {
    negative = *p == '-';
    ++p;
  }
  const char *digits = p;
  unsigned radix = 10;
  if (p + 1 < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    radix = 16;
    p += 2;
    digits = p;
  }
  while (p < end && llvm::isAlnum(*p))
    ++p;
  uint64_t magnitude;
  if (p == digits ||
      StringRef(digits, p - digits).getAsInteger(radix, magnitude) ||
      magnitude > static_cast<uint64_t>(INT64_MAX) + (negative ? 1 : 0))
    return emitError("expected " + what);
  value = negative ? static_cast<int64_t>(0 - magnitude)
                   : static_cast<int64_t>(magnitude);
  cur = p;
  return true;
}

bool Lexer::parseIntList(llvm::SmallVectorImpl<int64_t> &values,
                         const Twine &what) {
  if (!expect('{', "to start " + what))
    return false;
  if (consumeIf('}'))
    return true;
  do {
    int64_t v;
    if (!parseInt(v, "an integer in " + what))
      return false;
    values.push_back(v);
  } while (consumeIf(','));
  return expect('}', "to end " + what);
}

bool Lexer::parseString(std::string &value, const Twine &what) {
  if (peek() != '"')
    return emitError("expected " + what);
  const char *start = cur++;
  value.clear();
  while (cur < end && *cur != '"') {
    if (*cur == '\\' && cur + 1 < end) {
      char c = cur[1];
      cur += 2;
      switch (c) {
      case 'n':
        value += '\n';
        break;
      case 't':
        value += '\t';
        break;
      default:
        value += c;
      }
      continue;
    }
    value += *cur++;
  }
  if (cur >= end)
    return emitError(SMLoc::getFromPointer(start), "unterminated string");
  ++cur;
  return true;
}

StringRef Lexer::lexWord() {
  skipTrivia();
  const char *start = cur;
  while (cur < end && !llvm::isSpace(*cur) && *cur != ',' && *cur != '}' &&
         *cur != ')' && *cur != '{' && *cur != '(')
    ++cur;
  return StringRef(start, cur - start);
}

bool Lexer::skipBalanced() {
  skipTrivia();
  const char *start = cur;
  llvm::SmallVector<char> stack;
  do {
    if (cur >= end)
      return emitError(SMLoc::getFromPointer(start),
                       "unbalanced '" + Twine(*start) + "'");
    char c = *cur;
    if (c == '"') {
      ++cur;
      while (cur < end && *cur != '"')
        cur += *cur == '\\' ? 2 : 1;
      if (cur >= end)
        return emitError(SMLoc::getFromPointer(start), "unterminated string");
      ++cur;
      continue;
    }
    if (c == '/' && cur + 1 < end && (cur[1] == '*' || cur[1] == '/')) {
      if (!skipTrivia())
        return false;
      continue;
    }
    if (c == '{' || c == '(' || c == '[')
      stack.push_back(c == '{' ? '}' : c == '(' ? ')' : ']');
    else if (c == '}' || c == ')' || c == ']') {
      if (stack.empty() || stack.back() != c)
        return emitError(SMLoc::getFromPointer(cur),
                         "unexpected '" + Twine(c) + "'");
      stack.pop_back();
    }
    ++cur;
  } while (!stack.empty());
  return true;
}

bool Lexer::lexValue(StringRef &value) {
  char c = peek();
  const char *start = cur;
  if (c == '\0' || c == ',' || c == '}' || c == ')')
    return emitError("expected an attribute value");
  // Adjacent pieces form one value: `[3,10]<=[6,5]T(1,0)`, `s32[2]{0}`.
  while (cur < end) {
    c = *cur;
    if (c == '{' || c == '(' || c == '[' || c == '"') {
      if (!skipBalanced())
        return false;
      continue;
    }
    if (llvm::isSpace(c) || c == ',' || c == '}' || c == ')')
      break;
    ++cur;
  }
  value = StringRef(start, cur - start);
  return true;
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

size_t Shape::numLeaves() const {
  if (!isTuple)
    return 1;
  size_t n = 0;
  for (const Shape &e : elements)
    n += e.numLeaves();
  return n;
}

bool mlir::hlo::hlotext::parseShape(Lexer &lexer, Shape &shape,
                                    unsigned depth) {
  shape.loc = lexer.loc();
  const char *start = lexer.position();
  if (lexer.consumeIf('(')) {
    if (depth > 64)
      return lexer.emitError(shape.loc, "tuple shapes nested too deeply");
    shape.isTuple = true;
    if (!lexer.consumeIf(')')) {
      do {
        Shape element;
        if (!parseShape(lexer, element, depth + 1))
          return false;
        shape.elements.push_back(std::move(element));
      } while (lexer.consumeIf(','));
      if (!lexer.expect(')', "to end a tuple shape"))
        return false;
    }
    shape.text = StringRef(start, lexer.position() - start);
    return true;
  }
  std::optional<StringRef> type = lexer.lexName();
  if (!type)
    return lexer.emitError(shape.loc, "expected a shape");
  shape.elementType = *type;
  if (!lexer.expect('[', "after the element type '" + *type + "'"))
    return false;
  if (!lexer.consumeIf(']')) {
    do {
      if (lexer.consumeIf('?')) {
        shape.dims.push_back(-1);
        shape.dynamic.push_back(true);
        continue;
      }
      bool bounded = lexer.consumeIf("<=");
      int64_t size;
      if (!lexer.parseInt(size, "a dimension size"))
        return false;
      if (size < 0)
        return lexer.emitError(shape.loc, "negative dimension size");
      shape.dims.push_back(size);
      shape.dynamic.push_back(bounded);
      if (shape.dims.size() > 256)
        return lexer.emitError(shape.loc, "too many dimensions");
    } while (lexer.consumeIf(','));
    if (!lexer.expect(']', "to end the dimensions"))
      return false;
  }
  // The layout `{minor, ..., major[:tail]}` directly follows the `]`.
  if (lexer.peekRaw() == '{') {
    lexer.consumeIf('{');
    shape.hasLayout = true;
    if (!lexer.consumeIf('}')) {
      if (lexer.peek() != ':') {
        do {
          int64_t d;
          if (!lexer.parseInt(d, "a dimension number in the layout"))
            return false;
          shape.minorToMajor.push_back(d);
        } while (lexer.consumeIf(','));
      }
      if (lexer.consumeIf(':')) {
        const char *tailStart = lexer.position();
        while (lexer.peek() != '}' && lexer.peek() != '\0') {
          if (lexer.peek() == '(') {
            if (!lexer.skipBalanced())
              return false;
          } else {
            lexer.reset(lexer.position() + 1);
          }
        }
        shape.layoutTail = StringRef(tailStart, lexer.position() - tailStart);
      }
      if (!lexer.expect('}', "to end the layout"))
        return false;
    }
  }
  shape.text = StringRef(start, lexer.position() - start);
  return true;
}

//===----------------------------------------------------------------------===//
// Instructions, computations, modules
//===----------------------------------------------------------------------===//

namespace {
class Parser {
public:
  Parser(StringRef text, const ErrorFn &error) : lexer(text, error) {}

  bool parseModule(Module &module);

private:
  bool parseAttributes(std::vector<Attr> &attributes);
  bool parseComputation(Computation &computation);
  bool parseInstruction(Instruction &instr);
  bool parseOperands(Instruction &instr);

  Lexer lexer;
  /// Nested instructions parsed from operand lists, to be placed before
  /// the instruction that uses them.
  std::vector<Instruction> pending;
  /// Made-up names are saved in the module being parsed, which outlives
  /// the parser.
  std::optional<llvm::StringSaver> names;
  unsigned nestedCounter = 0;
  unsigned nesting = 0;
};
} // namespace

bool Parser::parseAttributes(std::vector<Attr> &attributes) {
  while (lexer.consumeIf(',')) {
    Attr attr;
    attr.nameLoc = lexer.loc();
    if (!lexer.parseName(attr.name, "an attribute name") ||
        !lexer.expect('=', "after attribute '" + attr.name + "'"))
      return false;
    attr.valueLoc = lexer.loc();
    if (!lexer.lexValue(attr.value))
      return false;
    const char *p = lexer.position();
    while (*p == ' ' || *p == '\t')
      ++p;
    if (attr.name == "literal" && *p != ',' && *p != '\n' && *p != '\r' &&
        *p != '}' && *p != '\0') {
      // `literal=s32[2]{0} {1, 2}`: a shape, then the literal.
      StringRef rest;
      if (!lexer.lexValue(rest))
        return false;
      attr.value = StringRef(attr.value.begin(), rest.end() - attr.value.begin());
    }
    attributes.push_back(attr);
  }
  return true;
}

bool Parser::parseOperands(Instruction &instr) {
  if (!lexer.expect('(', "to start the operands of '" + instr.opcode + "'"))
    return false;
  if (instr.opcode == "constant") {
    // The literal is parsed by the importer, which knows the shape.
    instr.literalLoc = lexer.loc();
    const char *start = lexer.position();
    int depth = 0;
    while (true) {
      char c = lexer.peek();
      if (c == '\0')
        return lexer.emitError(instr.literalLoc, "unterminated literal");
      if (c == ')' && depth == 0)
        break;
      if (c == '(' || c == '{' || c == '[' || c == '"') {
        if (!lexer.skipBalanced())
          return false;
        continue;
      }
      if (c == '}' || c == ']')
        return lexer.emitError("unexpected '" + Twine(c) + "' in literal");
      lexer.reset(lexer.position() + 1);
    }
    instr.literal = StringRef(start, lexer.position() - start).rtrim();
    return lexer.expect(')', "to end the literal");
  }
  if (instr.opcode == "parameter") {
    instr.literalLoc = lexer.loc();
    if (!lexer.parseInt(instr.parameterNumber, "a parameter number"))
      return false;
    if (instr.parameterNumber < 0)
      return lexer.emitError(instr.literalLoc, "negative parameter number");
    return lexer.expect(')', "after the parameter number");
  }
  if (lexer.consumeIf(')'))
    return true;
  do {
    Operand operand;
    operand.loc = lexer.loc();
    const char *start = lexer.position();
    // A shape starts with `(` or `type[`; otherwise this is the name.
    bool hasShape = lexer.peek() == '(';
    if (!hasShape) {
      std::optional<StringRef> word = lexer.lexName();
      hasShape = word && lexer.peekRaw() == '[';
      if (!word)
        return lexer.emitError(operand.loc, "expected an operand name");
      if (!hasShape)
        operand.name = *word;
      lexer.reset(hasShape ? start : lexer.position());
    }
    if (hasShape) {
      Shape shape;
      if (!parseShape(lexer, shape))
        return false;
      operand.shape = std::move(shape);
      operand.loc = lexer.loc();
      if (!lexer.parseName(operand.name, "an operand name after its shape"))
        return false;
    }
    if (lexer.peekRaw() == '(' || (lexer.peek() == '(' && !hasShape)) {
      // A nested instruction `[shape] opcode(operands)`: it becomes an
      // instruction of its own, placed before this one.
      Instruction nested;
      nested.loc = operand.loc;
      nested.opcode = operand.name;
      nested.opcodeLoc = operand.loc;
      if (operand.shape)
        nested.shape = std::move(*operand.shape);
      nested.name = names->save(operand.name + ".nested." +
                               Twine(nestedCounter++));
      if (++nesting > 64)
        return lexer.emitError(operand.loc, "instructions nested too deeply");
      if (!parseOperands(nested))
        return false;
      --nesting;
      operand.name = nested.name;
      operand.shape.reset();
      pending.push_back(std::move(nested));
    }
    instr.operands.push_back(std::move(operand));
  } while (lexer.consumeIf(','));
  return lexer.expect(')', "to end the operands of '" + instr.opcode + "'");
}

bool Parser::parseInstruction(Instruction &instr) {
  instr.loc = lexer.loc();
  if (lexer.consumeIf("ROOT"))
    instr.isRoot = true;
  instr.loc = lexer.loc();
  if (!lexer.parseName(instr.name, "an instruction name") ||
      !lexer.expect('=', "after the instruction name '" + instr.name + "'"))
    return false;
  // The shape may be omitted (`add(a, b)`); it is then inferred.
  const char *afterEqual = lexer.position();
  bool hasShape = lexer.peek() == '(';
  if (!hasShape) {
    std::optional<StringRef> word = lexer.lexName();
    hasShape = !word || lexer.peekRaw() != '(';
    lexer.reset(afterEqual);
  }
  if (hasShape && !parseShape(lexer, instr.shape))
    return false;
  instr.opcodeLoc = lexer.loc();
  if (!lexer.parseName(instr.opcode, "an opcode"))
    return false;
  if (!parseOperands(instr))
    return false;
  return parseAttributes(instr.attributes);
}

bool Parser::parseComputation(Computation &computation) {
  if (lexer.consumeIf("ENTRY"))
    computation.isEntry = true;
  computation.loc = lexer.loc();
  if (!lexer.parseName(computation.name, "a computation name"))
    return false;
  if (lexer.consumeIf('(')) {
    computation.hasSignature = true;
    if (!lexer.consumeIf(')')) {
      do {
        StringRef name;
        Shape shape;
        if (!lexer.parseName(name, "a parameter name") ||
            !lexer.expect(':', "after the parameter name") ||
            !parseShape(lexer, shape))
          return false;
        computation.signatureParams.emplace_back(name, std::move(shape));
      } while (lexer.consumeIf(','));
      if (!lexer.expect(')', "to end the parameters"))
        return false;
    }
    if (!lexer.expect("->", "before the result shape"))
      return false;
    Shape result;
    if (!parseShape(lexer, result))
      return false;
    computation.signatureResult = std::move(result);
  }
  if (!lexer.expect('{', "to start computation '" + computation.name + "'"))
    return false;
  llvm::StringSet<> names;
  while (!lexer.consumeIf('}')) {
    if (lexer.atEnd())
      return lexer.emitError(computation.loc, "computation '" +
                                                  computation.name +
                                                  "' is not closed by '}'");
    Instruction instr;
    if (!parseInstruction(instr))
      return false;
    for (Instruction &nested : pending) {
      if (nested.isRoot)
        continue;
      names.insert(nested.name);
      computation.instructions.push_back(std::move(nested));
    }
    pending.clear();
    if (!names.insert(instr.name).second)
      return lexer.emitError(instr.loc, "instruction name '" + instr.name +
                                            "' is already defined");
    if (instr.isRoot) {
      if (computation.root >= 0)
        return lexer.emitError(instr.loc, "computation '" + computation.name +
                                              "' has more than one ROOT");
      computation.root = computation.instructions.size();
    }
    computation.instructions.push_back(std::move(instr));
  }
  // `}, execution_thread="main_thread"`: attributes of the computation.
  if (!parseAttributes(computation.attributes))
    return false;
  if (computation.instructions.empty())
    return lexer.emitError(computation.loc, "computation '" +
                                                computation.name +
                                                "' has no instructions");
  if (computation.root < 0)
    computation.root = computation.instructions.size() - 1;
  return true;
}

bool Parser::parseModule(Module &module) {
  names.emplace(*module.savedNames);
  if (!lexer.skipTrivia())
    return false;
  module.loc = lexer.loc();
  if (lexer.consumeIf("HloModule")) {
    if (!lexer.parseName(module.name, "a module name after 'HloModule'"))
      return false;
    lexer.consumeIf(':');
    if (!parseAttributes(module.attributes))
      return false;
  }
  llvm::StringSet<> names;
  while (!lexer.atEnd()) {
    if (!lexer.skipTrivia())
      return false;
    // Stack frame tables (`FileNames`, `FunctionNames`, `FileLocations`,
    // `StackFrames`): numbered strings or `{...}` records, skipped.
    const char *sectionStart = lexer.position();
    if (std::optional<StringRef> word = lexer.lexName();
        word && llvm::is_contained({"FileNames", "FunctionNames",
                                    "FileLocations", "StackFrames"},
                                   *word) &&
        llvm::isDigit(lexer.peek())) {
      while (llvm::isDigit(lexer.peek())) {
        int64_t id;
        if (!lexer.parseInt(id, "an entry number"))
          return false;
        if (lexer.peek() == '"' || lexer.peek() == '{') {
          if (!lexer.skipBalanced())
            return false;
        } else {
          return lexer.emitError("expected a string or a {...} record");
        }
      }
      continue;
    }
    lexer.reset(sectionStart);
    Computation computation;
    if (!parseComputation(computation))
      return false;
    if (!names.insert(computation.name).second)
      return lexer.emitError(computation.loc,
                             "computation '" + computation.name +
                                 "' is already defined");
    if (computation.isEntry) {
      if (module.entry >= 0)
        return lexer.emitError(computation.loc,
                               "more than one ENTRY computation");
      module.entry = module.computations.size();
    }
    module.computations.push_back(std::move(computation));
  }
  if (!lexer.skipTrivia())
    return false;
  if (module.computations.empty())
    return lexer.emitError(module.loc, "expected at least one computation");
  if (module.entry < 0)
    module.entry = module.computations.size() - 1;
  return true;
}

bool mlir::hlo::hlotext::parseModule(StringRef text, const ErrorFn &error,
                                     Module &module) {
  Parser parser(text, error);
  return parser.parseModule(module);
}
