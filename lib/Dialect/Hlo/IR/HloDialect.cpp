//===- HloDialect.cpp - hlo dialect registration and attributes -----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlo;

#include "HloDialect/Dialect/Hlo/IR/HloOpsDialect.cpp.inc"
#include "HloDialect/Dialect/Hlo/IR/HloEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloAttrs.cpp.inc"

namespace {
/// Every hlo op is a pure function of its operands (side effects are
/// explicit), so calls of functions made of hlo ops can be inlined.
struct HloInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void HloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Hlo/IR/HloOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<HloInlinerInterface>();
}

void HloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "HloDialect/Dialect/Hlo/IR/HloAttrs.cpp.inc"
      >();
}

Operation *HloDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// DotDimensionNumbersAttr
//===----------------------------------------------------------------------===//

// `#hlo.dot<lhs_batching_dimensions = [0], ..., rhs_contracting_dimensions =
// [1]>`, every field optional and empty when absent.
Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> fields[4];
  StringRef names[4] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                        "lhs_contracting_dimensions",
                        "rhs_contracting_dimensions"};
  bool seen[4] = {false, false, false, false};
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return get(parser.getContext(), {}, {}, {}, {});
  do {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return {};
    auto *it = llvm::find(names, key);
    if (it == std::end(names)) {
      parser.emitError(keyLoc) << "unknown dot dimension field '" << key << "'";
      return {};
    }
    size_t index = it - std::begin(names);
    if (seen[index]) {
      parser.emitError(keyLoc) << "duplicate dot dimension field '" << key
                               << "'";
      return {};
    }
    seen[index] = true;
    if (parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          return parser.parseInteger(fields[index].emplace_back());
        }))
      return {};
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), fields[0], fields[1], fields[2], fields[3]);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  std::pair<StringRef, ArrayRef<int64_t>> fields[] = {
      {"lhs_batching_dimensions", getLhsBatchingDimensions()},
      {"rhs_batching_dimensions", getRhsBatchingDimensions()},
      {"lhs_contracting_dimensions", getLhsContractingDimensions()},
      {"rhs_contracting_dimensions", getRhsContractingDimensions()}};
  printer << "<";
  bool first = true;
  for (auto [name, dims] : fields) {
    if (dims.empty())
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << name << " = [";
    llvm::interleaveComma(dims, printer);
    printer << "]";
  }
  printer << ">";
}
