//===- HloTextExport.cpp - hlo to XLA's HLO text format -------------------===//
//
// Prints a module of hlo ops as an HloModule. Each function and each region
// becomes a computation (printed before its users, as XLA's parser wants);
// ops with several results produce a tuple that get-tuple-element unpacks;
// the operands of while and of conditional branches are packed into tuples.
// `xla.*` attributes written by the importer (layouts, tuple shapes, kept
// attributes) and metadata locations are printed back, so that importing
// the output gives the module again.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Export/HloText.h"

#include "HloDialect/Import/HloTextParser.h"

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>
#include <map>

using namespace mlir;
using namespace mlir::hlo;
using llvm::StringRef;

namespace {

/// Splat constants with more elements than this are written as a scalar
/// constant and a broadcast rather than as a literal.
constexpr int64_t kMaxSplatLiteralElements = int64_t(1) << 24;

/// Attributes the importer writes for the exporter's own use.
bool isInternalAttr(StringRef name) {
  return llvm::is_contained({"xla.layout", "xla.opcode", "xla.shape",
                             "xla.operand_shapes", "xla.predicated",
                             "xla.called_computations", "xla.name",
                             "xla.param_shapes", "xla.result_shape",
                             "xla.to_apply", "xla.calls",
                             "xla.condition", "xla.body", "xla.select",
                             "xla.scatter", "xla.branch_computations",
                             "xla.true_computation", "xla.false_computation"},
                            name);
}

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string joinInts(ArrayRef<int64_t> values, StringRef sep = ",") {
  return llvm::join(llvm::map_range(values,
                                    [](int64_t v) { return std::to_string(v); }),
                    sep);
}

/// A tuple structure `(_, (_, _))`: leaves are `_`.
struct Structure {
  bool isTuple = false;
  std::vector<Structure> elements;
  unsigned numLeaves() const {
    if (!isTuple)
      return 1;
    unsigned n = 0;
    for (const Structure &e : elements)
      n += e.numLeaves();
    return n;
  }
};

static Structure structureOf(const hlotext::Shape &shape) {
  Structure s;
  s.isTuple = shape.isTuple;
  for (const hlotext::Shape &e : shape.elements)
    s.elements.push_back(structureOf(e));
  return s;
}

static bool parseStructure(StringRef &text, Structure &out) {
  if (text.consume_front("_"))
    return true;
  if (!text.consume_front("("))
    return false;
  out.isTuple = true;
  if (text.consume_front(")"))
    return true;
  do {
    Structure e;
    if (!parseStructure(text, e))
      return false;
    out.elements.push_back(std::move(e));
  } while (text.consume_front(","));
  return text.consume_front(")");
}

/// `  %name = SHAPE parameter(N)`, with the parameter's kept `xla.*`
/// attributes (sharding, ...) but its layout, which SHAPE carries.
std::string parameterLine(StringRef name, StringRef shape, unsigned number,
                          DictionaryAttr argAttrs) {
  std::string line = "  %" + name.str() + " = " + shape.str() +
                     " parameter(" + std::to_string(number) + ")";
  for (NamedAttribute attr :
       argAttrs ? argAttrs.getValue() : ArrayRef<NamedAttribute>()) {
    StringRef n = attr.getName().getValue();
    if (n.consume_front("xla.") && n != "layout")
      if (auto v = dyn_cast<StringAttr>(attr.getValue()))
        line += ", " + n.str() + "=" + v.getValue().str();
  }
  return line;
}

class Exporter {
public:
  explicit Exporter(ModuleOp module) : module(module) {}
  LogicalResult run(llvm::raw_ostream &os);

private:
  /// One computation being printed.
  struct Computation {
    std::string name;
    std::vector<std::string> lines;
    llvm::DenseMap<Value, std::string> names; // SSA value -> instruction
    llvm::DenseMap<Value, size_t> lineOf;
    /// Tuple instructions by (first leaf, leaf count): reused when the
    /// same values are passed on as a tuple.
    std::map<std::pair<void *, size_t>, std::string> tuples;

    /// Marks the instruction named `name` as the root. It is not always the
    /// last line: a tuple of all the results of a multi-result op is that
    /// op's own instruction, followed by its get-tuple-elements.
    void markRoot(StringRef name) {
      std::string prefix = ("  %" + name + " = ").str();
      for (std::string &line : llvm::reverse(lines))
        if (StringRef(line).starts_with(prefix)) {
          line.replace(0, 2, "  ROOT ");
          return;
        }
    }
  };

  FailureOr<std::string> elementType(Type type, Location loc);
  FailureOr<std::string> shape(Type type, Attribute layout, Location loc);
  FailureOr<std::string> tupleShape(TypeRange types, ArrayAttr layouts,
                                    Location loc);
  FailureOr<std::string>
  structuredShape(const Structure &structure, TypeRange types,
                  function_ref<Attribute(unsigned)> layoutOf, unsigned &next,
                  Operation *op, StringRef mismatch);
  std::string uniqueName(StringRef base) { return unique(base, usedNames); }
  std::string aliasingAttributes(func::FuncOp entry);
  std::string uniqueComputationName(StringRef base) {
    return unique(base, computationNames);
  }
  static std::string unique(StringRef base, llvm::StringSet<> &used);
  std::string nameFor(Location loc, StringRef fallback);
  /// Original instruction names (from locations) to the exported ones,
  /// for control-predecessors.
  llvm::StringMap<std::string> renamed;
  LogicalResult emitLiteral(DenseElementsAttr value, llvm::raw_ostream &os,
                            Location loc);
  FailureOr<std::string> exportFunction(func::FuncOp func,
                                        bool isEntry = false);
  /// A computation for `region`; `captures` are values from above that
  /// become tuple elements of its one parameter (if/case branches) or,
  /// without `tupleParam`, parameters after the region's arguments;
  /// `argLayouts` (one per block argument) the parameters' layouts.
  FailureOr<std::string> exportRegion(Region &region, StringRef base,
                                      ArrayRef<Value> captures,
                                      bool tupleParam,
                                      ArrayAttr argLayouts = {});
  LogicalResult emitBlock(Block &block, Computation &comp);
  LogicalResult emitOp(Operation *op, Computation &comp);
  /// The opcode and attributes of a collective.
  FailureOr<std::string> collectiveAttrs(Operation *op, std::string &opcode);
  FailureOr<std::string> shapeOrTuple(TypeRange types, Location loc);
  /// X-start of XLA's asynchronous collectives, or async-start of a
  /// computation holding the operation.
  LogicalResult emitAsyncStart(AsyncStartOp op, Computation &comp);
  /// send and send-done, or recv and recv-done.
  LogicalResult emitTransfer(Operation *op, Computation &comp);
  /// Appends `name = shape opcode(operands)attrs`, binding the results.
  void addInstruction(Computation &comp, Operation *op, StringRef name,
                      StringRef shapeText, StringRef opcode,
                      ArrayRef<std::string> operands, StringRef attrs);
  FailureOr<std::string> operandName(Computation &comp, Value v, Location loc);
  /// A tuple instruction of `values`, or the value itself if `single`.
  FailureOr<std::string> packTuple(Computation &comp, ValueRange values,
                                   Location loc, StringRef base);
  /// A (nested) tuple of `values` with the given structure.
  FailureOr<std::string> packStructure(Computation &comp,
                                       const Structure &structure,
                                       ValueRange values, Location loc,
                                       StringRef base, std::string &shapeText);
  /// Binds the results of `op` (named `name`, shape `shapeText`) to
  /// get-tuple-element instructions.
  LogicalResult unpackResults(Computation &comp, Operation *op,
                              StringRef name, StringRef shapeText);
  std::string metadata(Location loc);
  std::string keptAttributes(Operation *op);
  std::string window(ArrayRef<int64_t> size, std::optional<ArrayRef<int64_t>> stride,
                     ElementsAttr padding, std::optional<ArrayRef<int64_t>> lhs,
                     std::optional<ArrayRef<int64_t>> rhs,
                     std::optional<ArrayRef<bool>> reversal);

  ModuleOp module;
  std::vector<std::string> computations; // in definition order
  llvm::StringMap<std::string> functionNames;
  llvm::StringSet<> usedNames;
  llvm::StringSet<> computationNames;
  llvm::StringMap<StringRef> opcodeOf; // op name -> XLA opcode
};

//===----------------------------------------------------------------------===//
// Shapes and names
//===----------------------------------------------------------------------===//

FailureOr<std::string> Exporter::elementType(Type type, Location loc) {
  if (type.isInteger(1))
    return std::string("pred");
  if (auto i = dyn_cast<IntegerType>(type))
    return (i.isUnsigned() ? "u" : "s") + std::to_string(i.getWidth());
  if (auto c = dyn_cast<ComplexType>(type)) {
    if (c.getElementType().isF32())
      return std::string("c64");
    if (c.getElementType().isF64())
      return std::string("c128");
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  StringRef t(s);
  std::optional<StringRef> name =
      llvm::StringSwitch<std::optional<StringRef>>(t)
          .Case("f16", "f16")
          .Case("bf16", "bf16")
          .Case("f32", "f32")
          .Case("f64", "f64")
          .Case("f8E5M2", "f8e5m2")
          .Case("f8E4M3", "f8e4m3")
          .Case("f8E4M3FN", "f8e4m3fn")
          .Case("f8E4M3FNUZ", "f8e4m3fnuz")
          .Case("f8E5M2FNUZ", "f8e5m2fnuz")
          .Case("f8E4M3B11FNUZ", "f8e4m3b11fnuz")
          .Case("f8E3M4", "f8e3m4")
          .Case("f8E8M0FNU", "f8e8m0fnu")
          .Case("f4E2M1FN", "f4e2m1fn")
          .Case("f6E2M3FN", "f6e2m3fn")
          .Case("f6E3M2FN", "f6e3m2fn")
          .Default(std::nullopt);
  if (!name)
    return emitError(loc) << "HLO text has no element type for " << type;
  return name->str();
}

FailureOr<std::string> Exporter::shape(Type type, Attribute layout,
                                       Location loc) {
  if (isa<TokenType>(type))
    return std::string("token[]");
  if (auto tuple = dyn_cast<TupleType>(type))
    return tupleShape(tuple.getTypes(), {}, loc);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return emitError(loc) << "HLO text has no shape for " << type;
  FailureOr<std::string> element = elementType(tensor.getElementType(), loc);
  if (failed(element))
    return failure();
  SmallVector<int64_t> bounds;
  if (auto encoding = dyn_cast_or_null<ArrayAttr>(tensor.getEncoding()))
    for (Attribute a : encoding)
      if (auto i = dyn_cast<IntegerAttr>(a))
        bounds.push_back(i.getInt());
  std::string out = *element + "[";
  for (int64_t i = 0; i < tensor.getRank(); ++i) {
    if (i)
      out += ",";
    if (!tensor.isDynamicDim(i))
      out += std::to_string(tensor.getDimSize(i));
    else if (i < static_cast<int64_t>(bounds.size()) &&
             bounds[i] >= 0)
      out += "<=" + std::to_string(bounds[i]);
    else
      out += "?";
  }
  out += "]";
  if (auto attr = dyn_cast_or_null<LayoutAttr>(layout)) {
    out += "{" + joinInts(attr.getMinorToMajor());
    if (!attr.getTileRanks().empty()) {
      out += ":T";
      for (ArrayRef<int64_t> tile : attr.getTiles())
        out += "(" + joinInts(tile) + ")";
    }
    out += "}";
  } else if (auto text = dyn_cast_or_null<StringAttr>(layout))
    out += text.getValue().str();
  return out;
}

FailureOr<std::string> Exporter::tupleShape(TypeRange types, ArrayAttr layouts,
                                            Location loc) {
  std::string out = "(";
  for (auto [i, t] : llvm::enumerate(types)) {
    if (i)
      out += ", ";
    Attribute layout =
        layouts && i < layouts.size() ? layouts[i] : Attribute();
    FailureOr<std::string> s = shape(t, layout, loc);
    if (failed(s))
      return failure();
    out += *s;
  }
  return out + ")";
}

/// The shape of `types` from `next` on, grouped into (nested) tuples as
/// `structure` says, leaf i laid out as `layoutOf(i)` (null: none written);
/// `next` moves past the leaves used. More leaves than types is an error
/// at `op` saying `mismatch`.
FailureOr<std::string>
Exporter::structuredShape(const Structure &structure, TypeRange types,
                          function_ref<Attribute(unsigned)> layoutOf,
                          unsigned &next, Operation *op, StringRef mismatch) {
  if (!structure.isTuple) {
    if (next >= types.size())
      return op->emitError(mismatch);
    unsigned i = next++;
    return shape(types[i], layoutOf(i), op->getLoc());
  }
  std::string out = "(";
  for (auto [k, e] : llvm::enumerate(structure.elements)) {
    FailureOr<std::string> t =
        structuredShape(e, types, layoutOf, next, op, mismatch);
    if (failed(t))
      return failure();
    out += (k ? ", " : "") + *t;
  }
  return out + ")";
}

/// The index paths of the leaves (arrays) of `shape`, in order.
static void leafPaths(const hlotext::Shape &shape,
                      SmallVectorImpl<int64_t> &prefix,
                      SmallVectorImpl<SmallVector<int64_t>> &out) {
  if (!shape.isTuple) {
    out.emplace_back(prefix.begin(), prefix.end());
    return;
  }
  for (auto [i, element] : llvm::enumerate(shape.elements)) {
    prefix.push_back(i);
    leafPaths(element, prefix, out);
    prefix.pop_back();
  }
}

static std::string indexText(ArrayRef<int64_t> index) {
  std::string text = "{";
  for (auto [i, v] : llvm::enumerate(index))
    text += (i ? "," : "") + std::to_string(v);
  return text + "}";
}

/// `, input_output_alias={...}, buffer_donor={...}` from the entry's
/// `hlo.result_alias` (`hlo.must_alias`) and `hlo.buffer_donor` argument
/// attributes, with the (parameter, index) and output index of each
/// flattened argument and result in the tuples `xla.param_shapes` and
/// `xla.result_shape` describe; empty without aliasing.
std::string Exporter::aliasingAttributes(func::FuncOp entry) {
  // (parameter number, index in it) of each argument.
  SmallVector<std::pair<unsigned, SmallVector<int64_t>>> params;
  if (auto shapes = entry->getAttrOfType<ArrayAttr>("xla.param_shapes")) {
    for (auto [p, a] : llvm::enumerate(shapes)) {
      auto text = dyn_cast<StringAttr>(a);
      hlotext::Shape parsed;
      hlotext::Lexer lexer(text ? text.getValue() : "",
                           [](llvm::SMLoc, const llvm::Twine &) {});
      if (!text || !hlotext::parseShape(lexer, parsed))
        break;
      SmallVector<int64_t> prefix;
      SmallVector<SmallVector<int64_t>> paths;
      leafPaths(parsed, prefix, paths);
      for (auto &path : paths)
        params.push_back({static_cast<unsigned>(p), path});
    }
  }
  if (params.size() != entry.getNumArguments()) {
    params.clear();
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      params.push_back({i, {}});
  }
  SmallVector<SmallVector<int64_t>> outputs;
  if (auto text = entry->getAttrOfType<StringAttr>("xla.result_shape")) {
    hlotext::Shape parsed;
    hlotext::Lexer lexer(text.getValue(),
                         [](llvm::SMLoc, const llvm::Twine &) {});
    SmallVector<int64_t> prefix;
    if (hlotext::parseShape(lexer, parsed))
      leafPaths(parsed, prefix, outputs);
  }
  if (outputs.size() != entry.getNumResults()) {
    outputs.clear();
    for (unsigned j = 0; j < entry.getNumResults(); ++j)
      outputs.push_back(entry.getNumResults() == 1 ? SmallVector<int64_t>()
                                                   : SmallVector<int64_t>{j});
  }
  SmallVector<std::pair<unsigned, std::string>> aliases; // (output, text)
  SmallVector<std::string> donors;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    std::string param = "(" + std::to_string(params[i].first) + ", " +
                        indexText(params[i].second);
    if (auto result =
            entry.getArgAttrOfType<IntegerAttr>(i, "hlo.result_alias")) {
      uint64_t j = result.getValue().getZExtValue();
      if (j >= outputs.size())
        continue; // the verifier rejects it
      aliases.push_back(
          {j, indexText(outputs[j]) + ": " + param + ", " +
                  (entry.getArgAttr(i, "hlo.must_alias") ? "must-alias"
                                                         : "may-alias") +
                  ")"});
    } else if (entry.getArgAttr(i, "hlo.buffer_donor")) {
      donors.push_back(param + ")");
    }
  }
  llvm::sort(aliases);
  std::string out;
  if (!aliases.empty()) {
    out += ", input_output_alias={ ";
    for (auto [k, alias] : llvm::enumerate(aliases))
      out += (k ? ", " : "") + alias.second;
    out += " }";
  }
  if (!donors.empty())
    out += ", buffer_donor={ " + llvm::join(donors, ", ") + " }";
  return out;
}

std::string Exporter::unique(StringRef base, llvm::StringSet<> &usedNames) {
  std::string name = base.empty() ? "v" : base.str();
  // XLA names: [A-Za-z_][A-Za-z0-9_.-]*.
  for (char &c : name)
    if (!llvm::isAlnum(c) && c != '_' && c != '.' && c != '-')
      c = '_';
  if (!llvm::isAlpha(name[0]) && name[0] != '_')
    name = "v" + name;
  std::string candidate = name;
  for (unsigned i = 1; usedNames.contains(candidate); ++i)
    candidate = name + "." + std::to_string(i);
  usedNames.insert(candidate);
  return candidate;
}

/// The instruction name from a location (the importer's NameLoc).
std::string Exporter::nameFor(Location loc, StringRef fallback) {
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      loc = fused.getLocations().front();
  if (auto named = dyn_cast<NameLoc>(loc)) {
    std::string name = uniqueName(named.getName().getValue());
    renamed[named.getName().getValue()] = name;
    return name;
  }
  return uniqueName(fallback);
}

std::string Exporter::metadata(Location loc) {
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (auto text = dyn_cast_or_null<StringAttr>(fused.getMetadata()))
      if (text.getValue().starts_with("{"))
        return ", metadata=" + text.getValue().str();
  return "";
}

std::string Exporter::keptAttributes(Operation *op) {
  std::string out;
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    StringRef name = attr.getName().getValue();
    if (!name.consume_front("xla.") || isInternalAttr(attr.getName()) ||
        name.starts_with("done."))
      continue;
    auto s = dyn_cast<StringAttr>(attr.getValue());
    if (!s)
      continue;
    if (name == "control-predecessors") {
      // Names as exported; predecessors whose name is unknown are dropped.
      SmallVector<std::string> names;
      for (StringRef n : llvm::split(s.getValue().trim("{} "), ',')) {
        n = n.trim().ltrim('%');
        auto it = renamed.find(n);
        if (!n.empty() && it != renamed.end())
          names.push_back("%" + it->second);
      }
      if (!names.empty())
        out += ", control-predecessors={" + llvm::join(names, ", ") + "}";
      continue;
    }
    out += ", " + name.str() + "=" + s.getValue().str();
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

static std::string floatText(const APFloat &v) {
  if (v.isInfinity())
    return v.isNegative() ? "-inf" : "inf";
  if (v.isNaN()) {
    std::string sign = v.isNegative() ? "-" : "";
    APInt bits = v.bitcastToAPInt();
    APInt canonical = APFloat::getNaN(v.getSemantics()).bitcastToAPInt();
    unsigned mantissa = APFloat::semanticsPrecision(v.getSemantics()) - 1;
    APInt payload = bits.trunc(mantissa);
    if (payload == canonical.trunc(mantissa) || mantissa == 0)
      return sign + "nan";
    return sign + "nan(0x" + llvm::toString(payload, 16, false) + ")";
  }
  // The shortest decimal that reads back as the same value.
  APFloat wide = v;
  bool losesInfo;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
               &losesInfo);
  double d = wide.convertToDouble();
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    snprintf(buffer, sizeof(buffer), "%.*g", precision, d);
    APFloat back(v.getSemantics());
    auto status = back.convertFromString(buffer, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      continue;
    }
    if (back.bitwiseIsEqual(v))
      break;
  }
  return buffer;
}

LogicalResult Exporter::emitLiteral(DenseElementsAttr value,
                                    llvm::raw_ostream &os, Location loc) {
  auto type = cast<ShapedType>(value.getType());
  Type element = type.getElementType();
  std::vector<std::string> scalars;
  scalars.reserve(type.getNumElements());
  if (isa<FloatType>(element)) {
    for (const APFloat &v : value.getValues<APFloat>())
      scalars.push_back(floatText(v));
  } else if (isa<ComplexType>(element)) {
    for (const std::complex<APFloat> &v :
         value.getValues<std::complex<APFloat>>())
      scalars.push_back("(" + floatText(v.real()) + ", " +
                        floatText(v.imag()) + ")");
  } else if (auto i = dyn_cast<IntegerType>(element)) {
    for (const APInt &v : value.getValues<APInt>()) {
      if (i.getWidth() == 1)
        scalars.push_back(v.isZero() ? "false" : "true");
      else
        scalars.push_back(i.isUnsigned() ? llvm::toString(v, 10, false)
                                         : llvm::toString(v, 10, true));
    }
  } else {
    return emitError(loc) << "cannot print a literal of " << element;
  }
  ArrayRef<int64_t> dims = type.getShape();
  if (dims.empty()) {
    os << scalars.front();
    return success();
  }
  // Nested braces, row-major.
  size_t next = 0;
  std::function<void(size_t)> level = [&](size_t d) {
    os << "{";
    for (int64_t i = 0; i < dims[d]; ++i) {
      if (i)
        os << ", ";
      if (d + 1 == dims.size())
        os << scalars[next++];
      else
        level(d + 1);
    }
    os << "}";
  };
  level(0);
  return success();
}

//===----------------------------------------------------------------------===//
// Computations
//===----------------------------------------------------------------------===//

void Exporter::addInstruction(Computation &comp, Operation *op, StringRef name,
                              StringRef shapeText, StringRef opcode,
                              ArrayRef<std::string> operands, StringRef attrs) {
  std::string line = "  %" + name.str() + " = " + shapeText.str() + " " +
                     opcode.str() + "(";
  for (auto [i, o] : llvm::enumerate(operands))
    line += (i ? ", %" : "%") + o;
  line += ")" + attrs.str();
  if (op)
    line += metadata(op->getLoc());
  comp.lines.push_back(line);
}

FailureOr<std::string> Exporter::operandName(Computation &comp, Value v,
                                             Location loc) {
  auto it = comp.names.find(v);
  if (it == comp.names.end())
    return emitError(loc) << "a value used here is not defined in the "
                             "computation being exported (HLO "
                             "computations cannot capture values)",
           failure();
  return it->second;
}

FailureOr<std::string> Exporter::packTuple(Computation &comp,
                                           ValueRange values, Location loc,
                                           StringRef base) {
  if (!values.empty()) {
    auto it = comp.tuples.find(
        {values.front().getAsOpaquePointer(), values.size()});
    if (it != comp.tuples.end())
      return it->second;
  }
  SmallVector<std::string> names;
  for (Value v : values) {
    FailureOr<std::string> n = operandName(comp, v, loc);
    if (failed(n))
      return failure();
    names.push_back(*n);
  }
  FailureOr<std::string> s = tupleShape(values.getTypes(), {}, loc);
  if (failed(s))
    return failure();
  std::string name = uniqueName(base);
  addInstruction(comp, nullptr, name, *s, "tuple", names, "");
  return name;
}

FailureOr<std::string> Exporter::packStructure(Computation &comp,
                                               const Structure &structure,
                                               ValueRange values, Location loc,
                                               StringRef base,
                                               std::string &shapeText) {
  if (!structure.isTuple) {
    FailureOr<std::string> s = shape(values.front().getType(), {}, loc);
    if (failed(s))
      return failure();
    shapeText = *s;
    return operandName(comp, values.front(), loc);
  }
  SmallVector<std::string> names;
  shapeText = "(";
  unsigned next = 0;
  for (auto [i, e] : llvm::enumerate(structure.elements)) {
    unsigned n = e.numLeaves();
    std::string elementShape;
    FailureOr<std::string> name = packStructure(
        comp, e, values.slice(next, n), loc, base, elementShape);
    if (failed(name))
      return failure();
    names.push_back(*name);
    shapeText += (i ? ", " : "") + elementShape;
    next += n;
  }
  shapeText += ")";
  if (!values.empty()) {
    auto it = comp.tuples.find(
        {values.front().getAsOpaquePointer(), values.size()});
    if (it != comp.tuples.end())
      return it->second;
  }
  std::string name = uniqueName(base);
  addInstruction(comp, nullptr, name, shapeText, "tuple", names, "");
  return name;
}

LogicalResult Exporter::unpackResults(Computation &comp, Operation *op,
                                      StringRef name, StringRef shapeText) {
  // Parse the tuple shape to find each leaf's index path.
  hlotext::Lexer lexer(shapeText, [](llvm::SMLoc, const llvm::Twine &) {});
  hlotext::Shape parsed;
  if (!hlotext::parseShape(lexer, parsed))
    return op->emitError("cannot read the tuple shape ") << shapeText;
  if (parsed.numLeaves() != op->getNumResults())
    return op->emitError("the tuple shape ")
           << shapeText << " does not match the op's " << op->getNumResults()
           << " results";
  unsigned leaf = 0;
  std::function<void(const hlotext::Shape &, StringRef)> walk =
      [&](const hlotext::Shape &s, StringRef tupleName) {
        if (s.numLeaves() > 0 && leaf < op->getNumResults())
          comp.tuples[{op->getResult(leaf).getAsOpaquePointer(),
                       s.numLeaves()}] = tupleName.str();
        for (auto [i, e] : llvm::enumerate(s.elements)) {
          std::string gte = uniqueName(name.str() + ".gte");
          std::string line = "  %" + gte + " = " + e.text.str() +
                             " get-tuple-element(%" + tupleName.str() +
                             "), index=" + std::to_string(i);
          comp.lines.push_back(line);
          if (e.isTuple) {
            walk(e, gte);
          } else {
            Value result = op->getResult(leaf++);
            comp.names[result] = gte;
            comp.lineOf[result] = comp.lines.size() - 1;
          }
        }
      };
  if (!parsed.isTuple) {
    comp.names[op->getResult(0)] = name.str();
    comp.lineOf[op->getResult(0)] = comp.lines.size() - 1;
    return success();
  }
  walk(parsed, name);
  return success();
}

FailureOr<std::string> Exporter::exportFunction(func::FuncOp func,
                                                bool isEntry) {
  auto it = functionNames.find(func.getSymName());
  if (it != functionNames.end())
    return it->second;
  if (func.isExternal())
    return func.emitError("cannot export a function without a body"),
           failure();
  std::string base = func.getSymName().str();
  if (auto name = func->getAttrOfType<StringAttr>("xla.name"))
    base = name.getValue().str();
  std::string name = uniqueComputationName(base);
  functionNames[func.getSymName()] = name;

  Computation comp;
  comp.name = name;
  Block &block = func.getBody().front();
  auto paramShapes = func->getAttrOfType<ArrayAttr>("xla.param_shapes");
  if (paramShapes) {
    // Tuple-shaped parameters as the importer found them: each parameter
    // holds the next leaves, unpacked with get-tuple-element.
    unsigned next = 0;
    for (auto [i, a] : llvm::enumerate(paramShapes)) {
      auto text = dyn_cast<StringAttr>(a);
      if (!text)
        return func.emitError("malformed xla.param_shapes"), failure();
      hlotext::Lexer lexer(text.getValue(),
                           [](llvm::SMLoc, const llvm::Twine &) {});
      hlotext::Shape parsed;
      if (!hlotext::parseShape(lexer, parsed) ||
          next + parsed.numLeaves() > block.getNumArguments())
        return func.emitError("xla.param_shapes does not match the "
                              "arguments"),
               failure();
      std::string pname = nameFor(block.getArgument(next).getLoc(),
                                  "p" + std::to_string(i));
      comp.lines.push_back(parameterLine(pname, text.getValue(), i,
                                         func.getArgAttrDict(next)));
      if (!parsed.isTuple) {
        comp.names[block.getArgument(next)] = pname;
        comp.lineOf[block.getArgument(next)] = comp.lines.size() - 1;
        ++next;
        continue;
      }
      unsigned leaf = next;
      std::function<void(const hlotext::Shape &, StringRef)> walk =
          [&](const hlotext::Shape &s, StringRef tupleName) {
            comp.tuples[{block.getArgument(leaf).getAsOpaquePointer(),
                         s.numLeaves()}] = tupleName.str();
            for (auto [k, e] : llvm::enumerate(s.elements)) {
              std::string gte = uniqueName(pname + ".gte");
              comp.lines.push_back("  %" + gte + " = " + e.text.str() +
                                   " get-tuple-element(%" + tupleName.str() +
                                   "), index=" + std::to_string(k));
              if (e.isTuple) {
                walk(e, gte);
                continue;
              }
              comp.names[block.getArgument(leaf)] = gte;
              comp.lineOf[block.getArgument(leaf)] = comp.lines.size() - 1;
              ++leaf;
            }
          };
      if (parsed.numLeaves() > 0)
        walk(parsed, pname);
      next = leaf;
    }
  }
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    if (paramShapes)
      break;
    Attribute layout = func.getArgAttr(i, "hlo.layout");
    FailureOr<std::string> s = shape(arg.getType(), layout, func.getLoc());
    if (failed(s))
      return failure();
    std::string pname = nameFor(arg.getLoc(), "p" + std::to_string(i));
    comp.lines.push_back(
        parameterLine(pname, *s, i, func.getArgAttrDict(i)));
    comp.names[arg] = pname;
    comp.lineOf[arg] = comp.lines.size() - 1;
  }
  if (failed(emitBlock(block, comp)))
    return failure();
  // The return: one value is the root; several are a tuple.
  auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
  if (!ret)
    return func.emitError("expected func.return"), failure();
  SmallVector<Attribute> layouts;
  for (unsigned i = 0; i < ret.getNumOperands(); ++i)
    layouts.push_back(func.getResultAttr(i, "hlo.layout")
                          ? func.getResultAttr(i, "hlo.layout")
                          : UnitAttr::get(func.getContext()));
  auto resultShape = func->getAttrOfType<StringAttr>("xla.result_shape");
  hlotext::Shape parsedResult;
  hlotext::Lexer resultLexer(resultShape ? resultShape.getValue() : "",
                             [](llvm::SMLoc, const llvm::Twine &) {});
  if (resultShape && hlotext::parseShape(resultLexer, parsedResult) &&
      parsedResult.isTuple &&
      parsedResult.numLeaves() == ret.getNumOperands()) {
    // Rebuild the nested result tuple.
    std::function<FailureOr<std::string>(const hlotext::Shape &, unsigned &)>
        build = [&](const hlotext::Shape &s,
                    unsigned &leaf) -> FailureOr<std::string> {
      if (!s.isTuple)
        return operandName(comp, ret.getOperand(leaf++), ret.getLoc());
      SmallVector<std::string> names;
      for (const hlotext::Shape &e : s.elements) {
        FailureOr<std::string> n = build(e, leaf);
        if (failed(n))
          return failure();
        names.push_back(*n);
      }
      std::string t = uniqueName("tuple");
      addInstruction(comp, nullptr, t, s.text, "tuple", names, "");
      return t;
    };
    unsigned leaf = 0;
    if (failed(build(parsedResult, leaf)))
      return failure();
    comp.lines.back().replace(0, 2, "  ROOT ");
  } else if (ret.getNumOperands() == 1) {
    Value v = ret.getOperand(0);
    FailureOr<std::string> n = operandName(comp, v, ret.getLoc());
    if (failed(n))
      return failure();
    // A root that is a parameter or used elsewhere gets its own copy-free
    // ROOT marker on its defining line.
    comp.lines[comp.lineOf[v]].replace(0, 2, "  ROOT ");
  } else {
    SmallVector<std::string> names;
    for (Value v : ret.getOperands()) {
      FailureOr<std::string> n = operandName(comp, v, ret.getLoc());
      if (failed(n))
        return failure();
      names.push_back(*n);
    }
    FailureOr<std::string> s = tupleShape(ret.getOperandTypes(),
                                          ArrayAttr::get(func.getContext(),
                                                         layouts),
                                          ret.getLoc());
    if (failed(s))
      return failure();
    addInstruction(comp, nullptr, uniqueName("tuple"), *s, "tuple", names, "");
    comp.lines.back().replace(0, 2, "  ROOT ");
  }
  std::string text;
  text += (isEntry ? "ENTRY %" : "%") + name + " {\n";
  for (const std::string &line : comp.lines)
    text += line + "\n";
  text += "}\n";
  if (!isEntry)
    computations.push_back(text);
  return isEntry ? text : name;
}

FailureOr<std::string> Exporter::exportRegion(Region &region, StringRef base,
                                              ArrayRef<Value> captures,
                                              bool tupleParam,
                                              ArrayAttr argLayouts) {
  Computation comp;
  comp.name = uniqueComputationName(base);
  Block &block = region.front();
  if (tupleParam) {
    // One tuple parameter holding the captured values.
    FailureOr<std::string> s =
        tupleShape(ValueRange(captures).getTypes(), {}, region.getLoc());
    if (failed(s))
      return failure();
    std::string pname = uniqueName("param");
    comp.lines.push_back("  %" + pname + " = " + *s + " parameter(0)");
    for (auto [i, v] : llvm::enumerate(captures)) {
      FailureOr<std::string> es = shape(v.getType(), {}, region.getLoc());
      if (failed(es))
        return failure();
      std::string gte = uniqueName(pname + ".gte");
      comp.lines.push_back("  %" + gte + " = " + *es +
                           " get-tuple-element(%" + pname +
                           "), index=" + std::to_string(i));
      comp.names[v] = gte;
      comp.lineOf[v] = comp.lines.size() - 1;
    }
  } else {
    for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
      Attribute layout = argLayouts && i < argLayouts.size() &&
                                 !isa<UnitAttr>(argLayouts[i])
                             ? argLayouts[i]
                             : Attribute();
      FailureOr<std::string> s = shape(arg.getType(), layout, region.getLoc());
      if (failed(s))
        return failure();
      std::string pname = nameFor(arg.getLoc(), "p" + std::to_string(i));
      comp.lines.push_back("  %" + pname + " = " + *s + " parameter(" +
                           std::to_string(i) + ")");
      comp.names[arg] = pname;
      comp.lineOf[arg] = comp.lines.size() - 1;
    }
    // Captured values become the next parameters, one each (the
    // computation an async-start wraps).
    for (auto [i, v] : llvm::enumerate(captures)) {
      FailureOr<std::string> s = shape(v.getType(), {}, region.getLoc());
      if (failed(s))
        return failure();
      std::string pname = uniqueName("param");
      comp.lines.push_back("  %" + pname + " = " + *s + " parameter(" +
                           std::to_string(block.getNumArguments() + i) + ")");
      comp.names[v] = pname;
      comp.lineOf[v] = comp.lines.size() - 1;
    }
  }
  if (failed(emitBlock(block, comp)))
    return failure();
  Operation *term = block.getTerminator();
  if (term->getNumOperands() == 1) {
    Value v = term->getOperand(0);
    if (failed(operandName(comp, v, term->getLoc())))
      return failure();
    comp.lines[comp.lineOf[v]].replace(0, 2, "  ROOT ");
  } else {
    FailureOr<std::string> t =
        packTuple(comp, term->getOperands(), term->getLoc(), "tuple");
    if (failed(t))
      return failure();
    comp.markRoot(*t);
  }
  std::string text = "%" + comp.name + " {\n";
  for (const std::string &line : comp.lines)
    text += line + "\n";
  text += "}\n";
  computations.push_back(text);
  return comp.name;
}

/// A constant used only as the shape operand of hlo.rng ops, which XLA's
/// rng does not have: not exported.
static bool isOnlyRngShape(Operation &op) {
  if (!isa<ConstantOp>(op) || op.use_empty())
    return false;
  return llvm::all_of(op.getUses(), [](OpOperand &use) {
    auto rng = dyn_cast<RngOp>(use.getOwner());
    return rng && use.get() == rng.getShape();
  });
}

LogicalResult Exporter::emitBlock(Block &block, Computation &comp) {
  for (Operation &op : block.without_terminator())
    if (!isOnlyRngShape(op) && failed(emitOp(&op, comp)))
      return failure();
  return success();
}

std::string Exporter::window(ArrayRef<int64_t> size,
                             std::optional<ArrayRef<int64_t>> stride,
                             ElementsAttr padding,
                             std::optional<ArrayRef<int64_t>> lhs,
                             std::optional<ArrayRef<int64_t>> rhs,
                             std::optional<ArrayRef<bool>> reversal) {
  if (size.empty())
    return "";
  std::string out = ", window={size=" + joinInts(size, "x");
  if (stride)
    out += " stride=" + joinInts(*stride, "x");
  if (padding) {
    SmallVector<int64_t> values(padding.getValues<int64_t>());
    out += " pad=";
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      out += (i ? "x" : "") + std::to_string(values[i]) + "_" +
             std::to_string(values[i + 1]);
  }
  if (lhs)
    out += " lhs_dilate=" + joinInts(*lhs, "x");
  if (rhs)
    out += " rhs_dilate=" + joinInts(*rhs, "x");
  if (reversal) {
    SmallVector<int64_t> r;
    for (bool b : *reversal)
      r.push_back(b);
    out += " rhs_reversal=" + joinInts(r, "x");
  }
  return out + "}";
}

static std::string intList(StringRef name, ArrayRef<int64_t> values,
                           bool always = true) {
  if (values.empty() && !always)
    return "";
  return ", " + name.str() + "={" + joinInts(values) + "}";
}

static std::string precision(std::optional<ArrayAttr> config) {
  if (!config || !*config)
    return "";
  std::string out = ", operand_precision={";
  for (auto [i, a] : llvm::enumerate(config->getValue())) {
    out += i ? "," : "";
    out += StringRef(stringifyPrecision(cast<PrecisionAttr>(a).getValue()))
               .lower();
  }
  return out + "}";
}

LogicalResult Exporter::emitOp(Operation *op, Computation &comp) {
  Location loc = op->getLoc();
  if (auto start = dyn_cast<AsyncStartOp>(op))
    return emitAsyncStart(start, comp);
  if (isa<SendOp, RecvOp>(op))
    return emitTransfer(op, comp);
  // Result shape: one array, or a tuple.
  std::string shapeText;
  auto shapeAttr = op->getAttrOfType<StringAttr>("xla.shape");
  Attribute layout = op->getAttr("hlo.layout");
  if (shapeAttr && (op->getNumResults() != 1 ||
                    shapeAttr.getValue().starts_with("("))) {
    // The tuple structure as written, its leaves from the result types and
    // `hlo.layout` (which passes may have changed since the import).
    shapeText = shapeAttr.getValue().str();
    hlotext::Shape parsed;
    hlotext::Lexer lexer(shapeText, [](llvm::SMLoc, const llvm::Twine &) {});
    if (hlotext::parseShape(lexer, parsed) &&
        parsed.numLeaves() == op->getNumResults()) {
      auto layouts = dyn_cast_or_null<ArrayAttr>(layout);
      auto layoutOf = [&](unsigned i) -> Attribute {
        if (!layouts && op->getNumResults() == 1)
          return layout;
        return layouts && i < layouts.size() && !isa<UnitAttr>(layouts[i])
                   ? layouts[i]
                   : Attribute();
      };
      unsigned next = 0;
      FailureOr<std::string> rebuilt =
          structuredShape(structureOf(parsed), op->getResultTypes(), layoutOf,
                          next, op, "xla.shape does not match the results");
      if (failed(rebuilt))
        return failure();
      shapeText = *rebuilt;
    }
  } else if (op->getNumResults() == 1) {
    FailureOr<std::string> s = shape(op->getResult(0).getType(), layout, loc);
    if (failed(s))
      return failure();
    shapeText = *s;
  } else {
    FailureOr<std::string> s =
        tupleShape(op->getResultTypes(), dyn_cast_or_null<ArrayAttr>(layout),
                   loc);
    if (failed(s))
      return failure();
    shapeText = *s;
  }
  StringRef opName = op->getName().getStringRef();
  std::string name =
      nameFor(op->getLoc(), opName.drop_front(opName.find('.') + 1));
  SmallVector<std::string> operands;
  auto operandNames = [&](ValueRange values) -> LogicalResult {
    for (Value v : values) {
      FailureOr<std::string> n = operandName(comp, v, loc);
      if (failed(n))
        return failure();
      operands.push_back(*n);
    }
    return success();
  };
  // Operands grouped into (nested) tuples as `xla.operand_shapes` says,
  // or one by one without it.
  auto structuredOperands = [&]() -> LogicalResult {
    auto shapes = op->getAttrOfType<ArrayAttr>("xla.operand_shapes");
    if (!shapes)
      return operandNames(op->getOperands());
    unsigned next = 0;
    for (Attribute a : shapes) {
      auto text = dyn_cast<StringAttr>(a);
      StringRef rest = text ? text.getValue() : StringRef();
      Structure structure;
      if (!text || !parseStructure(rest, structure) ||
          next + structure.numLeaves() > op->getNumOperands())
        return op->emitError("xla.operand_shapes does not match the "
                             "operands");
      std::string ignored;
      FailureOr<std::string> n = packStructure(
          comp, structure,
          op->getOperands().slice(next, structure.numLeaves()), loc,
          name + ".arg", ignored);
      if (failed(n))
        return failure();
      operands.push_back(*n);
      next += structure.numLeaves();
    }
    return success();
  };
  std::string attrs;
  std::string opcode;
  auto regionComputation = [&](Region &region,
                               StringRef base) -> FailureOr<std::string> {
    return exportRegion(region, base, {}, /*tupleParam=*/false);
  };

  if (auto it = opcodeOf.find(opName); it != opcodeOf.end()) {
    opcode = it->second.str();
    if (auto tag = op->getAttrOfType<StringAttr>("xla.opcode"))
      opcode = tag.getValue().str();
    if (failed(operandNames(op->getOperands())))
      return failure();
  } else if (auto c = dyn_cast<ConstantOp>(op)) {
    auto value = dyn_cast<DenseElementsAttr>(c.getValue());
    if (!value)
      return op->emitError("only dense constants can be exported");
    std::string lit;
    llvm::raw_string_ostream os(lit);
    if (value.isSplat() && value.getNumElements() > kMaxSplatLiteralElements) {
      // Written out, the literal would take gigabytes: a scalar constant
      // and a broadcast, as XLA itself writes a large splat.
      auto scalarType = RankedTensorType::get({}, value.getElementType());
      FailureOr<std::string> scalarShape = shape(scalarType, {}, loc);
      if (failed(scalarShape) ||
          failed(emitLiteral(value.resizeSplat(scalarType), os, loc)))
        return failure();
      std::string scalarName = uniqueName(name + ".splat");
      comp.lines.push_back("  %" + scalarName + " = " + *scalarShape +
                           " constant(" + lit + ")" + metadata(loc));
      comp.lines.push_back("  %" + name + " = " + shapeText + " broadcast(%" +
                           scalarName + "), dimensions={}" + metadata(loc) +
                           keptAttributes(op));
      comp.names[op->getResult(0)] = name;
      comp.lineOf[op->getResult(0)] = comp.lines.size() - 1;
      return success();
    }
    if (failed(emitLiteral(value, os, loc)))
      return failure();
    comp.lines.push_back("  %" + name + " = " + shapeText + " constant(" +
                         lit + ")" + metadata(loc) + keptAttributes(op));
    comp.names[op->getResult(0)] = name;
    comp.lineOf[op->getResult(0)] = comp.lines.size() - 1;
    return success();
  } else if (opName == "check.expect_eq" || opName == "check.expect_close" ||
             opName == "check.expect_almost_eq") {
    // The conformance convention: a side-effecting custom call, which the
    // importer turns back into the check op (with the suite's tolerances).
    opcode = "custom-call";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", custom_call_target=\"" + opName.str() +
            "\", custom_call_has_side_effect=true";
  } else if (isa<TupleOp>(op)) {
    opcode = "tuple";
    if (failed(operandNames(op->getOperands())))
      return failure();
  } else if (auto o = dyn_cast<GetTupleElementOp>(op)) {
    opcode = "get-tuple-element";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", index=" + std::to_string(o.getIndex());
  } else if (isa<AfterAllOp>(op)) {
    opcode = "after-all";
    if (failed(operandNames(op->getOperands())))
      return failure();
  } else if (isa<OptimizationBarrierOp>(op)) {
    opcode = "optimization-barrier";
    if (failed(structuredOperands()))
      return failure();
    if (op->getNumOperands() > 1 && !op->hasAttr("xla.operand_shapes")) {
      // XLA's barrier takes one operand: a tuple of everything.
      operands.clear();
      FailureOr<std::string> t =
          packTuple(comp, op->getOperands(), loc, name + ".arg");
      if (failed(t))
        return failure();
      operands.push_back(*t);
    }
  } else if (isa<BatchNormInferenceOp, BatchNormTrainingOp, BatchNormGradOp>(
                 op)) {
    opcode = llvm::StringSwitch<std::string>(opName)
                 .Case("hlo.batch_norm_inference", "batch-norm-inference")
                 .Case("hlo.batch_norm_training", "batch-norm-training")
                 .Default("batch-norm-grad");
    if (failed(operandNames(op->getOperands())))
      return failure();
    // The shortest decimal that reads back as the same f32 (0.001 and
    // 1e-05, as XLA writes them).
    float value = cast<FloatAttr>(op->getAttr("epsilon"))
                      .getValue()
                      .convertToFloat();
    std::string epsilon;
    for (int digits = 1; digits <= 9; ++digits) {
      epsilon = llvm::formatv("{0}", llvm::format("%.*g", digits,
                                                  static_cast<double>(value)))
                    .str();
      if (std::strtof(epsilon.c_str(), nullptr) == value)
        break;
    }
    attrs = ", epsilon=" + epsilon + ", feature_index=" +
            std::to_string(cast<IntegerAttr>(op->getAttr("feature_index"))
                               .getValue()
                               .getSExtValue());
  } else if (auto o = dyn_cast<GetDimensionSizeOp>(op)) {
    opcode = "get-dimension-size";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", dimensions={" + std::to_string(o.getDimension()) + "}";
  } else if (auto o = dyn_cast<IotaOp>(op)) {
    opcode = "iota";
    attrs = ", iota_dimension=" + std::to_string(o.getIotaDimension());
  } else if (auto o = dyn_cast<CompareOp>(op)) {
    opcode = "compare";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", direction=" +
            stringifyComparisonDirection(o.getComparisonDirection()).str();
    if (o.getCompareType())
      attrs += ", type=" + stringifyComparisonType(*o.getCompareType()).str();
  } else if (auto o = dyn_cast<ReducePrecisionOp>(op)) {
    opcode = "reduce-precision";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", exponent_bits=" + std::to_string(o.getExponentBits()) +
            ", mantissa_bits=" + std::to_string(o.getMantissaBits());
  } else if (auto o = dyn_cast<BroadcastInDimOp>(op)) {
    opcode = "broadcast";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = intList("dimensions", o.getBroadcastDimensions());
  } else if (auto o = dyn_cast<TransposeOp>(op)) {
    opcode = "transpose";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = intList("dimensions", o.getPermutation());
  } else if (auto o = dyn_cast<ReverseOp>(op)) {
    opcode = "reverse";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = intList("dimensions", o.getDimensions());
  } else if (auto o = dyn_cast<SliceOp>(op)) {
    opcode = "slice";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", slice={";
    for (size_t i = 0; i < o.getStartIndices().size(); ++i)
      attrs += (i ? ", [" : "[") + std::to_string(o.getStartIndices()[i]) +
               ":" + std::to_string(o.getLimitIndices()[i]) + ":" +
               std::to_string(o.getStrides()[i]) + "]";
    attrs += "}";
  } else if (auto o = dyn_cast<ConcatenateOp>(op)) {
    opcode = "concatenate";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", dimensions={" + std::to_string(o.getDimension()) + "}";
  } else if (auto o = dyn_cast<PadOp>(op)) {
    opcode = "pad";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", padding=";
    for (size_t i = 0; i < o.getEdgePaddingLow().size(); ++i)
      attrs += (i ? "x" : "") + std::to_string(o.getEdgePaddingLow()[i]) +
               "_" + std::to_string(o.getEdgePaddingHigh()[i]) + "_" +
               std::to_string(o.getInteriorPadding()[i]);
    if (o.getEdgePaddingLow().empty())
      attrs += "{}";
  } else if (auto o = dyn_cast<DynamicSliceOp>(op)) {
    opcode = "dynamic-slice";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = intList("dynamic_slice_sizes", o.getSliceSizes());
  } else if (isa<DynamicUpdateSliceOp>(op)) {
    opcode = "dynamic-update-slice";
    if (failed(operandNames(op->getOperands())))
      return failure();
  } else if (auto o = dyn_cast<DotGeneralOp>(op)) {
    opcode = "dot";
    if (failed(operandNames(op->getOperands())))
      return failure();
    DotDimensionNumbersAttr d = o.getDotDimensionNumbers();
    attrs = intList("lhs_batch_dims", d.getLhsBatchingDimensions(), false) +
            intList("lhs_contracting_dims", d.getLhsContractingDimensions(),
                    false) +
            intList("rhs_batch_dims", d.getRhsBatchingDimensions(), false) +
            intList("rhs_contracting_dims", d.getRhsContractingDimensions(),
                    false) +
            precision(o.getPrecisionConfig());
  } else if (auto o = dyn_cast<ConvolutionOp>(op)) {
    opcode = "convolution";
    if (failed(operandNames(op->getOperands())))
      return failure();
    ConvDimensionNumbersAttr d = o.getDimensionNumbers();
    auto rank = d.getInputSpatialDimensions().size() + 2;
    std::string in(rank, '?'), kernel(rank, '?'), out(rank, '?');
    in[d.getInputBatchDimension()] = 'b';
    in[d.getInputFeatureDimension()] = 'f';
    kernel[d.getKernelInputFeatureDimension()] = 'i';
    kernel[d.getKernelOutputFeatureDimension()] = 'o';
    out[d.getOutputBatchDimension()] = 'b';
    out[d.getOutputFeatureDimension()] = 'f';
    SmallVector<int64_t> size;
    auto kernelType = cast<RankedTensorType>(o.getRhs().getType());
    for (auto [i, k] : llvm::enumerate(d.getKernelSpatialDimensions())) {
      in[d.getInputSpatialDimensions()[i]] = '0' + i;
      kernel[k] = '0' + i;
      out[d.getOutputSpatialDimensions()[i]] = '0' + i;
      size.push_back(kernelType.getDimSize(k));
    }
    std::optional<ArrayRef<bool>> reversal;
    if (o.getWindowReversal())
      reversal = *o.getWindowReversal();
    attrs = window(size, o.getWindowStrides(),
                   o.getPaddingAttr(), o.getLhsDilation(), o.getRhsDilation(),
                   reversal) +
            ", dim_labels=" + in + "_" + kernel + "->" + out;
    if (o.getFeatureGroupCount() != 1)
      attrs += ", feature_group_count=" +
               std::to_string(o.getFeatureGroupCount());
    if (o.getBatchGroupCount() != 1)
      attrs += ", batch_group_count=" + std::to_string(o.getBatchGroupCount());
    attrs += precision(o.getPrecisionConfig());
  } else if (auto o = dyn_cast<ReduceOp>(op)) {
    opcode = "reduce";
    if (failed(operandNames(op->getOperands())))
      return failure();
    FailureOr<std::string> body = regionComputation(o.getBody(), "region");
    if (failed(body))
      return failure();
    attrs = intList("dimensions", o.getDimensions()) + ", to_apply=%" + *body;
  } else if (auto o = dyn_cast<ReduceWindowOp>(op)) {
    opcode = "reduce-window";
    if (failed(operandNames(op->getOperands())))
      return failure();
    FailureOr<std::string> body = regionComputation(o.getBody(), "region");
    if (failed(body))
      return failure();
    attrs = window(o.getWindowDimensions(), o.getWindowStrides(),
                   o.getPaddingAttr(), o.getBaseDilations(),
                   o.getWindowDilations(), std::nullopt) +
            ", to_apply=%" + *body;
  } else if (auto o = dyn_cast<SelectAndScatterOp>(op)) {
    opcode = "select-and-scatter";
    if (failed(operandNames(op->getOperands())))
      return failure();
    FailureOr<std::string> select = regionComputation(o.getSelect(), "select");
    if (failed(select))
      return failure();
    FailureOr<std::string> scatter =
        regionComputation(o.getScatter(), "scatter");
    if (failed(scatter))
      return failure();
    ArrayRef<int64_t> size;
    if (o.getWindowDimensions())
      size = *o.getWindowDimensions();
    attrs = window(size, o.getWindowStrides(), o.getPaddingAttr(),
                   std::nullopt, std::nullopt, std::nullopt) +
            ", select=%" + *select + ", scatter=%" + *scatter;
  } else if (auto o = dyn_cast<GatherOp>(op)) {
    opcode = "gather";
    if (failed(operandNames(op->getOperands())))
      return failure();
    GatherDimensionNumbersAttr d = o.getDimensionNumbers();
    attrs = intList("offset_dims", d.getOffsetDims()) +
            intList("collapsed_slice_dims", d.getCollapsedSliceDims()) +
            intList("start_index_map", d.getStartIndexMap()) +
            intList("operand_batching_dims", d.getOperandBatchingDims(),
                    false) +
            intList("start_indices_batching_dims",
                    d.getStartIndicesBatchingDims(), false) +
            ", index_vector_dim=" + std::to_string(d.getIndexVectorDim()) +
            intList("slice_sizes", o.getSliceSizes());
    if (o.getIndicesAreSorted())
      attrs += ", indices_are_sorted=true";
  } else if (auto o = dyn_cast<ScatterOp>(op)) {
    opcode = "scatter";
    if (failed(operandNames(op->getOperands())))
      return failure();
    ScatterDimensionNumbersAttr d = o.getScatterDimensionNumbers();
    FailureOr<std::string> body =
        regionComputation(o.getUpdateComputation(), "region");
    if (failed(body))
      return failure();
    attrs = intList("update_window_dims", d.getUpdateWindowDims()) +
            intList("inserted_window_dims", d.getInsertedWindowDims()) +
            intList("scatter_dims_to_operand_dims",
                    d.getScatterDimsToOperandDims()) +
            intList("input_batching_dims", d.getInputBatchingDims(), false) +
            intList("scatter_indices_batching_dims",
                    d.getScatterIndicesBatchingDims(), false) +
            ", index_vector_dim=" + std::to_string(d.getIndexVectorDim());
    if (o.getIndicesAreSorted())
      attrs += ", indices_are_sorted=true";
    if (o.getUniqueIndices())
      attrs += ", unique_indices=true";
    attrs += ", to_apply=%" + *body;
  } else if (auto o = dyn_cast<SortOp>(op)) {
    opcode = "sort";
    if (failed(operandNames(op->getOperands())))
      return failure();
    FailureOr<std::string> body =
        regionComputation(o.getComparator(), "compare");
    if (failed(body))
      return failure();
    attrs = ", dimensions={" + std::to_string(o.getDimension()) + "}";
    if (o.getIsStable())
      attrs += ", is_stable=true";
    attrs += ", to_apply=%" + *body;
  } else if (auto o = dyn_cast<FftOp>(op)) {
    opcode = "fft";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = ", fft_type=" + stringifyFftType(o.getFftType()).str() +
            intList("fft_length", o.getFftLength());
  } else if (auto o = dyn_cast<TriangularSolveOp>(op)) {
    opcode = "triangular-solve";
    if (failed(operandNames(op->getOperands())))
      return failure();
    attrs = std::string(", left_side=") + (o.getLeftSide() ? "true" : "false") +
            ", lower=" + (o.getLower() ? "true" : "false") +
            ", unit_diagonal=" + (o.getUnitDiagonal() ? "true" : "false") +
            ", transpose_a=" + stringifyTranspose(o.getTransposeA()).str();
  } else if (auto o = dyn_cast<CholeskyOp>(op)) {
    opcode = "cholesky";
    if (failed(operandNames(op->getOperands())))
      return failure();
    if (o.getLower())
      attrs = ", lower=true";
  } else if (auto o = dyn_cast<RngBitGeneratorOp>(op)) {
    opcode = "rng-bit-generator";
    if (failed(operandNames(op->getOperands())))
      return failure();
    StringRef algorithm = "rng_default";
    if (o.getRngAlgorithm() == RngAlgorithm::THREE_FRY)
      algorithm = "rng_three_fry";
    else if (o.getRngAlgorithm() == RngAlgorithm::PHILOX)
      algorithm = "rng_philox";
    attrs = ", algorithm=" + algorithm.str();
  } else if (auto o = dyn_cast<RngOp>(op)) {
    // XLA's rng takes its shape from the result: the shape operand is not
    // exported.
    opcode = "rng";
    if (failed(operandNames(ValueRange{o.getA(), o.getB()})))
      return failure();
    attrs = std::string(", distribution=") +
            (o.getRngDistribution() == RngDistribution::NORMAL ? "rng_normal"
                                                               : "rng_uniform");
  } else if (auto o = dyn_cast<FusionOp>(op)) {
    opcode = "fusion";
    if (failed(operandNames(op->getOperands())))
      return failure();
    FailureOr<std::string> body = exportRegion(
        o.getBody(), "fused_computation", {}, /*tupleParam=*/false,
        op->getAttrOfType<ArrayAttr>("hlo.operand_layouts"));
    if (failed(body))
      return failure();
    StringRef kind = llvm::StringSwitch<StringRef>(
                         stringifyFusionKind(o.getKind()))
                         .Case("loop", "kLoop")
                         .Case("input", "kInput")
                         .Case("output", "kOutput")
                         .Default("kCustom");
    attrs = ", kind=" + kind.str() + ", calls=%" + *body;
  } else if (auto o = dyn_cast<WhileOp>(op)) {
    opcode = "while";
    if (op->getNumOperands() == 1) {
      if (failed(operandNames(op->getOperands())))
        return failure();
    } else {
      FailureOr<std::string> t =
          packTuple(comp, op->getOperands(), loc, name + ".tuple");
      if (failed(t))
        return failure();
      operands.push_back(*t);
    }
    // Both computations take the loop state as one (tuple) parameter.
    auto loopRegion = [&](Region &region,
                          StringRef base) -> FailureOr<std::string> {
      if (op->getNumOperands() == 1)
        return regionComputation(region, base);
      SmallVector<Value> args(region.getArguments());
      return exportRegion(region, base, args, /*tupleParam=*/true);
    };
    FailureOr<std::string> cond = loopRegion(o.getCond(), "cond");
    if (failed(cond))
      return failure();
    FailureOr<std::string> body = loopRegion(o.getBody(), "body");
    if (failed(body))
      return failure();
    attrs = ", condition=%" + *cond + ", body=%" + *body;
  } else if (isa<IfOp, CaseOp>(op)) {
    opcode = "conditional";
    if (failed(operandNames(op->getOperand(0))))
      return failure();
    SmallVector<std::string> branches;
    for (Region &region : op->getRegions()) {
      // The values the branch uses from above become its tuple operand.
      llvm::SetVector<Value> captured;
      region.walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (!region.isAncestor(v.getParentRegion()))
            captured.insert(v);
      });
      SmallVector<Value> captures(captured.begin(), captured.end());
      FailureOr<std::string> t = packTuple(comp, captures, loc, name + ".args");
      if (failed(t))
        return failure();
      operands.push_back(*t);
      FailureOr<std::string> b =
          exportRegion(region, "branch", captures, /*tupleParam=*/true);
      if (failed(b))
        return failure();
      branches.push_back("%" + *b);
    }
    if (isa<IfOp>(op))
      attrs = ", true_computation=" + branches[0] +
              ", false_computation=" + branches[1];
    else
      attrs = ", branch_computations={" + llvm::join(branches, ", ") + "}";
  } else if (auto o = dyn_cast<func::CallOp>(op)) {
    opcode = "call";
    auto callee = module.lookupSymbol<func::FuncOp>(o.getCallee());
    if (!callee)
      return op->emitError("callee not found");
    if (auto params = callee->getAttrOfType<ArrayAttr>("xla.param_shapes")) {
      // The callee takes tuples: pack the operands the same way.
      unsigned next = 0;
      for (Attribute a : params) {
        auto text = dyn_cast<StringAttr>(a);
        hlotext::Lexer lexer(text ? text.getValue() : "",
                             [](llvm::SMLoc, const llvm::Twine &) {});
        hlotext::Shape parsed;
        if (!text || !hlotext::parseShape(lexer, parsed) ||
            next + parsed.numLeaves() > op->getNumOperands())
          return op->emitError("xla.param_shapes of the callee does not "
                               "match the call");
        std::string ignored;
        FailureOr<std::string> n = packStructure(
            comp, structureOf(parsed),
            op->getOperands().slice(next, parsed.numLeaves()), loc,
            name + ".arg", ignored);
        if (failed(n))
          return failure();
        operands.push_back(*n);
        next += parsed.numLeaves();
      }
      if (auto result = callee->getAttrOfType<StringAttr>("xla.result_shape"))
        shapeText = result.getValue().str();
    } else if (failed(operandNames(op->getOperands()))) {
      return failure();
    }
    FailureOr<std::string> c = exportFunction(callee);
    if (failed(c))
      return failure();
    attrs = ", to_apply=%" + *c;
  } else if (auto o = dyn_cast<CustomCallOp>(op)) {
    StringRef target = o.getCallTargetName();
    if (target.consume_front("xla.") && op->hasAttr("xla.operand_shapes")) {
      // An XLA op the dialect does not have: operands regrouped as written.
      opcode = target.str();
      if (failed(structuredOperands()))
        return failure();
      for (StringRef attrName :
           {"to_apply", "calls", "condition", "body", "select", "scatter"})
        if (auto ref = op->getAttrOfType<FlatSymbolRefAttr>(
                ("xla." + attrName).str())) {
          auto callee = module.lookupSymbol<func::FuncOp>(ref);
          if (!callee)
            return op->emitError("computation ") << ref << " not found";
          FailureOr<std::string> c = exportFunction(callee);
          if (failed(c))
            return failure();
          attrs += ", " + attrName.str() + "=%" + *c;
        }
    } else {
      opcode = "custom-call";
      if (failed(structuredOperands()))
        return failure();
      attrs = ", custom_call_target=\"" +
              escape(o.getCallTargetName()) + "\"";
      if (o.getHasSideEffect())
        attrs += ", custom_call_has_side_effect=true";
      if (auto config = o.getBackendConfig()) {
        if (auto s = dyn_cast<StringAttr>(*config))
          attrs += ", backend_config=\"" + escape(s.getValue()) + "\"";
      }
      if (auto v = o.getApiVersion()) {
        static const char *names[] = {
            "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL",
            "API_VERSION_STATUS_RETURNING",
            "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"};
        if (*v >= 1 && *v <= 4)
          attrs += std::string(", api_version=") + names[*v];
      }
      if (auto layouts = op->getAttrOfType<ArrayAttr>("hlo.operand_layouts")) {
        // operand_layout_constraints: one shape per operand, tuples
        // regrouped as `xla.operand_shapes` says.
        SmallVector<Structure> structures;
        if (auto shapes = op->getAttrOfType<ArrayAttr>("xla.operand_shapes")) {
          for (Attribute a : shapes) {
            StringRef rest = cast<StringAttr>(a).getValue();
            parseStructure(rest, structures.emplace_back());
          }
        } else {
          structures.resize(op->getNumOperands());
        }
        // Leaves past the layouts given are a mismatch like leaves past
        // the operands.
        TypeRange laidOut = TypeRange(op->getOperandTypes())
                                .take_front(layouts.size());
        auto layoutOf = [&](unsigned i) -> Attribute {
          return isa<UnitAttr>(layouts[i]) ? Attribute() : layouts[i];
        };
        unsigned next = 0;
        SmallVector<std::string> constraints;
        for (const Structure &st : structures) {
          FailureOr<std::string> t = structuredShape(
              st, laidOut, layoutOf, next, op,
              "hlo.operand_layouts does not match the operands");
          if (failed(t))
            return failure();
          constraints.push_back(*t);
        }
        attrs += ", operand_layout_constraints={" +
                 llvm::join(constraints, ", ") + "}";
      }
      if (auto called =
              op->getAttrOfType<ArrayAttr>("xla.called_computations")) {
        SmallVector<std::string> names;
        for (Attribute a : called) {
          auto callee = module.lookupSymbol<func::FuncOp>(
              cast<FlatSymbolRefAttr>(a));
          if (!callee)
            return op->emitError("computation not found");
          FailureOr<std::string> c = exportFunction(callee);
          if (failed(c))
            return failure();
          names.push_back("%" + *c);
        }
        attrs += ", called_computations={" + llvm::join(names, ", ") + "}";
      }
    }
  } else if (isa<ReplicaIdOp>(op)) {
    opcode = "replica-id";
  } else if (isa<PartitionIdOp>(op)) {
    opcode = "partition-id";
  } else if (isa<AllReduceOp, AllGatherOp, ReduceScatterOp, AllToAllOp,
                 CollectivePermuteOp, CollectiveBroadcastOp>(op)) {
    FailureOr<std::string> a = collectiveAttrs(op, opcode);
    if (failed(a) || failed(operandNames(op->getOperands())))
      return failure();
    attrs = *a;
  } else if (auto o = dyn_cast<InfeedOp>(op)) {
    opcode = "infeed";
    if (failed(operandNames(op->getOperands())))
      return failure();
    if (!o.getInfeedConfig().empty())
      attrs = ", infeed_config=\"" + escape(o.getInfeedConfig()) + "\"";
    if (!shapeAttr) {
      // (data, token[]): the data one array or a tuple of them.
      TypeRange data = TypeRange(op->getResultTypes()).drop_back();
      FailureOr<std::string> d =
          data.size() == 1 ? shape(data.front(), {}, loc)
                           : tupleShape(data, {}, loc);
      if (failed(d))
        return failure();
      shapeText = "(" + *d + ", token[])";
    }
  } else if (auto o = dyn_cast<OutfeedOp>(op)) {
    opcode = "outfeed";
    if (op->hasAttr("xla.operand_shapes")) {
      if (failed(structuredOperands()))
        return failure();
    } else {
      ValueRange data = o.getInputs();
      FailureOr<std::string> d =
          data.size() == 1 ? operandName(comp, data.front(), loc)
                           : packTuple(comp, data, loc, name + ".data");
      FailureOr<std::string> t = operandName(comp, o.getToken(), loc);
      if (failed(d) || failed(t))
        return failure();
      operands = {*d, *t};
    }
    if (!o.getOutfeedConfig().empty())
      attrs = ", outfeed_config=\"" + escape(o.getOutfeedConfig()) + "\"";
  } else if (auto o = dyn_cast<AsyncDoneOp>(op)) {
    auto start = o.getOperand().getDefiningOp<AsyncStartOp>();
    Operation *inner = start ? start.getAsyncOp() : nullptr;
    opcode = "async-done";
    if (isa_and_nonnull<AllReduceOp>(inner))
      opcode = "all-reduce-done";
    else if (isa_and_nonnull<AllGatherOp>(inner))
      opcode = "all-gather-done";
    else if (isa_and_nonnull<CollectivePermuteOp>(inner))
      opcode = "collective-permute-done";
    if (failed(operandNames(op->getOperands())))
      return failure();
  } else {
    return op->emitError("cannot export '")
           << opName << "' to HLO text: no XLA opcode";
  }
  if (opcode.empty())
    return failure();
  if (operands.empty() && op->getNumOperands() > 0 && !isa<WhileOp>(op) &&
      !isa<IfOp, CaseOp>(op))
    if (failed(operandNames(op->getOperands())))
      return failure();
  attrs += keptAttributes(op);
  addInstruction(comp, op, name, shapeText, opcode, operands, attrs);
  bool tupleResult = op->getNumResults() != 1 ||
                     (StringRef(shapeText).starts_with("(") &&
                      !isa<TupleType>(op->getResult(0).getType()));
  if (!tupleResult) {
    comp.names[op->getResult(0)] = name;
    comp.lineOf[op->getResult(0)] = comp.lines.size() - 1;
    return success();
  }
  return unpackResults(comp, op, name, shapeText);
}

//===----------------------------------------------------------------------===//
// Collectives, host transfers and asynchronous pairs
//===----------------------------------------------------------------------===//

/// `{{0,1},{2,3}}`, without the -1 that pads groups of unequal size.
static std::string groupList(DenseIntElementsAttr groups) {
  std::string out = "{";
  ShapedType type = groups.getType();
  if (type.getRank() == 2 && type.getNumElements() > 0) {
    SmallVector<int64_t> ids(groups.getValues<int64_t>());
    int64_t width = type.getDimSize(1);
    for (int64_t row = 0; row < type.getDimSize(0); ++row) {
      SmallVector<int64_t> group;
      for (int64_t id : ArrayRef<int64_t>(ids).slice(row * width, width))
        if (id >= 0)
          group.push_back(id);
      out += (row ? ",{" : "{") + joinInts(group) + "}";
    }
  }
  return out + "}";
}

static std::string channelAttr(std::optional<ChannelHandleAttr> channel) {
  // Absent, or a null attribute (send/recv written without channel_id).
  if (!channel || !*channel)
    return "";
  return ", channel_id=" + std::to_string(channel->getHandle());
}

FailureOr<std::string> Exporter::collectiveAttrs(Operation *op,
                                                 std::string &opcode) {
  auto reduction = [&](Region &region) -> FailureOr<std::string> {
    FailureOr<std::string> body =
        exportRegion(region, "region", {}, /*tupleParam=*/false);
    if (failed(body))
      return failure();
    return ", to_apply=%" + *body;
  };
  if (auto o = dyn_cast<AllReduceOp>(op)) {
    opcode = "all-reduce";
    FailureOr<std::string> body = reduction(o.getComputation());
    if (failed(body))
      return failure();
    return channelAttr(o.getChannelHandle()) + ", replica_groups=" +
           groupList(o.getReplicaGroups()) +
           (o.getUseGlobalDeviceIds() ? ", use_global_device_ids=true" : "") +
           *body;
  }
  if (auto o = dyn_cast<AllGatherOp>(op)) {
    opcode = "all-gather";
    return channelAttr(o.getChannelHandle()) + ", replica_groups=" +
           groupList(o.getReplicaGroups()) + ", dimensions={" +
           std::to_string(o.getAllGatherDim()) + "}" +
           (o.getUseGlobalDeviceIds() ? ", use_global_device_ids=true" : "");
  }
  if (auto o = dyn_cast<ReduceScatterOp>(op)) {
    opcode = "reduce-scatter";
    FailureOr<std::string> body = reduction(o.getComputation());
    if (failed(body))
      return failure();
    return channelAttr(o.getChannelHandle()) + ", replica_groups=" +
           groupList(o.getReplicaGroups()) +
           (o.getUseGlobalDeviceIds() ? ", use_global_device_ids=true" : "") +
           ", dimensions={" + std::to_string(o.getScatterDimension()) + "}" +
           *body;
  }
  if (auto o = dyn_cast<AllToAllOp>(op)) {
    opcode = "all-to-all";
    // XLA's array all-to-all splits and concatenates along one dimension.
    if (o.getSplitDimension() != o.getConcatDimension())
      return op->emitError("cannot export all_to_all with split_dimension ")
             << o.getSplitDimension() << " and concat_dimension "
             << o.getConcatDimension()
             << " to HLO text: XLA's all-to-all has one dimension";
    return channelAttr(o.getChannelHandle()) + ", replica_groups=" +
           groupList(o.getReplicaGroups()) + ", dimensions={" +
           std::to_string(o.getSplitDimension()) + "}";
  }
  if (auto o = dyn_cast<CollectivePermuteOp>(op)) {
    opcode = "collective-permute";
    return channelAttr(o.getChannelHandle()) +
           ", source_target_pairs=" + groupList(o.getSourceTargetPairs());
  }
  if (auto o = dyn_cast<CollectiveBroadcastOp>(op)) {
    opcode = "collective-broadcast";
    if (o.getHasDynamicRoot())
      return op->emitError("cannot export collective_broadcast with "
                           "has_dynamic_root to HLO text: XLA's "
                           "collective-broadcast has no dynamic root");
    return channelAttr(o.getChannelHandle()) + ", replica_groups=" +
           groupList(o.getReplicaGroups());
  }
  return op->emitError("cannot export '")
         << op->getName() << "' to HLO text: no XLA opcode";
}

/// The shape of `types`: one array, or a tuple of them.
FailureOr<std::string> Exporter::shapeOrTuple(TypeRange types, Location loc) {
  if (types.size() == 1)
    return shape(types.front(), {}, loc);
  return tupleShape(types, {}, loc);
}

LogicalResult Exporter::emitAsyncStart(AsyncStartOp op, Computation &comp) {
  Location loc = op.getLoc();
  Operation *inner = op.getAsyncOp();
  if (!inner)
    return op.emitError("cannot export an async_start without its operation");
  std::string name = nameFor(loc, "async-start");
  SmallVector<std::string> operands;
  for (Value v : op.getOperands()) {
    FailureOr<std::string> n = operandName(comp, v, loc);
    if (failed(n))
      return failure();
    operands.push_back(*n);
  }
  FailureOr<std::string> operandShapes =
      shapeOrTuple(op.getOperandTypes(), loc);
  FailureOr<std::string> resultShapes =
      shapeOrTuple(inner->getResultTypes(), loc);
  if (failed(operandShapes) || failed(resultShapes))
    return failure();
  std::string shapeText, opcode, attrs;
  if (isa<AllReduceOp, AllGatherOp, CollectivePermuteOp>(inner)) {
    // XLA's own asynchronous collectives.
    FailureOr<std::string> a = collectiveAttrs(inner, opcode);
    if (failed(a))
      return failure();
    attrs = *a + keptAttributes(inner);
    if (isa<AllReduceOp>(inner))
      shapeText = *resultShapes;
    else if (isa<AllGatherOp>(inner))
      shapeText = "(" + *operandShapes + ", " + *resultShapes + ")";
    else
      shapeText = "(" + *operandShapes + ", " + *resultShapes +
                  ", u32[], u32[])";
    opcode += "-start";
  } else {
    // async-start of a computation holding the operation.
    SmallVector<Value> captures(op.getOperands());
    FailureOr<std::string> wrapped = exportRegion(
        op.getBody(), "async_computation", captures, /*tupleParam=*/false);
    if (failed(wrapped))
      return failure();
    FailureOr<std::string> operandTuple =
        tupleShape(op.getOperandTypes(), {}, loc);
    if (failed(operandTuple))
      return failure();
    opcode = "async-start";
    shapeText = "(" + *operandTuple + ", " + *resultShapes + ", s32[])";
    attrs = ", calls=%" + *wrapped;
  }
  if (auto written = op->getAttrOfType<StringAttr>("xla.shape"))
    shapeText = written.getValue().str();
  attrs += keptAttributes(op);
  addInstruction(comp, op, name, shapeText, opcode, operands, attrs);
  comp.names[op.getResult()] = name;
  comp.lineOf[op.getResult()] = comp.lines.size() - 1;
  return success();
}

/// The attributes of a send or recv and of its done instruction.
static std::string transferAttrs(Operation *op) {
  std::string attrs =
      channelAttr(op->getAttrOfType<ChannelHandleAttr>("channel_handle"));
  if (auto host = op->getAttrOfType<BoolAttr>("is_host_transfer"))
    if (host.getValue())
      attrs += ", is_host_transfer=true";
  return attrs;
}

static std::string doneAttributes(Operation *op) {
  std::string out;
  for (NamedAttribute attr : op->getDiscardableAttrs()) {
    StringRef name = attr.getName().getValue();
    if (!name.consume_front("xla.done."))
      continue;
    if (auto s = dyn_cast<StringAttr>(attr.getValue()))
      out += ", " + name.str() + "=" + s.getValue().str();
  }
  return out;
}

LogicalResult Exporter::emitTransfer(Operation *op, Computation &comp) {
  Location loc = op->getLoc();
  bool isSend = isa<SendOp>(op);
  std::string name = nameFor(loc, isSend ? "send" : "recv");
  SmallVector<std::string> operands;
  std::string dataShape;
  if (isSend) {
    ValueRange data = op->getOperands().drop_back();
    if (data.size() == 1) {
      FailureOr<std::string> n = operandName(comp, data.front(), loc);
      FailureOr<std::string> s = shape(data.front().getType(), {}, loc);
      if (failed(n) || failed(s))
        return failure();
      operands.push_back(*n);
      dataShape = *s;
    } else {
      // A tuple of the data, as the operand structure says.
      Structure structure;
      structure.isTuple = true;
      structure.elements.resize(data.size());
      if (auto shapes = op->getAttrOfType<ArrayAttr>("xla.operand_shapes"))
        if (auto text = dyn_cast<StringAttr>(shapes[0])) {
          StringRef rest = text.getValue();
          Structure parsed;
          if (parseStructure(rest, parsed) &&
              parsed.numLeaves() == data.size())
            structure = parsed;
        }
      FailureOr<std::string> n =
          packStructure(comp, structure, data, loc, name + ".data", dataShape);
      if (failed(n))
        return failure();
      operands.push_back(*n);
    }
  } else {
    ValueRange data = op->getResults().drop_back();
    auto written = op->getAttrOfType<StringAttr>("xla.shape");
    FailureOr<std::string> s = written ? FailureOr<std::string>(
                                             written.getValue().str())
                                       : shapeOrTuple(data.getTypes(), loc);
    if (data.empty() && !written)
      s = std::string("()");
    if (failed(s))
      return failure();
    dataShape = *s;
  }
  FailureOr<std::string> token = operandName(comp, op->getOperands().back(),
                                             loc);
  if (failed(token))
    return failure();
  operands.push_back(*token);
  std::string attrs = transferAttrs(op);
  std::string kept = keptAttributes(op);
  addInstruction(comp, op, name, "(" + dataShape + ", u32[], token[])",
                 isSend ? "send" : "recv", operands, attrs + kept);
  std::string done = uniqueName(name + ".done");
  std::string doneShape =
      isSend ? std::string("token[]") : "(" + dataShape + ", token[])";
  addInstruction(comp, nullptr, done, doneShape,
                 isSend ? "send-done" : "recv-done", {name},
                 attrs + doneAttributes(op));
  if (isSend) {
    comp.names[op->getResult(0)] = done;
    comp.lineOf[op->getResult(0)] = comp.lines.size() - 1;
    return success();
  }
  return unpackResults(comp, op, done, doneShape);
}

LogicalResult Exporter::run(llvm::raw_ostream &os) {
  opcodeOf.clear();
#define HLO_TEXT_OPCODE(opcode, op, arity) opcodeOf.try_emplace(op, opcode);
#include "HloDialect/Import/HloTextOpcodes.def"
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main) {
    // A module of one public function exports that function as the entry.
    for (auto f : module.getOps<func::FuncOp>())
      if (f.isPublic() && !main)
        main = f;
    if (!main)
      return module.emitError("no entry function (@main) to export");
  }
  FailureOr<std::string> entry = exportFunction(main, /*isEntry=*/true);
  if (failed(entry))
    return failure();
  // Other functions (not called from the entry) are kept too.
  for (auto f : module.getOps<func::FuncOp>())
    if (!functionNames.count(f.getSymName()) && !f.isExternal())
      if (failed(exportFunction(f)))
        return failure();
  std::string aliasing = aliasingAttributes(main);
  // A module without a name came from headerless text: keep it so (unless
  // there is aliasing to write, which only the header can say).
  if (module.getSymName() || !aliasing.empty()) {
    os << "HloModule "
       << (module.getSymName() ? *module.getSymName() : StringRef("module"));
    for (NamedAttribute attr : module->getAttrs()) {
      StringRef n = attr.getName().getValue();
      if (!n.consume_front("xla."))
        continue;
      if (auto s = dyn_cast<StringAttr>(attr.getValue()))
        os << ", " << n << "=" << s.getValue();
    }
    os << aliasing << "\n\n";
  }
  for (const std::string &c : computations)
    os << c << "\n";
  os << *entry;
  return success();
}

} // namespace

LogicalResult hlo::exportHloText(ModuleOp module, llvm::raw_ostream &os) {
  Exporter exporter(module);
  return exporter.run(os);
}
